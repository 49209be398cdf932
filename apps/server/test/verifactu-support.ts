import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import type { ModelPage } from '@shop/contracts/catalogue';
import { XMLParser } from 'fast-xml-parser';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { NS } from '../src/modules/invoices/verifactu-xml.ts';
import { Client, type TestApp } from './helpers.ts';

/** Parsed XML: untyped until read field by field. */
// biome-ignore lint/suspicious/noExplicitAny: fast-xml-parser returns untyped trees.
type XmlNode = any;

/** The repository's root (this file is apps/server/test/). */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/** The AEAT's schemas as the server keeps them, with the XML catalog that keeps xmllint offline. */
export const xsdDir = () => path.join(repoRoot, 'apps/server/src/modules/invoices/xsd');

/** Chained sample messages and the AEAT's worked huella examples (see `fixtures/README.md`). */
export const fixturesDir = path.join(import.meta.dirname, 'fixtures');

/** xmllint (libxml2-utils) with the AEAT's schemas, offline through the schemas' own catalog. */
export function validateXml(
  xml: string,
  schema: 'SuministroLR.xsd' | 'SuministroInformacion.xsd' | 'RespuestaSuministro.xsd',
): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'xsd-'));
  try {
    const file = path.join(dir, 'doc.xml');
    writeFileSync(file, xml);
    const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', path.join(xsdDir(), schema), file], {
      encoding: 'utf8',
      env: { ...process.env, XML_CATALOG_FILES: path.join(xsdDir(), 'catalog.xml') },
    });
    if (r.error)
      assert.fail(`xmllint is not installed (apt-get install -y libxml2-utils): ${r.error.message}`);
    assert.equal(r.status, 0, `${schema} refuses the document:\n${r.stderr}\n${xml.slice(0, 4000)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
});

/** A record document or element read back as plain fields (namespace prefixes dropped). */
export function readRecord(xml: string): { type: 'alta' | 'anulacion'; fields: XmlNode } {
  const doc = parser.parse(xml) as XmlNode;
  if (doc.RegistroAlta) return { type: 'alta', fields: doc.RegistroAlta };
  if (doc.RegistroAnulacion) return { type: 'anulacion', fields: doc.RegistroAnulacion };
  throw new Error(`not a record: ${xml.slice(0, 200)}`);
}

/** The huella input text of a record, built from its XML alone (AEAT huella spec §3 and §5). */
export function hashTextFromXml(xml: string): string {
  const { type, fields: f } = readRecord(xml);
  const previous = f.Encadenamiento?.RegistroAnterior?.Huella ?? '';
  if (type === 'alta') {
    return [
      ['IDEmisorFactura', f.IDFactura.IDEmisorFactura],
      ['NumSerieFactura', f.IDFactura.NumSerieFactura],
      ['FechaExpedicionFactura', f.IDFactura.FechaExpedicionFactura],
      ['TipoFactura', f.TipoFactura],
      ['CuotaTotal', f.CuotaTotal],
      ['ImporteTotal', f.ImporteTotal],
      ['Huella', previous],
      ['FechaHoraHusoGenRegistro', f.FechaHoraHusoGenRegistro],
    ]
      .map(([k, v]) => `${k}=${String(v).trim()}`)
      .join('&');
  }
  return [
    ['IDEmisorFacturaAnulada', f.IDFactura.IDEmisorFacturaAnulada],
    ['NumSerieFacturaAnulada', f.IDFactura.NumSerieFacturaAnulada],
    ['FechaExpedicionFacturaAnulada', f.IDFactura.FechaExpedicionFacturaAnulada],
    ['Huella', previous],
    ['FechaHoraHusoGenRegistro', f.FechaHoraHusoGenRegistro],
  ]
    .map(([k, v]) => `${k}=${String(v).trim()}`)
    .join('&');
}

// ------------------------------------------------------------------------------------------------
// Certificates made at test time with openssl
// ------------------------------------------------------------------------------------------------

export interface TestCertificates {
  dir: string;
  caCert: string;
  serverKey: string;
  serverCert: string;
  /** The company's certificate as the shop holds it: PKCS#12 with a password. */
  clientP12: string;
  clientPassword: string;
  /** A certificate of another CA, which the fake AEAT must refuse. */
  strangerP12: string;
}

export function makeCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'aeat-certs-'));
  const f = (name: string) => path.join(dir, name);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ca = (name: string) => {
    ssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      f(`${name}.key`),
      '-out',
      f(`${name}.pem`),
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
    );
  };
  const leaf = (name: string, caName: string, subject: string, ext: string) => {
    ssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      f(`${name}.key`),
      '-out',
      f(`${name}.csr`),
      '-subj',
      subject,
    );
    writeFileSync(f(`${name}.ext`), ext);
    ssl(
      'x509',
      '-req',
      '-in',
      f(`${name}.csr`),
      '-CA',
      f(`${caName}.pem`),
      '-CAkey',
      f(`${caName}.key`),
      '-CAcreateserial',
      '-out',
      f(`${name}.pem`),
      '-days',
      '2',
      '-extfile',
      f(`${name}.ext`),
    );
  };
  ca('test-ca');
  ca('other-ca');
  leaf('server', 'test-ca', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  leaf(
    'client',
    'test-ca',
    '/CN=EMPRESA DE PRUEBAS/serialNumber=IDCES-B00000000',
    'extendedKeyUsage=clientAuth\n',
  );
  leaf('stranger', 'other-ca', '/CN=OTRA', 'extendedKeyUsage=clientAuth\n');
  const password = 'clave-del-certificado';
  for (const n of ['client', 'stranger']) {
    ssl(
      'pkcs12',
      '-export',
      '-inkey',
      f(`${n}.key`),
      '-in',
      f(`${n}.pem`),
      '-out',
      f(`${n}.p12`),
      '-passout',
      `pass:${password}`,
    );
  }
  return {
    dir,
    caCert: f('test-ca.pem'),
    serverKey: f('server.key'),
    serverCert: f('server.pem'),
    clientP12: f('client.p12'),
    clientPassword: password,
    strangerP12: f('stranger.p12'),
  };
}

// ------------------------------------------------------------------------------------------------
// A fake AEAT endpoint: HTTPS that requires a client certificate of the test CA
// ------------------------------------------------------------------------------------------------

export interface ReceivedRequest {
  at: number;
  clientSubject: string;
  incidencia: boolean;
  records: {
    type: 'alta' | 'anulacion';
    number: string;
    huella: string;
    subsanacion: boolean;
    xml: string;
  }[];
  envelope: string;
}

export interface FakeAeatOptions {
  /** TiempoEsperaEnvio of every reply. */
  waitSeconds?: number;
}

/**
 * Registers records as the AEAT would (once per invoice and operation; a repeat gets error 3000
 * with RegistroDuplicado), answers RespuestaRegFactuSistemaFacturacion with a CSV, and can be told
 * to reject an invoice's alta, to be down, to answer a SOAP fault, or to hold a reply.
 */
export class FakeAeat {
  readonly requests: ReceivedRequest[] = [];
  /** What the AEAT holds: `${operation}:${number}` -> huella. */
  readonly registered = new Map<string, string>();
  waitSeconds: number;
  /** Invoice numbers whose next alta is answered Incorrecto (1112). */
  readonly rejectNext = new Set<string>();
  /** Invoice numbers whose records the reply leaves out (no RespuestaLinea; not registered). */
  readonly leaveOut = new Set<string>();
  down = false;
  fault: 'Client' | 'Server' | null = null;
  /** Called when a request arrived and was registered, before the reply; the test may never let it go. */
  onRegistered: ((r: ReceivedRequest) => Promise<void> | void) | null = null;
  #server: Server;
  #csv = 0;
  url = '';

  constructor(certs: TestCertificates, opts: FakeAeatOptions = {}) {
    this.waitSeconds = opts.waitSeconds ?? 60;
    this.#server = createServer(
      {
        key: readFileSync(certs.serverKey),
        cert: readFileSync(certs.serverCert),
        ca: readFileSync(certs.caCert),
        requestCert: true,
        rejectUnauthorized: true,
      },
      (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', async () => {
          const at = Date.now();
          if (this.down) {
            req.socket.destroy();
            return;
          }
          const envelope = Buffer.concat(chunks).toString('utf8');
          const socket = req.socket as TLSSocket;
          const cn = socket.getPeerCertificate().subject?.CN ?? '';
          const subject = Array.isArray(cn) ? cn.join(',') : cn;
          const answer = async () => {
            if (this.fault) return this.#fault(this.fault);
            const received = { ...this.#read(envelope, subject), at };
            this.requests.push(received);
            const lines = received.records
              .filter((r) => !this.leaveOut.has(r.number))
              .map((r) => this.#register(r));
            await this.onRegistered?.(received);
            return this.#reply(lines);
          };
          try {
            const { status, body } = await answer();
            res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' }).end(body);
          } catch (err) {
            res.writeHead(500).end(String(err));
          }
        });
      },
    );
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.#server.address() as AddressInfo).port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
    return this;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #read(envelope: string, clientSubject: string): ReceivedRequest {
    validateXml(requestBody(envelope), 'SuministroLR.xsd');
    const doc = parser.parse(envelope) as XmlNode;
    const body = doc.Envelope.Body.RegFactuSistemaFacturacion;
    const list = Array.isArray(body.RegistroFactura) ? body.RegistroFactura : [body.RegistroFactura];
    const xmls = recordElements(envelope);
    return {
      at: Date.now(),
      clientSubject,
      incidencia: body.Cabecera?.RemisionVoluntaria?.Incidencia === 'S',
      envelope,
      records: list.map((r: XmlNode, i: number) =>
        r.RegistroAlta
          ? {
              type: 'alta' as const,
              number: r.RegistroAlta.IDFactura.NumSerieFactura,
              huella: r.RegistroAlta.Huella,
              subsanacion: r.RegistroAlta.Subsanacion === 'S',
              xml: xmls[i]!,
            }
          : {
              type: 'anulacion' as const,
              number: r.RegistroAnulacion.IDFactura.NumSerieFacturaAnulada,
              huella: r.RegistroAnulacion.Huella,
              subsanacion: false,
              xml: xmls[i]!,
            },
      ),
    };
  }

  #register(r: ReceivedRequest['records'][number]) {
    const key = `${r.type}:${r.number}`;
    if (r.type === 'alta' && this.rejectNext.has(r.number) && !r.subsanacion) {
      this.rejectNext.delete(r.number);
      return {
        r,
        state: 'Incorrecto',
        code: 1112,
        text: 'El campo FechaExpedicionFactura es superior a la fecha actual.',
      };
    }
    if (this.registered.has(key)) {
      return {
        r,
        state: 'Incorrecto',
        code: 3000,
        text: 'Registro de facturación duplicado.',
        duplicate: true,
      };
    }
    this.registered.set(key, r.huella);
    return { r, state: 'Correcto' };
  }

  #reply(
    lines: {
      r: ReceivedRequest['records'][number];
      state: string;
      code?: number;
      text?: string;
      duplicate?: boolean;
    }[],
  ) {
    const anyOk = lines.some((l) => l.state !== 'Incorrecto' || l.duplicate);
    const csv = anyOk ? `A-TEST${String(++this.#csv).padStart(10, '0')}` : null;
    const estado = lines.every((l) => l.state === 'Correcto')
      ? 'Correcto'
      : anyOk
        ? 'ParcialmenteCorrecto'
        : 'Incorrecto';
    const body = `<sfR:RespuestaRegFactuSistemaFacturacion xmlns:sfR="${NS.sfR}" xmlns:sf="${NS.sf}">
${csv ? `<sfR:CSV>${csv}</sfR:CSV><sfR:DatosPresentacion><sf:NIFPresentador>B00000000</sf:NIFPresentador><sf:TimestampPresentacion>2026-11-24T10:00:00+01:00</sf:TimestampPresentacion></sfR:DatosPresentacion>` : ''}
<sfR:Cabecera><sf:ObligadoEmision><sf:NombreRazon>X</sf:NombreRazon><sf:NIF>B00000000</sf:NIF></sf:ObligadoEmision></sfR:Cabecera>
<sfR:TiempoEsperaEnvio>${this.waitSeconds}</sfR:TiempoEsperaEnvio>
<sfR:EstadoEnvio>${estado}</sfR:EstadoEnvio>
${lines
  .map(
    (
      l,
    ) => `<sfR:RespuestaLinea><sfR:IDFactura><sf:IDEmisorFactura>B00000000</sf:IDEmisorFactura><sf:NumSerieFactura>${l.r.number}</sf:NumSerieFactura><sf:FechaExpedicionFactura>01-01-2026</sf:FechaExpedicionFactura></sfR:IDFactura>
<sfR:Operacion><sf:TipoOperacion>${l.r.type === 'alta' ? 'Alta' : 'Anulacion'}</sf:TipoOperacion></sfR:Operacion>
<sfR:EstadoRegistro>${l.state}</sfR:EstadoRegistro>${l.code ? `<sfR:CodigoErrorRegistro>${l.code}</sfR:CodigoErrorRegistro><sfR:DescripcionErrorRegistro>${l.text}</sfR:DescripcionErrorRegistro>` : ''}${
      l.duplicate
        ? '<sfR:RegistroDuplicado><sf:IdPeticionRegistroDuplicado>1</sf:IdPeticionRegistroDuplicado><sf:EstadoRegistroDuplicado>Correcta</sf:EstadoRegistroDuplicado></sfR:RegistroDuplicado>'
        : ''
    }</sfR:RespuestaLinea>`,
  )
  .join('\n')}
</sfR:RespuestaRegFactuSistemaFacturacion>`;
    validateXml(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, 'RespuestaSuministro.xsd');
    return { status: 200, body: envelope(body) };
  }

  #fault(code: 'Client' | 'Server') {
    return {
      status: 500,
      body: envelope(
        `<soapenv:Fault><faultcode>soapenv:${code}</faultcode><faultstring>${code === 'Client' ? 'Codigo[4102].El XML no cumple el esquema.' : 'Error interno'}</faultstring></soapenv:Fault>`,
      ),
    };
  }
}

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${NS.soapenv}"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

/** The RegFactuSistemaFacturacion element of a request envelope, as a document. */
export function requestBody(envelope: string): string {
  const m = /<sfLR:RegFactuSistemaFacturacion[\s\S]*<\/sfLR:RegFactuSistemaFacturacion>/.exec(envelope);
  assert.ok(m, 'the envelope carries no RegFactuSistemaFacturacion');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${m[0]}`;
}

/** Each record element of a request, as its own document (namespace declared on it). */
export function recordElements(envelope: string): string[] {
  return [...envelope.matchAll(/<sf:(RegistroAlta|RegistroAnulacion)[\s>][\s\S]*?<\/sf:\1>/g)].map(
    (m) => `<?xml version="1.0" encoding="UTF-8"?>\n${m[0]}`,
  );
}

/**
 * An order waiting at the counter, made through the API and taken to 'to_pay_at_store' with SQL
 * (its checkout steps are other tests' business): staff's confirmPayment then pays it for real.
 */
export async function orderAtCounter(t: TestApp, storeId = 1, c = new Client(t.app)): Promise<string> {
  const model = ((await c.get(`/api/models?store=${storeId}&size=1`)).json() as ModelPage).items[0]!;
  const res = await c.post('/api/orders', {
    store: { id: storeId },
    brand: { id: model.brand.id },
    model: { id: model.id },
  });
  const id = (res.json() as { id: string }).id;
  await t.db.query(
    `UPDATE orders SET status = 'to_pay_at_store', payment_method = 'paystore', customer_name = 'Lucía Pérez',
       customer_email = 'lucia@example.es', customer_phone = '600111222' WHERE id = $1`,
    [id],
  );
  return id;
}

/**
 * An invoice PDF's page as a reader's phone sees it: rendered by poppler's pdftoppm at `dpi`, in
 * grey, as a PNG beside the PDF file; returns the PNG's path.
 */
export function renderPdfPage(pdfFile: string, dpi: number): string {
  const stem = pdfFile.replace(/\.pdf$/, '-page');
  const r = spawnSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-singlefile', pdfFile, stem], {
    encoding: 'utf8',
  });
  if (r.error) throw r.error;
  assert.equal(r.status, 0, `pdftoppm failed: ${r.stderr}`);
  return `${stem}.png`;
}

/** The QR code a reader finds on a rendered page (jsQR), or null. */
export async function readQrCode(png: string) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
}
