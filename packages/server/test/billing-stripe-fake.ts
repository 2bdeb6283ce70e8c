/**
 * A loopback fake of the few Stripe API endpoints the billing module calls, speaking Stripe's
 * wire format (form-encoded requests, JSON objects and card errors, idempotent replays), plus
 * signed webhook deliveries made with the real SDK's test header helper.
 *
 * It is also the browser's half of Stripe for the journeys: it serves the Stripe.js stand-in
 * (mocks/src/stripe/standIn.ts) at /v3/stripe.js, answers the calls that script makes with the
 * publishable key (confirming SetupIntents and PaymentIntents with a card or a saved one, and the
 * 3-D Secure challenge's answer), and, given a webhook URL, delivers the events Stripe would send.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import Stripe from 'stripe';

export const FAKE_SECRET_KEY = 'sk_test_fake_parlance';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_parlance';
export const FAKE_PUBLISHABLE_KEY = 'pk_test_fake_parlance';

type Json = Record<string, unknown>;

interface FakeCard {
  /** The test card number Stripe documents for it, as typed into the card field. */
  number: string;
  last4: string;
  decline?: { code: string; decline_code: string; message: string };
  /** Asks for 3-D Secure on every payment and setup made with the customer present. */
  authenticate?: boolean;
}

/** Card outcomes by PaymentMethod id prefix, like Stripe's test PaymentMethods (pm_card_visa_123…). */
const CARDS: Record<string, FakeCard> = {
  pm_card_visa: { number: '4242424242424242', last4: '4242' },
  pm_card_chargeDeclined: {
    number: '4000000000000002',
    last4: '0002',
    decline: {
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
  pm_card_authenticationRequired: {
    number: '4000002760003184',
    last4: '3184',
    authenticate: true,
  },
};

const AUTHENTICATION_FAILED = {
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

const standInEntry = fileURLToPath(
  new URL('../../../mocks/src/stripe/standIn.ts', import.meta.url),
);

/** The Stripe.js stand-in as one classic script, installed with this fake as its API. */
async function standInScript(apiBase: string): Promise<string> {
  const bundle = await build({
    stdin: {
      contents: `import { installStripeStandIn } from ${JSON.stringify(standInEntry)};\ninstallStripeStandIn(${JSON.stringify(apiBase)});`,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
  });
  return bundle.outputFiles[0]?.text ?? '';
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

export interface StripeFake {
  url: string;
  requests: RecordedRequest[];
  paymentIntents: Map<string, Json>;
  setupIntents: Map<string, Json>;
  /** Customers deleted through the API. */
  deletedCustomers: Set<string>;
  /** While true, the API answers every request with a 500 (Stripe unreachable or failing). */
  failing: boolean;
  /** Where events go as they happen, signed (null: only `signedEvent`, delivered by the test). */
  webhookUrl: string | null;
  /** Forgets the idempotency keys seen, as Stripe does after 24 hours. */
  forgetIdempotency(): void;
  /** A webhook delivery as Stripe would send it: JSON payload and its Stripe-Signature header. */
  signedEvent(type: string, object: Json, secret?: string): { payload: string; signature: string };
  close(): Promise<void>;
}

const metadataOf = (params: URLSearchParams): Record<string, string> =>
  Object.fromEntries(
    [...params].flatMap(([key, value]) => {
      const match = /^metadata\[(.+)\]$/.exec(key);
      return match?.[1] ? [[match[1], value]] : [];
    }),
  );

type Answer = { status: number; body: Json };

const cardError = (error: Json, intent: Json): Answer => ({
  status: 402,
  body: { error: { type: 'card_error', ...error, [`${String(intent['object'])}`]: intent } },
});

export async function startStripeFake(): Promise<StripeFake> {
  const requests: RecordedRequest[] = [];
  const paymentIntents = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const deletedCustomers = new Set<string>();
  const replays = new Map<string, { status: number; body: Json }>();
  let counter = 0;
  const cardOf = (id: string | null | undefined) =>
    id ? Object.entries(CARDS).find(([prefix]) => id.startsWith(prefix))?.[1] : undefined;
  const nextId = (prefix: string) => `${prefix}_fake${++counter}`;
  /** Events of the browser's calls, sent after the answer (as Stripe's arrive after it). */
  const pending: { type: string; object: Json }[] = [];
  const emit = (type: string, object: Json) => {
    if (fake.webhookUrl) pending.push({ type, object: { ...object } });
  };

  /** The intent a publishable-key call names, when its client secret is its own. */
  function intentOf(kind: string, id: string, params: URLSearchParams): Json | undefined {
    const intent = (kind === 'setup_intents' ? setupIntents : paymentIntents).get(id);
    return intent && intent['client_secret'] === params.get('client_secret') ? intent : undefined;
  }

  /** A PaymentMethod for the card typed into the stand-in's field, or the saved one named. */
  function paymentMethodOf(params: URLSearchParams): string | Answer {
    const saved = params.get('payment_method');
    if (saved) return saved;
    const number = (params.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
    const entry = Object.entries(CARDS).find(([, card]) => card.number === number);
    if (!entry) {
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'incorrect_number',
            message: 'Your card number is incorrect.',
          },
        },
      };
    }
    return nextId(entry[0]);
  }

  /** Confirms an intent with the customer present: succeeds, declines, or asks for 3-D Secure. */
  function confirmIntent(kind: string, intent: Json, paymentMethod: string): Answer {
    const setup = kind === 'setup_intents';
    const card = cardOf(paymentMethod);
    intent['payment_method'] = paymentMethod;
    if (card?.decline) {
      intent['status'] = 'requires_payment_method';
      intent[setup ? 'last_setup_error' : 'last_payment_error'] = {
        type: 'card_error',
        ...card.decline,
      };
      if (!setup) emit('payment_intent.payment_failed', intent);
      else emit('setup_intent.setup_failed', intent);
      return cardError(card.decline, intent);
    }
    if (card?.authenticate) {
      intent['status'] = 'requires_action';
      intent['next_action'] = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure' },
      };
      return { status: 200, body: intent };
    }
    intent['status'] = 'succeeded';
    emit(setup ? 'setup_intent.succeeded' : 'payment_intent.succeeded', intent);
    return { status: 200, body: intent };
  }

  /** What the stand-in calls with the publishable key (CORS-simple form posts). */
  function browserRoute(method: string, path: string, params: URLSearchParams): Answer {
    const match =
      /^\/v1\/(setup_intents|payment_intents)\/(\w+?)(?:\/(confirm|authenticate))?$/.exec(path);
    const intent = match?.[1] && match[2] ? intentOf(match[1], match[2], params) : undefined;
    if (!match?.[1] || !intent) {
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: `No such intent: ${path}` } },
      };
    }
    const kind = match[1];
    if (method === 'GET' && !match[3]) return { status: 200, body: intent };
    if (method === 'POST' && match[3] === 'confirm') {
      const paymentMethod = paymentMethodOf(params);
      return typeof paymentMethod === 'string'
        ? confirmIntent(kind, intent, paymentMethod)
        : paymentMethod;
    }
    if (
      method === 'POST' &&
      match[3] === 'authenticate' &&
      intent['status'] === 'requires_action'
    ) {
      intent['next_action'] = null;
      const setup = kind === 'setup_intents';
      if (params.get('result') === 'complete') {
        intent['status'] = 'succeeded';
        emit(setup ? 'setup_intent.succeeded' : 'payment_intent.succeeded', intent);
      } else {
        const code = setup
          ? 'setup_intent_authentication_failure'
          : 'payment_intent_authentication_failure';
        intent['status'] = 'requires_payment_method';
        intent[setup ? 'last_setup_error' : 'last_payment_error'] = {
          type: 'invalid_request_error',
          code,
          ...AUTHENTICATION_FAILED,
        };
        emit(setup ? 'setup_intent.setup_failed' : 'payment_intent.payment_failed', intent);
      }
      return { status: 200, body: intent };
    }
    return {
      status: 400,
      body: { error: { type: 'invalid_request_error', message: `Cannot ${method} ${path} now` } },
    };
  }

  function route(
    method: string,
    path: string,
    params: URLSearchParams,
  ): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/customers') {
      return {
        status: 200,
        body: {
          id: nextId('cus'),
          object: 'customer',
          email: params.get('email'),
          metadata: metadataOf(params),
        },
      };
    }
    const customerMatch = /^\/v1\/customers\/(cus_\w+)$/.exec(path);
    if (method === 'DELETE' && customerMatch?.[1]) {
      const id = customerMatch[1];
      if (deletedCustomers.has(id)) {
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such customer: '${id}'`,
            },
          },
        };
      }
      deletedCustomers.add(id);
      return { status: 200, body: { id, object: 'customer', deleted: true } };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = nextId('seti');
      const intent = {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_fake`,
        customer: params.get('customer'),
        payment_method: null,
        status: 'requires_payment_method',
        usage: params.get('usage'),
        metadata: metadataOf(params),
      };
      setupIntents.set(id, intent);
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = nextId('pi');
      const paymentMethod = params.get('payment_method');
      const card = cardOf(paymentMethod);
      const confirm = params.get('confirm') === 'true';
      const intent: Json = {
        id,
        object: 'payment_intent',
        amount: Number(params.get('amount')),
        currency: params.get('currency'),
        customer: params.get('customer'),
        payment_method: paymentMethod,
        setup_future_usage: params.get('setup_future_usage'),
        client_secret: `${id}_secret_fake`,
        metadata: metadataOf(params),
        last_payment_error: null,
        status: 'requires_payment_method',
      };
      paymentIntents.set(id, intent);
      if (
        confirm &&
        params.get('off_session') !== 'true' &&
        !params.has('allowed_payment_method_types[0]')
      ) {
        // Stripe's answer: the Dashboard's payment methods include ones that redirect.
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message:
                'A `return_url` must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed.',
            },
          },
        };
      }
      if (confirm && params.get('off_session') === 'true' && card?.authenticate) {
        // Nobody is there to answer 3-D Secure.
        const error = {
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        };
        intent['last_payment_error'] = { type: 'card_error', ...error };
        return cardError(error, intent);
      }
      if (confirm && paymentMethod) return confirmIntent('payment_intents', intent, paymentMethod);
      return { status: 200, body: intent };
    }
    const intentMatch = /^\/v1\/payment_intents\/(pi_\w+?)(\/cancel)?$/.exec(path);
    const intent = intentMatch?.[1] ? paymentIntents.get(intentMatch[1]) : undefined;
    if (intentMatch && !intent) {
      return {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${intentMatch[1]}'`,
          },
        },
      };
    }
    if (intent && method === 'GET' && !intentMatch?.[2]) return { status: 200, body: intent };
    if (intent && method === 'POST' && intentMatch?.[2]) {
      if (intent['status'] === 'succeeded' || intent['status'] === 'canceled') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent['status'])}.`,
            },
          },
        };
      }
      intent['status'] = 'canceled';
      intent['cancellation_reason'] = params.get('cancellation_reason');
      intent['next_action'] = null;
      return { status: 200, body: intent };
    }
    const methodMatch = /^\/v1\/payment_methods\/([\w]+)(\/detach)?$/.exec(path);
    const card = cardOf(methodMatch?.[1]);
    if (methodMatch && card) {
      return {
        status: 200,
        body: {
          id: methodMatch[1],
          object: 'payment_method',
          type: 'card',
          customer: null,
          card: { brand: 'visa', last4: card.last4, exp_month: 12, exp_year: 2034 },
        },
      };
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'GET' && url.pathname === '/v3/stripe.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(await standInScript(fake.url));
      return;
    }
    const params = new URLSearchParams(request.method === 'GET' ? url.search : raw);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? '', path: url.pathname, params, idempotencyKey });
    let answer: Answer;
    if (fake.failing) {
      answer = { status: 500, body: { error: { type: 'api_error', message: 'Fake outage' } } };
    } else if (params.get('key') === FAKE_PUBLISHABLE_KEY) {
      answer = browserRoute(request.method ?? '', url.pathname, params);
    } else if (request.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      answer = {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
      };
    } else if (idempotencyKey && replays.has(idempotencyKey)) {
      answer = replays.get(idempotencyKey)!;
    } else {
      answer = route(request.method ?? '', url.pathname, params);
      if (idempotencyKey) replays.set(idempotencyKey, answer);
    }
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${counter}`,
      // The stand-in calls from the app's origin, as Stripe.js calls api.stripe.com.
      'access-control-allow-origin': '*',
    });
    response.end(JSON.stringify(answer.body));
    for (const event of pending.splice(0)) await deliver(event.type, event.object);
  }

  /** Posts a signed event to the webhook URL, retrying a few times as Stripe would. */
  async function deliver(type: string, object: Json) {
    const { payload, signature } = fake.signedEvent(type, object);
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await fetch(fake.webhookUrl ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      }).catch(() => null);
      if (res?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe(FAKE_SECRET_KEY);

  const fake: StripeFake = {
    url: `http://127.0.0.1:${port}`,
    requests,
    paymentIntents,
    setupIntents,
    deletedCustomers,
    failing: false,
    webhookUrl: null,
    forgetIdempotency: () => replays.clear(),
    signedEvent(type, object, secret = FAKE_WEBHOOK_SECRET) {
      const payload = JSON.stringify({
        id: nextId('evt'),
        object: 'event',
        type,
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
      });
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
  return fake;
}
