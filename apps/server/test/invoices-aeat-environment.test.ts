// The QR code printed on an invoice points at the cotejo service of the AEAT environment its
// record is sent to (VERIFACTU_ENDPOINT), whatever the run mode (NODE_ENV): a record is found only
// where it was sent.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Order } from '@shop/contracts/orders';
import { ADMIN, createStaff, createTestApp, PRODUCTION, signedIn } from './helpers.ts';
import { orderAtCounter, readQrCode, renderPdfPage } from './verifactu-support.ts';

const PRODUCTION_COTEJO = 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?';
const TEST_COTEJO = 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?';

describe("the invoice's QR code follows VERIFACTU_ENDPOINT, not NODE_ENV", () => {
  let tmp: string;
  before(() => {
    tmp = mkdtempSync(path.join(tmpdir(), 'invoices-aeat-'));
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  /** The text of the QR code on the invoice of an order paid in an app run with `env`. */
  async function qrOfInvoice(env: Record<string, string>): Promise<string> {
    const t = await createTestApp({ env });
    try {
      await createStaff(t.db);
      const admin = await signedIn(t.app, ADMIN);
      const id = await orderAtCounter(t);
      const paid = await admin.post(`/api/orders/${id}/confirmPayment`);
      assert.equal(paid.statusCode, 200, paid.body);
      const number = (paid.json() as Order).invoice!.number;
      const pdf = await admin.get(`/api/orders/${id}/invoices/${number}/pdf`);
      assert.equal(pdf.statusCode, 200, pdf.body);
      const file = path.join(tmp, `${number}.pdf`);
      writeFileSync(file, pdf.rawPayload);
      const qr = await readQrCode(renderPdfPage(file, 200));
      assert.ok(qr, 'the QR code could not be decoded');
      return qr.data;
    } finally {
      await t.close();
    }
  }

  test("outside production, records sent to the AEAT's production service print its cotejo service", async () => {
    const qr = await qrOfInvoice({
      VERIFACTU_ENDPOINT:
        'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
      VERIFACTU_CERT: '/etc/fundamia/empresa.p12',
      VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH: '1',
    });
    assert.ok(qr.startsWith(`${PRODUCTION_COTEJO}nif=B00000000&numserie=T`), qr);
  });

  test('in production, records sent to a stand-in on this machine print the test cotejo service', async () => {
    const qr = await qrOfInvoice({
      ...PRODUCTION,
      VERIFACTU_ENDPOINT: 'https://127.0.0.1:9/verifactu',
      VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH: '1',
    });
    assert.ok(qr.startsWith(`${TEST_COTEJO}nif=B29123452&numserie=T`), qr);
  });

  test("in production, records sent to the AEAT's production service print its cotejo service", async () => {
    const qr = await qrOfInvoice(PRODUCTION);
    assert.ok(qr.startsWith(`${PRODUCTION_COTEJO}nif=B29123452&numserie=T`), qr);
  });
});
