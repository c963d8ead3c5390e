// The sandbox's hosted payment page, served by this server as if it were a gateway's: the
// order number and amount with Pay and Fail buttons (a plain form: the CSP allows no inline
// script). Submitting posts the signed webhook to our webhook path, then sends the browser
// to our callback with the signed result, exactly as a real gateway would.
import { formatRupees, orderPagePath, paiseToRupees } from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app.js';
import { forbiddenText, containsForbiddenText } from '../http/index.js';
import { escapeHtml, SHOP_NAME } from '../mail/index.js';
import { PAYMENT_PATHS } from './payment-provider.js';
import { findPayment } from './payments.service.js';
import { createSandboxGateway, SANDBOX_PAY_PATH, type SandboxPayment } from './sandbox.provider.js';
import { sandboxSecretSeed } from './sandbox-secret.js';

const Params = z.object({ token: z.string().min(1).max(1000) });
const Form = z.object({ result: z.enum(['paid', 'failed']) });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>
body{margin:0;font-family:system-ui,Arial,sans-serif;background:#f3f4f6;color:#111;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px 28px;width:min(360px,90vw);text-align:center}
h1{font-size:22px;margin:0 0 4px}.note{font-size:12px;color:#92400e;background:#fef3c7;border-radius:6px;padding:6px 8px;margin:0 0 20px}
.order{color:#4b5563;margin:0 0 8px}.amount{font-size:32px;font-weight:700;margin:0 0 24px}
form{display:flex;flex-direction:column;gap:12px}button{font-size:16px;padding:12px;border-radius:8px;border:0;cursor:pointer}
.pay{background:#15803d;color:#fff}.fail{background:#fff;color:#b91c1c;border:1px solid #b91c1c}a{color:#1d4ed8}
</style></head><body><main>${body}</main></body></html>`;
}

function paymentPage(token: string, payment: SandboxPayment): string {
  const amount = formatRupees(paiseToRupees(payment.amount));
  return page(
    `Pay ${amount} — ${SHOP_NAME}`,
    `<p class="note">Sandbox payment: no money moves.</p><h1>${SHOP_NAME}</h1>
<p class="order">Order #${payment.order}</p><p class="amount">${escapeHtml(amount)}</p>
<form method="post" action="${SANDBOX_PAY_PATH}/${escapeHtml(token)}">
<button class="pay" type="submit" name="result" value="paid">Pay ${escapeHtml(amount)}</button>
<button class="fail" type="submit" name="result" value="failed">Fail</button></form>`,
  );
}

function expiredPage(payment: SandboxPayment): string {
  return page(
    `Payment page expired — ${SHOP_NAME}`,
    `<h1>${SHOP_NAME}</h1><p>This payment page for order #${payment.order} has expired.</p>
<p><a href="${orderPagePath(payment.order)}">Back to your order</a> — use Pay Now to try again.</p>`,
  );
}

function closedPage(payment: SandboxPayment, status: 'paid' | 'cancelled'): string {
  const why =
    status === 'paid'
      ? `This payment page for order #${payment.order} has been paid already.`
      : `This payment page for order #${payment.order} was replaced by a newer one.`;
  return page(
    `Payment page closed — ${SHOP_NAME}`,
    `<h1>${SHOP_NAME}</h1><p>${escapeHtml(why)}</p>
<p><a href="${orderPagePath(payment.order)}">Back to your order</a></p>`,
  );
}

const missingPage = () =>
  page(
    `Payment page not found — ${SHOP_NAME}`,
    `<h1>${SHOP_NAME}</h1><p>This payment page does not exist.</p>`,
  );

export function sandboxGatewayRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const gateway = createSandboxGateway(sandboxSecretSeed(deps.config));
  // A real gateway keeps its pages' state; the sandbox's is the shop's payment row: a page a
  // newer attempt replaced (cancelled) or already paid takes no money.
  const closedAs = async (payment: SandboxPayment) => {
    const row = await findPayment(deps.database.db, 'sandbox', payment.ref);
    return row?.status === 'paid' || row?.status === 'cancelled' ? row.status : null;
  };
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        const form = Object.fromEntries(new URLSearchParams(String(body)));
        if (containsForbiddenText(form)) return done(forbiddenText(), undefined);
        done(null, form);
      },
    );
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/payments/sandbox/pay/:token',
      { schema: { params: Params } },
      async (request, reply) => {
        reply.type('text/html; charset=utf-8');
        const payment = gateway.read(request.params.token);
        if (!payment) return reply.status(404).send(missingPage());
        if (payment.exp * 1000 <= Date.now()) return reply.status(410).send(expiredPage(payment));
        const closed = await closedAs(payment);
        if (closed) return reply.status(410).send(closedPage(payment, closed));
        return paymentPage(request.params.token, payment);
      },
    );

    app.post(
      '/payments/sandbox/pay/:token',
      { schema: { params: Params, body: Form } },
      async (request, reply) => {
        const payment = gateway.read(request.params.token);
        if (!payment) return reply.status(404).type('text/html; charset=utf-8').send(missingPage());
        if (payment.exp * 1000 <= Date.now()) {
          return reply.status(410).type('text/html; charset=utf-8').send(expiredPage(payment));
        }
        const closed = await closedAs(payment);
        if (closed) {
          return reply
            .status(410)
            .type('text/html; charset=utf-8')
            .send(closedPage(payment, closed));
        }
        const done = gateway.complete(payment, request.body.result);
        const delivered = await app.inject({
          method: 'POST',
          url: PAYMENT_PATHS.webhook('sandbox'),
          headers: done.webhookHeaders,
          payload: done.webhookBody,
        });
        if (delivered.statusCode !== 200) {
          request.log.warn({ status: delivered.statusCode }, 'sandbox webhook was not accepted');
        }
        return reply.redirect(done.callbackUrl, 303);
      },
    );
  };
}
