import { z } from 'zod';

/**
 * The declaración responsable of the invoicing system (Orden HAC/1177/2024, art. 15): the producer
 * states that this software, in this version, meets the rules for invoicing systems. Filled from
 * the configuration the records themselves carry (SistemaInformatico: name, id, version, producer),
 * so what the shop declares and what it sends to the AEAT cannot drift apart.
 */
export const VerifactuDeclarationSchema = z.object({
  /** NombreSistemaInformatico. */
  systemName: z.string(),
  /** IdSistemaInformatico. */
  systemId: z.string(),
  /** Version: the release's, unless configured. */
  version: z.string(),
  producer: z.object({ name: z.string(), nif: z.string(), address: z.string() }),
  /** Where and when the producer signed it; the date is null until it is configured. */
  place: z.string(),
  date: z.string().nullable(),
});
export type VerifactuDeclaration = z.infer<typeof VerifactuDeclarationSchema>;

export interface DeclarationSection {
  /** The letter of the order's list: a) to j). */
  letter: string;
  title: string;
  text: string;
}

/** '2026-11-29' as Spanish people write it: '29 de noviembre de 2026'. */
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
export function spanishDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return `${d} de ${MONTHS[m - 1]} de ${y}`;
}

/** The declaration's content, section by section, in the order the rule lists it. */
export function declarationSections(d: VerifactuDeclaration): DeclarationSection[] {
  return [
    { letter: 'a', title: 'Nombre del sistema informático', text: d.systemName },
    { letter: 'b', title: 'Código identificador del sistema', text: d.systemId },
    { letter: 'c', title: 'Versión', text: d.version },
    {
      letter: 'd',
      title: 'Componentes y funcionalidades',
      text:
        'Tienda web (servidor Node.js y base de datos PostgreSQL) que expide facturas simplificadas (F2), completas (F1), ' +
        'completas en sustitución de simplificadas (F3) y rectificativas por diferencias (R1 y R5); genera un registro de ' +
        'facturación de alta o de anulación por cada una, encadenado con su huella SHA-256, lo conserva inalterable y lo ' +
        'remite a la AEAT por el servicio web VERI*FACTU; imprime en cada factura el código QR y la leyenda «Factura ' +
        'verificable en la sede electrónica de la AEAT».',
    },
    {
      letter: 'e',
      title: 'Uso exclusivo como VERI*FACTU',
      text: 'Sí: todos los registros se remiten a la AEAT.',
    },
    {
      letter: 'f',
      title: 'Uso por varios obligados tributarios',
      text: 'No: un solo obligado tributario por instalación.',
    },
    {
      letter: 'g',
      title: 'Tipos de firma',
      text: 'No aplica: en la modalidad VERI*FACTU los registros se remiten a la AEAT y no se firman electrónicamente.',
    },
    {
      letter: 'h',
      title: 'Productor',
      text: `${d.producer.name}, NIF ${d.producer.nif}, con domicilio en ${d.producer.address}.`,
    },
    {
      letter: 'i',
      title: 'Declaración',
      text:
        'El productor declara que este sistema informático, en la versión indicada, cumple lo dispuesto en el artículo ' +
        '29.2.j) de la Ley 58/2003, General Tributaria, en el Reglamento aprobado por el Real Decreto 1007/2023 y en la ' +
        'Orden HAC/1177/2024, y en sus especificaciones técnicas.',
    },
    {
      letter: 'j',
      title: 'Lugar y fecha',
      text: d.date ? `${d.place}, a ${spanishDate(d.date)}.` : `${d.place}; fecha pendiente de indicar.`,
    },
  ];
}
