/**
 * What Redsys's answer codes mean, in Spanish for staff: the one table the server (refund answers,
 * the payments screen) and the back office read. `Ds_Response` is a four-digit number; REST calls
 * refused before any operation answer with an `errorCode` such as SIS0057 instead.
 */

const RESPONSES: Record<string, string> = {
  '0900': 'Devolución o confirmación aceptada',
  '0400': 'Anulación aceptada',
  '0101': 'Tarjeta caducada',
  '0102': 'Tarjeta bloqueada temporalmente o bajo sospecha de fraude',
  '0104': 'Operación no permitida para esa tarjeta o terminal',
  '0106': 'Número de intentos de PIN excedido',
  '0116': 'Saldo insuficiente',
  '0118': 'Tarjeta no registrada',
  '0125': 'Tarjeta no efectiva',
  '0129': 'Código de seguridad (CVV2/CVC2) incorrecto',
  '0172': 'Denegada, no repetir',
  '0173': 'Denegada, no repetir sin actualizar los datos de la tarjeta',
  '0174': 'Denegada, no repetir antes de 72 horas',
  '0180': 'Tarjeta ajena al servicio',
  '0184': 'Error en la autenticación del titular',
  '0190': 'Denegada por el emisor sin especificar el motivo',
  '0191': 'Fecha de caducidad errónea',
  '0195': 'Requiere autenticación reforzada (SCA)',
  '0202': 'Tarjeta bloqueada por sospecha de fraude',
  '0904': 'Comercio no registrado en el FUC',
  '0909': 'Error de sistema',
  '0913': 'Pedido repetido',
  '0944': 'Sesión incorrecta',
  '0950': 'Operación de devolución no permitida',
  '9912': 'Emisor no disponible',
  '9915': 'Pago cancelado por el cliente',
  '9997': 'Se está procesando otra operación con la misma tarjeta',
  '9998': 'Operación en proceso de solicitud de datos de tarjeta',
  '9999': 'Operación redirigida al emisor para autenticar',
};

const ERRORS: Record<string, string> = {
  SIS0018: 'Falta el importe',
  SIS0019: 'Importe con formato no válido',
  SIS0026: 'Comercio o terminal desconocido',
  SIS0027: 'Moneda no admitida',
  SIS0029: 'Tipo de operación no admitido',
  SIS0041: 'Error en el cálculo de la firma',
  SIS0042: 'La firma no es correcta',
  SIS0054: 'No existe la operación sobre la que hacer la devolución',
  SIS0055: 'La operación que se quiere devolver no es válida',
  SIS0056: 'La operación que se quiere devolver no está autorizada',
  SIS0057: 'El importe a devolver supera el permitido',
  SIS0074: 'Falta el número de pedido',
  SIS0075: 'Número de pedido no válido',
  SIS0214: 'El comercio no admite devoluciones',
  SIS0429: 'Versión de firma no admitida',
  SIS0431: 'Los parámetros del comercio no son válidos',
};

/** The meaning of a Ds_Response or SIS error code, in Spanish; null for an empty code. */
export function redsysCodeMeaning(code: string | null | undefined): string | null {
  if (!code) return null;
  const c = code.trim();
  if (/^SIS\d{4}$/i.test(c)) return ERRORS[c.toUpperCase()] ?? `Error de la pasarela (${c.toUpperCase()})`;
  if (!/^\d{1,4}$/.test(c)) return `Código desconocido (${c})`;
  const n = Number(c);
  if (n <= 99) return 'Operación autorizada';
  return RESPONSES[c.padStart(4, '0')] ?? `Operación denegada (código ${c.padStart(4, '0')})`;
}
