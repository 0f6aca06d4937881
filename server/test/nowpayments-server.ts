/**
 * A local NOWPayments speaking the documented API subset the site uses — `POST /v1/invoice` and
 * `GET /v1/payment/{id}` with `x-api-key` — with the hosted invoice page a customer pays on, and IPN callbacks signed
 * as the docs' own Node example signs them (their `sortObject`, then HMAC-SHA512 with the IPN secret, hex, in
 * `x-nowpayments-sig`). The real service is unreachable here; this one is a real HTTP server, so the site's client
 * code runs unchanged against it. The callbacks' keys are sent unsorted, with a nested object, as the real ones may
 * be: a receiver that does not sort them recursively fails.
 */
import { createHmac, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNowpaymentsInvoice {
  id: string;
  order_id: string;
  order_description: string;
  price_amount: number;
  price_currency: string;
  ipn_callback_url: string;
  invoice_url: string;
  success_url: string;
  cancel_url: string;
}

/** A payment as `GET /v1/payment/{id}` answers it; an IPN body has the same fields. */
export interface FakeNowpaymentsPayment {
  payment_id: number;
  invoice_id: number;
  payment_status: string;
  pay_address: string;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  actually_paid: number;
  pay_currency: string;
  order_id: string;
  order_description: string;
  purchase_id: string;
  outcome_amount: number;
  outcome_currency: string;
  fee: { currency: string; depositFee: number; withdrawalFee: number; serviceFee: number };
  created_at: string;
  updated_at: string;
}

export interface FakeNowpayments {
  readonly url: string;
  readonly apiKey: string;
  readonly ipnSecret: string;
  readonly invoices: Map<string, FakeNowpaymentsInvoice>;
  readonly payments: Map<number, FakeNowpaymentsPayment>;
  /** Every request's method and path, in order. */
  readonly requests: string[];
  /** The site's answers to the callbacks this fake posted, in order. */
  readonly callbacks: { status: number; body: unknown }[];
  /** While set, every API call answers 503. */
  down: boolean;
  /** The invoice made last. */
  latest(): FakeNowpaymentsInvoice;
  /** The customer pays on the invoice's page: a payment of its price, in `status`. */
  pay(invoiceId: string, status?: string): FakeNowpaymentsPayment;
  /** Posts the payment's callback to its invoice's `ipn_callback_url`, as NOWPayments does; the site's answer. */
  notify(payment: FakeNowpaymentsPayment): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/** The docs' Node example, verbatim in substance: keys sorted at every depth. */
function sortObject(object: Record<string, unknown>): Record<string, unknown> {
  return Object.keys(object)
    .sort()
    .reduce<Record<string, unknown>>((result, key) => {
      const value = object[key];
      result[key] = value && typeof value === 'object' ? sortObject(value as Record<string, unknown>) : value;
      return result;
    }, {});
}

/** An IPN callback as NOWPayments sends it: the JSON body (keys as they come) and its `x-nowpayments-sig`. */
export function ipnDelivery(
  fake: Pick<FakeNowpayments, 'ipnSecret'>,
  payment: object,
  secret: string = fake.ipnSecret,
): { body: string; headers: Record<string, string> } {
  const signature = createHmac('sha512', secret)
    .update(JSON.stringify(sortObject(payment as Record<string, unknown>)))
    .digest('hex');
  return {
    body: JSON.stringify(payment),
    headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signature },
  };
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** NOWPayments' ids are 10-digit numbers. */
const newId = () => randomInt(1_000_000_000, 9_999_999_999);

export async function startFakeNowpayments(): Promise<FakeNowpayments> {
  const fake = {
    apiKey: `${newId()}-NP-KEY`,
    ipnSecret: `ipn-${newId()}`,
    invoices: new Map<string, FakeNowpaymentsInvoice>(),
    payments: new Map<number, FakeNowpaymentsPayment>(),
    requests: [] as string[],
    callbacks: [] as { status: number; body: unknown }[],
    down: false,
  };
  let base = '';

  function pay(invoiceId: string, status = 'finished'): FakeNowpaymentsPayment {
    const invoice = fake.invoices.get(invoiceId);
    if (!invoice) throw new Error(`No invoice ${invoiceId} at the fake NOWPayments`);
    const now = new Date().toISOString();
    // Keys in the API's own order, not sorted: the signature is over the sorted form.
    const payment: FakeNowpaymentsPayment = {
      payment_id: newId(),
      invoice_id: Number(invoice.id),
      payment_status: status,
      pay_address: 'TNDFkiSmBQorNFacb3735q8MnT29sn8BLn',
      price_amount: invoice.price_amount,
      price_currency: invoice.price_currency,
      pay_amount: 165.652609,
      actually_paid: status === 'finished' ? 165.652609 : 0,
      pay_currency: 'usdttrc20',
      order_id: invoice.order_id,
      order_description: invoice.order_description,
      purchase_id: String(newId()),
      outcome_amount: 164.9,
      outcome_currency: 'usdttrc20',
      fee: { currency: 'usdttrc20', depositFee: 0, withdrawalFee: 0.5, serviceFee: 0.25 },
      created_at: now,
      updated_at: now,
    };
    fake.payments.set(payment.payment_id, payment);
    return payment;
  }

  async function notify(payment: FakeNowpaymentsPayment): Promise<{ status: number; body: unknown }> {
    const invoice = fake.invoices.get(String(payment.invoice_id));
    if (!invoice) throw new Error(`No invoice ${payment.invoice_id} at the fake NOWPayments`);
    const delivery = ipnDelivery(fake, payment);
    const response = await fetch(invoice.ipn_callback_url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    const answer = { status: response.status, body: await response.json().catch(() => null) };
    fake.callbacks.push(answer);
    return answer;
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    fake.requests.push(`${request.method} ${url.pathname}`);
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const refuse = (statusCode: number, code: string, message: string) =>
      answer(statusCode, { status: false, statusCode, code, message });
    if (fake.down) return refuse(503, 'SERVICE_UNAVAILABLE', 'Service unavailable');

    // The hosted invoice page (`invoice_url`): "paying" makes a finished payment, returns the customer to the shop
    // and then posts the callback, as the real one does once the coins arrive.
    if (url.pathname === '/payment/' || url.pathname === '/payment/pay') {
      const invoice = fake.invoices.get(url.searchParams.get('iid') ?? '');
      if (!invoice || request.method !== 'GET') return refuse(404, 'INVOICE_NOT_FOUND', 'Invoice not found');
      if (url.pathname === '/payment/pay') {
        const payment = pay(invoice.id);
        response.writeHead(302, { location: invoice.success_url });
        response.end();
        await notify(payment);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(
        `<!doctype html><title>NOWPayments</title>` +
          `<h1>Pay ${invoice.price_amount} ${invoice.price_currency.toUpperCase()}</h1>` +
          `<a href="/payment/pay?iid=${invoice.id}">Pay</a>`,
      );
    }

    if (request.headers['x-api-key'] !== fake.apiKey) return refuse(403, 'INVALID_API_KEY', 'Invalid api key');
    if (request.method === 'POST' && url.pathname === '/v1/invoice') {
      const body = JSON.parse(await bodyOf(request)) as Partial<FakeNowpaymentsInvoice>;
      if (typeof body.price_amount !== 'number' || body.price_amount <= 0 || typeof body.price_currency !== 'string') {
        return refuse(400, 'INVALID_REQUEST_PARAMS', 'price_amount and price_currency are required');
      }
      const id = String(newId());
      const invoice: FakeNowpaymentsInvoice = {
        id,
        order_id: String(body.order_id ?? ''),
        order_description: String(body.order_description ?? ''),
        price_amount: body.price_amount,
        price_currency: body.price_currency,
        ipn_callback_url: String(body.ipn_callback_url ?? ''),
        invoice_url: `${base}/payment/?iid=${id}`,
        success_url: String(body.success_url ?? ''),
        cancel_url: String(body.cancel_url ?? ''),
      };
      fake.invoices.set(id, invoice);
      // The API answers the amount as a string and the id as a string of digits.
      return answer(200, { ...invoice, price_amount: String(invoice.price_amount), token_id: 'tok' });
    }
    const read = /^\/v1\/payment\/(\d+)$/.exec(url.pathname);
    if (request.method === 'GET' && read) {
      const payment = fake.payments.get(Number(read[1]));
      return payment ? answer(200, payment) : refuse(404, 'PAYMENT_NOT_FOUND', 'Payment not found');
    }
    return refuse(404, 'NOT_FOUND', 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url: base,
    latest() {
      const invoice = [...fake.invoices.values()].at(-1);
      if (!invoice) throw new Error('No invoice was made at the fake NOWPayments');
      return invoice;
    },
    pay,
    notify,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
