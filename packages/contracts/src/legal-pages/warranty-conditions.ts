import { CONFORMITY_GUARANTEE_YEARS } from '../consumer-terms.ts';
import { CONSUMER_LAW, DEFECT_NOTICE_CAVEAT, postalAddress, SHIPPING_FEE } from './legal-facts.ts';
import type { PageBuilder } from './types.ts';

/** Warranty conditions, served at the `return-conditions-2` route. */
export const warrantyConditionsPage: PageBuilder = (c) => ({
  slug: 'return-conditions-2',
  title: 'Condiciones de garantía',
  summary:
    'La garantía legal de conformidad de 3 años, lo que el vendedor añade a ella, cómo comunicar un defecto y qué hacemos para resolverlo.',
  sections: [
    {
      id: 'garantia-legal',
      heading: `Garantía legal de conformidad: ${CONFORMITY_GUARANTEE_YEARS} años`,
      blocks: [
        {
          kind: 'p',
          text: `Si es usted consumidor, todos los productos que le vendemos, incluida la funda personalizada, tienen la garantía legal de conformidad de los artículos 114 y siguientes del ${CONSUMER_LAW}: respondemos de cualquier falta de conformidad que se manifieste en los ${CONFORMITY_GUARANTEE_YEARS} años siguientes a la entrega (artículo 120). Salvo prueba en contrario, se presume que la falta de conformidad que aparezca en los dos primeros años ya existía al entregarse el producto.`,
        },
        {
          kind: 'p',
          text: 'Ante una falta de conformidad puede exigir, sin coste para usted, la reparación o la sustitución del producto y, si no son posibles o no se hacen en un plazo razonable, la reducción del precio o la resolución del contrato con el reembolso de lo pagado.',
        },
      ],
    },
    {
      id: 'plazos-de-garantia',
      heading: 'Lo que el vendedor añade a la garantía legal',
      blocks: [
        {
          kind: 'p',
          text: `Además de la garantía legal, y sin sustituirla ni reducirla en ningún caso, el vendedor asume una garantía comercial propia frente a los defectos de fabricación: durante los plazos siguientes, contados desde la entrega, atendemos su aviso por la vía rápida que se describe más abajo (revisión en una semana, reimpresión de la funda con la misma imagen y reembolso del envío de devolución). Pasados estos plazos, sigue teniendo la garantía legal de ${CONFORMITY_GUARANTEE_YEARS} años.`,
        },
        {
          kind: 'ul',
          items: [
            'Productos en general, incluidas las fundas personalizadas y los productos remanufacturados, reacondicionados o reciclados: 6 meses.',
            'Artículos de stock inicial, identificados como tales en su descripción o en la factura: 8 meses.',
            'Maquinaria: 1 año.',
          ],
        },
        {
          kind: 'p',
          text: 'Salvo que se indique expresamente lo contrario, los productos que comercializamos son remanufacturados, reacondicionados o reciclados. La funda personalizada, en cambio, es un producto nuevo fabricado por encargo.',
        },
      ],
    },
    {
      id: 'aviso-de-defectos',
      heading: 'Comunicación de defectos físicos: le pedimos aviso en 72 horas',
      blocks: [
        {
          kind: 'p',
          text: `Le pedimos que nos comunique los defectos físicos apreciables a simple vista (roturas, golpes, arañazos, fallos de impresión o daños de transporte) en las 72 horas siguientes a la recepción del pedido, con una fotografía en la que se vea claramente el defecto y, si el daño se debe al transporte, también el embalaje. Así podemos reclamar al transportista y reponer el producto con rapidez. ${DEFECT_NOTICE_CAVEAT} Los defectos que aparezcan más adelante también quedan cubiertos por la garantía legal de conformidad.`,
        },
      ],
    },
    {
      id: 'como-solicitar-la-garantia',
      heading: 'Cómo solicitar la garantía',
      blocks: [
        {
          kind: 'ul',
          items: [
            `Escríbanos a ${c.email} o por WhatsApp al ${c.whatsappDisplay}, indicando su número de pedido y una descripción del problema.`,
            'Adjunte una o varias fotografías del defecto y, si se trata de un fallo de funcionamiento, un vídeo breve.',
            `Le indicaremos cómo enviarnos el producto o cómo entregarlo en nuestra tienda física, en ${postalAddress(c)}.`,
            'Conserve la factura o el justificante de compra, que acredita la fecha de entrega.',
          ],
        },
        { kind: 'p', text: `Atendemos las solicitudes ${c.hours}, por teléfono en el ${c.phone}.` },
      ],
    },
    {
      id: 'reparacion-sustitucion-o-reembolso',
      heading: 'Reparación, sustitución o reembolso',
      blocks: [
        {
          kind: 'p',
          text: 'Revisaremos el producto en un plazo máximo de una semana desde su recepción. Si el defecto está cubierto, lo repararemos o lo sustituiremos sin coste para usted; en el caso de la funda personalizada, la volveremos a imprimir con la misma imagen. Si la reparación o la sustitución no fueran posibles, le ofreceremos una reducción del precio o el reembolso del importe pagado.',
        },
        {
          kind: 'p',
          text: `Si el defecto es de fábrica, le reembolsaremos los gastos del envío de devolución hasta ${SHIPPING_FEE}. Contacte con nosotros antes de enviarlo: si no encuentra una opción de envío por ese importe, le indicaremos cómo hacerlo sin coste adicional para usted.`,
        },
      ],
    },
    {
      id: 'exclusiones',
      heading: 'Qué no cubre la garantía',
      blocks: [
        {
          kind: 'ul',
          items: [
            'El desgaste normal derivado del uso, como los arañazos superficiales.',
            'Los daños causados por golpes, caídas, uso indebido, manipulación por terceros no autorizados o exposición a calor, humedad o productos químicos.',
            'La falta de nitidez de la impresión debida a la baja resolución de la imagen aportada, cuando el editor lo advirtió antes de realizar el pedido.',
            'La incompatibilidad derivada de haber elegido, al hacer el pedido, un modelo de teléfono distinto del suyo.',
          ],
        },
      ],
    },
    {
      id: 'productos-no-aceptados',
      heading: 'Productos no aceptados en garantía',
      blocks: [
        {
          kind: 'p',
          text: 'Si tras la revisión comprobamos que el defecto no está cubierto, se lo explicaremos por escrito. El producto quedará a su disposición durante 6 meses, para que lo recoja en nuestra tienda física o solicite su envío a su cargo. Transcurrido ese plazo sin que lo haya recogido, se destinará al reciclaje.',
        },
      ],
    },
  ],
});
