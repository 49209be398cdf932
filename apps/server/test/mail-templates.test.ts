import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatEuros as eur } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { loadConfig } from '../src/env.ts';
import { escapeHtml, headerText, oneLine } from '../src/modules/mail/layout.ts';
import { renderRefundMail } from '../src/modules/mail/refund-templates.ts';
import { DEFAULT_AUDIENCES, type OrderMailKind, renderOrderMail } from '../src/modules/mail/templates.ts';

const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://fundamia.example' });
const PAID_AT = new Date('2026-03-02T09:30:00Z');

/** Markup and line breaks in every field a customer or a clerk can type. */
const BAD = '<img src=x onerror=alert(1)>\r\nX-Evil: 1';

function order(overrides: Partial<Order> = {}): Order {
  const brand = { id: 1, name: 'Apple' };
  return {
    id: '7d3c1a52-4f0e-4a8e-9a3b-2f1c5e6d7a8b',
    orderNumber: '000123',
    status: 'to_pay_at_store',
    total: 19.95,
    caseType: { id: 1, name: 'Rígida', clear: false },
    colour: null,
    shipping: 0,
    isHomeDelivery: false,
    paymentMethod: 'paystore',
    pendingPayment: true,
    pendingPrinting: true,
    createdAt: PAID_AT.toISOString(),
    image: null,
    imageSize: null,
    design: null,
    designTransform: null,
    designPhotos: [],
    designScene: null,
    draftScene: null,
    photos: [],
    store: {
      id: 1,
      name: 'Tienda Centro',
      address: 'Calle Nueva, 3',
      town: 'Málaga',
      province: 'Málaga',
      postalCode: '29005',
      shipping: 5,
      hours: '',
    },
    brand,
    model: { id: 1, name: 'iPhone 15', template: null, image: null, price: 19.95, brand },
    customerName: 'Ana García',
    customerEmail: 'ana@example.com',
    customerPhone: '600111222',
    customerAddress: null,
    customerCity: null,
    customerPostalCode: null,
    paidAt: null,
    paidBy: null,
    invoice: null,
    invoices: [],
    parcel: null,
    trackingToken: 'Q2hhbmdlZC1ieS10aGUtdGVzdA',
    ...overrides,
  };
}

const delivery = (overrides: Partial<Order> = {}) =>
  order({
    status: 'paid',
    paymentMethod: 'paynow',
    pendingPayment: false,
    isHomeDelivery: true,
    shipping: 5,
    customerAddress: 'Calle Larios, 5',
    customerCity: 'Málaga',
    customerPostalCode: '29005',
    ...overrides,
  });

const ALL: [OrderMailKind, 'customer' | 'shop'][] = (
  Object.entries(DEFAULT_AUDIENCES) as [OrderMailKind, readonly ('customer' | 'shop')[]][]
).flatMap(([kind, audiences]) => audiences.map((a) => [kind, a] as [OrderMailKind, 'customer' | 'shop']));

describe('text safety', () => {
  it('escapes the five HTML specials', () => {
    assert.equal(
      escapeHtml(`<a href="x" title='y'>&</a>`),
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('reduces header values to one line and bounds their length', () => {
    assert.equal(headerText('Hola\r\nBcc: otro@example.com\t\u0000fin'), 'Hola Bcc: otro@example.com fin');
    assert.equal(headerText('a\u2028b\u0085c'), 'a b c');
    const long = headerText('x'.repeat(500));
    assert.equal(long.length, 200);
    assert.ok(long.endsWith('…'));
    assert.equal(oneLine(null), '');
  });
});

describe('order mail templates', () => {
  it('renders every mail in Spanish, with the order number in the subject', () => {
    for (const [kind, audience] of ALL) {
      for (const o of [order(), delivery()]) {
        const m = renderOrderMail(kind, audience, o, config, PAID_AT);
        assert.ok(m.subject.includes('n.º 000123'), `${kind}/${audience}: ${m.subject}`);
        assert.match(m.html, /^<!DOCTYPE html>\n<html lang="es" dir="ltr">/);
        assert.ok(m.html.includes('<meta charset="utf-8">'));
        assert.ok(m.text.includes('000123'));
        assert.ok(m.text.includes('personalizada para Apple iPhone 15'));
        assert.ok(m.text.includes(config.company.legalName));
        // Labelled values are table rows whose labels are row headers, for screen readers.
        assert.ok(m.html.includes('<th scope="row"'));
        assert.ok(!/\{|\}|undefined|null|NaN/.test(m.text), `${kind}/${audience} leaks a placeholder`);
      }
    }
  });

  it("the order's summary names its case type, and the colour of a type with colours", () => {
    const plain = renderOrderMail('order-received', 'customer', order(), config);
    assert.ok(plain.text.includes('Tipo de funda: Rígida\n'), plain.text);
    const coloured = order({
      total: 26.95,
      caseType: { id: 4, name: 'Silicona', clear: false },
      colour: { id: 9, name: 'Azul noche', hex: '#1b2a4a' },
    });
    for (const [kind, audience] of [
      ['order-received', 'customer'],
      ['order-received', 'shop'],
      ['order-paid', 'customer'],
    ] as const) {
      const m = renderOrderMail(kind, audience, coloured, config, PAID_AT);
      assert.ok(m.text.includes('Tipo de funda: Silicona (Azul noche)'), `${kind}/${audience}: ${m.text}`);
      assert.ok(m.html.includes('Silicona (Azul noche)'), `${kind}/${audience}`);
      assert.ok(m.text.includes(`Precio: ${eur(26.95)} (IVA incluido)`), `${kind}/${audience}`);
    }
  });

  it('the plain-text part carries every link of the HTML part, in full', () => {
    const mails = [
      ...ALL.flatMap(([kind, audience]) =>
        [order(), delivery()].map((o) => ({
          name: `${kind}/${audience}`,
          m: renderOrderMail(kind, audience, o, config, PAID_AT),
        })),
      ),
      ...(['card', 'bizum'] as const).flatMap((method) =>
        (['refund', 'payment-not-applied'] as const).map((kind) => ({
          name: `${kind}/${method}`,
          m: renderRefundMail(
            kind,
            delivery(),
            { amountCents: 1990, method, invoiceNumber: 'R2026-000001' },
            config,
          ),
        })),
      ),
    ];
    let links = 0;
    for (const { name, m } of mails) {
      const hrefs = [...m.html.matchAll(/href="([^"]+)"/g)].map((h) => h[1]!.replaceAll('&amp;', '&'));
      assert.ok(hrefs.length > 0, `${name} links somewhere`);
      for (const href of hrefs) {
        const target = href.replace(/^mailto:|^tel:/, '');
        assert.ok(m.text.includes(target), `${name}: the text part lacks ${href}`);
        links++;
      }
    }
    assert.ok(links >= mails.length * 2, `${links} links checked`);
  });

  it("a refund says where the money went: 'a la misma tarjeta', 'por Bizum', never 'a la misma Bizum'", () => {
    const text = (kind: 'refund' | 'payment-not-applied', method: 'card' | 'bizum', automatic = true) =>
      renderRefundMail(
        kind,
        delivery(),
        { amountCents: 1990, method, invoiceNumber: null, automatic },
        config,
      ).text;
    assert.ok(text('refund', 'card').includes('a la misma tarjeta con la que pagaste'));
    assert.ok(text('refund', 'bizum').includes('por Bizum, al mismo número con el que pagaste'));
    for (const kind of ['refund', 'payment-not-applied'] as const) {
      for (const automatic of [true, false]) {
        assert.doesNotMatch(text(kind, 'bizum', automatic), /la misma Bizum|tu Bizum/);
      }
    }
  });

  it('escapes and flattens whatever customers and clerks typed', () => {
    const evil = delivery({
      customerName: BAD,
      customerEmail: 'ana@example.com',
      customerPhone: BAD,
      customerAddress: BAD,
      customerCity: BAD,
      customerPostalCode: BAD,
      store: { ...order().store, name: BAD, address: BAD, town: BAD },
      brand: { id: 1, name: BAD },
      model: { ...order().model, name: BAD },
    });
    for (const [kind, audience] of ALL) {
      for (const o of [evil, { ...evil, isHomeDelivery: false }]) {
        const m = renderOrderMail(kind, audience, o, config, PAID_AT);
        assert.ok(!m.html.includes('<img'), `${kind}/${audience}: unescaped markup`);
        assert.ok(
          m.html.includes('&lt;img src=x onerror=alert(1)&gt;'),
          `${kind}/${audience}: value missing`,
        );
        assert.ok(!/[\r\n]/.test(m.subject), `${kind}/${audience}: line break in the subject`);
        assert.ok(!m.text.includes('\r'), `${kind}/${audience}: CR in the text`);
        assert.ok(!/^X-Evil/m.test(m.text), `${kind}/${audience}: a value started a line of its own`);
      }
    }
  });

  it('order received, pay at the store: price, pickup store with address and hours, pay-at-store note', () => {
    const m = renderOrderMail('order-received', 'customer', order(), config);
    assert.equal(m.subject, 'Hemos recibido tu pedido n.º 000123');
    for (const s of [
      'Hola, Ana García:',
      `Precio: ${eur(19.95)} (IVA incluido)`,
      'Recogida en tienda',
      'Calle Nueva, 3',
      '29005 Málaga (Málaga)',
      'Horario: de lunes a viernes, de 10:00 a 22:00',
      `Pagarás ${eur(19.95)} al recoger tu funda en la tienda.`,
    ]) {
      assert.ok(m.text.includes(s), s);
    }
    assert.ok(m.html.includes(`Pagarás ${eur(19.95)} al recoger tu funda en la tienda.`));
  });

  it("the shop's copy names the customer and how to reach them", () => {
    const m = renderOrderMail('order-received', 'shop', order(), config);
    assert.equal(m.subject, 'Nuevo pedido n.º 000123 de Ana García (Tienda Centro)');
    for (const s of [
      'Nombre: Ana García',
      'Teléfono: +34 600 111 222',
      'Correo electrónico: ana@example.com',
    ]) {
      assert.ok(m.text.includes(s), s);
    }
  });

  it('order paid with home delivery: the amount charged with 5,00 € shipping and 2 to 4 working days', () => {
    const m = renderOrderMail('order-paid', 'customer', delivery(), config, PAID_AT);
    assert.equal(m.subject, 'Pago recibido: pedido n.º 000123');
    for (const s of [
      'Fecha: 2 de marzo de 2026',
      `Envío a domicilio: ${eur(5)} (IVA incluido)`,
      `Total pagado: ${eur(24.95)} (IVA incluido)`,
      '2 a 4 días laborables',
      'lunes a viernes',
      'Calle Larios, 5',
    ]) {
      assert.ok(m.text.includes(s), s);
    }
    assert.ok(m.text.includes('10:30'), 'time of payment in Europe/Madrid');
  });

  it('order paid for pickup: no shipping, the store to collect it from', () => {
    const m = renderOrderMail(
      'order-paid',
      'customer',
      order({ status: 'paid', pendingPayment: false, paymentMethod: 'paynow' }),
      config,
    );
    assert.ok(!m.text.includes('Envío a domicilio'));
    assert.ok(m.text.includes(`Total pagado: ${eur(19.95)} (IVA incluido)`));
    assert.ok(m.text.includes('Calle Nueva, 3'));
  });

  it('delivery details for the shop: every field needed to ship', () => {
    const m = renderOrderMail('delivery-details', 'shop', delivery(), config);
    assert.equal(m.subject, 'Datos de envío del pedido n.º 000123: Ana García');
    for (const s of [
      'Nombre: Ana García',
      'Teléfono: +34 600 111 222',
      'Correo electrónico: ana@example.com',
      'Dirección: Calle Larios, 5',
      'Ciudad: Málaga',
      'Código postal: 29005',
      'Pedido: n.º 000123',
    ]) {
      assert.ok(m.text.includes(s), s);
    }
  });

  it('ready for pickup: where, when, and what is left to pay', () => {
    const m = renderOrderMail('ready-for-pickup', 'customer', order(), config);
    assert.equal(m.subject, 'Tu funda está lista para recoger (pedido n.º 000123)');
    assert.ok(m.text.includes('Calle Nueva, 3'));
    assert.ok(m.text.includes(`Pagarás ${eur(19.95)} al recogerla.`));
    const paid = renderOrderMail('ready-for-pickup', 'customer', order({ pendingPayment: false }), config);
    assert.ok(!paid.text.includes('Pagarás'));
    // The store's own hours when it has them; what to bring; the tracking link.
    const withHours = order({ store: { ...order().store, hours: 'De lunes a sábado, de 10:00 a 21:00' } });
    const own = renderOrderMail('ready-for-pickup', 'customer', withHours, config);
    assert.ok(own.text.includes('Horario: De lunes a sábado, de 10:00 a 21:00'));
    assert.ok(own.text.includes('Número de pedido: 000123'));
    assert.match(own.text, /Sigue tu pedido en: \S*\/seguimiento\/Q2hhbmdlZC1ieS10aGUtdGVzdA\n/);
    // The link is the tracking token's, never the order id's (mails get forwarded).
    assert.ok(!own.text.includes(withHours.id) && !own.html.includes(withHours.id));
  });

  it('on its way: carrier, tracking number and link; delivered; both link to the tracking page', () => {
    const o = delivery({
      status: 'shipped',
      parcel: { carrier: 'SEUR', trackingNumber: 'ABC123', url: 'https://www.seur.com/x?n=ABC123' },
    });
    const withSite = { ...config, publicUrl: 'https://fundas.example.es' };
    const shipped = renderOrderMail('order-shipped', 'customer', o, withSite);
    assert.equal(shipped.subject, 'Tu funda va de camino (pedido n.º 000123)');
    for (const line of [
      'Transportista: SEUR',
      'Número de seguimiento: ABC123',
      'https://www.seur.com/x?n=ABC123',
    ]) {
      assert.ok(shipped.text.includes(line), line);
    }
    assert.ok(shipped.html.includes(`href="https://fundas.example.es/seguimiento/${o.trackingToken}"`));
    const delivered = renderOrderMail('order-delivered', 'customer', o, withSite);
    assert.equal(delivered.subject, 'Pedido entregado (pedido n.º 000123)');
    assert.ok(
      delivered.text.includes(`Sigue tu pedido en: https://fundas.example.es/seguimiento/${o.trackingToken}`),
    );
    // The shop's copies carry no customer tracking link.
    assert.ok(!renderOrderMail('order-received', 'shop', o, withSite).text.includes('/seguimiento/'));
  });

  it('greets without a name when there is none', () => {
    const m = renderOrderMail('order-received', 'customer', order({ customerName: null }), config);
    assert.ok(m.text.includes('\nHola:\n'));
    assert.equal(
      renderOrderMail('order-received', 'shop', order({ customerName: null }), config).subject,
      'Nuevo pedido n.º 000123 (Tienda Centro)',
    );
  });
});
