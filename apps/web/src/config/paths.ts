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
  editorEdit: '/editor-edicion',
  /** The staff back office: its own lazy app under /admin, never loaded by customers. */
  admin: {
    home: '/admin',
    signIn: '/admin/entrar',
    orders: '/admin/pedidos',
    order: (id: string) => `/admin/pedidos/${id}`,
    stores: '/admin/tiendas',
    newStore: '/admin/tiendas/nueva',
    store: (id: number) => `/admin/tiendas/${id}`,
    brands: '/admin/marcas',
    newBrand: '/admin/marcas/nueva',
    brand: (id: number) => `/admin/marcas/${id}`,
    models: '/admin/modelos',
    newModel: '/admin/modelos/nuevo',
    model: (id: number) => `/admin/modelos/${id}`,
    mail: '/admin/correo',
    invoices: '/admin/facturas',
    staff: '/admin/personal',
  },
} as const;
