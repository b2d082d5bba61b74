/**
 * A local stand-in for the payment providers, for tests: one HTTP server that
 * answers the API paths the adapters call, in each provider's documented
 * shape, checking their credentials and signatures the way the provider
 * would. Stripe's paths sit at the root (the SDK is pointed at this server
 * by host, port and protocol); the others under a prefix of their own
 * (/razorpay, /paytm, /paymongo, /mercadopago, /khalti/api/v2).
 *
 * Tests act as the customer on the provider's side through the helpers
 * (a card succeeds, a Razorpay payment is authorised, a PayMongo session is
 * paid…), and read `requests` to see what the adapters sent.
 *
 * paymentsTestConfig() is the configuration of every gateway against it, and
 * buildPaymentsTestApp() the real app on a fresh database with it.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/tables.ts';
import type { PaymentsConfig } from '../../server/payments/config.ts';
import { isValidPaytmSignature, paytmSignature } from '../../server/payments/paytm-checksum.ts';
import type { TestDatabaseKind } from './databases.ts';
import { buildTestApp } from './test-app.ts';

export const FAKE_KEYS = {
  stripeSecret: 'sk_test_fake_secret',
  stripePublishable: 'pk_test_fake_publishable',
  stripeWebhookSecret: 'whsec_fake_webhook_secret',
  razorpayKeyId: 'rzp_test_fakekey',
  razorpaySecret: 'fake_razorpay_secret',
  paytmMid: 'FAKEMID0001',
  // Paytm merchant keys are 16 characters (AES-128).
  paytmKey: 'fakePaytmKey1234',
  paymongoSecret: 'sk_test_fake_paymongo',
  mercadoPagoToken: 'TEST-fake-mercado-pago-token',
  khaltiSecret: 'fake_khalti_live_secret_key',
} as const;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON, or the form fields Stripe sends, or null. */
  body: unknown;
}

type Json = Record<string, unknown>;
type Answer = { status: number; body: unknown };

interface StripeIntent extends Json {
  id: string;
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  last_payment_error: Json | null;
  next_action: Json | null;
}

export class FakeGatewayServer {
  readonly requests: RecordedRequest[] = [];
  readonly #server: http.Server;
  #url = '';
  #sequence = 0;
  readonly #stripeIntents = new Map<string, StripeIntent>();
  readonly #stripeByIdempotencyKey = new Map<string, string>();
  readonly #razorpayOrders = new Map<string, Json>();
  readonly #razorpayPayments = new Map<string, Json>();
  readonly #paytmOrders = new Map<string, { amount: string; status: string }>();
  readonly #paymongoSessions = new Map<string, Json & { attributes: Json & { payments: Json[] } }>();
  readonly #mercadoPagoPreferences = new Map<string, Json>();
  readonly #mercadoPagoPayments = new Map<string, Json>();
  readonly #khaltiPayments = new Map<string, { amount: number; status: string }>();

  constructor() {
    this.#server = http.createServer((request, response) => {
      void this.#handle(request, response);
    });
  }

  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  get url(): string {
    return this.#url;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  requestsTo(pathStart: string): RecordedRequest[] {
    return this.requests.filter((request) => request.path.startsWith(pathStart));
  }

  // --- What the customer does on each provider's side -------------------------------------------

  readonly stripe = {
    intent: (id: string): StripeIntent | undefined => this.#stripeIntents.get(id),
    /** As if Stripe.js confirmed the intent in the page with a card that worked. */
    succeed: (id: string): StripeIntent => this.#patchIntent(id, { status: 'succeeded', last_payment_error: null, next_action: null }),
    /** As if the card was declined in the page. */
    decline: (id: string): StripeIntent =>
      this.#patchIntent(id, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined', message: 'Your card was declined.' } }),
    /** Changes what Stripe reports (e.g. another amount, to test the mismatch guard). */
    patch: (id: string, changes: Partial<StripeIntent>): StripeIntent => this.#patchIntent(id, changes),
  };

  readonly razorpay = {
    /** A payment for the Razorpay order, as Checkout makes it: authorised (auto-capture off) or captured, or failed. */
    pay: (orderId: string, status: 'authorized' | 'captured' | 'failed', amount?: number): string => {
      const order = this.#razorpayOrders.get(orderId);
      if (!order) throw new Error(`no Razorpay order ${orderId}`);
      const id = `pay_${this.#next()}`;
      this.#razorpayPayments.set(id, { id, entity: 'payment', order_id: orderId, amount: amount ?? order.amount, currency: order.currency, status, captured: status === 'captured', ...(status === 'failed' ? { error_description: 'Payment failed because card declined' } : {}) });
      return id;
    },
    payment: (id: string): Json | undefined => this.#razorpayPayments.get(id),
  };

  readonly paytm = {
    setStatus: (orderId: string, status: 'TXN_SUCCESS' | 'TXN_FAILURE' | 'PENDING', amount?: string): void => {
      const order = this.#paytmOrders.get(orderId);
      if (!order) throw new Error(`no Paytm order ${orderId}`);
      this.#paytmOrders.set(orderId, { amount: amount ?? order.amount, status });
    },
    /** Signs status answers with another key, as an impostor would. */
    forgeAnswers: false,
  };

  readonly paymongo = {
    pay: (sessionId: string, amount?: number): void => {
      const session = this.#paymongoSessions.get(sessionId);
      if (!session) throw new Error(`no PayMongo session ${sessionId}`);
      const lineItems = session.attributes.line_items as { amount: number; quantity: number }[];
      const total = lineItems.reduce((sum, item) => sum + item.amount * item.quantity, 0);
      session.attributes.payments.push({ id: `pay_${this.#next()}`, type: 'payment', attributes: { status: 'paid', amount: amount ?? total, currency: 'PHP' } });
    },
    expire: (sessionId: string): void => {
      const session = this.#paymongoSessions.get(sessionId);
      if (session) session.attributes.status = 'expired';
    },
  };

  readonly mercadoPago = {
    /** A payment made on Checkout Pro for the preference; answers its id, as Mercado Pago appends it to the return URL. */
    pay: (preferenceId: string, status: 'approved' | 'rejected' | 'in_process', options: { amount?: number; externalReference?: string } = {}): string => {
      const preference = this.#mercadoPagoPreferences.get(preferenceId);
      if (!preference) throw new Error(`no Mercado Pago preference ${preferenceId}`);
      const [item] = preference.items as { unit_price: number; currency_id: string }[];
      const id = String(1_000_000 + this.#next());
      this.#mercadoPagoPayments.set(id, {
        id: Number(id),
        status,
        status_detail: status === 'approved' ? 'accredited' : status === 'rejected' ? 'cc_rejected_other_reason' : 'pending_contingency',
        transaction_amount: options.amount ?? item?.unit_price,
        currency_id: item?.currency_id,
        external_reference: options.externalReference ?? preference.external_reference,
      });
      return id;
    },
  };

  readonly khalti = {
    setStatus: (pidx: string, status: 'Completed' | 'Pending' | 'Initiated' | 'Expired' | 'User canceled'): void => {
      const payment = this.#khaltiPayments.get(pidx);
      if (!payment) throw new Error(`no Khalti pidx ${pidx}`);
      payment.status = status;
    },
  };

  // --- The HTTP side ------------------------------------------------------------------------------

  async #handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake');
    const isForm = (request.headers['content-type'] ?? '').includes('x-www-form-urlencoded');
    const body: unknown = text === '' ? null : isForm ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text);
    this.requests.push({ method: request.method ?? 'GET', path: url.pathname + url.search, headers: request.headers, body });
    const answer = this.#route(request.method ?? 'GET', url, request.headers, body) ?? { status: 404, body: { error: `no fake route for ${request.method} ${url.pathname}` } };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  }

  #route(method: string, url: URL, headers: http.IncomingHttpHeaders, body: unknown): Answer | undefined {
    const path = url.pathname;
    if (path.startsWith('/v1/payment_intents')) return this.#stripe(method, path, headers, body as Record<string, string> | null);
    if (path.startsWith('/razorpay/')) return this.#razorpay(method, path.slice('/razorpay'.length), headers, body as Json);
    if (path.startsWith('/paytm/')) return this.#paytm(path.slice('/paytm'.length), url, body as Json);
    if (path.startsWith('/paymongo/')) return this.#paymongo(method, path.slice('/paymongo'.length), headers, body as Json);
    if (path.startsWith('/mercadopago/')) return this.#mercadoPago(method, path.slice('/mercadopago'.length), headers, body as Json);
    if (path.startsWith('/khalti/api/v2/')) return this.#khalti(path.slice('/khalti/api/v2'.length), headers, body as Json);
    return undefined;
  }

  #stripe(method: string, path: string, headers: http.IncomingHttpHeaders, form: Record<string, string> | null): Answer {
    if (headers.authorization !== `Bearer ${FAKE_KEYS.stripeSecret}`) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    const [, , , id, verb] = path.split('/');
    if (method === 'POST' && id === undefined) {
      const key = String(headers['idempotency-key'] ?? '');
      const known = this.#stripeByIdempotencyKey.get(key);
      if (known) return { status: 200, body: this.#stripeIntents.get(known) };
      const intentId = `pi_fake${this.#next()}`;
      const intent: StripeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form?.amount),
        currency: String(form?.currency),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
        description: form?.description ?? null,
        metadata: { unique_order_id: form?.['metadata[unique_order_id]'], payment_id: form?.['metadata[payment_id]'] },
        automatic_payment_methods: { enabled: form?.['automatic_payment_methods[enabled]'] === 'true' },
        last_payment_error: null,
        next_action: null,
      };
      this.#stripeIntents.set(intentId, intent);
      this.#stripeByIdempotencyKey.set(key, intentId);
      return { status: 200, body: intent };
    }
    const intent = id ? this.#stripeIntents.get(id) : undefined;
    if (!intent) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` } } };
    if (method === 'GET') return { status: 200, body: intent };
    if (method === 'POST' && verb === 'confirm') {
      if (intent.status === 'succeeded') {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent has already succeeded.', payment_intent: intent } } };
      }
      // Stripe's test payment methods.
      switch (form?.payment_method) {
        case 'pm_card_visa':
          return { status: 200, body: this.stripe.succeed(intent.id) };
        case 'pm_card_chargeDeclined': {
          const declined = this.stripe.decline(intent.id);
          return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: declined } } };
        }
        case 'pm_card_threeDSecure2Required':
          return {
            status: 200,
            body: this.#patchIntent(intent.id, {
              status: 'requires_action',
              next_action: { type: 'redirect_to_url', redirect_to_url: { url: `https://hooks.stripe.test/3ds/${intent.id}`, return_url: form.return_url } },
            }),
          };
        default:
          return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' } } };
      }
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  #razorpay(method: string, path: string, headers: http.IncomingHttpHeaders, body: Json): Answer {
    if (headers.authorization !== basic(FAKE_KEYS.razorpayKeyId, FAKE_KEYS.razorpaySecret)) {
      return { status: 401, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } } };
    }
    if (method === 'POST' && path === '/v1/orders') {
      const id = `order_${this.#next()}`;
      const order = { id, entity: 'order', amount: body.amount, amount_paid: 0, currency: body.currency, receipt: body.receipt, status: 'created', notes: body.notes };
      this.#razorpayOrders.set(id, order);
      return { status: 200, body: order };
    }
    const [, , , id, verb] = path.split('/');
    const payment = id ? this.#razorpayPayments.get(id) : undefined;
    if (!payment) return { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } } };
    if (method === 'GET') return { status: 200, body: payment };
    if (method === 'POST' && verb === 'capture') {
      if (payment.status !== 'authorized' || body.amount !== payment.amount) {
        return { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Capture amount must be equal to the amount authorized' } } };
      }
      Object.assign(payment, { status: 'captured', captured: true });
      return { status: 200, body: payment };
    }
    return { status: 404, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } } };
  }

  #paytm(path: string, url: URL, request: Json): Answer | undefined {
    const body = request.body as Json;
    const head = request.head as Json;
    if (typeof head?.signature !== 'string' || !isValidPaytmSignature(JSON.stringify(body), FAKE_KEYS.paytmKey, head.signature)) {
      return { status: 200, body: { head: {}, body: { resultInfo: { resultStatus: 'F', resultCode: '2005', resultMsg: 'Checksum provided is invalid' } } } };
    }
    if (path === '/theia/api/v1/initiateTransaction') {
      const orderId = String(body.orderId);
      if (url.searchParams.get('mid') !== FAKE_KEYS.paytmMid || url.searchParams.get('orderId') !== orderId || body.mid !== FAKE_KEYS.paytmMid) {
        return { status: 200, body: { head: {}, body: { resultInfo: { resultStatus: 'F', resultCode: '501', resultMsg: 'System Error' } } } };
      }
      const amount = String((body.txnAmount as Json).value);
      if (!this.#paytmOrders.has(orderId)) this.#paytmOrders.set(orderId, { amount, status: 'PENDING' });
      return { status: 200, body: { head: { version: 'v1' }, body: { resultInfo: { resultStatus: 'S', resultCode: '0000', resultMsg: 'Success' }, txnToken: `token-${this.#next()}`, isPromoCodeValid: false, authenticated: false } } };
    }
    if (path === '/v3/order/status') {
      const orderId = String(body.orderId);
      const order = this.#paytmOrders.get(orderId);
      const answerBody = order
        ? { resultInfo: { resultStatus: order.status, resultCode: order.status === 'TXN_SUCCESS' ? '01' : '227', resultMsg: order.status }, txnId: `2024${this.#next()}`, orderId, txnAmount: order.amount, txnType: 'SALE', mid: FAKE_KEYS.paytmMid }
        : { resultInfo: { resultStatus: 'TXN_FAILURE', resultCode: '334', resultMsg: 'Invalid Order Id.' }, orderId };
      const key = this.paytm.forgeAnswers ? 'someoneElsesKey1' : FAKE_KEYS.paytmKey;
      return { status: 200, body: { head: { responseTimestamp: String(Date.now()), version: 'v1', signature: paytmSignature(JSON.stringify(answerBody), key) }, body: answerBody } };
    }
    return undefined;
  }

  #paymongo(method: string, path: string, headers: http.IncomingHttpHeaders, request: Json): Answer {
    if (headers.authorization !== basic(FAKE_KEYS.paymongoSecret, '')) {
      return { status: 401, body: { errors: [{ code: 'api_key_invalid', detail: 'API key is invalid.' }] } };
    }
    if (method === 'POST' && path === '/v1/checkout_sessions') {
      const attributes = (request.data as Json).attributes as Json;
      const id = `cs_${this.#next()}`;
      const session = { id, type: 'checkout_session', attributes: { ...attributes, status: 'active', checkout_url: `https://checkout.paymongo.test/${id}`, payments: [] as Json[] } };
      this.#paymongoSessions.set(id, session);
      return { status: 200, body: { data: session } };
    }
    const session = this.#paymongoSessions.get(path.split('/')[3] ?? '');
    if (method === 'GET' && session) return { status: 200, body: { data: session } };
    return { status: 404, body: { errors: [{ code: 'resource_not_found', detail: 'No such checkout_session' }] } };
  }

  #mercadoPago(method: string, path: string, headers: http.IncomingHttpHeaders, body: Json): Answer {
    if (headers.authorization !== `Bearer ${FAKE_KEYS.mercadoPagoToken}`) return { status: 401, body: { message: 'invalid access token', status: 401 } };
    if (method === 'POST' && path === '/checkout/preferences') {
      const id = `123456-pref${this.#next()}`;
      const preference = { ...body, id, init_point: `https://www.mercadopago.test/checkout/v1/redirect?pref_id=${id}`, sandbox_init_point: `https://sandbox.mercadopago.test/checkout/v1/redirect?pref_id=${id}` };
      this.#mercadoPagoPreferences.set(id, preference);
      return { status: 201, body: preference };
    }
    const [, first, second, id] = path.split('/');
    if (method === 'GET' && first === 'checkout' && second === 'preferences') {
      const preference = this.#mercadoPagoPreferences.get(id ?? '');
      return preference ? { status: 200, body: preference } : { status: 404, body: { message: 'preference not found' } };
    }
    if (method === 'GET' && first === 'v1' && second === 'payments') {
      const payment = this.#mercadoPagoPayments.get(id ?? '');
      return payment ? { status: 200, body: payment } : { status: 404, body: { message: 'Payment not found', status: 404 } };
    }
    return { status: 404, body: { message: 'resource not found' } };
  }

  #khalti(path: string, headers: http.IncomingHttpHeaders, body: Json): Answer {
    if (headers.authorization !== `Key ${FAKE_KEYS.khaltiSecret}`) return { status: 401, body: { detail: 'Invalid token.', status_code: 401 } };
    if (path === '/epayment/initiate/') {
      if (typeof body.amount !== 'number' || body.amount < 1000) return { status: 400, body: { amount: ['Amount should be greater than Rs. 10, that is 1000 paisa.'], error_key: 'validation_error' } };
      const pidx = `pidx${randomBytes(8).toString('hex')}`;
      this.#khaltiPayments.set(pidx, { amount: body.amount, status: 'Initiated' });
      return { status: 200, body: { pidx, payment_url: `https://test-pay.khalti.test/?pidx=${pidx}`, expires_at: new Date(Date.now() + 1_800_000).toISOString(), expires_in: 1800 } };
    }
    if (path === '/epayment/lookup/') {
      const pidx = String(body.pidx);
      const payment = this.#khaltiPayments.get(pidx);
      if (!payment) return { status: 404, body: { detail: 'Not found.', error_key: 'validation_error' } };
      return { status: 200, body: { pidx, total_amount: payment.amount, status: payment.status, transaction_id: payment.status === 'Completed' ? `txn${pidx}` : null, fee: 0, refunded: false } };
    }
    return { status: 404, body: { detail: 'Not found.' } };
  }

  #patchIntent(id: string, changes: Partial<StripeIntent>): StripeIntent {
    const intent = this.#stripeIntents.get(id);
    if (!intent) throw new Error(`no PaymentIntent ${id}`);
    Object.assign(intent, changes);
    return intent;
  }

  #next(): number {
    this.#sequence += 1;
    return this.#sequence;
  }
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export async function startFakeGatewayServer(): Promise<FakeGatewayServer> {
  return new FakeGatewayServer().start();
}

/** Every gateway configured against the fake server. */
export function paymentsTestConfig(fake: FakeGatewayServer): PaymentsConfig {
  return {
    stripe: { secretKey: FAKE_KEYS.stripeSecret, publishableKey: FAKE_KEYS.stripePublishable, webhookSecret: FAKE_KEYS.stripeWebhookSecret, apiUrl: fake.url },
    razorpay: { keyId: FAKE_KEYS.razorpayKeyId, keySecret: FAKE_KEYS.razorpaySecret, apiUrl: `${fake.url}/razorpay` },
    paytm: { mid: FAKE_KEYS.paytmMid, merchantKey: FAKE_KEYS.paytmKey, website: 'WEBSTAGING', apiUrl: `${fake.url}/paytm` },
    paymongo: { secretKey: FAKE_KEYS.paymongoSecret, paymentMethodTypes: ['card', 'gcash'], apiUrl: `${fake.url}/paymongo` },
    mercadoPago: { accessToken: FAKE_KEYS.mercadoPagoToken, apiUrl: `${fake.url}/mercadopago` },
    khalti: { secretKey: FAKE_KEYS.khaltiSecret, apiUrl: `${fake.url}/khalti/api/v2` },
  };
}

export interface PaymentsTestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** The real app on a fresh, seeded database, with the given gateways' credentials (as the environment would give them). */
export async function buildPaymentsTestApp(kind: TestDatabaseKind, payments: PaymentsConfig): Promise<PaymentsTestApp> {
  const { app, db, close } = await buildTestApp(kind, { payments });
  return { app, db, close };
}

export interface OrderAwaitingPayment {
  orderId: number;
  uniqueOrderId: string;
  paymentId: number;
}

/**
 * An order as place-order leaves it for an online gateway: awaiting payment
 * (8) with a PENDING payments row for its whole total, and its first history
 * row. Inserted directly, so payment tests do not depend on pricing.
 */
export async function insertOrderAwaitingPayment(
  db: Kysely<Database>,
  options: { userId: number; gateway: string; amount: number; restaurantId?: number },
): Promise<OrderAwaitingPayment> {
  const restaurantId =
    options.restaurantId ?? Number((await db.selectFrom('restaurants').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id);
  const now = new Date().toISOString();
  const uniqueOrderId = `T${randomBytes(5).toString('hex').toUpperCase()}`;
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('orders')
      .values({
        unique_order_id: uniqueOrderId,
        user_id: options.userId,
        restaurant_id: restaurantId,
        status: 8,
        order_type: 'SELFPICKUP',
        subtotal: options.amount,
        total: options.amount,
        payable_amount: options.amount,
        payment_mode: options.gateway,
        payment_status: 'PENDING',
        delivery_pin: '4821',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('order_history').values({ order_id: Number(id), status: 8, actor: 'customer', actor_user_id: options.userId, note: null, happened_at: now, created_at: now }).execute();
    const payment = await trx
      .insertInto('payments')
      .values({ order_id: Number(id), gateway: options.gateway, amount: options.amount, status: 'PENDING', gateway_reference: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { orderId: Number(id), uniqueOrderId, paymentId: Number(payment.id) };
  });
}
