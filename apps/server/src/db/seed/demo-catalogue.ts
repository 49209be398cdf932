/**
 * The demo catalogue: partner stores in Málaga province, four brands, four case types (two of the
 * oldest models have no 'Antigolpes') and the 57 phone models of phone-models.json, with every image generated here from shapes (no downloads, no fonts needed
 * for the rasterised ones): the models' pictures are the same mock-ups staff get for a new model,
 * the brands' marks come from simple-icons. Plain data only; inserting it into the database is the
 * caller's job.
 */
import { caseTemplateSvg, type PhoneOutline } from '@shop/case-geometry/outline';
import { brandMarkSvg } from '@shop/case-render/brand-mark';
import { HIDDEN_STORE_ID } from '@shop/contracts/constants';
import sharp from 'sharp';
import { type SimpleIcon, siApple, siOppo, siSamsung, siXiaomi } from 'simple-icons';
import { renderModelMockup } from '../../modules/catalogue/index.ts';
// Inlined by esbuild into the server bundle, so the seed needs no data file next to dist/.
import phoneModels from './phone-models.json' with { type: 'json' };
import { type StorefrontPalette, storefrontSvg } from './storefront-svg.ts';

export interface DemoFile {
  contentType: 'image/png' | 'image/svg+xml' | 'image/webp' | 'image/jpeg';
  bytes: Buffer;
  width: number;
  height: number;
}

export interface DemoStore {
  id: number;
  name: string;
  address: string;
  postalCode: string;
  town: string;
  province: string;
  down: boolean;
  shippingCents: number;
  hours: string;
  mapQuery: string | null;
  image: DemoFile | null;
}

export interface DemoBrand {
  name: string;
  isPublic: boolean;
  down: boolean;
  image: DemoFile;
}

export interface DemoModel {
  brand: string;
  name: string;
  priceCents: number;
  isPublic: boolean;
  isDown: boolean;
  outline: PhoneOutline;
  releaseYear: number;
  /** The mock-up drawn from the outline, as for a model staff add without a photo. */
  image: DemoFile;
  template: DemoFile;
  offeredByStoreIds: number[];
  /** The names of the case types it is sold in. */
  caseTypes: string[];
}

export interface DemoCaseType {
  name: string;
  description: string;
  material: string;
  priceDeltaCents: number;
  clear: boolean;
  /** The type of orders that name none (the migration's 'Rígida'). */
  isDefault: boolean;
  colours: { name: string; hex: string }[];
}

export interface DemoCatalogue {
  stores: DemoStore[];
  brands: DemoBrand[];
  caseTypes: DemoCaseType[];
  models: DemoModel[];
}

/** Template resolution used by the design editor; the print file is rendered separately at 300+ DPI. */
export const TEMPLATE_PX_PER_MM = 8;
export const TEMPLATE_MARGIN_MM = 2;
const RENDER_CONCURRENCY = 4;

const BRANDS = ['Apple', 'Samsung', 'Xiaomi', 'OPPO'] as const;

const PRICE_CENTS = 1990;
const PREMIUM_PRICE_CENTS = 2490;
/** Flagships and the largest bodies cost more. */
const PREMIUM_MODEL = /Pro Max|Ultra|^iPhone Air$|^iPhone 17 Pro$|^Find X8 Pro$/;
/** Discontinued model kept in the catalogue but hidden from customers (exercises the visibility rules). */
const HIDDEN_MODEL = 'iPhone 13 mini';

/** The kinds of case the shop makes, the default first. */
const CASE_TYPES: readonly DemoCaseType[] = [
  {
    name: 'Rígida',
    description: 'Funda fina y rígida, con la foto en toda la trasera y tacto mate.',
    material: 'Policarbonato',
    priceDeltaCents: 0,
    clear: false,
    isDefault: true,
    colours: [],
  },
  {
    name: 'Silicona',
    description: 'Flexible y suave al tacto, con el interior de microfibra y el marco del color que elijas.',
    material: 'Silicona líquida',
    priceDeltaCents: 200,
    clear: false,
    isDefault: false,
    colours: [
      { name: 'Negro', hex: '#1f1f1f' },
      { name: 'Azul marino', hex: '#1f2a44' },
      { name: 'Rosa arena', hex: '#e8b4a8' },
      { name: 'Verde salvia', hex: '#9caf88' },
    ],
  },
  {
    name: 'Transparente',
    description: 'Transparente: donde el diseño no llega se ve la trasera del móvil.',
    material: 'TPU transparente',
    priceDeltaCents: 0,
    clear: true,
    isDefault: false,
    colours: [],
  },
  {
    name: 'Antigolpes',
    description: 'Esquinas reforzadas con cámara de aire y bordes elevados sobre pantalla y cámara.',
    material: 'TPU y policarbonato',
    priceDeltaCents: 700,
    clear: false,
    isDefault: false,
    colours: [],
  },
];
/** Older models with no shock-absorbing version made for them. */
const NO_SHOCKPROOF_MODELS = new Set(['iPhone 13', 'iPhone 13 mini']);

/** Opening hours of a high-street shop in Andalusia; the shopping-centre ones stay open at midday. */
const HIGH_STREET_HOURS = 'Lunes a viernes: 10:00–14:00 y 17:30–21:00\nSábados: 10:00–14:00';
const ALL_DAY_HOURS = 'Lunes a sábado: 10:00–22:00';

const SHIPPING_CENTS = 500;
/** The warehouse: a real store for orders and kiosks, left out of the customer's store list by its id. */

interface StoreSpec extends Omit<DemoStore, 'province' | 'shippingCents' | 'image' | 'hours' | 'mapQuery'> {
  hours?: string;
  /** Brands this store does not sell; most stores sell everything. */
  excludedBrands: readonly string[];
  /** null: no photo, the client shows its generic store image. */
  storefront: StorefrontPalette | null;
}

// Fictitious shops on real-looking streets, with the postal code of each street's district.
const STORES: readonly StoreSpec[] = [
  {
    id: 1,
    name: 'Fundas Málaga Centro',
    address: 'Calle Nueva, 18',
    postalCode: '29005',
    town: 'Málaga',
    down: false,
    excludedBrands: [],
    storefront: { wall: '#f3e3c3', awning: '#1d7874', sign: '#1d3557', door: '#6d4c41' },
  },
  {
    id: 2,
    name: 'Fundas Teatinos',
    address: 'Avenida de Plutarco, 34',
    postalCode: '29010',
    town: 'Málaga',
    hours: ALL_DAY_HOURS,
    down: false,
    excludedBrands: [],
    storefront: { wall: '#f7f4ef', awning: '#e76f51', sign: '#264653', door: '#2a9d8f' },
  },
  {
    id: 3,
    name: 'Fundas Marbella',
    address: 'Avenida Ricardo Soriano, 27',
    postalCode: '29601',
    town: 'Marbella',
    down: false,
    excludedBrands: [],
    storefront: { wall: '#fbf8f3', awning: '#3a86ff', sign: '#0b3c5d', door: '#8d6e63' },
  },
  {
    id: 4,
    name: 'Fundas Fuengirola',
    address: 'Avenida Jesús Santos Rein, 9',
    postalCode: '29640',
    town: 'Fuengirola',
    hours: ALL_DAY_HOURS,
    down: false,
    excludedBrands: [],
    storefront: { wall: '#f6dfc8', awning: '#c1121f', sign: '#3d405b', door: '#5f0f40' },
  },
  {
    id: 5,
    name: 'Fundas Torremolinos',
    address: 'Calle San Miguel, 41',
    postalCode: '29620',
    town: 'Torremolinos',
    // Closed for refurbishment: hidden from the store list and refused as the order's store.
    down: true,
    excludedBrands: [],
    storefront: { wall: '#eef2e6', awning: '#f4a261', sign: '#2b2d42', door: '#386641' },
  },
  {
    id: 6,
    name: 'Fundas Benalmádena',
    address: 'Avenida de la Constitución, 52',
    postalCode: '29631',
    town: 'Benalmádena',
    down: false,
    excludedBrands: [],
    storefront: { wall: '#fdf0d5', awning: '#6a4c93', sign: '#1b263b', door: '#00798c' },
  },
  {
    id: 7,
    name: 'Fundas Vélez-Málaga',
    address: 'Calle Canalejas, 12',
    postalCode: '29700',
    town: 'Vélez-Málaga',
    down: false,
    // A small shop that does not stock OPPO, so the per-store offer matters.
    excludedBrands: ['OPPO'],
    storefront: { wall: '#f1e4d3', awning: '#2a9d8f', sign: '#4a4e69', door: '#9c6644' },
  },
  {
    id: 8,
    name: 'Fundas Antequera',
    address: 'Calle Infante Don Fernando, 23',
    postalCode: '29200',
    town: 'Antequera',
    down: false,
    excludedBrands: [],
    storefront: null,
  },
  {
    id: HIDDEN_STORE_ID,
    name: 'Almacén central',
    address: 'Calle Esteban Salazar Chapela, 20 (Polígono Industrial Guadalhorce)',
    postalCode: '29004',
    town: 'Málaga',
    down: false,
    excludedBrands: [],
    storefront: { wall: '#e5e7eb', awning: '#4b5563', sign: '#111827', door: '#374151' },
  },
];

export async function buildDemoCatalogue(): Promise<DemoCatalogue> {
  const stores = await mapLimit(
    STORES,
    RENDER_CONCURRENCY,
    async (spec): Promise<DemoStore> => ({
      id: spec.id,
      name: spec.name,
      address: spec.address,
      postalCode: spec.postalCode,
      town: spec.town,
      province: 'Málaga',
      down: spec.down,
      shippingCents: SHIPPING_CENTS,
      hours: spec.hours ?? HIGH_STREET_HOURS,
      mapQuery: null,
      image: spec.storefront && (await rasterise(storefrontSvg(spec.storefront), 'webp')),
    }),
  );

  const brands = BRANDS.map(
    (name): DemoBrand => ({ name, isPublic: true, down: false, image: brandMark(BRAND_MARKS[name]) }),
  );

  const models = await mapLimit(
    phoneModels.models.map((record, index) => ({ record, index })),
    RENDER_CONCURRENCY,
    async ({ record, index }): Promise<DemoModel> => {
      const { camera } = record;
      const outline: PhoneOutline = {
        widthMm: record.widthMm,
        heightMm: record.heightMm,
        cornerRadiusMm: record.cornerRadiusMm,
        camera: {
          xMm: camera.xMm,
          yMm: camera.yMm,
          widthMm: camera.widthMm,
          heightMm: camera.heightMm,
          cornerRadiusMm: camera.cornerRadiusMm,
          lenses: camera.lenses,
        },
      };
      const template = await rasterise(
        caseTemplateSvg(outline, { pxPerMm: TEMPLATE_PX_PER_MM, marginMm: TEMPLATE_MARGIN_MM }),
        'png',
      );
      const image = await renderModelMockup(outline, index);
      return {
        brand: record.brand,
        name: record.name,
        priceCents: PREMIUM_MODEL.test(record.name) ? PREMIUM_PRICE_CENTS : PRICE_CENTS,
        isPublic: record.name !== HIDDEN_MODEL,
        isDown: false,
        outline,
        releaseYear: record.releaseYear,
        image,
        template,
        offeredByStoreIds: STORES.filter((s) => !s.excludedBrands.includes(record.brand)).map((s) => s.id),
        caseTypes: CASE_TYPES.map((t) => t.name).filter(
          (name) => name !== 'Antigolpes' || !NO_SHOCKPROOF_MODELS.has(record.name),
        ),
      };
    },
  );

  return { stores, brands, caseTypes: CASE_TYPES.map((t) => ({ ...t, colours: [...t.colours] })), models };
}

/** PNG keeps the alpha channel (the template's transparent body); WebP for the lighter pictures. */
async function rasterise(svg: string, format: 'png' | 'webp'): Promise<DemoFile> {
  const input = sharp(Buffer.from(svg));
  const output = format === 'png' ? input.png() : input.webp({ quality: 85 });
  const { data, info } = await output.toBuffer({ resolveWithObject: true });
  return {
    contentType: format === 'png' ? 'image/png' : 'image/webp',
    bytes: data,
    width: info.width,
    height: info.height,
  };
}

const BRAND_MARKS: Record<(typeof BRANDS)[number], SimpleIcon> = {
  Apple: siApple,
  Samsung: siSamsung,
  Xiaomi: siXiaomi,
  OPPO: siOppo,
};

/** Square canvas of the brand marks; the card shows them centred in a wide box. */
const MARK_SIZE = 120;

function brandMark(icon: SimpleIcon): DemoFile {
  return {
    contentType: 'image/svg+xml',
    bytes: Buffer.from(brandMarkSvg(icon, MARK_SIZE)),
    width: MARK_SIZE,
    height: MARK_SIZE,
  };
}

/** Runs fn over items with at most `limit` in flight, keeping the order of the results. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
