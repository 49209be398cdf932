import { z } from 'zod';
import { CaseColourSchema, OrderCaseTypeSchema } from './case-types.ts';
import { FileUri, Id, IdParam } from './common.ts';
import { DesignTransformSchema } from './design-transform.ts';
import { ORDER_STATUSES } from './order-lifecycle.ts';
import { OrderPhotoSchema, SceneSchema } from './scene-schema.ts';

/** The order's states; its moves and who may make them are the table of `order-lifecycle.ts` (§4.8). */
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const PaymentMethod = z.enum(['paystore', 'paynow']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export { type DesignTransform, DesignTransformSchema } from './design-transform.ts';

/** Customer-facing order ids are unguessable UUIDs. */
export const OrderId = z.uuid();
export const OrderIdParamsSchema = z.object({ id: OrderId });

/**
 * What a phone upload link is for: the order's photo (`photo`: the first one, or 'Cambiar foto',
 * which replaces it and ends the design) or one more photo in its tray (`tray`: a kiosk's 'Añadir
 * foto' for a layout of two to four photos, the design kept).
 */
export const UploadLinkPurpose = z.enum(['photo', 'tray']);
export type UploadLinkPurpose = z.infer<typeof UploadLinkPurpose>;

/** `GET /api/orders/{id}/{origin}/getUrl?for=tray`: the link's purpose, the photo's by default. */
export const UploadLinkQuerySchema = z.object({ for: UploadLinkPurpose.default('photo') });

/**
 * An order's tracking token: 128 random bits in base64url (22 characters); orders older than
 * tracking tokens got a longer one (43), and their old mails' links carry their id (a UUID, which
 * this also admits). It reads the tracking page and the invoices, nothing else.
 */
export const TrackingToken = z.string().regex(/^[A-Za-z0-9_-]{22,43}$/);

const Ref = z.object({ id: Id });

/**
 * The body of `POST /api/orders`. Only the three references count; anything else a client
 * sends (total, flags, status...) is accepted and ignored, because the server computes them.
 */
export const OrderCreateSchema = z.object({
  store: Ref,
  brand: Ref,
  model: Ref,
  /** The case type (one the model is sold in, in this store); the default type when omitted. */
  caseType: Ref.optional(),
  /** One of the type's colours; the type's first colour when omitted and the type has colours. */
  colour: Ref.optional(),
});
export type OrderCreate = z.infer<typeof OrderCreateSchema>;

export const OrderCreatedSchema = z.object({ id: OrderId, orderNumber: z.string() });

/** The AEAT's TipoFactura (VERI*FACTU): F1, F2, F3 ordinary; R1 to R5 rectificativas. */
export const InvoiceType = z.enum(['F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5']);
export type InvoiceType = z.infer<typeof InvoiceType>;

/**
 * One invoice of an order: the original (F2 or F1), the full one that replaced a simplified one
 * (F3), the rectificativas of refunds and cancellations (R1, R5); its PDF for whoever holds the
 * order id.
 */
export const OrderInvoiceEntrySchema = z.object({ number: z.string(), type: InvoiceType, uri: z.string() });
export type OrderInvoiceEntry = z.infer<typeof OrderInvoiceEntrySchema>;

export const OrderSchema = z.object({
  id: OrderId,
  orderNumber: z.string(),
  status: OrderStatus,
  /** The case's price in euros, VAT included: the model's price in the order's case type. */
  total: z.number(),
  /** The case type the order is made in. */
  caseType: OrderCaseTypeSchema,
  /** Its colour, for a type with colours; null otherwise. */
  colour: CaseColourSchema.nullable(),
  /** Home delivery fee in euros (0 for pickup). */
  shipping: z.number(),
  isHomeDelivery: z.boolean(),
  paymentMethod: PaymentMethod.nullable(),
  pendingPayment: z.boolean(),
  pendingPrinting: z.boolean(),
  createdAt: z.string(),
  image: FileUri.nullable(),
  /** Pixel size of the original photo (the editor works on a smaller copy): for the print-quality warning. */
  imageSize: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
  design: FileUri.nullable(),
  designTransform: DesignTransformSchema.nullable(),
  /**
   * The photos the design was made with, by photo slot (one today): what the print, previews and
   * the back office show. Empty until a design is saved. `image` is the first of them then.
   */
  designPhotos: z.array(FileUri),
  /** The scene the confirmed design was drawn from (null for a one-photo design of the first editor). */
  designScene: SceneSchema.nullable(),
  /** The customer's work in progress, saved as they design; the editor resumes from it. */
  draftScene: SceneSchema.nullable(),
  /** Every photo the customer has added to the order, oldest first, for the layouts' slots. */
  photos: z.array(OrderPhotoSchema),
  store: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    town: z.string(),
    province: z.string(),
    postalCode: z.string(),
    shipping: z.number(),
    /** Opening hours as the store wrote them ('' when not given). */
    hours: z.string(),
  }),
  brand: z.object({ id: z.number().int(), name: z.string() }),
  model: z.object({
    id: z.number().int(),
    name: z.string(),
    template: FileUri.nullable(),
    image: FileUri.nullable(),
    price: z.number(),
    brand: z.object({ id: z.number().int(), name: z.string() }),
  }),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  customerAddress: z.string().nullable(),
  customerCity: z.string().nullable(),
  customerPostalCode: z.string().nullable(),
  /** When the order was paid (online, or at the counter for pay-at-store orders); null while unpaid. */
  paidAt: z.string().nullable(),
  /** Who recorded the payment ('gateway' or 'staff:<e-mail>'); staff only, null for customers. */
  paidBy: z.string().nullable(),
  /** The order's current invoice: its number and its PDF (for the owner's session and staff). */
  invoice: z.object({ number: z.string(), uri: z.string() }).nullable(),
  /** Every invoice of the order, oldest first (an annulled one is none of its invoices). */
  invoices: z.array(OrderInvoiceEntrySchema),
  /** A shipped order's parcel: carrier, tracking number and the carrier's tracking link (if known). */
  parcel: z
    .object({ carrier: z.string(), trackingNumber: z.string(), url: z.string().nullable() })
    .nullable(),
  /**
   * The read-only tracking link's token (`/seguimiento/{token}`), the one the order's mails carry:
   * for the session that owns the order only, null for everyone else.
   */
  trackingToken: TrackingToken.nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/** A real calendar day (no 2024-02-30), in years the shop can have orders. */
const QueryDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'fecha AAAA-MM-DD')
  .refine((s) => {
    const year = Number(s.slice(0, 4));
    const day = new Date(`${s}T00:00:00Z`);
    return year >= 2000 && year <= 2999 && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(s);
  }, 'fecha AAAA-MM-DD');

/** `GET /api/orders` (staff): the filter of docs/product.md §3.5 plus paging and sorting. */
export const OrderFilterSchema = z.object({
  storeId: IdParam.optional(),
  /** An order id (UUID) or a human order number ("123" or "000123"). */
  orderId: z.string().trim().max(40).optional(),
  /** Inclusive calendar days in Madrid time. */
  startDate: QueryDate.optional(),
  endDate: QueryDate.optional(),
  finishedOnly: z.enum(['true', 'false']).optional(),
  status: OrderStatus.optional(),
  /** Paid (`paid_at` set) or not yet. */
  paid: z.enum(['true', 'false']).optional(),
  /** Abandoned orders (created, no details, older than a day) are left out unless this asks for them. */
  abandoned: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  sort: z
    .enum(['createdAt', '-createdAt', 'orderNumber', '-orderNumber', 'total', '-total'])
    .default('-createdAt'),
});
export type OrderFilter = z.infer<typeof OrderFilterSchema>;

export const OrderPageSchema = z.object({
  items: z.array(OrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type OrderPage = z.infer<typeof OrderPageSchema>;

export const OrderEventSchema = z.object({
  at: z.string(),
  fromStatus: OrderStatus.nullable(),
  toStatus: OrderStatus,
  actor: z.string(),
  note: z.string().nullable(),
  /** 'status': the order moved from one state to another; 'paid': it was paid, its state unchanged. */
  kind: z.enum(['status', 'paid']),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** What staff may set by hand; the rest of the life cycle follows from customer and payment events. */
export const StaffStatusChangeSchema = z.object({
  status: z.enum(['ready', 'shipped', 'delivered', 'cancelled']),
  note: z.string().trim().max(500).optional(),
  /** 'shipped' only, and then required: the carrier and its tracking number; the link is optional for known carriers. */
  carrier: z.string().trim().min(1).max(60).optional(),
  trackingNumber: z.string().trim().min(1).max(60).optional(),
  trackingUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/\S+$/, 'enlace http(s)')
    .optional(),
});
export type StaffStatusChange = z.infer<typeof StaffStatusChangeSchema>;

/** `POST /api/orders/status`: the same change for several orders at once, all or none. */
export const BulkStatusChangeSchema = StaffStatusChangeSchema.extend({
  orderIds: z.array(OrderId).min(1).max(100),
});
export const BulkStatusChangedSchema = z.object({ changed: z.number().int() });

/**
 * `POST /api/orders/{id}/print`: the print file (PDF at the case's real size) and its PNG; for a
 * clear case, `white` is the mask file of the PDF's white-ink layer (`GET
 * /api/orders/{id}/print-white.png`), null otherwise.
 */
export const PrintFileSchema = z.object({
  uri: FileUri,
  png: FileUri,
  white: z.string().nullable(),
  widthPx: z.number().int(),
  heightPx: z.number().int(),
  dpi: z.number().int(),
});
