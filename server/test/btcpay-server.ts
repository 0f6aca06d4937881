/**
 * A local BTCPay Server speaking the Greenfield subset the site uses (create and read an invoice, token auth), and
 * a sender of signed webhooks as BTCPay signs them. The real server is unreachable here; this one is a real HTTP
 * server, so the site's client code runs unchanged against it.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeInvoice {
  id: string;
  storeId: string;
  status: 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled';
  amount: string;
  currency: string;
  checkoutLink: string;
  metadata: Record<string, unknown>;
  redirectURL: string;
}

export interface FakeBtcpay {
  readonly url: string;
  readonly storeId: string;
  readonly apiKey: string;
  readonly webhookSecret: string;
  readonly invoices: Map<string, FakeInvoice>;
  /** Every request's method and path, in order. */
  readonly requests: string[];
  /** While set, every API call answers 503. */
  down: boolean;
  /** The invoice made last. */
  latest(): FakeInvoice;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeBtcpay(): Promise<FakeBtcpay> {
  const fake = {
    storeId: `store${randomUUID().slice(0, 8)}`,
    apiKey: randomUUID().replaceAll('-', ''),
    webhookSecret: randomUUID(),
    invoices: new Map<string, FakeInvoice>(),
    requests: [] as string[],
    down: false,
  };
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    fake.requests.push(`${request.method} ${path}`);
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (fake.down) return answer(503, { code: 'unavailable' });
    // The checkout page a customer is sent to: "paying" settles the invoice and returns to the shop, as BTCPay does.
    const checkout = /^\/i\/([^/]+)(\/pay)?$/.exec(path);
    if (checkout && request.method === 'GET') {
      const invoice = fake.invoices.get(checkout[1] ?? '');
      if (!invoice) return answer(404, { code: 'invoice-not-found' });
      if (checkout[2]) {
        invoice.status = 'Settled';
        response.writeHead(302, { location: invoice.redirectURL });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(
        `<!doctype html><title>BTCPay checkout</title><h1>Pay ${invoice.amount} ${invoice.currency}</h1>` +
          `<a href="/i/${invoice.id}/pay">Pay</a>`,
      );
    }
    if (request.headers.authorization !== `token ${fake.apiKey}`) return answer(401, { code: 'unauthenticated' });
    const match = /^\/api\/v1\/stores\/([^/]+)\/invoices(?:\/([^/]+))?$/.exec(path);
    if (!match || match[1] !== fake.storeId) return answer(404, { code: 'store-not-found' });
    const id = match[2];
    if (request.method === 'POST' && !id) {
      const body = JSON.parse(await bodyOf(request)) as {
        amount: string;
        currency: string;
        metadata?: Record<string, unknown>;
        checkout?: { redirectURL?: string };
      };
      const invoiceId = randomUUID().replaceAll('-', '').slice(0, 22);
      const invoice: FakeInvoice = {
        id: invoiceId,
        storeId: fake.storeId,
        status: 'New',
        amount: body.amount,
        currency: body.currency,
        checkoutLink: `http://127.0.0.1:${(server.address() as AddressInfo).port}/i/${invoiceId}`,
        metadata: body.metadata ?? {},
        redirectURL: body.checkout?.redirectURL ?? '',
      };
      fake.invoices.set(invoiceId, invoice);
      return answer(200, invoice);
    }
    if (request.method === 'GET' && id) {
      const invoice = fake.invoices.get(id);
      return invoice ? answer(200, invoice) : answer(404, { code: 'invoice-not-found' });
    }
    return answer(405, { code: 'method-not-allowed' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    latest() {
      const invoice = [...fake.invoices.values()].at(-1);
      if (!invoice) throw new Error('No invoice was made at the fake BTCPay Server');
      return invoice;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A webhook delivery as BTCPay sends it: the JSON body and its `BTCPay-Sig` header. */
export function webhookDelivery(
  fake: Pick<FakeBtcpay, 'storeId' | 'webhookSecret'>,
  invoiceId: string,
  type: string,
  deliveryId: string = randomUUID(),
  secret: string = fake.webhookSecret,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    deliveryId,
    webhookId: 'wh1',
    originalDeliveryId: deliveryId,
    isRedelivery: false,
    type,
    timestamp: Math.floor(Date.now() / 1000),
    storeId: fake.storeId,
    invoiceId,
    metadata: {},
  });
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  return { body, headers: { 'content-type': 'application/json', 'btcpay-sig': `sha256=${signature}` } };
}
