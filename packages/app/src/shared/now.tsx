import { createContext, useContext, useState, type ReactNode } from 'react';

/** The app's "now" when something above fixes it (stories and tests, or `LocalDayClock`). */
export const NowContext = createContext<Date | null>(null);

/** Fixes the app's "now" (stories and tests pass the fixtures' NOW). */
export function NowProvider({ now, children }: { now: Date; children: ReactNode }) {
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

/** The moment dates are computed from: the provided one, else mount time. */
export function useNow(): Date {
  const provided = useContext(NowContext);
  const [mountedAt] = useState(() => new Date());
  return provided ?? mountedAt;
}
