import type { FontId } from '@shop/contracts/scene';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLinkOnThisDevice } from '@/lib/kiosk';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/styles/static-page.css';

/**
 * `/creditos`: who made the stickers, the editor's fonts and the brand marks the shop shows, and
 * under which licence (docs/third-party-notices.md). Laid out like the static pages; public and
 * indexable. Only the type of `FontId` comes from the scene contract: the page carries no schemas.
 */

const TITLE = 'Créditos';
const SUMMARY =
  'Las pegatinas, los tipos de letra y las marcas que ves en la tienda son obra de otras personas, que los comparten con licencias abiertas. Aquí tienes quién los hizo y con qué licencia.';

const OFL = 'https://openfontlicense.org';
const CC_BY_SA = 'https://creativecommons.org/licenses/by-sa/4.0/deed.es';

interface FontCredit {
  name: string;
  authors: string;
  source: string;
}

/** The editor's fonts (`FONTS` of the scene contract) and who made them, from each font's licence. */
const FONT_CREDITS: Record<FontId, FontCredit> = {
  montserrat: {
    name: 'Montserrat',
    authors: 'Julieta Ulanovsky y The Montserrat Project Authors, 2011',
    source: 'https://github.com/JulietaUla/Montserrat',
  },
  playfair: {
    name: 'Playfair Display',
    authors: 'Claus Eggers Sørensen y The Playfair Display Project Authors, 2017',
    source: 'https://github.com/clauseggers/Playfair-Display',
  },
  pacifico: {
    name: 'Pacifico',
    authors: 'Vernon Adams y The Pacifico Project Authors, 2018',
    source: 'https://github.com/googlefonts/Pacifico',
  },
  bebas: {
    name: 'Bebas Neue',
    authors: 'Ryoichi Tsunekawa (Dharma Type) y The Bebas Neue Project Authors, 2019',
    source: 'https://github.com/dharmatype/Bebas-Neue',
  },
  caveat: {
    name: 'Caveat',
    authors: 'Pablo Impallari y The Caveat Project Authors, 2014',
    source: 'https://github.com/googlefonts/caveat',
  },
  lobster: {
    name: 'Lobster',
    authors: 'Pablo Impallari y The Lobster Project Authors, 2010',
    source: 'https://github.com/impallari/The-Lobster-Font',
  },
};

const SECTIONS = [
  { id: 'pegatinas', heading: 'Pegatinas' },
  { id: 'tipos-de-letra', heading: 'Tipos de letra' },
  { id: 'marcas', heading: 'Marcas de los móviles' },
] as const;

/** A link out of the shop: a new tab, or plain text on an in-store kiosk. */
function OutLink({ href, children }: { href: string; children: ReactNode }) {
  const target = useLinkOnThisDevice()(href);
  if (!target) return <>{children}</>;
  return (
    <a href={target} rel="noopener noreferrer" target="_blank">
      {children}
      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

export function CreditsRoute() {
  useDocumentTitle(TITLE, SUMMARY);
  return (
    <article className="container page static-page">
      <header className="page-header">
        <h1 className="page-title">{TITLE}</h1>
        <p className="lead">{SUMMARY}</p>
      </header>
      <div className="static-page__layout">
        <nav className="static-page__toc card" aria-labelledby="toc-title">
          <h2 id="toc-title">En esta página</h2>
          <ol>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <Link to={{ hash: section.id }}>{section.heading}</Link>
              </li>
            ))}
          </ol>
        </nav>
        <div className="static-page__body">
          <section id="pegatinas" tabIndex={-1} aria-labelledby="pegatinas-title">
            <h2 id="pegatinas-title">Pegatinas</h2>
            <p>
              Todas las pegatinas del editor son de <OutLink href="https://openmoji.org">OpenMoji</OutLink>,
              el proyecto de emojis e iconos de código abierto, y se comparten con la licencia{' '}
              <OutLink href={CC_BY_SA}>
                Creative Commons Reconocimiento-CompartirIgual 4.0 (CC BY-SA 4.0)
              </OutLink>
              . Las usamos tal como son; solo indicamos su tamaño en cada archivo.
            </p>
          </section>
          <section id="tipos-de-letra" tabIndex={-1} aria-labelledby="tipos-de-letra-title">
            <h2 id="tipos-de-letra-title">Tipos de letra</h2>
            <p>
              Los tipos de letra con los que escribes en tu funda se comparten con la{' '}
              <OutLink href={OFL}>SIL Open Font License 1.1</OutLink>:
            </p>
            <ul>
              {Object.values(FONT_CREDITS).map((font) => (
                <li key={font.name}>
                  <OutLink href={font.source}>{font.name}</OutLink>, de {font.authors}.
                </li>
              ))}
            </ul>
            <p>
              Los archivos vienen de <OutLink href="https://fontsource.org">Fontsource</OutLink>, que los
              reparte desde Google Fonts.
            </p>
            <p>
              Los emojis de tus textos son los dibujos de{' '}
              <OutLink href="https://github.com/jdecked/twemoji">Twemoji</OutLink> (de Twitter, Inc. y sus
              autores, con la licencia{' '}
              <OutLink href="https://creativecommons.org/licenses/by/4.0/deed.es">
                Creative Commons Reconocimiento 4.0 (CC BY 4.0)
              </OutLink>
              ), en el tipo de letra en color que prepara{' '}
              <OutLink href="https://github.com/mrdrogdrog/twemoji-color-font">Twemoji Color Font</OutLink>{' '}
              con la <OutLink href={OFL}>SIL Open Font License 1.1</OutLink>. Los usamos tal como son.
            </p>
          </section>
          <section id="marcas" tabIndex={-1} aria-labelledby="marcas-title">
            <h2 id="marcas-title">Marcas de los móviles</h2>
            <p>
              Los logotipos de Apple, Samsung, Xiaomi y OPPO vienen de{' '}
              <OutLink href="https://simpleicons.org">Simple Icons</OutLink>, que los comparte con la licencia{' '}
              <OutLink href="https://creativecommons.org/publicdomain/zero/1.0/deed.es">CC0 1.0</OutLink>. Son
              marcas de sus respectivos titulares: las mostramos solo para nombrar los móviles para los que
              hacemos fundas, sin cambiarlas y junto al nombre de cada marca.
            </p>
          </section>
        </div>
      </div>
    </article>
  );
}
