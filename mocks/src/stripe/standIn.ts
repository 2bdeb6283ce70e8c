/**
 * A stand-in for Stripe.js (https://js.stripe.com), for tests: Stripe's servers are unreachable
 * here. It implements the calls the web app makes, the way Stripe documents them, against an API
 * at `apiBase` (the journeys' Stripe fake, packages/server/test/billing-stripe-fake.ts, which
 * serves this script too; or MSW in stories):
 *
 * - `Stripe(publishableKey)`, `stripe.elements()`, `elements.create('card')` with `mount`, `on`,
 *   `off`, `update`, `destroy`, and `elements.getElement` (what @stripe/react-stripe-js calls);
 * - `stripe.confirmCardSetup(clientSecret, { payment_method: { card } })`;
 * - `stripe.confirmCardPayment(clientSecret, { payment_method })` and
 *   `stripe.handleNextAction({ clientSecret })`.
 *
 * Results and errors have Stripe's shapes (`{ setupIntent }`, `{ paymentIntent }`, `{ error }`
 * with `type`, `code`, `decline_code`, `message`). The card field is three labelled inputs, not
 * Stripe's iframe; a 3-D Secure challenge is a dialog with the buttons of Stripe's test page
 * ("Complete" and "Fail").
 */

type Json = Record<string, unknown>;
type Handler = (event: Json) => void;

export interface StripeError {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
}

interface CardElement {
  mount(target: HTMLElement | string): void;
  on(event: string, handler: Handler): CardElement;
  off(event: string, handler?: Handler): CardElement;
  update(options: Json): void;
  focus(): void;
  blur(): void;
  clear(): void;
  unmount(): void;
  destroy(): void;
  /** The stand-in's own: the typed card. */
  readonly fields: { number: string; exp: string; cvc: string };
}

const CONNECTION_ERROR: StripeError = {
  type: 'api_connection_error',
  message: 'An error occurred with our connection to Stripe. Request was retried 0 times.',
};

const unsupported = (call: string): StripeError => ({
  type: 'invalid_request_error',
  message: `The Stripe.js stand-in does not implement ${call}`,
});

function createCardElement(): CardElement {
  const handlers = new Map<string, Set<Handler>>();
  const fields = { number: '', exp: '', cvc: '' };
  let root: HTMLElement | null = null;
  const emit = (name: string, event: Json) => {
    for (const handler of handlers.get(name) ?? []) handler(event);
  };
  const input = (label: string, key: keyof typeof fields, placeholder: string) => {
    const wrapper = document.createElement('label');
    wrapper.style.cssText = 'display:inline-flex;flex-direction:column;gap:2px;margin-right:8px';
    wrapper.textContent = label;
    const field = document.createElement('input');
    field.placeholder = placeholder;
    field.inputMode = 'numeric';
    field.addEventListener('input', () => {
      fields[key] = field.value;
      const digits = fields.number.replace(/\D/g, '');
      emit('change', {
        elementType: 'card',
        empty: !fields.number && !fields.exp && !fields.cvc,
        complete: digits.length >= 15 && /^\d\d\s*\/\s*\d\d$/.test(fields.exp) && !!fields.cvc,
        brand: digits.startsWith('4') ? 'visa' : 'unknown',
        error: undefined,
      });
    });
    field.addEventListener('focus', () => emit('focus', { elementType: 'card' }));
    field.addEventListener('blur', () => emit('blur', { elementType: 'card' }));
    wrapper.append(field);
    return wrapper;
  };
  const element: CardElement = {
    fields,
    mount(target) {
      root = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
      if (!root) throw new Error('The card element has nowhere to mount');
      root.append(
        input('Card number', 'number', '1234 1234 1234 1234'),
        input('MM / YY', 'exp', 'MM / YY'),
        input('CVC', 'cvc', 'CVC'),
      );
      setTimeout(() => emit('ready', { elementType: 'card' }));
    },
    on(name, handler) {
      handlers.set(name, (handlers.get(name) ?? new Set()).add(handler));
      return element;
    },
    off(name, handler) {
      if (handler) handlers.get(name)?.delete(handler);
      else handlers.delete(name);
      return element;
    },
    update() {},
    focus() {
      root?.querySelector('input')?.focus();
    },
    blur() {},
    clear() {
      root?.querySelectorAll('input').forEach((field) => (field.value = ''));
      Object.assign(fields, { number: '', exp: '', cvc: '' });
    },
    unmount() {
      root?.replaceChildren();
      root = null;
    },
    destroy() {
      element.unmount();
      handlers.clear();
    },
  };
  return element;
}

/** The card's fields as Stripe.js sends a new card: payment_method_data[card][…]. */
function cardData(card: CardElement): Record<string, string> {
  const [month = '', year = ''] = card.fields.exp.split('/').map((part) => part.trim());
  return {
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': card.fields.number.replace(/\D/g, ''),
    'payment_method_data[card][exp_month]': month,
    'payment_method_data[card][exp_year]': year,
    'payment_method_data[card][cvc]': card.fields.cvc,
  };
}

/** Asks the cardholder as Stripe's 3-D Secure test page does; resolves with their answer. */
function challenge(): Promise<'complete' | 'fail'> {
  return new Promise((resolve) => {
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-label', '3D Secure test page');
    dialog.style.cssText =
      'position:fixed;inset:20% 30%;z-index:2147483647;background:#fff;color:#000;border:1px solid #888;padding:24px;font:16px sans-serif';
    const text = document.createElement('p');
    text.textContent = 'Complete or fail this test payment authentication.';
    const answer = (result: 'complete' | 'fail', label: string) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.style.marginRight = '12px';
      button.addEventListener('click', () => {
        dialog.remove();
        resolve(result);
      });
      return button;
    };
    dialog.append(text, answer('complete', 'Complete'), answer('fail', 'Fail'));
    document.body.append(dialog);
  });
}

/** Installs `window.Stripe` (what loadStripe resolves with), talking to `apiBase`. */
export function installStripeStandIn(apiBase: string): void {
  function Stripe(publishableKey: string) {
    const call = async (
      method: 'GET' | 'POST',
      path: string,
      params: Record<string, string>,
    ): Promise<{ intent?: Json; error?: StripeError }> => {
      const body = new URLSearchParams({ key: publishableKey, ...params });
      const url = method === 'GET' ? `${apiBase}${path}?${body}` : `${apiBase}${path}`;
      let res: Response;
      try {
        res = await fetch(url, method === 'GET' ? {} : { method, body });
      } catch {
        return { error: CONNECTION_ERROR };
      }
      const answer = (await res.json().catch(() => ({}))) as { error?: StripeError } & Json;
      if (!res.ok) return { error: answer.error ?? { type: 'api_error', message: res.statusText } };
      return { intent: answer };
    };
    const kindOf = (clientSecret: string) =>
      clientSecret.startsWith('seti_') ? 'setup_intents' : 'payment_intents';
    const idOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

    /** The intent's last error, as Stripe.js answers a confirmation that ended without success. */
    const lastError = (intent: Json): StripeError | undefined =>
      (intent['last_setup_error'] ?? intent['last_payment_error']) as StripeError | undefined;

    /** Runs a confirmation's next action (3-D Secure) and answers as Stripe.js does. */
    const settle = async (clientSecret: string, intent: Json) => {
      const kind = kindOf(clientSecret);
      let current = intent;
      if (current['status'] === 'requires_action') {
        const result = await challenge();
        const answered = await call('POST', `/v1/${kind}/${idOf(clientSecret)}/authenticate`, {
          client_secret: clientSecret,
          result,
        });
        if (answered.error || !answered.intent)
          return { error: answered.error ?? CONNECTION_ERROR };
        current = answered.intent;
      }
      const error = current['status'] === 'requires_payment_method' ? lastError(current) : null;
      if (error) return { error };
      return kind === 'setup_intents' ? { setupIntent: current } : { paymentIntent: current };
    };

    const confirm = async (clientSecret: string, paymentMethod: Record<string, string>) => {
      const confirmed = await call(
        'POST',
        `/v1/${kindOf(clientSecret)}/${idOf(clientSecret)}/confirm`,
        { client_secret: clientSecret, ...paymentMethod },
      );
      if (confirmed.error || !confirmed.intent)
        return { error: confirmed.error ?? CONNECTION_ERROR };
      return settle(clientSecret, confirmed.intent);
    };

    const paymentMethodParams = (method: unknown): Record<string, string> => {
      if (typeof method === 'string') return { payment_method: method };
      const card = (method as { card?: CardElement } | undefined)?.card;
      return card ? cardData(card) : {};
    };

    return {
      elements() {
        const created = new Map<string, CardElement>();
        return {
          create(type: string) {
            if (type !== 'card') throw new Error(`The Stripe.js stand-in has no ${type} element`);
            const element = createCardElement();
            created.set(type, element);
            return element;
          },
          getElement(type: string | { __elementType?: string }) {
            return (
              created.get(typeof type === 'string' ? type : (type.__elementType ?? '')) ?? null
            );
          },
          update() {},
        };
      },
      confirmCardSetup: (clientSecret: string, data?: { payment_method?: unknown }) =>
        confirm(clientSecret, paymentMethodParams(data?.payment_method)),
      confirmCardPayment: (clientSecret: string, data?: { payment_method?: unknown }) =>
        confirm(clientSecret, paymentMethodParams(data?.payment_method)),
      async handleNextAction({ clientSecret }: { clientSecret: string }) {
        const current = await call('GET', `/v1/${kindOf(clientSecret)}/${idOf(clientSecret)}`, {
          client_secret: clientSecret,
        });
        if (current.error || !current.intent) return { error: current.error ?? CONNECTION_ERROR };
        return settle(clientSecret, current.intent);
      },
      // @stripe/react-stripe-js takes an object as Stripe only if it has these; the app never
      // calls them, and the stand-in says so if anything does.
      createToken: () => Promise.resolve({ error: unsupported('createToken') }),
      createPaymentMethod: () => Promise.resolve({ error: unsupported('createPaymentMethod') }),
      registerAppInfo() {},
    };
  }
  // loadStripe compares the release train it was built for (no warning when they agree).
  Stripe.version = 'endive';
  Object.assign(window, { Stripe });
}
