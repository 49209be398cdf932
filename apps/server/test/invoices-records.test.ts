import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ChainVerificationResult, InvoicePage } from '@shop/contracts/invoices';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { altaHash, amountText } from '../src/modules/invoices/verifactu.ts';
import {
  registroAltaXml,
  registroAnulacionXml,
  requestBodyXml,
} from '../src/modules/invoices/verifactu-xml.ts';
import { ADMIN, Client, createStaff, createTestApp, STORE2, signedIn, type TestApp } from './helpers.ts';
import {
  fixturesDir,
  hashTextFromXml,
  orderAtCounter,
  readRecord,
  recordElements,
  validateXml,
  xsdDir,
} from './verifactu-support.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();

/**
 * The AEAT's files as it publishes them, with the SHA-256 of each (recorded by two independent
 * projects that downloaded them from the AEAT; see docs/verifactu.md §4). `catalog.xml` is ours.
 */
const AEAT_FILES: Record<string, string> = {
  'ConsultaLR.xsd': 'bf2cdb8fc4b95b291757a72b76d8fffca06a6d30d9329122ca2fd6b2d5f8f1b1',
  'EventosSIF.xsd': 'cc7347c6a9a57a0c8edbc6b9ddcce55176452d0db0e68369477e207e9fbdd7e7',
  'RespuestaConsultaLR.xsd': 'de35063acb8d9ba0d6ae51acc6b595de9c2b12333250e95e13108ef5f2670d45',
  'RespuestaSuministro.xsd': '82acf80f785643caac13087aae66808ed721a13f08ca5218cf8ae81b695549ef',
  'RespuestaValRegistNoVeriFactu.xsd': '8f47af4f3c49d29b6a62aed261c09f171e855ad6d6bb72ef3fc0b147dc9572f0',
  'SistemaFacturacion.wsdl': '05919120708ff7650612fa6683c9336eaf919335d9a4db10e86759190af48602',
  'SuministroInformacion.xsd': 'ee4c1655175644de44c4c25055ffeb8e5f4bb4bc3834ce8254d4222ef18c8aa1',
  'SuministroLR.xsd': 'cbdac8d427cc5ab5d77ca48974cab0f35d6bb819c4c66db361681e3710aeba36',
  'xmldsig-core-schema.xsd': 'd102ad3df7664c307e0c2c776ba4a90513b1969974d8a940bae1a77f9f21e15d',
};

describe('VERI*FACTU: the published vectors and the chained samples reproduce', () => {
  test('the AEAT schemas are kept byte for byte as published (line endings included)', () => {
    assert.deepEqual(readdirSync(xsdDir()).sort(), [...Object.keys(AEAT_FILES), 'catalog.xml'].sort());
    for (const [name, sha] of Object.entries(AEAT_FILES)) {
      const digest = createHash('sha256')
        .update(readFileSync(path.join(xsdDir(), name)))
        .digest('hex');
      assert.equal(digest, sha, `${name} differs from the AEAT's file`);
    }
  });

  test('the AEAT worked examples (verifactu-test-vectors.json)', () => {
    const vectors = JSON.parse(
      readFileSync(path.join(fixturesDir, 'verifactu-test-vectors.json'), 'utf8'),
    ) as {
      alta: { text: string; huella: string }[];
    };
    assert.equal(vectors.alta.length, 2);
    for (const v of vectors.alta) {
      const f = Object.fromEntries(v.text.split('&').map((p) => p.split(/=(.*)/s).slice(0, 2))) as Record<
        string,
        string
      >;
      const hash = altaHash({
        issuerNif: f.IDEmisorFactura!,
        invoiceNumber: f.NumSerieFactura!,
        issueDate: f.FechaExpedicionFactura!,
        invoiceType: f.TipoFactura!,
        cuotaTotal: f.CuotaTotal!,
        importeTotal: f.ImporteTotal!,
        previousHash: f.Huella!,
        generatedAt: f.FechaHoraHusoGenRegistro!,
      });
      assert.equal(hash, v.huella);
    }
  });

  const samples = ['alta-simplificada.xml', 'anulacion.xml', 'rectificativa-r5.xml'];
  test('the three chained samples: huellas recomputed from their XML, and rebuilt by our writer', () => {
    let previous = '';
    for (const name of samples) {
      const xml = readFileSync(path.join(fixturesDir, 'verifactu-samples', name), 'utf8');
      validateXml(xml, 'SuministroLR.xsd');
      const [element] = recordElements(xml);
      const { type, fields: f } = readRecord(element!);
      assert.equal(f.Huella, sha256(hashTextFromXml(element!)), name);
      assert.equal(
        f.Encadenamiento.RegistroAnterior?.Huella ?? '',
        previous,
        `${name} chains the previous sample`,
      );
      previous = f.Huella;
      const software = {
        producerName: f.SistemaInformatico.NombreRazon,
        producerNif: f.SistemaInformatico.NIF,
        name: f.SistemaInformatico.NombreSistemaInformatico,
        id: f.SistemaInformatico.IdSistemaInformatico,
        version: f.SistemaInformatico.Version,
        installation: f.SistemaInformatico.NumeroInstalacion,
      };
      const prev = f.Encadenamiento.RegistroAnterior
        ? {
            issuerNif: f.Encadenamiento.RegistroAnterior.IDEmisorFactura,
            invoiceNumber: f.Encadenamiento.RegistroAnterior.NumSerieFactura,
            issueDate: f.Encadenamiento.RegistroAnterior.FechaExpedicionFactura,
            hash: f.Encadenamiento.RegistroAnterior.Huella,
          }
        : null;
      const rebuilt =
        type === 'alta'
          ? registroAltaXml({
              issuerNif: f.IDFactura.IDEmisorFactura,
              issuerName: f.NombreRazonEmisor,
              invoiceNumber: f.IDFactura.NumSerieFactura,
              issueDate: f.IDFactura.FechaExpedicionFactura,
              invoiceType: f.TipoFactura,
              rectifies: f.FacturasRectificadas
                ? [
                    {
                      issuerNif: f.FacturasRectificadas.IDFacturaRectificada.IDEmisorFactura,
                      invoiceNumber: f.FacturasRectificadas.IDFacturaRectificada.NumSerieFactura,
                      issueDate: f.FacturasRectificadas.IDFacturaRectificada.FechaExpedicionFactura,
                    },
                  ]
                : undefined,
              description: f.DescripcionOperacion,
              breakdown: [
                {
                  vatRate: f.Desglose.DetalleDesglose.TipoImpositivo,
                  base: f.Desglose.DetalleDesglose.BaseImponibleOimporteNoSujeto,
                  vat: f.Desglose.DetalleDesglose.CuotaRepercutida,
                },
              ],
              cuotaTotal: f.CuotaTotal,
              importeTotal: f.ImporteTotal,
              previous: prev,
              generatedAt: f.FechaHoraHusoGenRegistro,
              hash: f.Huella,
              software,
            })
          : registroAnulacionXml({
              issuerNif: f.IDFactura.IDEmisorFacturaAnulada,
              invoiceNumber: f.IDFactura.NumSerieFacturaAnulada,
              issueDate: f.IDFactura.FechaExpedicionFacturaAnulada,
              previous: prev,
              generatedAt: f.FechaHoraHusoGenRegistro,
              hash: f.Huella,
              software,
            });
      assert.deepEqual(readRecord(rebuilt).fields, f, `${name} rebuilt field by field`);
      validateXml(rebuilt, 'SuministroInformacion.xsd');
      validateXml(
        requestBodyXml({ issuerName: 'EMPRESA DE PRUEBAS SL', issuerNif: '89890001K', incidencia: false }, [
          rebuilt,
        ]),
        'SuministroLR.xsd',
      );
    }
  });
});

describe('without an AEAT endpoint', () => {
  test('records queue and the invoice claims nothing: no VERI*FACTU legend, no QR', async () => {
    const t = await createTestApp();
    try {
      await createStaff(t.db);
      const admin = await signedIn(t.app, ADMIN);
      const c = new Client(t.app);
      const id = await orderAtCounter(t, 1, c);
      const paid = (await admin.post(`/api/orders/${id}/confirmPayment`)).json() as Order;
      const pdf = (await c.get(paid.invoice!.uri)).rawPayload;
      const dir = mkdtempSync(path.join(tmpdir(), 'noverifactu-'));
      try {
        writeFileSync(path.join(dir, 'f.pdf'), pdf);
        const text = execFileSync('pdftotext', [path.join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
        assert.ok(text.includes(paid.invoice!.number));
        assert.ok(!/VERI\*FACTU|verificable/i.test(text), text);
        execFileSync('pdftoppm', [
          '-r',
          '150',
          '-png',
          '-singlefile',
          path.join(dir, 'f.pdf'),
          path.join(dir, 'p'),
        ]);
        const { data, info } = await sharp(path.join(dir, 'p.png'))
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        assert.equal(
          jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height),
          null,
          'no QR',
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const page = (await admin.get('/api/invoices')).json() as InvoicePage;
      assert.equal(page.sender.enabled, false);
      assert.equal(page.sender.pending, 1);
      assert.equal(page.items[0]!.verifactu.state, 'pending');
    } finally {
      await t.close();
    }
  });
});

describe('invoices issued on payment, full invoices, rectificativas and anulaciones', () => {
  let t: TestApp;
  let admin: Client;
  // One customer's browser: the orders are theirs, and they read them and their invoices.
  let shopper: Client | undefined;
  const customer = () => {
    shopper ??= new Client(t.app);
    return shopper;
  };

  before(async () => {
    // An endpoint configured: the shop sends, so the PDFs carry the legend and the QR (nothing is
    // sent from here: the sender runs in the server process, not in this app).
    t = await createTestApp({ env: { VERIFACTU_ENDPOINT: 'http://127.0.0.1:9/aeat' } });
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
  });
  after(() => t.close());

  const atCounter = (storeId = 1) => orderAtCounter(t, storeId, customer());
  const pay = async (id: string) => {
    const res = await admin.post(`/api/orders/${id}/confirmPayment`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as Order;
  };
  const read = async (id: string) => (await customer().get(`/api/orders/${id}`)).json() as Order;
  const recordOf = async (number: string) => {
    const res = await admin.get(`/api/invoices/${number}/record`);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^application\/xml/);
    return res.body;
  };

  test('paid at the counter: an F2 in the same transaction, on the order, downloadable with the order id', async () => {
    const id = await atCounter();
    assert.equal((await read(id)).invoice, null);
    const paid = await pay(id);
    assert.match(paid.invoice!.number, /^T\d{4}-\d{6}$/);
    const pdf = await customer().get(paid.invoice!.uri);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
    // Wrong order id for that number: nothing.
    assert.equal((await customer().get(paid.invoice!.uri.replace(id, await atCounter()))).statusCode, 404);
    const { type, fields } = readRecord(await recordOf(paid.invoice!.number));
    assert.equal(type, 'alta');
    assert.equal(fields.TipoFactura, 'F2');
    assert.equal(fields.Destinatarios, undefined);
    assert.equal(fields.SistemaInformatico.NombreSistemaInformatico, 'Fundamia Tienda Web');
    assert.match(fields.FechaHoraHusoGenRegistro, /\+0[12]:00$/);
    // Paying again changes nothing.
    assert.equal((await pay(id)).invoice!.number, paid.invoice!.number);
    const sameNumber = await admin.post(`/api/orders/${id}/generateInvoice`);
    assert.equal(sameNumber.json().number, paid.invoice!.number);
  });

  test("'Necesito factura completa': a wrong check digit is refused in Spanish; a valid NIF gives an F1", async () => {
    const id = await atCounter();
    const c = customer();
    const data = {
      taxId: '12345678A',
      name: 'Talleres Pérez, S.L.',
      address: 'Calle Larios 5',
      postalCode: '29005',
      city: 'Málaga',
    };
    const wrong = await c.put(`/api/orders/${id}/invoiceRequest`, { fullInvoice: true, ...data });
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.json(), { error: 'VALIDATION_FAILED', message: messages.taxIdInvalid });
    const empty = await c.put(`/api/orders/${id}/invoiceRequest`, {
      fullInvoice: true,
      ...data,
      taxId: 'B12345674',
      name: ' ',
    });
    assert.equal(empty.json().message, messages.fiscalFieldsRequired);
    const ok = await c.put(`/api/orders/${id}/invoiceRequest`, {
      fullInvoice: true,
      ...data,
      taxId: 'b-12345674',
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().data.taxId, 'B12345674');
    const paid = await pay(id);
    assert.match(paid.invoice!.number, /^F\d{4}-\d{6}$/);
    const { fields } = readRecord(await recordOf(paid.invoice!.number));
    assert.equal(fields.TipoFactura, 'F1');
    assert.deepEqual(fields.Destinatarios.IDDestinatario, {
      NombreRazon: 'Talleres Pérez, S.L.',
      NIF: 'B12345674',
    });
    const late = await c.put(`/api/orders/${id}/invoiceRequest`, { fullInvoice: false });
    assert.equal(late.statusCode, 409);

    const foreign = await atCounter();
    await c.put(`/api/orders/${foreign}/invoiceRequest`, {
      fullInvoice: true,
      ...data,
      taxId: 'FR12345678901',
    });
    const f = readRecord(await recordOf((await pay(foreign)).invoice!.number)).fields;
    assert.deepEqual(f.Destinatarios.IDDestinatario.IDOtro, {
      CodigoPais: 'FR',
      IDType: '02',
      ID: 'FR12345678901',
    });
  });

  test('rectificativas by difference: partial, the rest, never more; R1 for a full invoice; F3 exchange', async () => {
    const id = await atCounter();
    const inv = (await pay(id)).invoice!;
    const total = (await read(id)).total;
    const first = await admin.post(`/api/orders/${id}/rectify`, { amount: 5, reason: 'Devolución parcial' });
    assert.equal(first.statusCode, 200, first.body);
    assert.match(first.json().number, /^R\d{4}-\d{6}$/);
    const r5 = readRecord(await recordOf(first.json().number)).fields;
    assert.equal(r5.TipoFactura, 'R5');
    assert.equal(r5.TipoRectificativa, 'I');
    assert.equal(r5.ImporteTotal, '-5.00');
    assert.equal(r5.FacturasRectificadas.IDFacturaRectificada.NumSerieFactura, inv.number);
    const tooMuch = await admin.post(`/api/orders/${id}/rectify`, { amount: total, reason: 'Demasiado' });
    assert.equal(tooMuch.statusCode, 409);
    assert.equal(tooMuch.json().message, messages.invoiceCorrectionTooLarge);
    const rest = await admin.post(`/api/orders/${id}/rectify`, { reason: 'Resto' });
    assert.equal(
      readRecord(await recordOf(rest.json().number)).fields.ImporteTotal,
      amountText(-(Math.round(total * 100) - 500)),
    );
    const sums = await t.db.query<{ base: number; vat: number; total: number }>(
      `SELECT sum(base_cents)::int AS base, sum(vat_cents)::int AS vat, sum(total_cents)::int AS total FROM invoices WHERE order_id = $1`,
      [id],
    );
    assert.deepEqual(sums.rows[0], { base: 0, vat: 0, total: 0 });
    assert.equal(
      (await admin.post(`/api/orders/${id}/rectify`, { amount: 0.01, reason: 'x' })).statusCode,
      409,
    );

    // An exchange for a full invoice, then its rectificativa is an R1 citing the F3.
    const other = await atCounter();
    const simplified = (await pay(other)).invoice!;
    const ex = await admin.post(`/api/invoices/${simplified.number}/exchange`, {
      taxId: 'X1234567L',
      name: 'Ana Gómez',
      address: 'Calle Nueva 1',
      postalCode: '29001',
      city: 'Málaga',
    });
    assert.equal(ex.statusCode, 200, ex.body);
    const f3 = readRecord(await recordOf(ex.json().number)).fields;
    assert.equal(f3.TipoFactura, 'F3');
    assert.equal(f3.FacturasSustituidas.IDFacturaSustituida.NumSerieFactura, simplified.number);
    assert.equal((await read(other)).invoice!.number, ex.json().number);
    assert.equal(
      (
        await admin.post(`/api/invoices/${simplified.number}/exchange`, {
          taxId: 'X1234567L',
          name: 'Ana',
          address: 'a',
          postalCode: '1',
          city: 'c',
        })
      ).statusCode,
      409,
    );
    const r1 = await admin.post(`/api/orders/${other}/rectify`, { amount: 2.5, reason: 'Descuento' });
    const r1f = readRecord(await recordOf(r1.json().number)).fields;
    assert.equal(r1f.TipoFactura, 'R1');
    assert.equal(r1f.FacturasRectificadas.IDFacturaRectificada.NumSerieFactura, ex.json().number);
    assert.equal(r1f.Destinatarios.IDDestinatario.NIF, 'X1234567L');
  });

  test('cancelling an invoiced order issues its rectificativa; without it the database refuses (409)', async () => {
    const id = await atCounter();
    await pay(id);
    await assert.rejects(
      t.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [id]),
      (err: { code?: string }) => err.code === 'IV409',
    );
    const res = await admin.post(`/api/orders/${id}/status`, {
      status: 'cancelled',
      note: 'El cliente ya no la quiere',
    });
    assert.equal(res.statusCode, 200, res.body);
    const kinds = await t.db.query<{ kind: string; total_cents: number }>(
      'SELECT kind, total_cents FROM invoices WHERE order_id = $1 ORDER BY id',
      [id],
    );
    assert.deepEqual(
      kinds.rows.map((r) => r.kind),
      ['F2', 'R5'],
    );
    assert.equal(kinds.rows[0]!.total_cents + kinds.rows[1]!.total_cents, 0);
    // Store staff of another store cannot cancel (nor rectify) it.
    const other = await atCounter(1);
    await pay(other);
    const stranger = await signedIn(t.app, STORE2);
    assert.equal(
      (await stranger.post(`/api/orders/${other}/status`, { status: 'cancelled' })).statusCode,
      403,
    );
    assert.equal((await t.db.query('SELECT 1 FROM invoices WHERE order_id = $1', [other])).rows.length, 1);
  });

  test('the invoice of a sale that happened is not annulled (409 INVOICE_SALE_HAPPENED), nor is a rectificativa', async () => {
    const id = await atCounter();
    const inv = (await pay(id)).invoice!;
    const res = await admin.post(`/api/invoices/${inv.number}/annul`, { reason: 'Emitida por error' });
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.json().error, 'INVOICE_SALE_HAPPENED');
    assert.equal(res.json().message, messages.invoiceSaleHappened);
    assert.deepEqual((await read(id)).invoice, inv, 'the order keeps its invoice');
    const listed = (await admin.get('/api/invoices?size=200')).json() as InvoicePage;
    const row = listed.items.find((i) => i.number === inv.number)!;
    assert.equal(row.annullable, false, "the back office offers no 'Anular'");
    assert.equal(row.exchangeable, true, 'but still the exchange for a full invoice');
    // Corrected instead by a rectificativa, which cannot be annulled either.
    const r = await admin.post(`/api/orders/${id}/rectify`, { amount: 1, reason: 'Descuento' });
    assert.equal(r.statusCode, 200, r.body);
    const annulR = await admin.post(`/api/invoices/${r.json().number}/annul`, { reason: 'Error' });
    assert.equal(annulR.statusCode, 409, annulR.body);
    assert.equal(annulR.json().message, messages.rectificativaNotAnnullable);
    const after = (await admin.get('/api/invoices?size=200')).json() as InvoicePage;
    assert.equal(after.items.find((i) => i.number === r.json().number)!.annullable, false);
  });

  test('an admin annuls an invoice issued by mistake: a RegistroAnulacion; the order shows and serves no invoice', async () => {
    const id = await atCounter();
    const inv = (await pay(id)).invoice!;
    // The order carries no payment: the invoice documents no sale.
    await t.db.query('UPDATE orders SET paid_at = NULL, paid_by = NULL WHERE id = $1', [id]);
    const listed = (await admin.get('/api/invoices?size=200')).json() as InvoicePage;
    assert.equal(listed.items.find((i) => i.number === inv.number)!.annullable, true);
    assert.equal((await admin.post(`/api/invoices/${inv.number}/annul`, { reason: '' })).statusCode, 400);
    const res = await admin.post(`/api/invoices/${inv.number}/annul`, { reason: 'Emitida por error' });
    assert.equal(res.statusCode, 200, res.body);
    const { type, fields } = readRecord(await recordOf(inv.number));
    assert.equal(type, 'anulacion');
    assert.equal(fields.IDFactura.NumSerieFacturaAnulada, inv.number);
    const order = await read(id);
    assert.equal(order.invoice, null);
    assert.deepEqual(order.invoices, [], 'nor in the list of its invoices');
    const tracking = (await new Client(t.app).get(`/api/tracking/${order.trackingToken}`)).json();
    assert.equal(tracking.invoice, null);
    assert.deepEqual(tracking.invoices, []);
    // Its download is no longer the order's invoice for the customer; staff keep it for the books.
    const download = await customer().get(inv.uri);
    assert.equal(download.statusCode, 404);
    assert.equal(download.json().error, 'INVOICE_ANNULLED');
    assert.equal(download.json().message, messages.invoiceAnnulled);
    assert.equal((await admin.get(inv.uri)).statusCode, 200);
    assert.equal(
      (await admin.post(`/api/invoices/${inv.number}/annul`, { reason: 'otra vez' })).statusCode,
      409,
    );
    // Nothing is left to rectify, so the order may be cancelled.
    assert.equal((await admin.post(`/api/orders/${id}/status`, { status: 'cancelled' })).statusCode, 200);
    const store = await signedIn(t.app, STORE2);
    assert.equal((await store.post(`/api/invoices/${inv.number}/annul`, { reason: 'x' })).statusCode, 403);
  });

  test('one chain across altas and anulaciones: every huella recomputed from the XML; every record valid', async () => {
    const { rows } = await t.db.query<{ id: number; xml: string; hash: string }>(
      'SELECT id, xml, hash FROM verifactu_records ORDER BY id',
    );
    assert.ok(rows.length >= 12, `${rows.length} records`);
    let previous = '';
    for (const [i, r] of rows.entries()) {
      const { fields } = readRecord(r.xml);
      assert.equal(fields.Huella, sha256(hashTextFromXml(r.xml)), `record ${r.id}`);
      assert.equal(fields.Huella, r.hash);
      if (i === 0) assert.equal(fields.Encadenamiento.PrimerRegistro, 'S');
      else
        assert.equal(
          fields.Encadenamiento.RegistroAnterior.Huella,
          previous,
          `record ${r.id} chains the previous one`,
        );
      previous = fields.Huella;
      validateXml(r.xml, 'SuministroInformacion.xsd');
    }
    validateXml(
      requestBodyXml(
        { issuerName: 'Fundas Málaga Demo, S.L.', issuerNif: 'B00000000', incidencia: true },
        rows.map((r) => r.xml),
      ),
      'SuministroLR.xsd',
    );
    const verify = await admin.get('/api/invoices/verify');
    assert.deepEqual(verify.json() as ChainVerificationResult, { ok: true, records: rows.length });
    const list = (await admin.get('/api/invoices?size=200')).json() as InvoicePage;
    assert.deepEqual(new Set(list.items.map((i) => i.kind)), new Set(['F1', 'F2', 'F3', 'R1', 'R5']));
    assert.ok(list.items.some((i) => i.annulled && i.verifactu.recordType === 'anulacion'));
    assert.equal(list.sender.enabled, true);
  });

  test('the verify call re-hashes every PDF against the SHA-256 stored at issue', async () => {
    const { rows } = await t.db.query<{ full_number: string; storage_key: string }>(
      `SELECT i.full_number, f.storage_key FROM invoices i JOIN files f ON f.id = i.pdf_file_id ORDER BY i.id LIMIT 1`,
    );
    const key = rows[0]!.storage_key;
    const original = t.files.files.get(key)!;
    t.files.files.set(key, Buffer.concat([original, Buffer.from('%tampered\n')]));
    try {
      const res = (await admin.get('/api/invoices/verify')).json() as ChainVerificationResult;
      assert.equal(res.ok, false);
      assert.deepEqual(res.pdfMismatches, [rows[0]!.full_number]);
      assert.equal(res.firstBrokenId, undefined);
    } finally {
      t.files.files.set(key, original);
    }
  });
});
