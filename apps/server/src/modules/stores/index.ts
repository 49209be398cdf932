/** The partner stores: their data, whether one takes orders, and their short URL codes. */
export { findStore, getStore, listStores, toStore, validateStore } from './service.ts';
export { decodeStoreUrl, encodeStoreUrl } from './url-code.ts';
