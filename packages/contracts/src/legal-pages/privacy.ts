import { retentionPolicyItems } from '../retention.ts';
import { GDPR, LOPDGDD, LSSI, OLD_LOPD, postalAddress } from './legal-facts.ts';
import type { PageBuilder } from './types.ts';

export const privacyPage: PageBuilder = (c) => ({
  slug: 'privacy',
  title: 'Política de privacidad',
  summary: `Cómo trata ${c.legalName} los datos personales de quienes hacen pedidos en este sitio web y cómo puede ejercer sus derechos.`,
  sections: [
    {
      id: 'responsable-del-tratamiento',
      heading: 'Identificación del responsable',
      blocks: [
        {
          kind: 'p',
          text: 'El responsable del tratamiento de sus datos personales es:',
        },
        {
          kind: 'ul',
          items: [
            `Responsable: ${c.legalName}`,
            `NIF: ${c.nif}`,
            `Domicilio: ${postalAddress(c)}`,
            `Teléfono: ${c.phone}`,
            `Correo electrónico: ${c.email}`,
          ],
        },
        {
          kind: 'p',
          text: 'Esta política explica qué datos tratamos cuando hace un pedido en este sitio web o en nuestras tiendas asociadas, para qué los usamos, durante cuánto tiempo los conservamos y cuáles son sus derechos.',
        },
      ],
    },
    {
      id: 'informacion-recopilada',
      heading: 'Información que recopilamos',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Datos de contacto: nombre y apellidos, correo electrónico y teléfono.',
            'Dirección de entrega (dirección, ciudad y código postal), si elige el envío a domicilio.',
            'La fotografía que sube para personalizar la funda y el diseño resultante. Al recibirla eliminamos sus metadatos, como la ubicación.',
            'Datos del pedido: tienda elegida, modelo de teléfono, importes, forma de pago y de entrega, estado y fechas del pedido.',
            'Datos técnicos necesarios para el funcionamiento y la seguridad del sitio, como la dirección IP.',
          ],
        },
        {
          kind: 'p',
          text: 'Los datos de su tarjeta bancaria o de su cuenta de Bizum los trata únicamente la entidad bancaria, a través de su pasarela de pago segura; nosotros no tenemos acceso a ellos ni los almacenamos.',
        },
        {
          kind: 'p',
          text: 'Si en la fotografía aparecen otras personas, usted debe contar con su consentimiento para facilitarnos su imagen.',
        },
      ],
    },
    {
      id: 'uso-de-la-informacion',
      heading: 'Uso de la información: finalidades y bases jurídicas',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Gestionar su pedido: fabricar la funda, cobrarla, entregarla en la tienda o enviarla a domicilio, y avisarle de su estado. Base jurídica: la ejecución del contrato (artículo 6.1.b del RGPD).',
            'Atender sus consultas, reclamaciones, devoluciones y solicitudes de garantía. Base jurídica: la ejecución del contrato y el cumplimiento de obligaciones legales (artículo 6.1.b y c del RGPD).',
            'Emitir las facturas y cumplir las obligaciones contables y fiscales. Base jurídica: el cumplimiento de obligaciones legales (artículo 6.1.c del RGPD).',
            'Garantizar la seguridad del sitio web y prevenir el fraude. Base jurídica: nuestro interés legítimo (artículo 6.1.f del RGPD).',
          ],
        },
        {
          kind: 'p',
          text: 'No utilizamos sus datos para enviarle publicidad, no elaboramos perfiles ni tomamos decisiones automatizadas que le afecten. Los datos señalados como obligatorios en el formulario son necesarios para tramitar su pedido; sin ellos no podríamos atenderlo.',
        },
      ],
    },
    {
      id: 'conservacion',
      heading: 'Plazo de conservación',
      blocks: [
        {
          kind: 'ul',
          items: [
            ...retentionPolicyItems(c.retention),
            'Los datos técnicos de seguridad se conservan solo durante el tiempo imprescindible para esa finalidad.',
          ],
        },
        {
          kind: 'p',
          text: 'Cuando los datos dejen de ser necesarios, se suprimirán o, si la ley lo exige, se mantendrán bloqueados durante el plazo en que puedan exigirse responsabilidades, conforme al artículo 32 de la LOPDGDD.',
        },
      ],
    },
    {
      id: 'destinatarios',
      heading: 'Destinatarios de los datos',
      blocks: [
        {
          kind: 'ul',
          items: [
            'La tienda asociada que usted elija, para preparar, cobrar y entregarle el pedido.',
            'La entidad bancaria y su pasarela de pago (Redsys), para procesar los pagos con tarjeta o Bizum.',
            'La empresa de transporte, que recibe su nombre, dirección y teléfono para entregar los envíos a domicilio.',
            'La Agencia Estatal de Administración Tributaria y otras administraciones públicas, cuando lo exija la ley, en particular en relación con las facturas.',
            'Los proveedores que nos prestan servicios tecnológicos, como el alojamiento o el correo electrónico, que actúan como encargados del tratamiento con un contrato conforme al artículo 28 del RGPD.',
          ],
        },
        {
          kind: 'p',
          text: 'No vendemos ni cedemos sus datos a terceros con fines comerciales. Si algún proveedor tratara datos fuera del Espacio Económico Europeo, lo haría con las garantías previstas en el capítulo V del RGPD.',
        },
      ],
    },
    {
      id: 'acceso-y-derechos',
      heading: 'Acceso y ejercicio de sus derechos',
      blocks: [
        {
          kind: 'p',
          text: 'Puede ejercer en cualquier momento, de forma gratuita, los siguientes derechos:',
        },
        {
          kind: 'ul',
          items: [
            'Acceso: saber si tratamos sus datos y obtener una copia.',
            'Rectificación: corregir los datos inexactos o incompletos.',
            'Supresión: pedir que borremos sus datos cuando ya no sean necesarios.',
            'Oposición: oponerse al tratamiento basado en nuestro interés legítimo.',
            'Limitación del tratamiento: pedir que conservemos sus datos sin utilizarlos, en los casos previstos en el RGPD.',
            'Portabilidad: recibir los datos que nos facilitó en un formato estructurado y de uso común.',
          ],
        },
        {
          kind: 'p',
          text: `Para ejercerlos, escríbanos a ${c.email} o a ${postalAddress(c)}, indicando el derecho que desea ejercer y los datos que nos permitan identificarle, como el número de pedido. Si tenemos dudas razonables sobre su identidad, podremos pedirle información adicional. Le responderemos en el plazo de un mes, prorrogable en los casos que prevé el RGPD.`,
        },
        {
          kind: 'p',
          text: 'Si considera que no hemos tratado sus datos correctamente, puede presentar una reclamación ante la Agencia Española de Protección de Datos (www.aepd.es), C/ Jorge Juan, 6, 28001 Madrid.',
        },
      ],
    },
    {
      id: 'seguridad',
      heading: 'Seguridad',
      blocks: [
        {
          kind: 'p',
          text: 'Aplicamos medidas técnicas y organizativas adecuadas al riesgo, entre ellas la conexión cifrada (HTTPS), el acceso restringido al personal autorizado, enlaces de subida de fotografías vinculados a un único pedido y de validez limitada, y la eliminación de los metadatos de las imágenes. Si se produjera una violación de la seguridad que afectara a sus datos, actuaríamos conforme al RGPD, notificándola a la autoridad de control y, cuando proceda, a usted.',
        },
      ],
    },
    {
      id: 'cambios',
      heading: 'Cambios en esta política',
      blocks: [
        {
          kind: 'p',
          text: 'Podemos actualizar esta política para adaptarla a cambios normativos o del servicio. La versión vigente estará siempre publicada en esta página y, si los cambios son relevantes, lo indicaremos de forma visible en el sitio web.',
        },
      ],
    },
    {
      id: 'menores',
      heading: 'Menores de edad',
      blocks: [
        {
          kind: 'p',
          text: 'Este sitio web no está dirigido a menores de edad y para comprar es necesario ser mayor de edad. No recogemos conscientemente datos de menores; si tenemos constancia de ello, los suprimiremos. Conforme al artículo 7 de la LOPDGDD, los menores de 14 años no pueden consentir el tratamiento de sus datos, por lo que, si la fotografía muestra a un menor, quien la sube debe ser su padre, su madre o su tutor, o contar con su autorización.',
        },
      ],
    },
    {
      id: 'preguntas',
      heading: 'Preguntas',
      blocks: [
        {
          kind: 'p',
          text: `Si tiene cualquier pregunta sobre esta política o sobre el tratamiento de sus datos, escríbanos a ${c.email} o llámenos al ${c.phone}. Nuestro horario de atención es ${c.hours}.`,
        },
      ],
    },
    {
      id: 'normativa-de-proteccion-de-datos',
      heading: 'Normativa de protección de datos',
      blocks: [
        {
          kind: 'p',
          text: `Esta política se rige por el ${GDPR}, por la ${LOPDGDD}, que sustituyó a la ${OLD_LOPD}, y por la ${LSSI}.`,
        },
      ],
    },
  ],
});
