import { DISPATCH_CUTOFF } from './legal-facts.ts';
import type { PageBuilder } from './types.ts';

export const paymentsPage: PageBuilder = (c) => ({
  slug: 'payments',
  title: 'Formas de pago',
  summary:
    'Pague en la tienda al recoger su pedido o pague ahora en línea con tarjeta o Bizum, a través de la pasarela de pago segura del banco.',
  sections: [
    {
      id: 'pagar-en-tienda-o-ahora',
      heading: 'Pagar en tienda o pagar ahora',
      blocks: [
        { kind: 'p', text: 'Al terminar el diseño de su funda, puede elegir cuándo pagar:' },
        {
          kind: 'ul',
          items: [
            'Pagar en tienda: confirme el pedido sin pagar nada en línea y abónelo en la tienda cuando lo recoja.',
            'Pagar ahora: pague en línea al finalizar el pedido y elija entre la recogida gratuita en tienda o el envío a domicilio.',
          ],
        },
        {
          kind: 'p',
          text: 'El envío a domicilio solo está disponible con el pago en línea. Todos los precios se expresan en euros e incluyen el IVA, y el importe total se muestra antes de confirmar el pedido.',
        },
      ],
    },
    {
      id: 'efectivo',
      heading: 'Efectivo',
      blocks: [
        {
          kind: 'p',
          text: 'El pago en efectivo solo es posible en persona: al recoger el pedido en la tienda o en nuestro local. Por este motivo, no ofrecemos el pago contra reembolso en los envíos a domicilio.',
        },
      ],
    },
    {
      id: 'tarjeta',
      heading: 'Tarjeta bancaria',
      blocks: [
        {
          kind: 'p',
          text: 'Puede pagar con tarjeta de débito o de crédito a través de la pasarela de pago segura de nuestra entidad bancaria (Redsys). Al pulsar «Pagar», se le redirige a la página segura del banco, donde introduce los datos de la tarjeta. Según su banco, puede que tenga que confirmar la operación con autenticación reforzada, por ejemplo con un código o desde la aplicación de su banco.',
        },
        {
          kind: 'p',
          text: `${c.tradeName} no ve, no recibe ni almacena los datos de su tarjeta: los trata exclusivamente la entidad bancaria. Nosotros solo recibimos la confirmación de si el pago se ha realizado o no.`,
        },
      ],
    },
    {
      id: 'bizum',
      heading: 'Bizum',
      blocks: [
        {
          kind: 'p',
          text: 'En la misma pasarela de pago puede elegir Bizum: introduzca el número de teléfono asociado a su cuenta y confirme el pago desde la aplicación de su banco. Para ello necesita tener Bizum activado en su entidad.',
        },
      ],
    },
    {
      id: 'confirmacion-del-pago',
      heading: 'Confirmación del pago',
      blocks: [
        {
          kind: 'p',
          text: 'El pedido se considera pagado cuando la entidad bancaria nos confirma el cobro. Después del pago volverá a nuestra web, donde verá el resultado de la operación. Si el pago no se completa, no se le cobra ningún importe y el pedido queda pendiente de pago; puede intentarlo de nuevo más tarde o ponerse en contacto con nosotros.',
        },
        {
          kind: 'p',
          text: `Los pedidos pagados antes de las ${DISPATCH_CUTOFF} de un día laborable se expiden ese mismo día.`,
        },
      ],
    },
    {
      id: 'factura',
      heading: 'Factura',
      blocks: [
        {
          kind: 'p',
          text: `Por cada pedido pagado emitimos una factura simplificada con el IVA desglosado. Si necesita una factura completa a nombre de una empresa o de un profesional, solicítela a ${c.email} indicando el número de pedido y sus datos fiscales.`,
        },
      ],
    },
    {
      id: 'reembolsos',
      heading: 'Reembolsos',
      blocks: [
        {
          kind: 'p',
          text: 'Cuando proceda un reembolso, lo haremos por el mismo medio de pago que utilizó: en su tarjeta o en la cuenta asociada a Bizum si pagó en línea, y en efectivo o por transferencia si pagó en tienda, salvo que acordemos expresamente otro medio. El reembolso no le supondrá ningún gasto.',
        },
      ],
    },
    {
      id: 'dudas-sobre-pagos',
      heading: 'Dudas sobre pagos',
      blocks: [
        {
          kind: 'p',
          text: `Si tiene cualquier duda sobre un cobro, llámenos al ${c.phone}, escríbanos por WhatsApp al ${c.whatsappDisplay} o envíenos un correo electrónico a ${c.email}. Nuestro horario de atención es ${c.hours}.`,
        },
      ],
    },
  ],
});
