import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { buildInvoiceAmounts, splitVatIncluded } from '../src/modules/invoices/amounts.ts';
import { formatInvoiceNumber } from '../src/modules/invoices/numbering.ts';
import { pdfSafeText, stripControlChars } from '../src/modules/invoices/pdf-text.ts';
import {
  AEAT_COTEJO_URL_PRODUCTION,
  AEAT_COTEJO_URL_TEST,
  type AltaHashFields,
  altaHash,
  altaHashText,
  amountText,
  type ChainRecord,
  cotejoUrl,
  madridDate,
  madridIsoDate,
  madridTimestamp,
  madridYear,
  verifyChain,
} from '../src/modules/invoices/verifactu.ts';

interface Vector {
  case: number;
  text: string;
  huella: string;
}
const vectors = JSON.parse(
  readFileSync(new URL('./fixtures/verifactu-test-vectors.json', import.meta.url), 'utf8'),
) as { alta: Vector[] };

/** The fields of AEAT's example text, read back from it. */
function fieldsOf(text: string): AltaHashFields {
  const v = Object.fromEntries(text.split('&').map((pair) => pair.split(/=(.*)/s).slice(0, 2))) as Record<
    string,
    string
  >;
  return {
    issuerNif: v.IDEmisorFactura!,
    invoiceNumber: v.NumSerieFactura!,
    issueDate: v.FechaExpedicionFactura!,
    invoiceType: v.TipoFactura!,
    cuotaTotal: v.CuotaTotal!,
    importeTotal: v.ImporteTotal!,
    previousHash: v.Huella!,
    generatedAt: v.FechaHoraHusoGenRegistro!,
  };
}

describe('VERI*FACTU huella (AEAT worked examples)', () => {
  test('the vectors file has both of AEAT alta examples', () => {
    assert.deepEqual(
      vectors.alta.map((v) => v.case),
      [1, 2],
    );
  });

  for (const v of vectors.alta) {
    test(`alta example ${v.case}: same text, same huella`, () => {
      const fields = fieldsOf(v.text);
      assert.equal(altaHashText(fields), v.text);
      assert.equal(altaHash(fields), v.huella);
      assert.match(altaHash(fields), /^[0-9A-F]{64}$/);
    });
  }

  test('example 2 chains example 1: its Huella field is the first huella', () => {
    const [first, second] = vectors.alta;
    assert.equal(fieldsOf(second!.text).previousHash, first!.huella);
    assert.equal(fieldsOf(first!.text).previousHash, '');
  });

  test('values are trimmed, and an empty previous huella stays as "Huella="', () => {
    const fields = fieldsOf(vectors.alta[0]!.text);
    assert.equal(altaHash({ ...fields, issuerNif: ` ${fields.issuerNif} ` }), vectors.alta[0]!.huella);
    assert.ok(altaHashText(fields).includes('&Huella=&'));
  });

  test('every field counts: "123.4" is not "123.40"', () => {
    const fields = fieldsOf(vectors.alta[0]!.text);
    assert.notEqual(altaHash({ ...fields, importeTotal: '123.450' }), vectors.alta[0]!.huella);
  });
});

describe('Madrid time', () => {
  test('winter +01:00 and summer +02:00', () => {
    assert.equal(madridTimestamp(new Date('2026-01-15T10:00:00Z')), '2026-01-15T11:00:00+01:00');
    assert.equal(madridTimestamp(new Date('2026-07-15T10:00:00Z')), '2026-07-15T12:00:00+02:00');
    assert.equal(madridTimestamp(new Date('2026-11-22T18:20:30.999Z')), '2026-11-22T19:20:30+01:00');
  });

  test('spring forward on 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00 UTC', () => {
    assert.equal(madridTimestamp(new Date('2026-03-29T00:59:59Z')), '2026-03-29T01:59:59+01:00');
    assert.equal(madridTimestamp(new Date('2026-03-29T01:00:00Z')), '2026-03-29T03:00:00+02:00');
  });

  test('fall back on 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00 UTC', () => {
    assert.equal(madridTimestamp(new Date('2026-10-25T00:59:59Z')), '2026-10-25T02:59:59+02:00');
    assert.equal(madridTimestamp(new Date('2026-10-25T01:00:00Z')), '2026-10-25T02:00:00+01:00');
  });

  test('dates and the numbering year follow the Madrid calendar, not UTC', () => {
    const newYear = new Date('2026-12-31T23:30:00Z'); // 00:30 on 1 January 2027 in Madrid
    assert.equal(madridYear(newYear), 2027);
    assert.equal(madridDate(newYear), '01-01-2027');
    assert.equal(madridIsoDate(newYear), '2027-01-01');
    assert.equal(madridDate(new Date('2026-06-30T21:59:59Z')), '30-06-2026');
    assert.throws(() => madridTimestamp(new Date(Number.NaN)), RangeError);
  });
});

describe('amounts', () => {
  test('cents as AEAT decimal text', () => {
    assert.equal(amountText(1235), '12.35');
    assert.equal(amountText(2490), '24.90');
    assert.equal(amountText(5), '0.05');
    assert.equal(amountText(0), '0.00');
    assert.equal(amountText(-500), '-5.00');
    assert.throws(() => amountText(1.5), RangeError);
  });

  test('VAT included at 21 %: base + VAT is exactly the total', () => {
    assert.deepEqual(splitVatIncluded(2490), { baseCents: 2058, vatCents: 432 });
    assert.deepEqual(splitVatIncluded(500), { baseCents: 413, vatCents: 87 });
    assert.deepEqual(splitVatIncluded(121), { baseCents: 100, vatCents: 21 });
    for (let total = 0; total < 20_000; total += 7) {
      const { baseCents, vatCents } = splitVatIncluded(total);
      assert.equal(baseCents + vatCents, total);
      assert.ok(Math.abs(baseCents * 1.21 - total) <= 0.605 + 1e-9, `total ${total}`);
    }
  });

  test('lines add up to the totals, whatever the roundings', () => {
    for (let a = 1; a < 3000; a += 13) {
      for (const b of [0, 1, 3, 499, 500, 650]) {
        const items = [{ description: 'Funda', totalCents: a }];
        if (b) items.push({ description: 'Envío a domicilio', totalCents: b });
        const { lines, totals } = buildInvoiceAmounts(items);
        assert.equal(totals.totalCents, a + b);
        assert.equal(totals.baseCents + totals.vatCents, totals.totalCents);
        assert.deepEqual(totals, { ...splitVatIncluded(a + b), totalCents: a + b, vatRate: 21 });
        assert.equal(
          lines.reduce((s, l) => s + l.baseCents, 0),
          totals.baseCents,
        );
        assert.equal(
          lines.reduce((s, l) => s + l.vatCents, 0),
          totals.vatCents,
        );
        for (const l of lines) assert.equal(l.baseCents + l.vatCents, l.totalCents);
      }
    }
  });

  test('invoice numbers: series, year and six digits', () => {
    assert.equal(formatInvoiceNumber('T', 2026, 1), 'T2026-000001');
    assert.equal(formatInvoiceNumber('T', 2027, 123456), 'T2027-123456');
  });
});

describe('AEAT verification QR (cotejo URL)', () => {
  const params = {
    nif: 'B00000000',
    invoiceNumber: 'T2026-000001',
    issueDate: '22-11-2026',
    importeTotal: '24.90',
  };

  test('production prints the AEAT service, anything else its test environment', () => {
    assert.equal(
      cotejoUrl(params, true),
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B00000000&numserie=T2026-000001&fecha=22-11-2026&importe=24.90',
    );
    assert.equal(
      cotejoUrl(params, false),
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B00000000&numserie=T2026-000001&fecha=22-11-2026&importe=24.90',
    );
    assert.ok(cotejoUrl(params, true).startsWith(AEAT_COTEJO_URL_PRODUCTION));
    assert.ok(cotejoUrl(params, false).startsWith(AEAT_COTEJO_URL_TEST));
  });

  test('values are URL-encoded (AEAT example: 12345678&G33)', () => {
    const url = new URL(cotejoUrl({ ...params, invoiceNumber: '12345678&G33' }, false));
    assert.ok(url.search.includes('numserie=12345678%26G33'));
    assert.equal(url.searchParams.get('numserie'), '12345678&G33');
  });
});

describe('chain verification', () => {
  /** A chain of n records built the way the service builds it. */
  function chain(n: number): ChainRecord[] {
    const records: ChainRecord[] = [];
    for (let i = 1; i <= n; i++) {
      const prev = records[records.length - 1];
      const fields: AltaHashFields = {
        issuerNif: 'B00000000',
        invoiceNumber: formatInvoiceNumber('T', 2026, i),
        issueDate: '22-11-2026',
        invoiceType: 'F2',
        cuotaTotal: amountText(432 + i),
        importeTotal: amountText(2490 + i),
        previousHash: prev?.hash ?? '',
        generatedAt: madridTimestamp(new Date(Date.UTC(2026, 10, 22, 9, 0, i))),
      };
      records.push({ ...fields, id: i * 10, previousId: prev?.id ?? null, hash: altaHash(fields) });
    }
    return records;
  }

  test('an untouched chain verifies from the first record', () => {
    assert.deepEqual(verifyChain(chain(25)), { ok: true, records: 25 });
    assert.deepEqual(verifyChain([]), { ok: true, records: 0 });
  });

  test("AEAT's two examples form a valid chain", () => {
    const records = vectors.alta.map((v, i) => ({ ...fieldsOf(v.text), id: i + 1, hash: v.huella }));
    assert.deepEqual(verifyChain(records), { ok: true, records: 2 });
  });

  test('a changed amount breaks that record', () => {
    const records = chain(10);
    records[4] = { ...records[4]!, importeTotal: '1.00' };
    assert.deepEqual(verifyChain(records), { ok: false, records: 10, firstBrokenId: 50 });
  });

  test('a record rewritten with a fresh huella breaks the next link', () => {
    const records = chain(10);
    const forged = { ...records[4]!, importeTotal: '1.00' };
    records[4] = { ...forged, hash: altaHash(forged) };
    assert.deepEqual(verifyChain(records), { ok: false, records: 10, firstBrokenId: 60 });
  });

  test('a removed or reordered record breaks the chain', () => {
    const removed = chain(6);
    removed.splice(2, 1);
    assert.equal(verifyChain(removed).firstBrokenId, 40);
    const swapped = chain(6);
    [swapped[2], swapped[3]] = [swapped[3]!, swapped[2]!];
    assert.equal(verifyChain(swapped).firstBrokenId, 40);
  });

  test('a first record that claims a predecessor, or a wrong previous id, is broken', () => {
    const records = chain(3);
    const first = { ...records[0]!, previousHash: records[2]!.hash };
    assert.equal(verifyChain([{ ...first, hash: altaHash(first) }]).firstBrokenId, 10);
    const relinked = chain(3);
    relinked[2] = { ...relinked[2]!, previousId: 10 };
    assert.equal(verifyChain(relinked).firstBrokenId, 30);
  });
});

describe('text on the PDF', () => {
  const charset = new Set(
    [...Array(0x7f - 0x20).keys()].map((i) => i + 0x20).concat([0xe1, 0xf1, 0xd1, 0x20ac, 0xe9]),
  );

  test('control and format characters never reach the document', () => {
    assert.equal(stripControlChars('Ana\u0000 \u0007María\r\n\tLópez\u202e\u200b '), 'Ana María López');
  });

  test('characters the font lacks fall back to their bare letter, or "?"', () => {
    assert.equal(pdfSafeText('Añorve, Málaga, 5 €', charset), 'Añorve, Málaga, 5 €');
    assert.equal(pdfSafeText('Ōsaka 中', charset), 'Osaka ?');
  });
});
