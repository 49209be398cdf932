import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_RETENTION } from '../retention.ts';
import { STORE_COOKIE, staticSlugs } from '../storefront.ts';
import { DEFECT_NOTICE_CAVEAT } from './legal-facts.ts';
import { staticPages } from './registry.ts';
import type { CompanyInfo, StaticPage } from './types.ts';

const company: CompanyInfo = {
  legalName: 'Fundas de Prueba Ejemplo S.L.',
  tradeName: 'FundaPrueba',
  nif: 'B00000000',
  address: 'Calle Ficticia, 1',
  postalCode: '29001',
  town: 'Málaga',
  province: 'Málaga',
  phone: '900 000 001',
  whatsapp: '34600000002',
  whatsappDisplay: '+34 600 000 002',
  email: 'hola@fundaprueba.example',
  hours: 'de lunes a viernes, de 10:00 a 22:00',
  registry: 'Registro Mercantil de Málaga, tomo 0000, folio 0, hoja MA-000000',
  retention: DEFAULT_RETENTION,
};

const other: CompanyInfo = {
  legalName: 'Otra Sociedad Distinta S.L.',
  tradeName: 'OtraMarca',
  nif: 'B99999999',
  address: 'Avenida Inventada, 99',
  postalCode: '29999',
  town: 'Villaejemplo',
  province: 'Provinciaejemplo',
  phone: '911 111 111',
  whatsapp: '34622222222',
  whatsappDisplay: '+34 622 222 222',
  email: 'contacto@otra.example',
  hours: 'de martes a sábado, de 9:00 a 14:00',
  registry: 'Registro Mercantil de Villaejemplo, hoja VE-1',
  retention: { ...DEFAULT_RETENTION, photoDaysAfterWarranty: 90 },
};

const build = (c: CompanyInfo): Record<string, StaticPage> =>
  Object.fromEntries(staticSlugs.map((slug) => [slug, staticPages[slug](c)]));

const pages = build(company);

const allTexts = (page: StaticPage): string[] => [
  page.title,
  page.summary,
  ...page.sections.flatMap((s) => [
    s.heading,
    ...s.blocks.flatMap((b) => (b.kind === 'p' ? [b.text] : b.items)),
  ]),
];

const fullText = (page: StaticPage): string => allTexts(page).join('\n');

const page = (slug: string): StaticPage => {
  const p = pages[slug];
  assert.ok(p, `page ${slug} exists`);
  return p;
};

const section = (slug: string, id: string): string => {
  const s = page(slug).sections.find((x) => x.id === id);
  assert.ok(s, `section ${slug}#${id} exists`);
  return s.blocks.flatMap((b) => (b.kind === 'p' ? [b.text] : b.items)).join('\n');
};

const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

describe('static page registry', () => {
  test('has the 10 slugs of the static pages, each building its own page', () => {
    assert.equal(staticSlugs.length, 10);
    assert.deepEqual(Object.keys(staticPages).sort(), [...staticSlugs].sort());
    for (const slug of staticSlugs) assert.equal(page(slug).slug, slug);
  });
});

describe('page structure', () => {
  for (const slug of staticSlugs) {
    test(`${slug}: title, summary, unique anchor ids, non-empty blocks, 300-1500 words`, () => {
      const p = page(slug);
      assert.ok(p.title.length > 0 && p.summary.length > 0);
      assert.ok(p.sections.length >= 3);
      const ids = p.sections.map((s) => s.id);
      assert.equal(new Set(ids).size, ids.length, `duplicate section id in ${slug}`);
      for (const id of ids) assert.match(id, /^[a-z0-9]+(?:-[a-z0-9]+)*$/, `bad anchor "${id}" in ${slug}`);
      for (const s of p.sections) {
        assert.ok(s.heading.length > 0);
        assert.ok(s.blocks.length > 0, `empty section ${slug}#${s.id}`);
        for (const b of s.blocks) {
          if (b.kind === 'ul') assert.ok(b.items.length > 0 && b.items.every((i) => i.trim().length > 0));
          else assert.ok(b.text.trim().length > 0);
        }
      }
      const words = wordCount(fullText(p));
      assert.ok(words >= 300 && words <= 1500, `${slug} has ${words} words`);
    });
  }
});

describe('text quality', () => {
  const unaccented = [
    'informacion',
    'politica',
    'garantia',
    'envio',
    'envios',
    'telefono',
    'codigo',
    'dia',
    'dias',
    'devolucion',
    'electronico',
    'pagina',
    'tramitacion',
    'razon',
    'direccion',
    'organica',
    'proteccion',
    'contratacion',
    'fisica',
    'articulo',
    'sesion',
    'analisis',
    'numero',
    'tambien',
    'mas',
    'ano',
    'anos',
    'movil',
    'aplicacion',
    'autenticacion',
  ];
  for (const slug of staticSlugs) {
    test(`${slug}: no placeholders, no undefined, no common missing accents`, () => {
      for (const text of allTexts(page(slug))) {
        assert.doesNotMatch(text, /undefined|lorem|ipsum|\[object /i, text);
        assert.doesNotMatch(text, /\bnull\b|\bNaN\b|\bTODO\b|XXX|\$\{|\{\{/, text);
        assert.doesNotMatch(text, / {2}| [,.;:]|\.\./, `spacing or punctuation: ${text}`);
        for (const w of unaccented) {
          assert.doesNotMatch(
            text,
            new RegExp(`(?<!\\p{L})${w}(?!\\p{L})`, 'iu'),
            `"${w}" without accent: ${text}`,
          );
        }
      }
    });
  }
});

describe('company data comes from configuration', () => {
  test('the legal name and NIF appear in the legal notice and the privacy policy', () => {
    for (const slug of ['legal', 'privacy']) {
      assert.ok(fullText(page(slug)).includes(company.legalName), slug);
      assert.ok(fullText(page(slug)).includes(company.nif), slug);
    }
    assert.ok(fullText(page('legal')).includes(company.registry));
  });

  test('contact shows hours, postal address, phone, WhatsApp and e-mail', () => {
    const t = fullText(page('contact'));
    for (const v of [company.hours, company.address, company.postalCode, company.town, company.phone]) {
      assert.ok(t.includes(v), v);
    }
    assert.ok(t.includes(company.whatsappDisplay) && t.includes(company.email));
  });

  test('WhatsApp is written as people read it (+34 600 000 002), never as the digits of its link', () => {
    for (const slug of staticSlugs) {
      const t = fullText(page(slug));
      assert.ok(!t.includes(company.whatsapp), `${slug} shows ${company.whatsapp}`);
    }
    assert.ok(fullText(page('legal')).includes(`WhatsApp: ${company.whatsappDisplay}`));
    assert.ok(fullText(page('contact')).includes(`WhatsApp: ${company.whatsappDisplay}`));
  });

  test('no other phone numbers, e-mail addresses or NIFs are hard-coded', () => {
    for (const slug of staticSlugs) {
      const t = fullText(page(slug));
      for (const email of t.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? []) assert.equal(email, company.email);
      for (const phone of t.match(/(?<![\d+])(?:\+34 )?[6789]\d{2}(?: ?\d{3}){2}(?!\d)/g) ?? []) {
        assert.ok([company.phone, company.whatsappDisplay].includes(phone), `${slug}: ${phone}`);
      }
      for (const nif of t.match(/\b[A-HJNP-SUVW]\d{7}[0-9A-J]\b/g) ?? []) assert.equal(nif, company.nif);
    }
  });

  test('building with other company data leaves no trace of the first company', () => {
    const again = build(other);
    const needles = [
      company.legalName,
      company.tradeName,
      company.nif,
      company.address,
      company.postalCode,
      company.phone,
      company.whatsappDisplay,
      company.email,
      company.registry,
    ];
    for (const slug of staticSlugs) {
      const p = again[slug];
      assert.ok(p);
      const t = fullText(p);
      for (const n of needles) assert.ok(!t.includes(n), `${slug} hard-codes ${n}`);
      assert.ok(!t.includes('10:00 a 22:00'), `${slug} hard-codes the opening hours`);
    }
    assert.ok(fullText(again.legal!).includes(other.legalName));
    assert.ok(fullText(again.privacy!).includes(other.legalName));
  });
});

describe('key facts are where a reader looks for them', () => {
  const has = (slug: string, ...needles: string[]) => {
    const t = fullText(page(slug));
    for (const n of needles) assert.ok(t.includes(n), `${slug} lacks "${n}"`);
  };

  test('general conditions', () => {
    has(
      'general-conditions',
      'mayor de edad',
      'capacidad para contratar',
      'veraces, exactos y actualizados',
      'Política de privacidad',
      'no está dirigido a menores',
      'remanufacturados, reacondicionados o reciclados',
      'sociedad de responsabilidad limitada',
      'Málaga',
      '14 días naturales',
      '103 c)',
      'Real Decreto Legislativo 1/2007',
      '72 horas',
      '19:25',
      '5,00 €',
      'Bizum',
      'lunes a viernes',
      '6 meses',
      '8 meses',
      '1 año',
      '34/2002',
    );
  });

  test('returns: withdrawal, personalised exception, costs, processing, recycling, cut-off', () => {
    has('return-conditions', '14 días naturales', '72 horas', '19:25', '5,00 €', 'una semana', '6 meses');
    const exception = section('return-conditions', 'productos-personalizados');
    assert.match(exception, /artículo 103 c\) del Real Decreto Legislativo 1\/2007/);
    assert.match(exception, /Ley General para la Defensa de los Consumidores y Usuarios/);
    assert.match(exception, /no puede devolverse por desistimiento/);
    assert.match(exception, /defecto/);
    assert.match(exception, /no personalizados pueden devolverse/);
    assert.match(section('return-conditions', 'devoluciones-no-aceptadas'), /6 meses[\s\S]*reciclaje/);
  });

  test('warranty: periods, 72 hours with photo, legal guarantee preserved', () => {
    has(
      'return-conditions-2',
      '6 meses',
      '8 meses',
      '1 año',
      'stock inicial',
      'Maquinaria',
      '72 horas',
      'fotografía',
    );
    has('return-conditions-2', 'garantía legal de conformidad', '5,00 €', 'una semana', 'lunes a viernes');
    // The legal guarantee comes first, with its 3 years; the shop's own terms are on top of it.
    const warranty = page('return-conditions-2');
    assert.equal(warranty.sections[0]?.id, 'garantia-legal');
    assert.match(warranty.sections[0]?.heading ?? '', /3 años/);
    assert.match(
      section('return-conditions-2', 'garantia-legal'),
      /3 años siguientes a la entrega \(artículo 120\)/,
    );
    assert.match(section('return-conditions-2', 'plazos-de-garantia'), /sin sustituirla ni reducirla/);
    assert.match(section('general-conditions', 'garantia'), /garantía legal de conformidad de 3 años/);
  });

  test('shipping', () => {
    has(
      'shipping',
      '5,00 € (IVA incluido)',
      'lunes a viernes',
      '2 a 4 días laborables',
      'España peninsular',
      'Baleares',
      'Canarias',
      'Ceuta',
      'Melilla',
      'recogida en tienda, que es gratuita',
      '19:25',
    );
  });

  test('payments', () => {
    has(
      'payments',
      'efectivo',
      'al recoger el pedido en la tienda',
      'Redsys',
      'Bizum',
      'no ve, no recibe ni almacena',
    );
    has('payments', 'Pagar en tienda', 'Pagar ahora', '19:25');
  });

  test('company', () => {
    has('company', 'Málaga', 'sociedad de responsabilidad limitada', 'tienda física', 'tiendas asociadas');
    has('company', 'Apple', 'Samsung', 'Xiaomi', 'OPPO', 'remanufacturados, reacondicionados o reciclados');
  });

  test('legal notice: sections, references and jurisdiction', () => {
    const ids = page('legal').sections.map((s) => s.id);
    assert.deepEqual(ids, [
      'datos-identificativos',
      'usuarios',
      'derechos-y-obligaciones',
      'uso-del-sitio-web',
      'proteccion-de-datos',
      'propiedad-intelectual',
      'exclusion-de-garantias',
      'modificaciones',
      'enlaces',
      'derecho-de-exclusion',
      'generalidades',
      'vigencia',
      'legislacion-aplicable-y-jurisdiccion',
    ]);
    has(
      'legal',
      '2016/679',
      '34/2002',
      '3/2018',
      '15/1999',
      'mayor de edad',
      'clave de acceso',
      'lunes a viernes',
    );
    assert.match(
      section('legal', 'proteccion-de-datos'),
      /3\/2018[\s\S]*que sustituyó a la Ley Orgánica 15\/1999/,
    );
    assert.match(section('legal', 'derecho-de-exclusion'), /suspender[\s\S]*retirar contenidos[\s\S]*acceso/);
    const jurisdiction = section('legal', 'legislacion-aplicable-y-jurisdiccion');
    assert.match(jurisdiction, /Juzgados y Tribunales de Málaga/);
    assert.match(jurisdiction, /consumidor[\s\S]*domicilio/);
  });

  test('privacy: data, purposes, retention, recipients, rights, references', () => {
    has('privacy', '2016/679', '3/2018', '15/1999', '34/2002', 'que sustituyó');
    const collected = section('privacy', 'informacion-recopilada');
    for (const n of ['nombre', 'correo electrónico', 'teléfono', 'código postal', 'fotografía', 'pedido']) {
      assert.ok(collected.includes(n), n);
    }
    assert.match(collected, /tarjeta[\s\S]*únicamente la entidad bancaria/);
    const retention = section('privacy', 'conservacion');
    assert.match(retention, /seis años[\s\S]*artículo 30 del Código de Comercio/);
    assert.match(retention, /fotografía[\s\S]*entregado el pedido[\s\S]*garantía/);
    // The periods the retention job applies, from the same source: a configured margin shows here.
    assert.match(retention, /garantía legal de 3 años desde la entrega, más 30 días/);
    assert.match(retention, /no llegan a confirmarse[\s\S]*a los 30 días de su última modificación/);
    assert.match(
      build(other)
        .privacy!.sections.find((x) => x.id === 'conservacion')!
        .blocks.flatMap((b) => (b.kind === 'p' ? [b.text] : b.items))
        .join('\n'),
      /más 90 días/,
    );
    const recipients = section('privacy', 'destinatarios');
    for (const n of ['pasarela de pago', 'transporte', 'Tributaria', 'facturas'])
      assert.ok(recipients.includes(n), n);
    const rights = section('privacy', 'acceso-y-derechos');
    for (const n of [
      'Acceso',
      'Rectificación',
      'Supresión',
      'Oposición',
      'Limitación',
      'Portabilidad',
      'aepd.es',
    ]) {
      assert.ok(rights.includes(n), n);
    }
    assert.ok(rights.includes('Agencia Española de Protección de Datos'));
    for (const id of ['seguridad', 'cambios', 'menores', 'preguntas', 'normativa-de-proteccion-de-datos']) {
      section('privacy', id);
    }
  });

  test('cookies: categories, duration, only technical cookies, analytics, browsers', () => {
    has('cookies', 'Técnicas', 'personalización', 'análisis', 'Publicitarias', 'de sesión', 'persistentes');
    const used = section('cookies', 'cookies-que-utilizamos');
    assert.match(used, /solo utiliza cookies técnicas/);
    assert.match(used, /no utiliza cookies de análisis ni publicitarias/);
    assert.ok(used.includes('XSRF-TOKEN') && used.includes('cookieConsentAccepted'));
    // Each cookie the site sets, and the local storage entry, by name with its purpose and duration.
    for (const name of [
      'sid (',
      'XSRF-TOKEN (',
      `${STORE_COOKIE} (`,
      'staff_session (',
      'cookieConsentAccepted (',
      'designInProgress (',
    ]) {
      const item = used.slice(used.indexOf(name));
      assert.ok(used.includes(name), name);
      assert.match(item.split('\n')[0] ?? '', /Duración: /, `${name} has a duration`);
    }
    assert.match(used, /cookieConsentAccepted \(almacenamiento local/);
    // The banner only informs: carrying on browsing is not consent (AEPD).
    assert.doesNotMatch(used, /continuar navegando|consideramos que acepta/);
    assert.match(
      section('cookies', 'cookies-de-analisis-de-terceros'),
      /tercero[\s\S]*actualizaríamos esta política/,
    );
    const browsers = section('cookies', 'configuracion-del-navegador');
    for (const b of ['Chrome', 'Firefox', 'Safari', 'Edge']) assert.ok(browsers.includes(b), b);
    section('cookies', 'actualizaciones');
  });

  test('contact', () => {
    has('contact', 'lunes a viernes', 'WhatsApp', 'Teléfono', 'Correo electrónico');
  });

  test('money is always written as 5,00 € (es-ES format)', () => {
    for (const slug of staticSlugs) {
      const t = fullText(page(slug));
      assert.doesNotMatch(t, /€ ?\d|\d\.\d{2} ?€|EUR\b|5 €/, slug);
    }
  });
});

describe('the legal guarantee and the privacy policy, as the law has them', () => {
  test('every mention of the 72-hour defect notice says it is no deadline of the legal guarantee', () => {
    let mentions = 0;
    for (const slug of staticSlugs) {
      for (const s of page(slug).sections) {
        for (const block of s.blocks) {
          for (const text of block.kind === 'p' ? [block.text] : block.items) {
            if (!/72 horas/.test(text)) continue;
            mentions++;
            assert.ok(text.includes(DEFECT_NOTICE_CAVEAT), `${slug}#${s.id}: "${text.slice(0, 80)}…"`);
          }
        }
      }
    }
    assert.ok(mentions >= 5, `the notice is mentioned on the pages (${mentions})`);
    assert.match(DEFECT_NOTICE_CAVEAT, /solo una petición/);
    assert.match(DEFECT_NOTICE_CAVEAT, /no tiene ningún plazo/);
    assert.match(DEFECT_NOTICE_CAVEAT, /artículos 114 y siguientes del TRLGDCU/);
    for (const slug of staticSlugs) {
      assert.doesNotMatch(fullText(page(slug)), /deben comunicarse en un plazo de 72 horas/, slug);
    }
  });

  test('the buyer has read the privacy policy, never accepts it (its basis is the contract)', () => {
    for (const slug of staticSlugs) {
      for (const text of allTexts(page(slug))) {
        for (const sentence of text.split(/(?<=\.)\s/)) {
          if (!/Política de privacidad/.test(sentence) || !/\bacept/i.test(sentence)) continue;
          assert.match(sentence, /haber leído la Política de privacidad/, `${slug}: "${sentence}"`);
        }
      }
    }
    assert.match(
      section('general-conditions', 'capacidad-para-contratar'),
      /haber leído la Política de privacidad/,
    );
    assert.match(section('legal', 'derechos-y-obligaciones'), /haber leído la Política de privacidad/);
  });
});
