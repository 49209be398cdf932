/**
 * Business constants (docs/product.md §9) that the storefront needs at run time. Kept apart from the zod
 * schemas so that importing one does not pull zod into a page's bundle.
 */

/** The store that is never listed to customers (docs/product.md §9.5). */
export const HIDDEN_STORE_ID = 150;

/** The reply of a store validation that passed (docs/product.md §5.1). */
export const STORE_IS_VALID = 'Store is valid';

/** Models per page; 'Cargar más' adds one more page (docs/product.md §9.1). */
export const MODEL_PAGE_SIZE = 20;

/** The kiosk polls the order this often while waiting for the phone's photo (docs/product.md §9.3). */
export const POLL_INTERVAL_MS = 1000;
