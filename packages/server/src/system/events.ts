import type { Database, Transaction } from '../db/index.js';

/** What one domain announces and others act on, with what they are told. */
export interface DomainEvents {
  /**
   * An account's e-mail address was proven: by its code, a reset link that reached the mailbox,
   * or Google. May be announced more than once for one account; handlers must be idempotent.
   */
  userVerified: { userId: string };
}

type Handler<Payload> = (db: Database | Transaction, payload: Payload) => Promise<void>;

export type Events = ReturnType<typeof createEvents>;

/**
 * In-process domain events, so that a domain reacts to another without the two importing each
 * other (billing pays the welcome bonus when auth verifies an account). Handlers run in order
 * inside the database handle the announcer passes: its transaction, when it has one, so the
 * reaction commits or rolls back with the change.
 */
export function createEvents() {
  const handlers: { [Name in keyof DomainEvents]: Handler<DomainEvents[Name]>[] } = {
    userVerified: [],
  };
  return {
    on<Name extends keyof DomainEvents>(name: Name, handler: Handler<DomainEvents[Name]>): void {
      handlers[name].push(handler);
    },
    async emit<Name extends keyof DomainEvents>(
      db: Database | Transaction,
      name: Name,
      payload: DomainEvents[Name],
    ): Promise<void> {
      for (const handler of handlers[name]) await handler(db, payload);
    },
  };
}
