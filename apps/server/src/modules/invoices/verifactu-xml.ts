import { XMLParser } from 'fast-xml-parser';
import type { InvoiceType } from './verifactu.ts';

/** Parsed XML: untyped until read field by field. */
// biome-ignore lint/suspicious/noExplicitAny: fast-xml-parser returns untyped trees.
type XmlNode = any;

/**
 * The AEAT's XML for VERI*FACTU (SuministroInformacion.xsd, SuministroLR.xsd, RespuestaSuministro.xsd,
 * SistemaFacturacion.wsdl): each RegistroAlta / RegistroAnulacion as a self-contained document, the
 * RegFactuSistemaFacturacion request that carries up to 1,000 of them in a SOAP 1.1 envelope, and
 * the reading of the AEAT's reply.
 *
 * Records are written by hand, element by element in the schema's order: what is hashed is the very
 * text written here (amounts as "24.90", the timestamp with its offset), and nothing re-serialises it.
 */

const BASE =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws';
export const NS = {
  sf: `${BASE}/SuministroInformacion.xsd`,
  sfLR: `${BASE}/SuministroLR.xsd`,
  sfR: `${BASE}/RespuestaSuministro.xsd`,
  soapenv: 'http://schemas.xmlsoap.org/soap/envelope/',
} as const;

/** At most this many records per request (SuministroLR.xsd: RegistroFactura maxOccurs 1000). */
export const MAX_RECORDS_PER_REQUEST = 1000;

/** The software that generates the records (SistemaInformatico, Orden HAC/1177/2024 art. 13). */
export interface SoftwareIdentity {
  /** The producer of the software: its name and NIF. */
  producerName: string;
  producerNif: string;
  /** NombreSistemaInformatico (at most 30 characters). */
  name: string;
  /** IdSistemaInformatico (at most 2 characters). */
  id: string;
  version: string;
  /** NumeroInstalacion: this installation. */
  installation: string;
}

export interface InvoiceRef {
  issuerNif: string;
  invoiceNumber: string;
  /** dd-mm-yyyy. */
  issueDate: string;
}

/** Destinatarios/IDDestinatario: a Spanish NIF, or another country's VAT number (IDOtro, IDType 02). */
export type Recipient = { name: string; nif: string } | { name: string; country: string; vatNumber: string };

export interface AltaRecord {
  issuerNif: string;
  issuerName: string;
  invoiceNumber: string;
  issueDate: string;
  invoiceType: InvoiceType;
  /** Generated again after the AEAT rejected the previous record (Subsanacion S, RechazoPrevio S). */
  subsanacion?: boolean;
  /** R1/R5 by difference (TipoRectificativa I): the invoices rectified. */
  rectifies?: InvoiceRef[];
  /** F3: the simplified invoices it replaces. */
  replaces?: InvoiceRef[];
  /** FechaOperacion, dd-mm-yyyy, when it differs from the issue date. */
  operationDate?: string | null;
  description: string;
  recipient?: Recipient | null;
  /** One line per VAT rate; rate as "21.00", amounts as the decimal text of the huella. */
  breakdown: { vatRate: string; base: string; vat: string }[];
  cuotaTotal: string;
  importeTotal: string;
  previous: (InvoiceRef & { hash: string }) | null;
  generatedAt: string;
  hash: string;
  software: SoftwareIdentity;
}

export interface AnulacionRecord {
  issuerNif: string;
  invoiceNumber: string;
  issueDate: string;
  /** The AEAT rejected a previous anulación of this invoice. */
  rechazoPrevio?: boolean;
  previous: (InvoiceRef & { hash: string }) | null;
  generatedAt: string;
  hash: string;
  software: SoftwareIdentity;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 cannot carry.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text content: escaped, with the characters XML 1.0 forbids removed. */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Cuts a text to a schema's maxLength (counted in characters, as XML Schema does). */
export const fit = (value: string, max: number): string => [...value.trim()].slice(0, max).join('').trim();

type Node = [name: string, content: string | Node[]];

function render(nodes: Node[], indent: string): string {
  return nodes
    .map(([name, content]) =>
      typeof content === 'string'
        ? `${indent}<sf:${name}>${xmlText(content)}</sf:${name}>`
        : `${indent}<sf:${name}>\n${render(content, `${indent}  `)}\n${indent}</sf:${name}>`,
    )
    .join('\n');
}

const idFactura = (r: InvoiceRef): Node[] => [
  ['IDEmisorFactura', r.issuerNif],
  ['NumSerieFactura', r.invoiceNumber],
  ['FechaExpedicionFactura', r.issueDate],
];

function chaining(previous: (InvoiceRef & { hash: string }) | null): Node {
  return [
    'Encadenamiento',
    previous
      ? [['RegistroAnterior', [...idFactura(previous), ['Huella', previous.hash]]]]
      : [['PrimerRegistro', 'S']],
  ];
}

function software(s: SoftwareIdentity): Node {
  return [
    'SistemaInformatico',
    [
      ['NombreRazon', fit(s.producerName, 120)],
      ['NIF', s.producerNif],
      ['NombreSistemaInformatico', fit(s.name, 30)],
      ['IdSistemaInformatico', fit(s.id, 2)],
      ['Version', fit(s.version, 50)],
      ['NumeroInstalacion', fit(s.installation, 100)],
      ['TipoUsoPosibleSoloVerifactu', 'S'],
      ['TipoUsoPosibleMultiOT', 'N'],
      ['IndicadorMultiplesOT', 'N'],
    ],
  ];
}

function recipient(r: Recipient): Node {
  return [
    'IDDestinatario',
    'nif' in r
      ? [
          ['NombreRazon', fit(r.name, 120)],
          ['NIF', r.nif],
        ]
      : [
          ['NombreRazon', fit(r.name, 120)],
          [
            'IDOtro',
            [
              ['CodigoPais', r.country],
              ['IDType', '02'],
              ['ID', fit(r.vatNumber, 20)],
            ],
          ],
        ],
  ];
}

const document = (root: string, nodes: Node[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sf:${root} xmlns:sf="${NS.sf}">\n${render(nodes, '  ')}\n</sf:${root}>\n`;

/** A RegistroAlta, as a complete XML document. */
export function registroAltaXml(r: AltaRecord): string {
  const nodes: Node[] = [
    ['IDVersion', '1.0'],
    ['IDFactura', idFactura(r)],
    ['NombreRazonEmisor', fit(r.issuerName, 120)],
  ];
  if (r.subsanacion) nodes.push(['Subsanacion', 'S'], ['RechazoPrevio', 'S']);
  nodes.push(['TipoFactura', r.invoiceType]);
  if (r.rectifies?.length) {
    nodes.push(['TipoRectificativa', 'I']);
    nodes.push([
      'FacturasRectificadas',
      r.rectifies.map((f): Node => ['IDFacturaRectificada', idFactura(f)]),
    ]);
  }
  if (r.replaces?.length) {
    nodes.push(['FacturasSustituidas', r.replaces.map((f): Node => ['IDFacturaSustituida', idFactura(f)])]);
  }
  if (r.operationDate) nodes.push(['FechaOperacion', r.operationDate]);
  nodes.push(['DescripcionOperacion', fit(r.description, 500) || 'Venta']);
  if (r.recipient) nodes.push(['Destinatarios', [recipient(r.recipient)]]);
  nodes.push([
    'Desglose',
    r.breakdown.map(
      (b): Node => [
        'DetalleDesglose',
        [
          ['Impuesto', '01'],
          ['ClaveRegimen', '01'],
          ['CalificacionOperacion', 'S1'],
          ['TipoImpositivo', b.vatRate],
          ['BaseImponibleOimporteNoSujeto', b.base],
          ['CuotaRepercutida', b.vat],
        ],
      ],
    ),
  ]);
  nodes.push(
    ['CuotaTotal', r.cuotaTotal],
    ['ImporteTotal', r.importeTotal],
    chaining(r.previous),
    software(r.software),
    ['FechaHoraHusoGenRegistro', r.generatedAt],
    ['TipoHuella', '01'],
    ['Huella', r.hash],
  );
  return document('RegistroAlta', nodes);
}

/** A RegistroAnulacion, as a complete XML document. */
export function registroAnulacionXml(r: AnulacionRecord): string {
  const nodes: Node[] = [
    ['IDVersion', '1.0'],
    [
      'IDFactura',
      [
        ['IDEmisorFacturaAnulada', r.issuerNif],
        ['NumSerieFacturaAnulada', r.invoiceNumber],
        ['FechaExpedicionFacturaAnulada', r.issueDate],
      ],
    ],
  ];
  if (r.rechazoPrevio) nodes.push(['RechazoPrevio', 'S']);
  nodes.push(
    chaining(r.previous),
    software(r.software),
    ['FechaHoraHusoGenRegistro', r.generatedAt],
    ['TipoHuella', '01'],
    ['Huella', r.hash],
  );
  return document('RegistroAnulacion', nodes);
}

/** The record element of a stored record document, without its XML declaration. */
export const recordElement = (recordXml: string): string =>
  recordXml.replace(/^<\?xml[^>]*\?>\s*/, '').trimEnd();

export interface RequestHeader {
  /** ObligadoEmision. */
  issuerName: string;
  issuerNif: string;
  /** Records generated during an incident and sent late (RemisionVoluntaria/Incidencia S). */
  incidencia: boolean;
}

/** The RegFactuSistemaFacturacion element: Cabecera, then the records in chain order. */
export function requestBodyXml(header: RequestHeader, recordXmls: readonly string[]): string {
  if (recordXmls.length === 0 || recordXmls.length > MAX_RECORDS_PER_REQUEST) {
    throw new RangeError(
      `a request carries 1 to ${MAX_RECORDS_PER_REQUEST} records, not ${recordXmls.length}`,
    );
  }
  const cabecera = [
    '  <sfLR:Cabecera>',
    '    <sf:ObligadoEmision>',
    `      <sf:NombreRazon>${xmlText(fit(header.issuerName, 120))}</sf:NombreRazon>`,
    `      <sf:NIF>${xmlText(header.issuerNif)}</sf:NIF>`,
    '    </sf:ObligadoEmision>',
    ...(header.incidencia
      ? [
          '    <sf:RemisionVoluntaria>',
          '      <sf:Incidencia>S</sf:Incidencia>',
          '    </sf:RemisionVoluntaria>',
        ]
      : []),
    '  </sfLR:Cabecera>',
  ];
  const records = recordXmls.map(
    (x) => `  <sfLR:RegistroFactura>\n${recordElement(x)}\n  </sfLR:RegistroFactura>`,
  );
  return `<sfLR:RegFactuSistemaFacturacion xmlns:sfLR="${NS.sfLR}" xmlns:sf="${NS.sf}">\n${cabecera.join('\n')}\n${records.join('\n')}\n</sfLR:RegFactuSistemaFacturacion>`;
}

/** SOAP 1.1 envelope, empty header as in the AEAT's examples (no WS-Security signature). */
export const soapEnvelope = (body: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="${NS.soapenv}"><soapenv:Header/><soapenv:Body>\n${body}\n</soapenv:Body></soapenv:Envelope>\n`;

// ------------------------------------------------------------------------------------------------
// Replies
// ------------------------------------------------------------------------------------------------

export type LineState = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';

export interface ReplyLine {
  invoiceNumber: string;
  issuerNif: string;
  operation: 'Alta' | 'Anulacion';
  state: LineState;
  code: number | null;
  text: string | null;
  /** The AEAT already holds this record: its state there ('Correcta', 'AceptadaConErrores', 'Anulada'). */
  duplicateOf: string | null;
}

export type AeatReply =
  | {
      kind: 'reply';
      csv: string | null;
      waitSeconds: number | null;
      state: 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
      lines: ReplyLine[];
    }
  | { kind: 'fault'; code: 'Client' | 'Server'; text: string };

/** The AEAT's duplicate error ("Registro de facturación duplicado"). */
export const DUPLICATE_CODE = 3000;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'RespuestaLinea',
});

const str = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

/** Reads a SOAP reply: the AEAT's answer, or a SOAP Fault. Throws on anything else. */
export function parseReply(xml: string): AeatReply {
  const doc = parser.parse(xml) as XmlNode;
  const body = doc.Envelope?.Body;
  if (!body) throw new Error('la respuesta no es un sobre SOAP');
  if (body.Fault) {
    const code = String(body.Fault.faultcode ?? '');
    return {
      kind: 'fault',
      // "soapenv:Client" / "env:Server": the prefix is the sender's own.
      code: /(^|:)Client(\.|$)/i.test(code) ? 'Client' : 'Server',
      text: String(body.Fault.faultstring ?? code).slice(0, 2000),
    };
  }
  const r = body.RespuestaRegFactuSistemaFacturacion;
  if (!r) throw new Error('la respuesta no contiene RespuestaRegFactuSistemaFacturacion');
  const wait = str(r.TiempoEsperaEnvio);
  return {
    kind: 'reply',
    csv: str(r.CSV),
    waitSeconds: wait && /^\d+$/.test(wait) ? Number(wait) : null,
    state: r.EstadoEnvio,
    lines: ((r.RespuestaLinea ?? []) as XmlNode[]).map((l) => ({
      invoiceNumber: String(l.IDFactura?.NumSerieFactura ?? ''),
      issuerNif: String(l.IDFactura?.IDEmisorFactura ?? ''),
      operation: l.Operacion?.TipoOperacion === 'Anulacion' ? 'Anulacion' : 'Alta',
      state: l.EstadoRegistro,
      code: l.CodigoErrorRegistro !== undefined ? Number(l.CodigoErrorRegistro) : null,
      text: str(l.DescripcionErrorRegistro),
      duplicateOf: l.RegistroDuplicado
        ? String(l.RegistroDuplicado.EstadoRegistroDuplicado ?? 'Correcta')
        : null,
    })),
  };
}
