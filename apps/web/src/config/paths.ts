/** Every storefront path in one place, so features link to each other without knowing the router. */
export const paths = {
  landing: '/',
  /** The store homepage when the visitor came with a store link, the store selection otherwise. */
  store: (encodedUrl?: string | null) => (encodedUrl ? `/store/${encodeURIComponent(encodedUrl)}` : '/store'),
  models: (brandId: number) => `/models/${brandId}`,
  editorModel: '/editor-modelo',
  contact: '/contact',
  staticPage: (slug: string) => `/${slug}`,
  payAtStore: '/pedido/pagar-tienda',
  payNow: '/pedido/pagar-ahora',
  orderData: '/pedido/datos',
  orderConfirmation: '/pedido/confirmacion',
  /** Where the gateway sends a paid customer back (its address is registered with the bank). */
  paymentSuccess: '/payment-success',
  editorEdit: '/editor-edicion',
  /** The customer's read-only tracking page of an order: its tracking token, never the order id. */
  tracking: (trackingToken: string) => `/seguimiento/${trackingToken}`,
} as const;
