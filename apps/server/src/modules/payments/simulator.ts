import { randomInt } from 'node:crypto';
import { formatEuros } from '@shop/contracts/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../env.ts';
import { shopOrigin } from '../../lib/shop-origin.ts';
import { registerFormBody } from './form-body.ts';
import {
  isGatewayOrder,
  paramOf,
  type RedsysParams,
  type SignedFields,
  signNotification,
  verifySignedFields,
} from './redsys.ts';
import { SimulatorLedger, simulatorRestRoutes } from './simulator-rest.ts';

/**
 * A stand-in for the Redsys payment page, for development and tests only. It speaks the gateway's
 * side of the protocol: it checks the signed request as Redsys would, shows a test page, sends the
 * shop a signed notification server to server and sends the browser back to URLOK or URLKO.
 *
 * It is a page of the shop's own origin, so it must not become a way into the shop: it takes no
 * cookies into account, changes nothing itself, and reaches the shop only through the signed
 * notification, which it sends only to the shop's own notification URL (never to an address a
 * request names, which would make it a tool for requests to other servers) and after which it
 * redirects only to the shop's own pages. The texts are the bank's, not the shop's, so they live
 * here rather than in the shop's message catalogue.
 */

const SimulatorFormSchema = z.object({
  Ds_SignatureVersion: z.string().max(64).optional(),
  Ds_MerchantParameters: z.string().max(8192).optional(),
  Ds_Signature: z.string().max(128).optional(),
});

const Decision = z.enum(['card', 'bizum', 'deny', 'cancel']);
type Decision = z.infer<typeof Decision>;

const DecisionFormSchema = SimulatorFormSchema.extend({ decision: Decision.optional() });

/** Redsys answer codes: authorised, declined by the issuer, cancelled by the customer. */
const RESPONSE: Record<Decision, string> = { card: '0000', bizum: '0000', deny: '0190', cancel: '9915' };

/** How long the shop may take to acknowledge the notification before the customer moves on. */
export const NOTIFICATION_TIMEOUT_MS = 10_000;

const STYLESHEET = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
header{border-bottom:3px solid #c8102e;margin-bottom:1rem}h1{font-size:1.4rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{font-weight:600}dd{margin:0}
.aviso{background:#fff4e5;border:1px solid #f0b35b;padding:.6rem;border-radius:4px}
.error{background:#fdecea;border:1px solid #e57373;padding:.6rem;border-radius:4px}
form{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1rem;border-radius:4px;border:1px solid #888;background:#fff;cursor:pointer}
button[value=card],button[value=bizum]{background:#1b7f3b;color:#fff;border-color:#1b7f3b}`;

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/simulator/redsys/style.css">
</head>
<body>
<header><h1>Pasarela de pago de pruebas</h1></header>
<main>
${body}
</main>
</body>
</html>`;
}

function sendPage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(title, body));
}

function errorPage(reply: FastifyReply, code: string, text: string): FastifyReply {
  return sendPage(
    reply,
    400,
    'Error en la petición de pago',
    `<p class="error"><strong>${escapeHtml(code)}</strong>: ${escapeHtml(text)}</p>
<p>La tienda ha enviado una petición de pago que la pasarela no acepta. No se ha realizado ningún cargo.</p>`,
  );
}

/** A checked payment request, with everything the simulator needs from it. */
interface PaymentRequest {
  fields: SignedFields;
  params: RedsysParams;
  order: string;
  amountCents: number;
  merchantUrl: string;
  urlOk: string;
  urlKo: string;
  /** Redsys DS_MERCHANT_PAYMETHODS: 'z' Bizum only, 'C' card only, absent both. */
  payMethods: string | undefined;
}

type Checked = { ok: true; request: PaymentRequest } | { ok: false; code: string; text: string };

/**
 * Checks a payment request as the gateway does (signature, merchant, terminal, amount, currency,
 * order number, transaction type), plus what keeps the simulator harmless: the notification URL
 * must be the shop's own, and URLOK / URLKO must be pages of the shop.
 */
function checkRequest(config: Config, origin: string, form: z.infer<typeof SimulatorFormSchema>): Checked {
  const fields: SignedFields = {
    Ds_SignatureVersion: form.Ds_SignatureVersion ?? '',
    Ds_MerchantParameters: form.Ds_MerchantParameters ?? '',
    Ds_Signature: form.Ds_Signature ?? '',
  };
  const verified = verifySignedFields(config.redsys.secretKey, fields, 'request', [
    config.redsys.signatureVersion,
  ]);
  if (!verified.ok) {
    switch (verified.reason) {
      case 'version':
        return { ok: false, code: 'SIS0429', text: 'Versión de firma no admitida.' };
      case 'parameters':
        return { ok: false, code: 'SIS0431', text: 'Los parámetros del comercio no son válidos.' };
      case 'order':
        return { ok: false, code: 'SIS0074', text: 'Número de pedido ausente o no válido.' };
      default:
        return { ok: false, code: 'SIS0042', text: 'La firma de la petición no es correcta.' };
    }
  }
  const { params, order } = verified;
  const get = (name: string) => paramOf(params, name) ?? '';
  if (get('DS_MERCHANT_MERCHANTCODE') !== config.redsys.merchantCode) {
    return { ok: false, code: 'SIS0026', text: 'Comercio desconocido.' };
  }
  if (Number(get('DS_MERCHANT_TERMINAL')) !== Number(config.redsys.terminal)) {
    return { ok: false, code: 'SIS0026', text: 'Terminal desconocido.' };
  }
  if (get('DS_MERCHANT_CURRENCY') !== '978')
    return { ok: false, code: 'SIS0027', text: 'Moneda no admitida.' };
  if (get('DS_MERCHANT_TRANSACTIONTYPE') !== '0') {
    return { ok: false, code: 'SIS0029', text: 'Tipo de operación no admitido.' };
  }
  const amount = get('DS_MERCHANT_AMOUNT');
  if (!/^[1-9]\d{0,9}$/.test(amount)) return { ok: false, code: 'SIS0018', text: 'Importe no válido.' };
  if (!isGatewayOrder(order)) return { ok: false, code: 'SIS0074', text: 'Número de pedido no válido.' };

  const merchantUrl = get('DS_MERCHANT_MERCHANTURL');
  if (merchantUrl !== `${origin}/api/payment/redsys/notification`) {
    return { ok: false, code: 'SIS0021', text: 'La URL de notificación no es la de esta tienda.' };
  }
  const ownPage = (url: string) => {
    try {
      return new URL(url).origin === new URL(origin).origin;
    } catch {
      return false;
    }
  };
  const urlOk = get('DS_MERCHANT_URLOK');
  const urlKo = get('DS_MERCHANT_URLKO');
  if (!ownPage(urlOk) || !ownPage(urlKo)) {
    return { ok: false, code: 'SIS0021', text: 'Las direcciones de vuelta no son de esta tienda.' };
  }
  const payMethods = paramOf(params, 'DS_MERCHANT_PAYMETHODS') || undefined;
  return {
    ok: true,
    request: { fields, params, order, amountCents: Number(amount), merchantUrl, urlOk, urlKo, payMethods },
  };
}

/** The choices the page offers, as Redsys does: PAYMETHODS 'z' is Bizum only, 'C' card only. */
function offered(payMethods: string | undefined): Decision[] {
  const pay: Decision[] = payMethods === 'z' ? ['bizum'] : payMethods === 'C' ? ['card'] : ['card', 'bizum'];
  return [...pay, 'deny', 'cancel'];
}

const LABEL: Record<Decision, string> = {
  card: 'Pagar con tarjeta (aceptar)',
  bizum: 'Pagar con Bizum',
  deny: 'Denegar',
  cancel: 'Cancelar',
};

function paymentPage(req: PaymentRequest): string {
  const hidden = (Object.entries(req.fields) as [string, string][])
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
  const buttons = offered(req.payMethods)
    .map((d) => `<button type="submit" name="decision" value="${d}">${escapeHtml(LABEL[d])}</button>`)
    .join('\n');
  const merchant = paramOf(req.params, 'DS_MERCHANT_MERCHANTNAME') ?? '';
  const description = paramOf(req.params, 'DS_MERCHANT_PRODUCTDESCRIPTION') ?? '';
  return `<p class="aviso">Entorno de pruebas: no se realiza ningún cargo real.</p>
<dl>
<dt>Comercio</dt><dd>${escapeHtml(merchant)}</dd>
<dt>Pedido</dt><dd>${escapeHtml(req.order)}</dd>
<dt>Concepto</dt><dd>${escapeHtml(description)}</dd>
<dt>Importe</dt><dd>${escapeHtml(formatEuros(req.amountCents / 100))}</dd>
</dl>
<form method="post" action="/simulator/redsys/decision">
${hidden}
${buttons}
</form>`;
}

/** Date and hour in Madrid as Redsys writes them: dd/mm/yyyy and HH:MM, URL-encoded in the JSON. */
function madridNow(): { date: string; hour: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('es-ES', {
      timeZone: 'Europe/Madrid',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return {
    date: encodeURIComponent(`${parts.day}/${parts.month}/${parts.year}`),
    hour: encodeURIComponent(`${parts.hour}:${parts.minute}`),
  };
}

/** The notification the gateway would send for this request and choice, signed with the merchant key. */
export function notificationParams(config: Config, req: PaymentRequest, decision: Decision): RedsysParams {
  const { date, hour } = madridNow();
  const paid = RESPONSE[decision] === '0000';
  const params: RedsysParams = {
    Ds_Date: date,
    Ds_Hour: hour,
    Ds_SecurePayment: paid ? '1' : '0',
    Ds_Amount: String(req.amountCents),
    Ds_Currency: '978',
    Ds_Order: req.order,
    Ds_MerchantCode: config.redsys.merchantCode,
    // The gateway pads the terminal ("001"); the shop must compare it as a number.
    Ds_Terminal: config.redsys.terminal.padStart(3, '0'),
    Ds_Response: RESPONSE[decision],
    Ds_MerchantData: '',
    Ds_TransactionType: '0',
    Ds_ConsumerLanguage: '1',
    Ds_AuthorisationCode: paid ? String(randomInt(1_000_000)).padStart(6, '0') : '',
  };
  if (decision === 'bizum') params.Ds_ProcessedPayMethod = '68';
  else if (decision !== 'cancel') {
    params.Ds_Card_Number = '454881******0004';
    params.Ds_Card_Country = '724';
    params.Ds_Card_Brand = '1';
    params.Ds_ProcessedPayMethod = '1';
  }
  return params;
}

/**
 * The built-in gateway. Register it only outside production and when no real gateway is
 * configured; it refuses to register otherwise.
 */
export async function simulatorRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  if (config.production || config.redsys.url) {
    throw new Error(
      'The Redsys simulator is for development and tests only, with no real gateway configured',
    );
  }
  registerFormBody(app, 16 * 1024);
  const ledger = new SimulatorLedger();
  await app.register(simulatorRestRoutes, { ledger });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { hide: true };
  // Posted by the shop's own pages, like the real gateway which is another site: there is no
  // forgery token to check, and nothing here acts on the visitor's session.
  const routeConfig = { csrf: false };
  const originOf = (req: FastifyRequest) => shopOrigin(config, req);

  r.get('/simulator/redsys/style.css', { schema }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(STYLESHEET),
  );

  r.post(
    '/simulator/redsys',
    { schema: { ...schema, body: SimulatorFormSchema.nullish() }, config: routeConfig },
    async (req, reply) => {
      const checked = checkRequest(config, originOf(req), req.body ?? {});
      if (!checked.ok) return errorPage(reply, checked.code, checked.text);
      return sendPage(reply, 200, 'Pasarela de pago de pruebas', paymentPage(checked.request));
    },
  );

  r.post(
    '/simulator/redsys/decision',
    { schema: { ...schema, body: DecisionFormSchema.nullish() }, config: routeConfig },
    async (req, reply) => {
      const body = req.body ?? {};
      // The browser carries the signed request back; it is verified again, as nothing it sends
      // can be trusted. Only the choice itself is the browser's, which is what a test page is for.
      const checked = checkRequest(config, originOf(req), body);
      if (!checked.ok) return errorPage(reply, checked.code, checked.text);
      const request = checked.request;
      const decision = body.decision;
      if (!decision || !offered(request.payMethods).includes(decision)) {
        return errorPage(reply, 'SIS0093', 'Forma de pago no permitida para esta operación.');
      }

      const answer = notificationParams(config, request, decision);
      ledger.record(request.order, request.amountCents, answer);
      const notification = signNotification(config.redsys.secretKey, answer, config.redsys.signatureVersion);
      try {
        const res = await fetch(request.merchantUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...notification }).toString(),
          redirect: 'manual',
          signal: AbortSignal.timeout(NOTIFICATION_TIMEOUT_MS),
        });
        await res.arrayBuffer();
        if (res.status !== 200) {
          req.log.warn(
            { status: res.status, gatewayOrder: request.order },
            'simulator: the shop refused the notification',
          );
        }
      } catch (err) {
        // The real gateway sends the customer back whatever became of its notification.
        req.log.warn({ err, gatewayOrder: request.order }, 'simulator: notification not delivered');
      }

      // Like Redsys, the return address carries the signed notification; the shop ignores it.
      const back = new URL(RESPONSE[decision] === '0000' ? request.urlOk : request.urlKo);
      for (const [name, value] of Object.entries(notification)) back.searchParams.set(name, value);
      return reply.header('cache-control', 'no-store').redirect(back.toString(), 303);
    },
  );
}
