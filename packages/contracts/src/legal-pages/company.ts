import { postalAddress } from './legal-facts.ts';
import type { PageBuilder } from './types.ts';

export const companyPage: PageBuilder = (c) => ({
  slug: 'company',
  title: 'Quiénes somos',
  summary: `${c.tradeName} diseña e imprime fundas de móvil personalizadas en ${c.town} y las entrega a través de su tienda física y de su red de tiendas asociadas.`,
  sections: [
    {
      id: 'quienes-somos',
      heading: 'Quiénes somos',
      blocks: [
        {
          kind: 'p',
          text: `${c.tradeName} es el nombre comercial de ${c.legalName}, una sociedad de responsabilidad limitada española con sede en ${c.town}, donde tenemos nuestra tienda física. Nos dedicamos a convertir sus fotografías en fundas de móvil únicas, diseñadas por usted en pocos minutos y fabricadas por encargo.`,
        },
        {
          kind: 'p',
          text: 'Creemos que la funda del teléfono es uno de los objetos que más usamos cada día, y que merece llevar algo que tenga significado para usted: un viaje, su familia, su mascota o ese momento que no quiere olvidar.',
        },
      ],
    },
    {
      id: 'que-hacemos',
      heading: 'Qué hacemos',
      blocks: [
        {
          kind: 'p',
          text: 'Imprimimos fundas personalizadas con la imagen que usted elija para modelos de Apple, Samsung, Xiaomi y OPPO. Cada funda es un producto nuevo, fabricado como pieza única a partir de su diseño, y la imprimimos ajustando la imagen a la forma real de su modelo, con los huecos de cámara y botones en su sitio.',
        },
        {
          kind: 'p',
          text: 'Además de las fundas, y salvo que se indique lo contrario, los productos que comercializamos son remanufacturados, reacondicionados o reciclados. Alargar la vida útil de los productos y reciclar lo que ya no se puede aprovechar forma parte de nuestra manera de trabajar.',
        },
      ],
    },
    {
      id: 'como-funciona',
      heading: 'Su funda en tres pasos',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Elija su tienda, la marca y el modelo de su teléfono.',
            'Suba su foto y colóquela a su gusto sobre la funda: puede ampliarla, girarla o invertirla. Si está en una de nuestras tiendas, escanee el código QR de la pantalla y envíe la foto desde su propio móvil.',
            'Haga su pedido y elija cómo pagar: en la tienda al recogerlo o ahora en línea, con recogida gratuita en tienda o envío a domicilio.',
          ],
        },
      ],
    },
    {
      id: 'tiendas-asociadas',
      heading: 'Nuestra red de tiendas asociadas',
      blocks: [
        {
          kind: 'p',
          text: 'Además de nuestra tienda física, trabajamos con una red de tiendas asociadas. En ellas puede diseñar su funda en la pantalla de la propia tienda, con la ayuda del personal si lo necesita, y después pagarla y recogerla allí mismo. Cada tienda tiene su propio enlace y su propio código QR, de modo que su pedido queda asignado a la tienda que usted elija.',
        },
      ],
    },
    {
      id: 'una-idea-para-regalar',
      heading: 'Una idea para regalar',
      blocks: [
        {
          kind: 'p',
          text: 'Una funda con una foto especial es un regalo personal, útil y que se usa todos los días. Solo necesita saber el modelo de teléfono de la persona a la que quiere sorprender y elegir la imagen adecuada.',
        },
      ],
    },
    {
      id: 'tienda-fisica',
      heading: 'Visítenos',
      blocks: [
        {
          kind: 'p',
          text: `Nuestra tienda física está en ${postalAddress(c)}. Nuestro horario de apertura y de atención al cliente es ${c.hours}. También puede llamarnos al ${c.phone}, escribirnos por WhatsApp al ${c.whatsappDisplay} o enviarnos un correo electrónico a ${c.email}.`,
        },
      ],
    },
    {
      id: 'datos-de-la-empresa',
      heading: 'Datos de la empresa',
      blocks: [
        {
          kind: 'ul',
          items: [
            `Razón social: ${c.legalName}`,
            `Nombre comercial: ${c.tradeName}`,
            `NIF: ${c.nif}`,
            `Domicilio social: ${postalAddress(c)}`,
            `Datos registrales: ${c.registry}`,
          ],
        },
      ],
    },
  ],
});
