/** Brands and models, which stores offer which, their pictures and the public catalogue's cache. */
export { offerWholeCatalogue } from './service.ts';
