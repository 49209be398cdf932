import {
  CONSUMER_LAW,
  DEFECT_NOTICE_CAVEAT,
  DISPATCH_CUTOFF,
  postalAddress,
  SHIPPING_FEE,
} from './legal-facts.ts';
import type { PageBuilder } from './types.ts';

export const returnConditionsPage: PageBuilder = (c) => ({
  slug: 'return-conditions',
  title: 'Condiciones de devolución',
  summary:
    'Cómo ejercer el derecho de desistimiento, qué productos pueden devolverse y cómo tramitamos las devoluciones y los reembolsos.',
  sections: [
    {
      id: 'derecho-de-desistimiento',
      heading: 'Derecho de desistimiento',
      blocks: [
        {
          kind: 'p',
          text: 'Si es usted consumidor, dispone de un plazo de 14 días naturales para desistir del contrato sin necesidad de indicar el motivo. El plazo empieza a contar el día en que usted, o un tercero indicado por usted distinto del transportista, recibe el producto o lo recoge en la tienda.',
        },
        {
          kind: 'p',
          text: `Para ejercerlo, comuníquenos su decisión de forma inequívoca antes de que termine el plazo: por correo electrónico a ${c.email}, por correo postal a ${c.legalName}, ${postalAddress(c)}, o en nuestra tienda física. Indique su nombre, el número de pedido y los productos afectados. Puede utilizar el modelo de formulario que figura al final de esta página, aunque su uso no es obligatorio.`,
        },
      ],
    },
    {
      id: 'productos-personalizados',
      heading: 'Excepción: fundas personalizadas',
      blocks: [
        {
          kind: 'p',
          text: `De acuerdo con el artículo 103 c) del ${CONSUMER_LAW}, el derecho de desistimiento no se aplica al suministro de bienes confeccionados conforme a las especificaciones del consumidor o claramente personalizados.`,
        },
        {
          kind: 'p',
          text: 'La funda impresa con la imagen que usted ha elegido se fabrica por encargo y exclusivamente para usted, por lo que no puede devolverse por desistimiento. Sí puede devolverla si presenta un defecto de fabricación o de impresión, o si no corresponde a lo que pidió (por ejemplo, un modelo de teléfono o una imagen distintos de los de su pedido). Los productos no personalizados pueden devolverse por desistimiento con normalidad.',
        },
      ],
    },
    {
      id: 'defectos-en-72-horas',
      heading: 'Defectos físicos: le pedimos aviso en 72 horas',
      blocks: [
        {
          kind: 'p',
          text: `Revise su pedido al recibirlo. Le pedimos que nos comunique los defectos físicos (roturas, golpes, arañazos, fallos de impresión o daños sufridos durante el transporte) en las 72 horas siguientes a la recepción, con una fotografía en la que se aprecie el defecto, por correo electrónico a ${c.email} o por WhatsApp al ${c.whatsappDisplay}. Así podremos reclamar al transportista y resolver la incidencia con rapidez. ${DEFECT_NOTICE_CAVEAT} La garantía legal se explica en las Condiciones de garantía.`,
        },
      ],
    },
    {
      id: 'como-devolver',
      heading: 'Cómo devolver un producto',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Contacte con nosotros antes de enviar el producto e indíquenos el número de pedido y el motivo de la devolución.',
            `Envíe el producto a ${c.legalName}, ${postalAddress(c)}, o entréguelo en nuestra tienda física, en un plazo máximo de 14 días naturales desde que nos comunicó su decisión de desistir.`,
            'Embálelo adecuadamente para que no sufra daños durante el transporte e incluya, si es posible, sus accesorios y el embalaje original.',
            'Conserve el justificante de envío hasta que reciba el reembolso.',
          ],
        },
        {
          kind: 'p',
          text: 'Usted solo será responsable de la disminución de valor del producto que resulte de una manipulación distinta de la necesaria para comprobar su naturaleza, sus características y su funcionamiento.',
        },
      ],
    },
    {
      id: 'gastos-de-devolucion',
      heading: 'Gastos de devolución',
      blocks: [
        {
          kind: 'p',
          text: 'Cuando desista del contrato, el coste directo de la devolución del producto correrá a su cargo.',
        },
        {
          kind: 'p',
          text: `Si el producto presenta un defecto de fábrica, le reembolsaremos los gastos del envío de devolución hasta ${SHIPPING_FEE}, importe que cubre un envío ordinario dentro de la península. Contacte con nosotros antes de enviarlo: si no encuentra una opción de envío por ese importe, le indicaremos cómo devolverlo sin coste adicional para usted. También puede entregarlo gratuitamente en nuestra tienda física.`,
        },
      ],
    },
    {
      id: 'tramitacion-y-reembolso',
      heading: 'Tramitación y reembolso',
      blocks: [
        {
          kind: 'p',
          text: 'Revisaremos el producto devuelto y le comunicaremos el resultado en un plazo máximo de una semana desde su recepción.',
        },
        {
          kind: 'p',
          text: 'Si desiste del contrato, le reembolsaremos todos los pagos recibidos, incluidos los gastos de envío iniciales, sin demoras indebidas y, en todo caso, en un plazo máximo de 14 días naturales desde que nos comunicó su decisión. Podremos retener el reembolso hasta haber recibido el producto o hasta que nos presente una prueba de su devolución, según qué condición se cumpla primero. El reembolso se hará por el mismo medio de pago que utilizó, salvo que acuerde expresamente otro, y no le supondrá ningún gasto.',
        },
      ],
    },
    {
      id: 'cancelacion-de-pedidos',
      heading: 'Cancelación antes del envío',
      blocks: [
        {
          kind: 'p',
          text: `Puede cancelar un pedido sin coste alguno antes de la hora de corte de expedición, a las ${DISPATCH_CUTOFF} del día laborable en que se vaya a enviar. Una vez expedido ya no es posible cancelarlo, y se aplican las reglas de devolución de esta página.`,
        },
      ],
    },
    {
      id: 'devoluciones-no-aceptadas',
      heading: 'Devoluciones no aceptadas',
      blocks: [
        {
          kind: 'p',
          text: 'Si no aceptamos una devolución (por ejemplo, una funda personalizada sin defecto, un producto dañado por un uso indebido o devuelto fuera de plazo), se lo comunicaremos de forma motivada. El producto quedará a su disposición durante 6 meses, para que lo recoja en nuestra tienda física o solicite su envío a su cargo. Transcurrido ese plazo sin que lo haya recogido, el producto se destinará al reciclaje.',
        },
      ],
    },
    {
      id: 'formulario-de-desistimiento',
      heading: 'Modelo de formulario de desistimiento',
      blocks: [
        { kind: 'p', text: 'Cumplimente y envíe este formulario solo si desea desistir del contrato:' },
        {
          kind: 'ul',
          items: [
            `A la atención de ${c.legalName}, ${postalAddress(c)}, correo electrónico ${c.email}.`,
            'Por la presente le comunico que desisto de mi contrato de venta de los siguientes bienes: (indíquelos).',
            'Fecha del pedido y fecha de recepción.',
            'Número de pedido.',
            'Nombre del consumidor.',
            'Domicilio del consumidor.',
            'Firma del consumidor (solo si el formulario se presenta en papel).',
            'Fecha.',
          ],
        },
      ],
    },
  ],
});
