import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the few Stripe endpoints the billing provider calls: it checks the bearer key, parses
// form bodies, records every request and answers with the shapes Stripe documents (trimmed to what matters).

export type StripeRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
};

export type StandInSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: { id: string } }[] };
  metadata: Record<string, string>;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

/** `metadata[plan]=pro` → `{ plan: 'pro' }` for one prefix of a parsed form. */
export const nested = (form: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith(`${prefix}[`))
      .map(([k, v]) => [k.slice(prefix.length + 1, -1), v]),
  );

export async function startStripeStandIn(secretKey: string) {
  const requests: StripeRequest[] = [];
  const subscriptions = new Map<string, StandInSubscription>();
  let declineNext = false;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: ServerResponse, status: number, type: string, message: string) =>
    send(res, status, { error: { type, message } });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const method = req.method ?? 'GET';
    requests.push({ method, path, authorization: req.headers.authorization, form });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');

    if (method === 'POST' && path === '/v1/customers')
      return send(res, 200, {
        id: id('cus'),
        object: 'customer',
        name: form.name ?? null,
        metadata: nested(form, 'metadata'),
      });
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = id('cs');
      return send(res, 200, {
        id: session,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: form.customer ?? null,
        subscription: null,
        client_reference_id: form.client_reference_id ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        metadata: nested(form, 'metadata'),
        url: `https://checkout.stripe.test/c/pay/${session}`,
      });
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const session = id('bps');
      return send(res, 200, {
        id: session,
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${session}`,
      });
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (sub) {
      const subscription = subscriptions.get(decodeURIComponent(sub[1]));
      if (!subscription)
        return stripeError(res, 404, 'invalid_request_error', `No such subscription: '${sub[1]}'`);
      if (method === 'GET') return send(res, 200, subscription);
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        return send(res, 200, subscription);
      }
      if (method === 'POST') {
        if (declineNext) {
          declineNext = false;
          return stripeError(res, 402, 'card_error', 'Your card was declined.');
        }
        const item = subscription.items.data.find((i) => i.id === form['items[0][id]']);
        if (!item) return stripeError(res, 400, 'invalid_request_error', 'No such subscription item');
        if (form['items[0][price]']) item.price = { id: form['items[0][price]'] };
        Object.assign(subscription.metadata, nested(form, 'metadata'));
        return send(res, 200, subscription);
      }
    }
    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => stripeError(res, 500, 'api_error', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    /** What Stripe does when Checkout is paid: a subscription for the customer on the price. */
    createSubscription(customer: string, price: string, metadata: Record<string, string> = {}) {
      const subscription: StandInSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: 'active',
        items: {
          object: 'list',
          data: [{ id: id('si'), object: 'subscription_item', price: { id: price } }],
        },
        metadata,
      };
      subscriptions.set(subscription.id, subscription);
      return subscription;
    },
    /** The next subscription update is refused as a declined card (402). */
    declineNextPayment() {
      declineNext = true;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
