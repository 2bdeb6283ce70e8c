/**
 * A loopback fake of the few Stripe API endpoints the billing module calls, speaking Stripe's
 * wire format (form-encoded requests, JSON objects and card errors, idempotent replays), plus
 * signed webhook deliveries made with the real SDK's test header helper.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_SECRET_KEY = 'sk_test_fake_parlance';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_parlance';

type Json = Record<string, unknown>;

/** Card outcomes by PaymentMethod id prefix, like Stripe's test PaymentMethods (pm_card_visa_123…). */
const CARDS: Record<
  string,
  { last4: string; decline?: { code: string; decline_code: string; message: string } }
> = {
  pm_card_visa: { last4: '4242' },
  pm_card_chargeDeclined: {
    last4: '0002',
    decline: {
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    },
  },
};

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
        status: confirm && card && !card.decline ? 'succeeded' : 'requires_payment_method',
      };
      paymentIntents.set(id, intent);
      if (confirm && card?.decline) {
        intent.last_payment_error = { type: 'card_error', ...card.decline };
        return {
          status: 402,
          body: { error: { type: 'card_error', ...card.decline, payment_intent: intent } },
        };
      }
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
    const params = new URLSearchParams(request.method === 'GET' ? url.search : raw);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? '', path: url.pathname, params, idempotencyKey });
    let answer: { status: number; body: Json };
    if (fake.failing) {
      answer = { status: 500, body: { error: { type: 'api_error', message: 'Fake outage' } } };
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
    });
    response.end(JSON.stringify(answer.body));
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
