import { DEFECT_NOTICE_CAVEAT, DISPATCH_CUTOFF, SHIPPING_FEE } from './legal-facts.ts';
import type { PageBuilder } from './types.ts';

export const shippingPage: PageBuilder = (c) => ({
  slug: 'shipping',
  title: 'Envíos y transporte',
  summary: `Envío a domicilio en la España peninsular por ${SHIPPING_FEE} (IVA incluido), en 2 a 4 días laborables, o recogida gratuita en tienda.`,
  sections: [
    {
      id: 'modalidades-de-entrega',
      heading: 'Modalidades de entrega',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Recogida en tienda: gratuita. Recoja su pedido en la tienda que eligió al hacerlo y, si ha elegido pagar en tienda, abónelo en ese momento. Si nos ha facilitado su correo electrónico, le avisaremos cuando esté listo.',
            `Envío a domicilio: ${SHIPPING_FEE} (IVA incluido) por pedido. Está disponible al elegir «Pagar ahora», ya que los envíos a domicilio se pagan en línea antes de su expedición.`,
          ],
        },
      ],
    },
    {
      id: 'coste-del-envio',
      heading: 'Coste del envío',
      blocks: [
        {
          kind: 'p',
          text: `El envío a domicilio tiene un precio fijo de ${SHIPPING_FEE}, IVA incluido, por pedido. El importe se suma al precio de la funda y aparece en el resumen del pedido antes de pagar, de modo que siempre conoce el precio total antes de confirmar. La recogida en tienda no tiene ningún coste.`,
        },
      ],
    },
    {
      id: 'zona-de-entrega',
      heading: 'Zona de entrega',
      blocks: [
        {
          kind: 'p',
          text: 'Realizamos envíos a domicilio a direcciones de la España peninsular. Por el momento no hacemos entregas a domicilio en las Islas Baleares, las Islas Canarias, Ceuta ni Melilla, ni envíos fuera de España. Si se encuentra en alguno de esos territorios, puede hacer su pedido con recogida en tienda, que es gratuita.',
        },
      ],
    },
    {
      id: 'plazos-de-expedicion-y-entrega',
      heading: 'Plazos de expedición y entrega',
      blocks: [
        {
          kind: 'p',
          text: `Los pedidos pagados antes de la hora de corte de las ${DISPATCH_CUTOFF} de un día laborable se expiden ese mismo día. Los pagados después de esa hora, en fin de semana o en festivo se expiden el siguiente día laborable.`,
        },
        {
          kind: 'p',
          text: 'El transporte se realiza de lunes a viernes, excepto festivos, y el plazo de entrega estimado es de 2 a 4 días laborables desde la expedición. Es un plazo orientativo, que puede alargarse en épocas de mucha demanda o por causas ajenas a nosotros; en cualquier caso, conforme a la normativa de consumo, el pedido se entregará en un plazo máximo de 30 días naturales desde su celebración.',
        },
      ],
    },
    {
      id: 'entrega-del-pedido',
      heading: 'Entrega del pedido',
      blocks: [
        {
          kind: 'p',
          text: 'El transportista entregará el pedido en la dirección indicada. Si no hay nadie, dejará un aviso o intentará contactar con usted, por lo que le rogamos que indique un teléfono correcto y una dirección completa, con piso y puerta si los hay. Si el pedido nos es devuelto porque la dirección es incorrecta o no ha podido entregarse, nos pondremos en contacto con usted para acordar un nuevo envío o la recogida en tienda.',
        },
      ],
    },
    {
      id: 'revision-al-recibirlo',
      heading: 'Revisión del pedido al recibirlo',
      blocks: [
        {
          kind: 'p',
          text: `Compruebe el estado del paquete al recibirlo y, si el embalaje está dañado, hágalo constar al transportista. Le pedimos que nos comunique los defectos físicos y los daños de transporte en las 72 horas siguientes a la recepción, con una fotografía, por correo electrónico a ${c.email} o por WhatsApp al ${c.whatsappDisplay}. ${DEFECT_NOTICE_CAVEAT} Consulte también las Condiciones de devolución y las Condiciones de garantía.`,
        },
      ],
    },
    {
      id: 'cancelacion',
      heading: 'Cancelación',
      blocks: [
        {
          kind: 'p',
          text: `Puede cancelar su pedido sin coste alguno antes de las ${DISPATCH_CUTOFF} del día en que se vaya a expedir. Llámenos al ${c.phone} o escríbanos a ${c.email}; nuestro horario de atención es ${c.hours}. Si ya había pagado, le devolveremos el importe por el mismo medio de pago.`,
        },
      ],
    },
  ],
});
