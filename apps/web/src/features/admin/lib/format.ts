const MADRID = 'Europe/Madrid';

const dateTime = new Intl.DateTimeFormat('es-ES', {
  timeZone: MADRID,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const dateOnly = new Intl.DateTimeFormat('es-ES', {
  timeZone: MADRID,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** "12/03/2026, 14:05", Madrid time whatever the computer's time zone. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

const compactDateTime = new Intl.DateTimeFormat('es-ES', {
  timeZone: MADRID,
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** "12/03/26, 14:05", for dense tables. */
export const formatCompactDateTime = (iso: string): string => compactDateTime.format(new Date(iso));

/** "12/03/2026", Madrid time. */
export const formatDate = (iso: string): string => dateOnly.format(new Date(iso));

/** Who changed an order, as the timeline says it. */
export function actorLabel(actor: string): string {
  if (actor === 'customer') return 'Cliente';
  if (actor === 'phone') return 'Cliente (desde el móvil)';
  if (actor === 'gateway') return 'Pasarela de pago';
  if (actor === 'retention') return 'Conservación de datos';
  if (actor === 'rgpd') return 'Supresión a petición del cliente';
  if (actor.startsWith('staff:')) return actor.slice('staff:'.length);
  return actor;
}
