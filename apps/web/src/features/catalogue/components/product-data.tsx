import type { Model } from '@shop/contracts/catalogue';
import { phoneName, productName } from '@shop/contracts/product';
import { pictureUrl } from '@shop/contracts/storefront';

/**
 * The models on screen as schema.org structured data (an ItemList of Products with their Offer),
 * so search engines can show the case, its picture and its price.
 */
export function ProductListData({ models }: { models: Model[] }) {
  const origin = window.location.origin;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: models.map((model, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Product',
        name: productName(model.brand, model),
        description: `Funda para ${phoneName(model.brand, model)} impresa con tu foto.`,
        brand: { '@type': 'Brand', name: model.brand.name },
        ...(model.image ? { image: `${origin}${pictureUrl(model.image, 'webp', 480)}` } : {}),
        offers: {
          '@type': 'Offer',
          price: model.price.toFixed(2),
          priceCurrency: 'EUR',
          availability: 'https://schema.org/InStock',
        },
      },
    })),
  };
  // A text node made by the DOM, never parsed as HTML; '<' escaped all the same, so the block stays
  // closed if the page is ever rendered to HTML on a server.
  return <script type="application/ld+json">{JSON.stringify(data).replace(/</g, '\\u003c')}</script>;
}
