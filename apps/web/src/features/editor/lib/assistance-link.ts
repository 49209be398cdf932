/** The 'Asistencia' button: a WhatsApp chat with the shop, the order number already written. */
export function assistanceLink(whatsapp: string, orderNumber: string): string {
  const text = `Hola, necesito ayuda para diseñar mi funda. Mi pedido es el n.º ${orderNumber}.`;
  return `https://wa.me/${encodeURIComponent(whatsapp)}?text=${encodeURIComponent(text)}`;
}
