import {
  CONSUMER_LAW,
  DEFECT_NOTICE_CAVEAT,
  DISPATCH_CUTOFF,
  LSSI,
  postalAddress,
  SHIPPING_FEE,
} from './legal-facts.ts';
import type { PageBuilder } from './types.ts';

export const generalConditionsPage: PageBuilder = (c) => ({
  slug: 'general-conditions',
  title: 'Condiciones generales de contratación',
  summary:
    'Condiciones que regulan la compra de fundas personalizadas y demás productos a través de este sitio web y de nuestras tiendas asociadas.',
  sections: [
    {
      id: 'objeto-y-ambito',
      heading: 'Objeto y ámbito de aplicación',
      blocks: [
        {
          kind: 'p',
          text: `Las presentes condiciones generales de contratación regulan la relación contractual entre ${c.legalName} (en adelante, «el vendedor»), que opera con el nombre comercial ${c.tradeName}, con NIF ${c.nif} y domicilio en ${postalAddress(c)}, y las personas que realizan pedidos a través de este sitio web (en adelante, «el comprador»).`,
        },
        {
          kind: 'p',
          text: `${c.legalName} es una sociedad de responsabilidad limitada española con sede en ${c.town} y tienda física abierta al público, que comercializa fundas de móvil personalizadas a través de este sitio web y de una red de tiendas asociadas. Estas condiciones se aplican a todos los pedidos, se paguen en línea o en la tienda.`,
        },
        {
          kind: 'p',
          text: 'Realizar un pedido supone la aceptación expresa de estas condiciones en la versión publicada en ese momento. El vendedor puede modificarlas en el futuro, pero los cambios no afectarán a los pedidos ya realizados. Le recomendamos que las lea con atención y que conserve una copia.',
        },
      ],
    },
    {
      id: 'capacidad-para-contratar',
      heading: 'Capacidad para contratar y datos del comprador',
      blocks: [
        { kind: 'p', text: 'Para realizar un pedido, el comprador debe cumplir los siguientes requisitos:' },
        {
          kind: 'ul',
          items: [
            'Ser mayor de edad y tener plena capacidad para contratar.',
            'Facilitar datos veraces, exactos y actualizados, y comunicar cualquier cambio que afecte al pedido.',
            'Aceptar estas condiciones generales de contratación y haber leído la Política de privacidad.',
          ],
        },
        {
          kind: 'p',
          text: 'Este sitio web no está dirigido a menores de edad. Si el vendedor tiene constancia de que un pedido ha sido realizado por un menor, podrá anularlo y devolver el importe abonado.',
        },
      ],
    },
    {
      id: 'productos',
      heading: 'Productos',
      blocks: [
        {
          kind: 'p',
          text: 'Salvo que se indique expresamente lo contrario, los productos que comercializa el vendedor son remanufacturados, reacondicionados o reciclados, y se revisan antes de su venta para comprobar su correcto estado.',
        },
        {
          kind: 'p',
          text: 'La funda personalizada es la excepción: se trata de un producto nuevo, fabricado por encargo e impreso con la imagen que usted aporta, conforme a sus especificaciones. Las imágenes del sitio web son orientativas y los colores impresos pueden variar ligeramente respecto a los que se ven en pantalla, según la calibración de cada dispositivo.',
        },
      ],
    },
    {
      id: 'imagen-aportada',
      heading: 'Imagen aportada por el comprador',
      blocks: [
        {
          kind: 'p',
          text: 'Al subir una fotografía, el comprador declara que es titular de los derechos sobre ella o que cuenta con la autorización necesaria, incluida la de las personas que aparezcan en la imagen, y que su contenido no es ilícito ni vulnera derechos de terceros. El vendedor utilizará la imagen únicamente para fabricar el pedido y podrá rechazar la impresión de imágenes ilícitas, ofensivas o que infrinjan derechos de propiedad intelectual, industrial o de imagen; en ese caso, devolverá el importe abonado.',
        },
        {
          kind: 'p',
          text: 'La nitidez de la impresión depende de la resolución de la fotografía. Si es demasiado pequeña para imprimirse con calidad, el editor se lo advertirá; si decide continuar, la menor nitidez resultante no se considerará un defecto del producto.',
        },
      ],
    },
    {
      id: 'proceso-de-compra',
      heading: 'Proceso de compra',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Elija la tienda, la marca y el modelo de su teléfono.',
            'Suba su fotografía y ajuste su posición sobre la plantilla de la funda.',
            'Elija entre pagar en la tienda al recoger el pedido o pagar ahora en línea, con recogida en tienda o envío a domicilio.',
            'Introduzca sus datos de contacto y, en su caso, de envío, y confirme el pedido.',
          ],
        },
        {
          kind: 'p',
          text: 'Antes de confirmar, se muestra un resumen con el producto y el precio total, y puede volver a los pasos anteriores para corregir cualquier dato. El contrato se entiende celebrado al confirmar el pedido; si nos ha facilitado su correo electrónico, le enviaremos una confirmación. El contrato se formaliza en español y el vendedor archiva el documento electrónico del pedido, que puede solicitar en cualquier momento.',
        },
      ],
    },
    {
      id: 'precios',
      heading: 'Precios',
      blocks: [
        {
          kind: 'p',
          text: `Los precios se expresan en euros e incluyen el IVA. Se aplica el precio que figura en el momento de realizar el pedido. El envío a domicilio tiene un coste fijo de ${SHIPPING_FEE} (IVA incluido), que se muestra antes del pago; la recogida en tienda es gratuita.`,
        },
      ],
    },
    {
      id: 'formas-de-pago',
      heading: 'Formas de pago',
      blocks: [
        {
          kind: 'p',
          text: 'Puede pagar en la tienda al recoger el pedido o pagar ahora en línea. Se admite el pago en efectivo (solo al recoger el pedido en tienda o en nuestro local), con tarjeta a través de la pasarela de pago segura de la entidad bancaria (Redsys) y mediante Bizum. El vendedor no tiene acceso en ningún momento a los datos de su tarjeta. Encontrará más detalles en la página Formas de pago.',
        },
      ],
    },
    {
      id: 'envio-y-cancelacion',
      heading: 'Envío, entrega y cancelación',
      blocks: [
        {
          kind: 'p',
          text: `Los pedidos pagados antes de la hora de corte de las ${DISPATCH_CUTOFF} de un día laborable se expiden ese mismo día; los demás, el siguiente día laborable. El envío a domicilio se realiza de lunes a viernes a la España peninsular, con un plazo de entrega estimado de 2 a 4 días laborables. Encontrará más información en la página Transporte.`,
        },
        {
          kind: 'p',
          text: `Puede cancelar su pedido sin coste alguno antes de la hora de corte de las ${DISPATCH_CUTOFF} del día de su expedición, por teléfono, WhatsApp o correo electrónico. Si ya lo había pagado, le devolveremos el importe por el mismo medio de pago.`,
        },
      ],
    },
    {
      id: 'derecho-de-desistimiento',
      heading: 'Derecho de desistimiento',
      blocks: [
        {
          kind: 'p',
          text: 'Si es usted consumidor, dispone de un plazo de 14 días naturales desde la recepción del producto para desistir del contrato sin necesidad de justificar su decisión.',
        },
        {
          kind: 'p',
          text: `No obstante, conforme al artículo 103 c) del ${CONSUMER_LAW}, este derecho no se aplica a los bienes confeccionados conforme a las especificaciones del consumidor o claramente personalizados. Por ello, la funda impresa con su imagen no puede devolverse por desistimiento, salvo que sea defectuosa. Los productos no personalizados sí pueden devolverse. El procedimiento se explica en las Condiciones de devolución.`,
        },
      ],
    },
    {
      id: 'garantia',
      heading: 'Garantía y defectos',
      blocks: [
        {
          kind: 'p',
          text: `Le pedimos que nos comunique los defectos físicos en las 72 horas siguientes a la recepción del pedido, con una fotografía. ${DEFECT_NOTICE_CAVEAT} Todo producto tiene la garantía legal de conformidad de 3 años desde la entrega (artículo 120 TRLGDCU). Además, sin reducirla, el vendedor ofrece una garantía comercial propia de 6 meses con carácter general, 8 meses para los artículos de stock inicial y 1 año para la maquinaria. Encontrará el detalle en las Condiciones de garantía.`,
        },
      ],
    },
    {
      id: 'atencion-al-cliente',
      heading: 'Atención al cliente y reclamaciones',
      blocks: [
        {
          kind: 'p',
          text: `Puede dirigir sus consultas y reclamaciones al correo electrónico ${c.email}, al teléfono ${c.phone} o por WhatsApp al ${c.whatsappDisplay}. Nuestro horario de atención es ${c.hours}. También tiene a su disposición hojas de quejas y reclamaciones oficiales en nuestra tienda física, situada en ${postalAddress(c)}.`,
        },
        {
          kind: 'p',
          text: `Si compra a distancia, no necesita venir a la tienda: pida las hojas de quejas y reclamaciones por correo electrónico a ${c.email} o por teléfono al ${c.phone} y se las enviaremos por correo electrónico o postal, como prefiera, para que las rellene y nos las devuelva. También puede presentar su queja o reclamación en línea ante la Junta de Andalucía, en el portal Consumo Responde (www.consumoresponde.es), o ante los servicios de consumo de su comunidad autónoma.`,
        },
        {
          kind: 'p',
          text: 'Resolución alternativa de litigios (Ley 7/2017): el vendedor no está adherido a ninguna entidad de resolución alternativa ni al Sistema Arbitral de Consumo. Si no resolvemos su reclamación, puede acudir a la Junta Arbitral de Consumo de Andalucía o a la de su domicilio; al contestar a su reclamación le diremos si aceptamos participar en ese procedimiento.',
        },
      ],
    },
    {
      id: 'legislacion-aplicable',
      heading: 'Legislación aplicable y jurisdicción',
      blocks: [
        {
          kind: 'p',
          text: `Estas condiciones se rigen por la legislación española, en particular por el texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios y por la ${LSSI}. Cuando el comprador sea consumidor, serán competentes los juzgados y tribunales de su domicilio; en los demás casos, los de ${c.town}.`,
        },
      ],
    },
  ],
});
