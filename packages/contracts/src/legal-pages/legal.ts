import { CONSUMER_LAW, GDPR, LOPDGDD, LSSI, OLD_LOPD, postalAddress } from './legal-facts.ts';
import type { PageBuilder } from './types.ts';

export const legalPage: PageBuilder = (c) => ({
  slug: 'legal',
  title: 'Aviso legal',
  summary: `Datos identificativos de ${c.legalName} y condiciones de uso de este sitio web.`,
  sections: [
    {
      id: 'datos-identificativos',
      heading: 'Datos identificativos',
      blocks: [
        {
          kind: 'p',
          text: `En cumplimiento del artículo 10 de la ${LSSI}, se facilitan los datos identificativos del titular de este sitio web:`,
        },
        {
          kind: 'ul',
          items: [
            `Titular: ${c.legalName}`,
            `Nombre comercial: ${c.tradeName}`,
            `NIF: ${c.nif}`,
            `Domicilio: ${postalAddress(c)}`,
            `Datos registrales: ${c.registry}`,
            `Teléfono: ${c.phone}`,
            `WhatsApp: ${c.whatsappDisplay}`,
            `Correo electrónico: ${c.email}`,
            `Horario de atención: ${c.hours}`,
          ],
        },
        {
          kind: 'p',
          text: `${c.legalName} (en adelante, «el vendedor») es una sociedad de responsabilidad limitada española con sede en ${c.town} y tienda física abierta al público.`,
        },
      ],
    },
    {
      id: 'usuarios',
      heading: 'Usuarios',
      blocks: [
        {
          kind: 'p',
          text: 'El acceso a este sitio web y su uso atribuyen la condición de usuario e implican la aceptación de este aviso legal. Los clientes no necesitan registrarse para hacer un pedido. Para comprar es necesario ser mayor de edad y tener capacidad para contratar; este sitio web no está dirigido a menores de edad.',
        },
        {
          kind: 'p',
          text: 'Los usuarios registrados, es decir, el personal autorizado del vendedor y de las tiendas asociadas que accede al área de gestión con una clave de acceso, deben custodiar su clave de forma confidencial, son responsables del uso que se haga con ella y deben comunicar de inmediato al vendedor cualquier uso no autorizado.',
        },
      ],
    },
    {
      id: 'derechos-y-obligaciones',
      heading: 'Derechos y obligaciones del vendedor y del comprador',
      blocks: [
        { kind: 'p', text: 'El vendedor se compromete a:' },
        {
          kind: 'ul',
          items: [
            'Informar con claridad del precio total, impuestos y gastos de envío incluidos, antes de la confirmación del pedido.',
            'Entregar los productos conforme a lo contratado y en los plazos indicados.',
            'Tratar los datos personales conforme a la Política de privacidad.',
            'Atender las consultas, incidencias y reclamaciones dentro del horario de atención.',
          ],
        },
        { kind: 'p', text: 'El comprador se compromete a:' },
        {
          kind: 'ul',
          items: [
            'Ser mayor de edad y tener capacidad para contratar.',
            'Facilitar datos veraces, exactos y actualizados.',
            'Aceptar las Condiciones generales de contratación y haber leído la Política de privacidad antes de realizar el pedido (la privacidad no se acepta: la base del tratamiento de los datos es el contrato).',
            'Pagar el precio por alguno de los medios admitidos.',
            'Subir únicamente imágenes sobre las que tenga derechos y cuyo contenido sea lícito.',
          ],
        },
        {
          kind: 'p',
          text: 'Ambas partes tienen, además, los derechos y obligaciones que establecen las Condiciones generales de contratación y la normativa aplicable.',
        },
      ],
    },
    {
      id: 'uso-del-sitio-web',
      heading: 'Uso del sitio web',
      blocks: [
        {
          kind: 'p',
          text: 'El usuario se compromete a utilizar el sitio web conforme a la ley, a la buena fe, al orden público y a este aviso legal. En particular, se compromete a no:',
        },
        {
          kind: 'ul',
          items: [
            'Realizar actividades ilícitas o contrarias a la buena fe.',
            'Subir imágenes o contenidos ilícitos, ofensivos, discriminatorios, violentos o pornográficos, o que vulneren derechos de terceros, en particular de propiedad intelectual e industrial, al honor, a la intimidad o a la propia imagen.',
            'Introducir virus u otros programas dañinos, o intentar acceder sin autorización a áreas restringidas, a los sistemas o a los datos de otros usuarios.',
            'Realizar pedidos falsos o con datos de terceros sin su autorización.',
          ],
        },
      ],
    },
    {
      id: 'proteccion-de-datos',
      heading: 'Protección de datos',
      blocks: [
        {
          kind: 'p',
          text: `Los datos personales se tratan conforme al ${GDPR} y a la ${LOPDGDD}, que sustituyó a la ${OLD_LOPD}. Encontrará toda la información en la Política de privacidad y en la Política de cookies.`,
        },
      ],
    },
    {
      id: 'propiedad-intelectual',
      heading: 'Propiedad intelectual e industrial',
      blocks: [
        {
          kind: 'p',
          text: `Los contenidos de este sitio web (textos, diseño, código, imágenes, plantillas de fundas y signos distintivos propios) pertenecen a ${c.legalName} o a terceros que han autorizado su uso, y están protegidos por la normativa de propiedad intelectual e industrial. Queda prohibida su reproducción, distribución, comunicación pública o transformación sin autorización expresa, salvo para uso personal y privado.`,
        },
        {
          kind: 'p',
          text: 'Las marcas Apple, Samsung, Xiaomi y OPPO, así como los nombres de los modelos de teléfono, pertenecen a sus respectivos titulares y se mencionan solo para indicar la compatibilidad de las fundas, sin que ello implique relación ni patrocinio alguno.',
        },
        {
          kind: 'p',
          text: 'Las imágenes que suba el usuario siguen siendo suyas. Al subirlas, autoriza al vendedor a reproducirlas únicamente para fabricar su pedido y durante el tiempo necesario para ello.',
        },
      ],
    },
    {
      id: 'exclusion-de-garantias',
      heading: 'Exclusión de garantías y responsabilidad',
      blocks: [
        {
          kind: 'p',
          text: 'El vendedor procura que el sitio web funcione de forma continua y sin errores, pero no garantiza la ausencia de interrupciones, errores o elementos dañinos, ni responde de los daños causados por circunstancias ajenas a su control, como fallos de las redes de telecomunicaciones, ataques informáticos o el uso indebido del sitio por parte de los usuarios. Tampoco responde de los contenidos que los usuarios suban incumpliendo este aviso legal. Esta exclusión no limita los derechos que la normativa de consumo reconoce a los compradores.',
        },
      ],
    },
    {
      id: 'modificaciones',
      heading: 'Modificaciones',
      blocks: [
        {
          kind: 'p',
          text: 'El vendedor puede modificar en cualquier momento los contenidos y la configuración del sitio web, así como este aviso legal. Los cambios se publicarán en esta página y serán aplicables desde su publicación. Los pedidos ya realizados se rigen por las condiciones vigentes en el momento en que se hicieron.',
        },
      ],
    },
    {
      id: 'enlaces',
      heading: 'Enlaces',
      blocks: [
        {
          kind: 'p',
          text: 'Este sitio web puede contener enlaces a sitios de terceros, como la pasarela de pago de la entidad bancaria. El vendedor no controla esos sitios ni responde de sus contenidos ni de sus políticas, que le recomendamos consultar. Quien desee enlazar a este sitio web no podrá dar a entender una relación con el vendedor que no exista ni reproducir sus contenidos sin autorización.',
        },
      ],
    },
    {
      id: 'derecho-de-exclusion',
      heading: 'Derecho de exclusión',
      blocks: [
        {
          kind: 'p',
          text: 'El vendedor podrá suspender temporalmente el sitio web, por ejemplo por tareas de mantenimiento o por razones de seguridad, retirar contenidos y denegar o retirar el acceso, sin necesidad de preaviso, a los usuarios que incumplan este aviso legal o las Condiciones generales de contratación, sin perjuicio de las acciones legales que correspondan.',
        },
      ],
    },
    {
      id: 'generalidades',
      heading: 'Generalidades',
      blocks: [
        {
          kind: 'p',
          text: 'Si alguna cláusula de este aviso legal fuera declarada nula, las demás conservarán su validez. Que el vendedor no exija en un momento dado el cumplimiento de alguna disposición no supone que renuncie a hacerlo. El vendedor perseguirá el incumplimiento de estas condiciones y cualquier uso indebido del sitio web con las acciones que procedan.',
        },
      ],
    },
    {
      id: 'vigencia',
      heading: 'Duración y vigencia',
      blocks: [
        {
          kind: 'p',
          text: 'Este aviso legal estará vigente mientras permanezca publicado en el sitio web y hasta que sea sustituido, total o parcialmente, por otro debidamente publicado.',
        },
      ],
    },
    {
      id: 'legislacion-aplicable-y-jurisdiccion',
      heading: 'Legislación aplicable y jurisdicción',
      blocks: [
        {
          kind: 'p',
          text: `La relación entre el vendedor y el usuario se rige por la legislación española vigente, en particular por la LSSI-CE y por el ${CONSUMER_LAW}. Para la resolución de cualquier controversia, las partes se someten a los Juzgados y Tribunales de ${c.town}, sin perjuicio del fuero que la ley reconoce al consumidor, que podrá acudir a los juzgados de su domicilio.`,
        },
      ],
    },
  ],
});
