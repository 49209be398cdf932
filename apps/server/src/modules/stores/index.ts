/** The partner stores: their data, whether one takes orders, and their short URL codes. */
export { storeSaleState, storesOfOrders } from './order-stores.ts';
export {
  createStore,
  deleteStore,
  findStore,
  getStore,
  listStores,
  storeIds,
  storeShippingCents,
  storesForSitemap,
  toStore,
  updateStore,
  validateStore,
} from './service.ts';
export { saveStoreSettings, storeSettings } from './settings.ts';
export { decodeStoreUrl, encodeStoreUrl } from './url-code.ts';
