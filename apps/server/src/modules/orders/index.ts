/** The order: its contents, design, photos, checkout and life (see docs/architecture.md). */
export { orderAccess, readOrderFor } from './access.ts';
export { ordersForBatch } from './batch-orders.ts';
export { changeOrderCaseType } from './case-type-service.ts';
export { caseTypeInUse, coloursInUse } from './case-type-use.ts';
export {
  addDelivery,
  confirmDelivery,
  confirmInStorePickup,
  confirmPaidAtStore,
  confirmPaymentMethod,
  confirmUserDetails,
} from './checkout-service.ts';
export { saveDraftScene, saveSceneDesign, saveTransformDesign } from './design-service.ts';
export type { CheckoutEffects, CheckoutGuards, RefundNotice } from './effects.ts';
export type { OrderEvent, OrderEventType } from './events.ts';
export { isOrderPaid, type OrderFacts, orderFacts } from './facts.ts';
export type { OrderContents, OrderInvoiceFacts, OrderInvoices, OrderReadOptions } from './order-read.ts';
export { markOrderPaid } from './paid.ts';
export { expectOrderRoom } from './photo-quota.ts';
export {
  addPhoto,
  attachPhoto,
  attachPhotoWithToken,
  createUploadToken,
  detachPhoto,
  orderOfUploadToken,
  ownerHashOf,
  sweepUnattachedUploads,
} from './photo-service.ts';
export { ordersNameStaff, storeHasOrders, uploadAttached } from './references.ts';
export {
  abandonedOrders,
  deleteOrders,
  dropStaffNotes,
  dropUploadLinks,
  filesOfOrders,
  filesUsedByOrders,
  noteRetention,
  ordersOfCustomer,
  ordersPastKeeping,
  ordersPastLegalKeeping,
  stripOrders,
} from './retention.ts';
export {
  createOrder,
  flagOrder,
  formatOrderNumber,
  getOrder,
  orderStatusOf,
  payableOrder,
} from './service.ts';
export {
  changeStatusByStaff,
  listOrders,
  orderPrintPdfId,
  orderStoreId,
  orderTimeline,
  printOrder,
  type RenderOrderPrint,
} from './staff-service.ts';
export { byCustomer, byGateway, byStaff, expectTransition, lockOrder, transition } from './state.ts';
export { orderOfTrackingToken, orderTracking } from './tracking.ts';
