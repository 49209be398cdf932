import { z } from 'zod';

/** Stable codes that programs can rely on; the Spanish text is for people. */
export const ErrorCode = z.enum([
  'BAD_REQUEST',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_FAILED',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'INVALID_URL_CODE',
  'STORE_NOT_FOUND',
  'STORE_DOWN',
  'BRAND_NOT_FOUND',
  'MODEL_NOT_FOUND',
  'ORDER_NOT_FOUND',
  'ORDER_STATE',
  'ORDER_TRANSITION_NOT_ALLOWED',
  'UPLOAD_LINK_INVALID',
  'NO_IMAGE',
  'MODEL_NOT_AVAILABLE',
  'IN_USE',
  'MODEL_NOT_SELLABLE',
  'DUPLICATE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'PAYMENT_NOTIFICATION_INVALID',
  // Refunds and payments in progress
  'REFUND_TOO_LARGE',
  'REFUND_NOT_POSSIBLE',
  'REFUND_IN_PROGRESS',
  'CANCEL_REFUND_FAILED',
  'PAYMENT_IN_PROGRESS',
  'UNSUPPORTED_IMAGE',
  'IMAGE_TOO_LARGE',
  'UNREADABLE_IMAGE',
  // What is printed is what the customer approved
  'UPLOAD_LINK_USED',
  'DESIGN_LOCKED',
  'DESIGN_UNCOVERED',
  'PHOTO_CHANGED',
  // Security hardening
  'WEAK_PASSWORD',
  'INVOICE_NOT_FOUND',
  'INVOICE_STATE',
  'INVOICE_SALE_HAPPENED',
  'INVOICE_ANNULLED',
  // After the order
  'PRINT_BATCH_NOT_FOUND',
  'PRINT_BATCH_EXPIRED',
  'PRINT_SHEET_TOO_SMALL',
  // Consumer law at the checkout
  'DELIVERY_AREA',
  // Stores only inside the IVA territory
  'STORE_OUTSIDE_IVA_TERRITORY',
  // The design as a scene
  'TOO_MANY_PHOTOS',
  'SCENE_OTHER_MODEL',
  'PHOTO_NOT_IN_ORDER',
  'DESIGN_INCOMPLETE',
  'TEXT_OUTSIDE_PRINTABLE_AREA',
  // An order belongs to the session that made it
  'ORDER_NOT_OWNED',
  // Upload places, pace and storage quota
  'TOO_MANY_UPLOADS',
  'UPLOAD_TOO_SLOW',
  'UPLOAD_QUOTA_EXCEEDED',
  'ORDER_STORAGE_FULL',
  // Case types and colours
  'CASE_TYPE_NOT_AVAILABLE',
  'CASE_COLOUR_NOT_AVAILABLE',
  // Case types and colours
  'CASE_TYPE_NOT_FOUND',
  'CASE_COLOUR_NOT_FOUND',
  'CASE_TYPE_DEFAULT',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBodySchema = z.object({
  error: ErrorCode,
  message: z.string(),
  /** The input field the message is about (a form shows it next to that field), when there is one. */
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
