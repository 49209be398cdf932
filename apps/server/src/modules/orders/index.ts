/** The order: its contents, design, photos, checkout and life (see docs/architecture.md). */
export { ordersNameStaff, storeHasOrders } from './references.ts';
