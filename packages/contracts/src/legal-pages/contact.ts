import { DEFECT_NOTICE_CAVEAT } from './legal-facts.ts';
import type { PageBuilder } from './types.ts';

export const contactPage: PageBuilder = (c) => ({
  slug: 'contact',
  title: 'Contacto',
  summary: 'Teléfono, WhatsApp, correo electrónico, dirección postal y horario de atención.',
  sections: [
    {
      id: 'horario',
      heading: 'Horario de atención',
      blocks: [
        {
          kind: 'p',
          text: `Nuestro horario de atención al cliente y de apertura de la tienda física es ${c.hours}. Atendemos por teléfono, por WhatsApp, por correo electrónico y en persona.`,
        },
        {
          kind: 'p',
          text: 'Los mensajes que recibamos fuera de este horario se responderán a partir del siguiente día laborable, por orden de llegada.',
        },
      ],
    },
    {
      id: 'telefono-y-whatsapp',
      heading: 'Teléfono y WhatsApp',
      blocks: [
        { kind: 'ul', items: [`Teléfono: ${c.phone}`, `WhatsApp: ${c.whatsappDisplay}`] },
        {
          kind: 'p',
          text: `Por WhatsApp puede enviarnos fotografías, por ejemplo para comunicar un defecto en las 72 horas siguientes a la recepción del pedido o para que le ayudemos con su diseño. ${DEFECT_NOTICE_CAVEAT} En el editor de la funda también encontrará el botón «Asistencia», que abre directamente una conversación de WhatsApp con nosotros.`,
        },
      ],
    },
    {
      id: 'correo-electronico',
      heading: 'Correo electrónico',
      blocks: [
        { kind: 'p', text: `Escríbanos a ${c.email}. Para que podamos ayudarle más rápido, indique:` },
        {
          kind: 'ul',
          items: [
            'El número de pedido, si ya ha realizado la compra.',
            'La tienda en la que hizo el pedido y el modelo de su teléfono.',
            'Una descripción breve de su consulta y, si se trata de un defecto, una o varias fotografías.',
          ],
        },
      ],
    },
    {
      id: 'direccion-postal',
      heading: 'Dirección postal y tienda física',
      blocks: [
        { kind: 'ul', items: [c.legalName, c.address, `${c.postalCode} ${c.town} (${c.province})`] },
        {
          kind: 'p',
          text: 'Puede visitarnos en nuestra tienda física dentro del horario de apertura para resolver sus dudas, recoger un pedido o entregar una devolución. Si desea enviarnos un producto, contacte antes con nosotros para que podamos identificarlo y tramitarlo cuanto antes.',
        },
      ],
    },
    {
      id: 'tiendas-asociadas',
      heading: 'Tiendas asociadas',
      blocks: [
        {
          kind: 'p',
          text: 'Si hizo su pedido en una de nuestras tiendas asociadas, también puede dirigirse a ella para pagarlo o recogerlo. La dirección, el código postal, la localidad y la provincia de cada tienda aparecen al seleccionarla y en la confirmación del pedido.',
        },
      ],
    },
    {
      id: 'reclamaciones',
      heading: 'Reclamaciones',
      blocks: [
        {
          kind: 'p',
          text: 'Tiene a su disposición hojas de quejas y reclamaciones oficiales en nuestra tienda física; también puede solicitarlas por correo electrónico. Para ejercer el derecho de desistimiento o solicitar la garantía, consulte las Condiciones de devolución y las Condiciones de garantía. Para cualquier cuestión sobre sus datos personales, consulte la Política de privacidad.',
        },
      ],
    },
  ],
});
