import { STORE_COOKIE } from '../storefront.ts';
import { GDPR, LSSI } from './legal-facts.ts';
import type { PageBuilder } from './types.ts';

export const cookiesPage: PageBuilder = (c) => ({
  slug: 'cookies',
  title: 'Política de cookies',
  summary:
    'Qué son las cookies, qué tipos existen y qué cookies utiliza este sitio web: solo cookies técnicas, sin análisis ni publicidad.',
  sections: [
    {
      id: 'que-son-las-cookies',
      heading: 'Qué son las cookies',
      blocks: [
        {
          kind: 'p',
          text: 'Las cookies son pequeños archivos que un sitio web guarda en su navegador cuando lo visita, y que permiten, por ejemplo, recordar información entre una página y otra. Esta política se refiere también a otras tecnologías similares, como el almacenamiento local del navegador.',
        },
        {
          kind: 'p',
          text: `Esta política la publica ${c.legalName}, titular de este sitio web, en cumplimiento del artículo 22.2 de la ${LSSI} y del ${GDPR}.`,
        },
      ],
    },
    {
      id: 'tipos-de-cookies',
      heading: 'Tipos de cookies según su finalidad',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Técnicas: permiten navegar y utilizar las funciones básicas del sitio, como mantener la sesión, recordar el pedido en curso o proteger los formularios frente a ataques. Son imprescindibles para prestar el servicio que usted solicita.',
            'De personalización o preferencias: recuerdan opciones que usted elige, como el idioma o la configuración regional.',
            'De análisis: permiten medir el número de visitas y cómo se utiliza el sitio, para mejorarlo.',
            'Publicitarias: permiten mostrar publicidad y, en su caso, elaborar perfiles a partir de los hábitos de navegación.',
          ],
        },
        {
          kind: 'p',
          text: 'Las cookies técnicas y las de personalización que usted solicita expresamente no requieren consentimiento. Las de análisis y las publicitarias solo pueden instalarse si usted lo acepta previamente.',
        },
      ],
    },
    {
      id: 'sesion-y-persistentes',
      heading: 'Cookies de sesión y persistentes',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Cookies de sesión: se eliminan cuando cierra el navegador.',
            'Cookies persistentes: permanecen en su dispositivo durante un tiempo determinado o hasta que usted las borre.',
          ],
        },
        {
          kind: 'p',
          text: 'Según quién las gestiona, las cookies pueden ser propias, si las envía el dominio de este sitio web, o de terceros, si las envía otra entidad.',
        },
      ],
    },
    {
      id: 'cookies-que-utilizamos',
      heading: 'Cookies que utiliza este sitio web',
      blocks: [
        {
          kind: 'p',
          text: 'Este sitio web solo utiliza cookies técnicas propias y otros mecanismos de almacenamiento técnico, necesarios para prestar el servicio que usted solicita. Actualmente no utiliza cookies de análisis ni publicitarias, ni cookies de terceros con esas finalidades.',
        },
        {
          kind: 'ul',
          items: [
            'sid (cookie propia, técnica, persistente): identifica su navegador para que la tienda recuerde el pedido que está haciendo y las fotos que sube, y para que solo ese navegador pueda ver y cambiar los datos del pedido (quien reciba el enlace de seguimiento de su correo solo ve el seguimiento). Duración: 90 días, que vuelven a contar cada vez que abre la tienda tras cerrar el navegador. En el sitio publicado se llama __Host-sid.',
            'XSRF-TOKEN (cookie propia, técnica, de sesión): contiene un valor aleatorio vinculado a su visita que protege los formularios y los pedidos frente a ataques de falsificación de peticiones (CSRF). Duración: hasta que cierre el navegador. En el sitio publicado se llama __Host-XSRF-TOKEN.',
            `${STORE_COOKIE} (cookie propia, técnica, de sesión): guarda el número de la tienda en la que está comprando, para que una página de esa tienda que abra o recargue directamente llegue ya con sus marcas y modelos. No contiene ningún dato suyo. Duración: hasta que cierre el navegador; se borra al volver a elegir tienda.`,
            'staff_session (cookie propia, técnica, de sesión): solo la recibe el personal autorizado al entrar en el área de gestión, para mantener su sesión. Duración: hasta que cierra el navegador; la sesión termina en el servidor tras 2 horas sin uso y, en todo caso, a las 12 horas. En el sitio publicado se llama __Host-staff_session.',
            'staff_device (cookie propia, técnica, persistente): solo la recibe el personal autorizado al entrar en el área de gestión; recuerda que ese dispositivo ya ha entrado antes, para que los intentos fallidos de otros dispositivos de la misma red no le impidan entrar. Duración: 90 días desde la última entrada. En el sitio publicado se llama __Host-staff_device.',
            'cookieConsentAccepted (almacenamiento local del navegador, propio, técnico): guarda que ha cerrado el aviso de cookies, para no volver a mostrárselo. Duración: hasta que borre los datos de navegación del sitio.',
            'designInProgress (cookie propia, técnica, de sesión, que solo lee su navegador): recuerda el diseño de funda que ha dejado a medias (el número interno del pedido y la tienda), para ofrecerle continuarlo si vuelve a la tienda en otra pestaña; el diseño se guarda con el pedido. No se usa en las pantallas de las tiendas. Duración: hasta que cierre el navegador, haga el pedido o pulse «Descartar».',
            'Datos del pedido en curso (almacenamiento de sesión del navegador, propio, técnico): recuerdan la tienda elegida, el pedido que está completando y, tras pagar, el número del pedido pagado. Duración: se borran al cerrar la pestaña.',
          ],
        },
        {
          kind: 'p',
          text: 'Como estas cookies son técnicas y están exentas de consentimiento conforme al artículo 22.2 de la LSSI-CE, el aviso de cookies solo informa: no le pide que acepte nada, y pulsar «OK» únicamente lo cierra.',
        },
      ],
    },
    {
      id: 'cookies-de-analisis-de-terceros',
      heading: 'Cookies de análisis de terceros',
      blocks: [
        {
          kind: 'p',
          text: 'En este momento no utilizamos ningún servicio de análisis. Si en el futuro decidiéramos medir el uso del sitio, ese servicio lo prestaría un tercero. Antes de activarlo, actualizaríamos esta política indicando el proveedor, las cookies que utiliza y su duración, y solo las instalaríamos con su consentimiento previo, que podría retirar en cualquier momento.',
        },
      ],
    },
    {
      id: 'configuracion-del-navegador',
      heading: 'Cómo gestionar o eliminar las cookies en su navegador',
      blocks: [
        {
          kind: 'p',
          text: 'Puede permitir, bloquear o eliminar las cookies desde la configuración de su navegador. Tenga en cuenta que, si bloquea las cookies técnicas, es posible que no pueda completar un pedido.',
        },
        {
          kind: 'ul',
          items: [
            'Google Chrome: Configuración > Privacidad y seguridad, en los apartados «Cookies de terceros» y «Eliminar datos de navegación».',
            'Mozilla Firefox: Ajustes > Privacidad & Seguridad > Cookies y datos del sitio.',
            'Safari: en Mac, Safari > Ajustes > Privacidad > Gestionar datos de sitios web; en iPhone y iPad, Ajustes > Safari > Avanzado > Datos de sitios web.',
            'Microsoft Edge: Configuración > Cookies y permisos del sitio > Administrar y eliminar cookies y datos del sitio.',
          ],
        },
        {
          kind: 'p',
          text: 'Los nombres de los menús pueden variar según la versión del navegador; si no los encuentra, consulte la ayuda de su navegador.',
        },
      ],
    },
    {
      id: 'actualizaciones',
      heading: 'Actualizaciones de esta política',
      blocks: [
        {
          kind: 'p',
          text: `Revisaremos esta política cuando cambien las cookies que utilizamos o la normativa aplicable, y publicaremos la nueva versión en esta página antes de empezar a utilizar cookies distintas de las descritas. Si tiene cualquier duda, escríbanos a ${c.email}.`,
        },
      ],
    },
  ],
});
