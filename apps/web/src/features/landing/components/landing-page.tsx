import { Link } from 'react-router';
import { Picture } from '@/components/ui/picture';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/styles/landing.css';
import { brandMarks, gift as giftPicture, hero as heroPicture } from 'virtual:pictures';
import { GIFT_SIZE, HERO_SIZE, HERO_SIZES } from '../mockup-sizes';

interface LandingPageProps {
  /** The store homepage when the visitor came with a store link, the store selection otherwise. */
  storeHref: string;
}

const steps = [
  {
    title: 'Elige tu modelo',
    text: 'Selecciona tu tienda, la marca y el modelo exacto de tu móvil.',
    icon: (
      <>
        <rect x="15" y="6" width="18" height="36" rx="4" />
        <path d="M21 11h6" />
      </>
    ),
  },
  {
    title: 'Sube tu foto',
    text: 'Añade tu imagen favorita y colócala a tu gusto: acércala, gírala o voltéala.',
    icon: (
      <>
        <rect x="6" y="10" width="36" height="28" rx="4" />
        <circle cx="17" cy="20" r="3.5" />
        <path d="m9 35 10-10 7 7 5-5 8 8" />
      </>
    ),
  },
  {
    title: 'Recógela en tienda o recíbela en casa',
    text: 'Paga al recogerla en tu tienda, o paga ahora con tarjeta o Bizum y te la enviamos en 2 a 4 días laborables.',
    icon: (
      <>
        <path d="M6 18 24 8l18 10v22H6Z" />
        <path d="M18 40V27h12v13" />
      </>
    ),
  },
];

const brands = ['Apple', 'Samsung', 'Xiaomi', 'OPPO'] as const;

export function LandingPage({ storeHref }: LandingPageProps) {
  useDocumentTitle(null);

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Fundas personalizadas</p>
            <h1 id="hero-title" className="hero__title">
              Tu foto favorita, en una funda hecha para tu móvil
            </h1>
            <p className="lead">
              Crea tu funda personalizada en tres sencillos pasos y recógela en tu tienda o recíbela en casa.
            </p>
            <div className="hero__actions">
              {/* "Empezar" alone says nothing to a search engine or a screen reader's list of links. */}
              <Link to={storeHref} className="button button--primary button--large">
                Empezar mi funda
              </Link>
              <Link to={{ hash: 'como-funciona' }} className="button button--secondary button--large">
                Cómo funciona
              </Link>
            </div>
            <ul className="hero__facts">
              <li>Hecha para tu modelo exacto</li>
              <li>Impresión a todo color</li>
              <li>Recogida en tienda o envío en 2 a 4 días</li>
            </ul>
          </div>
          <Picture
            className="hero__art"
            sources={heroPicture}
            sizes={HERO_SIZES}
            alt="Tres fundas personalizadas con diseños de atardecer, olas y flores"
            width={HERO_SIZE.width}
            height={HERO_SIZE.height}
            priority
          />
        </div>
      </section>

      <section className="steps container" id="como-funciona" aria-labelledby="steps-title">
        <h2 id="steps-title" className="section-title">
          Tu funda en tres pasos
        </h2>
        <ol className="steps__list">
          {steps.map((step, index) => (
            <li key={step.title} className="card steps__item">
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <svg
                className="steps__icon"
                viewBox="0 0 48 48"
                width="48"
                height="48"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
                focusable="false"
              >
                {step.icon}
              </svg>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="gifts container" aria-labelledby="gifts-title">
        <div className="gifts__inner">
          <Picture
            className="gifts__art"
            sources={giftPicture}
            sizes="(min-width: 48rem) 14rem, 12rem"
            alt=""
            width={GIFT_SIZE.width}
            height={GIFT_SIZE.height}
          />
          <div>
            <h2 id="gifts-title" className="section-title">
              Fundas como regalo
            </h2>
            <p>
              ¿Buscas un detalle diferente? Una funda con una foto de familia, de tu mascota o de ese viaje
              inolvidable es un regalo único para cumpleaños, aniversarios, el Día de la Madre o Navidad.
            </p>
            <p>
              <Link to={storeHref}>Elige tu tienda y diseña la tuya</Link> en unos minutos: la recoges lista
              para envolver.
            </p>
          </div>
        </div>
      </section>

      <section className="brands container" aria-labelledby="brands-title">
        <h2 id="brands-title" className="section-title">
          Para las marcas más populares
        </h2>
        <ul className="brands__list">
          {brands.map((brand) => (
            <li key={brand}>
              <Link to={storeHref} className="brands__item">
                <img
                  src={brandMarks[brand.toLowerCase()]}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  decoding="async"
                />
                <span>Fundas {brand}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="brands__note">
          Apple, Samsung, Xiaomi y OPPO son marcas de sus respectivos titulares; las mostramos solo para
          indicar los móviles para los que hacemos fundas.
        </p>
      </section>
    </>
  );
}
