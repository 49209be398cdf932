import type { Order } from '@shop/contracts/orders';
import { formatPhoneForPeople } from '@shop/contracts/phone';
import { trackingPath } from '@shop/contracts/tracking-rules';
import type { Config } from '../../env.ts';

/**
 * How every mail of the shop looks, in HTML and plain text. Each mail is written once as a list of
 * blocks (headings, paragraphs, labelled rows) and both versions are rendered from it, so the two
 * never say different things.
 *
 * Everything interpolated may come from a customer or a clerk (a name such as
 * `<script>…</script>`, an address with line breaks), so every value is reduced to one line and,
 * in HTML, escaped. Subjects are headers: they never carry a control character.
 */

export type MailAudience = 'customer' | 'shop';
/** A mail written by staff to any address (the footer only names the sender). */
type FooterAudience = MailAudience | 'anyone';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What the templates need from the configuration. */
export type MailBranding = Pick<Config, 'company' | 'publicUrl'>;

// ------------------------------------------------------------------------------------------------
// Text safety
// ------------------------------------------------------------------------------------------------

/** Control characters and the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line of plain text: every control character (CR, LF, tab, NUL…) becomes a space. */
export function oneLine(value: string | null | undefined): string {
  return (value ?? '')
    .replace(CONTROL, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** A value fit for a header such as Subject: one line, and not longer than `max` characters. */
export function headerText(value: string, max = 200): string {
  const line = oneLine(value);
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

// ------------------------------------------------------------------------------------------------
// Blocks and their two renderings
// ------------------------------------------------------------------------------------------------

export type Row = readonly [label: string, value: string];

export type Block =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  /** A highlighted line: what the reader must not miss (pay at the store, delivery time). */
  | { type: 'note'; text: string }
  /** Labelled values under a small heading; `emphasise` marks the last row as the total. */
  | { type: 'rows'; title: string; rows: Row[]; emphasise?: boolean }
  /** A sentence that ends in a link (plain text: the address in full). Without an address: the sentence. */
  | { type: 'link'; text: string; label: string; href: string | undefined };

export interface Mail {
  subject: string;
  /** The line mail clients show next to the subject in the inbox. */
  preheader: string;
  blocks: Block[];
  audience: MailAudience;
  /** A customer mail's link to the order's tracking page, shown above the footer. */
  trackingUrl?: string | undefined;
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = '#27272a';
const MUTED = '#52525b';
const LINE = '#e4e4e7';

function blockHtml(b: Block): string {
  switch (b.type) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:1.3;font-weight:700;color:#18181b;">${escapeHtml(oneLine(b.text))}</h1>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:1.5;color:${INK};">${escapeHtml(oneLine(b.text))}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;padding:12px 16px;background-color:#fef9c3;border-left:4px solid #ca8a04;${FONT};font-size:16px;line-height:1.5;color:#1c1917;">${escapeHtml(oneLine(b.text))}</p>`;
    case 'link': {
      const p = `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:1.5;color:${INK};">`;
      if (!b.href) return `${p}${escapeHtml(oneLine(b.text))} ${escapeHtml(oneLine(b.label))}.</p>`;
      return `${p}${escapeHtml(oneLine(b.text))} <a href="${escapeHtml(b.href)}" style="color:#1d4ed8;text-decoration:underline;">${escapeHtml(oneLine(b.label))}</a>.</p>`;
    }
    case 'rows': {
      const last = b.rows.length - 1;
      const rows = b.rows
        .map(([label, value], i) => {
          const strong = b.emphasise && i === last ? 'font-weight:700;' : '';
          const cell = `padding:6px 0;border-bottom:1px solid ${LINE};${FONT};font-size:15px;line-height:1.4;vertical-align:top;${strong}`;
          return (
            `<tr><th scope="row" style="${cell}text-align:left;font-weight:${strong ? 700 : 400};color:${MUTED};width:40%;padding-right:12px;">${escapeHtml(oneLine(label))}</th>` +
            `<td style="${cell}color:${INK};">${escapeHtml(oneLine(value))}</td></tr>`
          );
        })
        .join('');
      return (
        `<h2 style="margin:24px 0 8px;${FONT};font-size:17px;line-height:1.3;font-weight:700;color:#18181b;">${escapeHtml(oneLine(b.title))}</h2>` +
        `<table style="width:100%;border-collapse:collapse;margin:0 0 16px;">${rows}</table>`
      );
    }
  }
}

function blockText(b: Block): string {
  switch (b.type) {
    case 'heading':
      return oneLine(b.text).toUpperCase();
    case 'paragraph':
      return oneLine(b.text);
    case 'note':
      return `>> ${oneLine(b.text)}`;
    case 'rows':
      return [oneLine(b.title), ...b.rows.map(([l, v]) => `  ${oneLine(l)}: ${oneLine(v)}`)].join('\n');
    case 'link':
      return `${oneLine(b.text)} ${oneLine(b.label)}${b.href ? `: ${b.href}` : '.'}`;
  }
}

/**
 * Who sends every mail (LSSI art. 10): the company's legal name, NIF, address and registry data,
 * and how to reach it. The same lines close the order mails and the staff's plain-text mails.
 */
export function footerLines(brand: MailBranding, audience: FooterAudience): string[] {
  const c = brand.company;
  const lines = [
    `${oneLine(c.legalName)} · NIF ${oneLine(c.nif)} · ${oneLine(c.address)}, ${oneLine(c.postalCode)} ${oneLine(c.town)} (${oneLine(c.province)})`,
    oneLine(c.registry),
    `Teléfono y WhatsApp: ${oneLine(formatPhoneForPeople(c.phone))} · Correo electrónico: ${oneLine(c.email)}`,
  ];
  lines.push(
    audience === 'customer'
      ? `Recibes este correo porque has hecho un pedido en ${oneLine(c.tradeName)}.`
      : audience === 'shop'
        ? `Mensaje automático de la tienda web ${oneLine(c.tradeName)}.`
        : `Te escribimos desde la tienda web ${oneLine(c.tradeName)}.`,
  );
  return lines;
}

export function render(mail: Mail, brand: MailBranding): RenderedMail {
  const subject = headerText(mail.subject);
  const trade = oneLine(brand.company.tradeName);
  const footer = footerLines(brand, mail.audience);
  const site = brand.publicUrl && /^https?:\/\//.test(brand.publicUrl) ? brand.publicUrl : undefined;

  const tracking = mail.trackingUrl ? `Sigue tu pedido en: ${mail.trackingUrl}` : null;
  const text = [
    trade,
    '',
    mail.blocks.map(blockText).join('\n\n'),
    '',
    ...(tracking ? [tracking, ''] : []),
    '--',
    ...footer,
    ...(site ? [site] : []),
    '',
  ].join('\n');

  const footerHtml = footer
    .map(
      (l) =>
        `<p style="margin:0 0 6px;${FONT};font-size:13px;line-height:1.5;color:${MUTED};">${escapeHtml(l)}</p>`,
    )
    .join('');
  const siteHtml = site
    ? `<p style="margin:0;${FONT};font-size:13px;line-height:1.5;"><a href="${escapeHtml(site)}" style="color:#1d4ed8;text-decoration:underline;">${escapeHtml(site.replace(/^https?:\/\//, ''))}</a></p>`
    : '';

  const html = `<!DOCTYPE html>
<html lang="es" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f4f5;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(oneLine(mail.preheader))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border:1px solid ${LINE};border-radius:8px;">
<tr><td style="padding:20px 32px;border-bottom:1px solid ${LINE};${FONT};font-size:20px;font-weight:700;color:#18181b;">${escapeHtml(trade)}</td></tr>
<tr><td style="padding:28px 32px 12px;">
${mail.blocks.map(blockHtml).join('\n')}
${mail.trackingUrl ? trackingHtml(mail.trackingUrl) : ''}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid ${LINE};">
${footerHtml}${siteHtml}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}

/** For mails kept in their own files (refunds): the same blocks, layout and footer. */
export { type Block as MailBlock, type Mail as MailContent, render as renderMail };

/** The link to the tracking page, as a button (an absolute link, or the path alone when the shop has no PUBLIC_URL). */
function trackingHtml(url: string): string {
  const link = /^https?:\/\//.test(url)
    ? `<a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background-color:#1d4ed8;border-radius:6px;color:#ffffff;text-decoration:none;font-weight:700;">Sigue tu pedido</a>`
    : `Sigue tu pedido en: ${escapeHtml(url)}`;
  return `<p style="margin:8px 0 16px;${FONT};font-size:16px;line-height:1.5;color:${INK};">${link}</p>`;
}

/**
 * The customer's read-only tracking page of the order (its tracking token, never the order id:
 * mails get forwarded), absolute when the shop's public address is known; none without a token.
 */
export function trackingLink(o: Order, brand: MailBranding): string | undefined {
  if (!o.trackingToken) return undefined;
  const site = brand.publicUrl && /^https?:\/\//.test(brand.publicUrl) ? brand.publicUrl : '';
  return `${site}${trackingPath(o.trackingToken)}`;
}
