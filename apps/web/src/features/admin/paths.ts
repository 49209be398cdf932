/**
 * The back office's paths (its own lazy app under /admin), kept with it: the storefront's code,
 * which every customer downloads, does not carry them.
 */
export const adminPaths = {
  home: '/admin',
  dashboard: '/admin/inicio',
  print: '/admin/impresion',
  reports: '/admin/informes',
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
  account: '/admin/cuenta',
} as const;
