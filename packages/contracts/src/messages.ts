/**
 * The Spanish message catalogue: every text a person reads in an alert, an error or a status line,
 * shared by the storefront, the back office and the server's error bodies.
 */
export const messages = {
  // Store and catalogue (spec point 8)
  pageLoadFailed: 'Error obteniendo la página. Por favor, inténtelo de nuevo.',
  invalidStoreUrl: 'URL inválida o faltante en los parámetros de la ruta.',
  invalidStore: 'Tienda inválida.',
  storeValidationFailed: 'Error al validar la tienda. Por favor, inténtelo de nuevo.',
  brandsLoadFailed: 'Error al cargar las marcas. Por favor, inténtelo de nuevo.',
  modelsLoadFailed: 'Error al cargar los modelos. Por favor, inténtelo de nuevo.',
  brandNotFound: 'Marca no encontrada.',
  storeNotFound: 'Tienda no encontrada.',
  brandDetailsFailed: 'Error al obtener los detalles de la marca. Por favor, inténtelo de nuevo.',
  storeDetailsFailed: 'Error al obtener los detalles de la tienda. Por favor, inténtelo de nuevo.',
  modelsFilterFailed: 'Error al filtrar los modelos. Por favor, inténtelo de nuevo.',
  storeNotLoaded: 'La tienda no está cargada.',
  noBrands: 'No hay marcas disponibles en este momento. Vuelve más tarde.',
  // Store selection
  storesLoadFailed: 'Error al obtener las tiendas. Por favor, inténtelo de nuevo.',
  storeInfoFailed: 'Error obteniendo información de la tienda. Intente más tarde.',
  storeInvalidOrDown: 'La tienda seleccionada no es válida o está inactiva.',
  storeValidatingFailed: 'Error validando la tienda. Intente más tarde.',
  storeQrFailed: 'Error obteniendo el código QR de la tienda. Intente más tarde.',
  // Order creation
  orderCreateFailed: 'Error al crear el pedido. Por favor, inténtelo de nuevo.',
  // Editor-modelo and upload
  modelNotInOrder: 'Modelo no encontrado en el pedido.',
  orderDetailsLoadFailed: 'Error al cargar los detalles del pedido.',
  orderIdMissing: 'ID de pedido faltante.',
  imageUploadFailed: 'Error al subir imagen.',
  orderDetailsFailed: 'Error al obtener los detalles del pedido.',
  // Editor-edicion
  orderLoadFailed: 'Error cargando su pedido. Por favor, inténtelo de nuevo.',
  orderConfirmFailed: 'Error confirmando el pedido. Por favor, inténtelo de nuevo.',
  genericRetry: 'Ocurrió un error. Intente nuevamente.',
  currentOrderMissing: 'No se puede encontrar la orden actual.',
  // Order pages
  noOrderInSession: 'No se encontró ningún pedido en la sesión.',
  noOrderToContinue: 'No se encontró ningún pedido para continuar.',
  orderDetailsRetry: 'Error al obtener los detalles del pedido. Por favor, inténtelo de nuevo.',
  pickupConfirmFailed: 'Error confirmando la recogida en tienda. Por favor, inténtelo de nuevo.',
  // Data form
  contactConfirmFailed: 'Error confirmando datos de contacto. Reintente, por favor.',
  deliveryConfirmFailed: 'Error confirmando datos de envío. Reintente, por favor.',
  contactFieldsRequired: 'Por favor, complete todos los campos de contacto.',
  invalidEmail: 'Por favor, ingrese un email válido.',
  invalidPhone: 'Por favor, ingrese un número de teléfono válido.',
  deliveryFieldsRequired: 'Por favor, complete todos los campos de envío.',
  invalidPostalCode: 'Por favor, ingrese un código postal válido.',
  // Upload page and payments
  uploadSucceeded: 'La imagen se ha subido con éxito. Ya puedes cerrar esta pestaña',
  uploadFailed: 'Ha habido un error durante la subida.',
  paymentFailedTitle: 'Se ha producido un error en el pago',
  paymentFailedText: 'No se ha podido procesar su pago, inténtelo de nuevo más tarde',
  paymentSucceededTitle: 'Pago realizado',
  noImageProvided: 'No image provided',

  // Server error bodies
  badRequest: 'La petición no es válida.',
  requestTimeout: 'La petición ha tardado demasiado en llegar y se ha cancelado. Inténtelo de nuevo.',
  headersTooLarge: 'Las cabeceras de la petición son demasiado grandes.',
  validationFailed: 'Los datos enviados no son válidos.',
  invalidJson: 'El cuerpo de la petición no es un JSON válido.',
  jsonTooDeep: 'El cuerpo de la petición tiene demasiados niveles de anidamiento.',
  bodyTooLarge: 'La petición es demasiado grande.',
  unsupportedMediaType: 'Tipo de contenido no admitido.',
  unauthenticated: 'Debe iniciar sesión.',
  forbidden: 'No tiene permiso para realizar esta acción.',
  csrfFailed: 'La sesión ha caducado o la petición no es válida. Recargue la página e inténtelo de nuevo.',
  notFound: 'No se ha encontrado el recurso solicitado.',
  rateLimited: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
  invalidCredentials: 'Correo electrónico o contraseña incorrectos.',
  storeIsDown: 'La tienda está inactiva.',
  modelNotFound: 'Modelo no encontrado.',
  modelNotAvailable: 'El modelo no está disponible en esta tienda.',
  orderNotFound: 'Pedido no encontrado.',
  orderStateConflict: 'El pedido no admite este cambio en su estado actual.',
  cannotLockOutSelf: 'No puede desactivar su propia cuenta ni quitarse el rol de administrador.',
  orderIdFilterInvalid: 'Indique un número de pedido o un identificador de pedido válido.',
  useShipped: 'Este pedido se envía a domicilio: márquelo como enviado.',
  useReady: 'Este pedido se recoge en tienda: márquelo como listo para recoger.',
  printNeedsPayment: 'Solo se imprimen pedidos pagados.',
  kioskPaysAtStore: 'Los pedidos hechos en el punto de venta se pagan en la tienda.',
  designMissing: 'Falta el diseño de la funda: colóquela en el editor y pulse «¡OK, pedir!».',
  deliveryNeedsPayNow: 'El envío a domicilio requiere pagar ahora.',
  deliveryNotChosen: 'El pedido no tiene envío a domicilio.',
  uploadLinkInvalid: 'El enlace de subida no es válido o ha caducado. Vuelve a escanear el código QR.',
  inUse: 'No se puede eliminar porque hay pedidos que lo usan. Ocúltelo en su lugar.',
  brandHasModels: 'No se puede eliminar la marca porque tiene modelos. Ocúltela en su lugar.',
  storeHasStaff: 'No se puede eliminar la tienda porque tiene personal asignado.',
  unknownFile: 'La imagen indicada no existe.',
  photoInUse: 'La foto está en un pedido: quítela del pedido antes de borrarla.',
  duplicate: 'Ya existe un registro con esos datos.',
  serviceUnavailable: 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos minutos.',
  internal: 'Se ha producido un error inesperado. Inténtelo de nuevo más tarde.',
  // Online payment (Redsys)
  paymentNotPayNow: 'Este pedido se paga en la tienda, no en línea.',
  paymentNotReady: 'El pedido todavía no se puede pagar: complete antes sus datos.',
  paymentAlreadySettled: 'Este pedido ya está pagado.',
  paymentNothingToPay: 'El pedido no tiene ningún importe que pagar en línea.',
  paymentNotificationInvalid: 'La notificación de pago no es válida.',
  // Invoices
  invoiceNeedsPayment: 'La factura solo se puede emitir cuando el pedido está pagado.',
  // Print files
  printNotPossible:
    'No se puede generar el archivo de impresión: al modelo le faltan la plantilla o las medidas.',
  // Photo uploads (images pipeline)
  imageTooLarge: 'La imagen pesa demasiado: el máximo es de 25 MB.',
  imageTooManyPixels: 'La imagen es demasiado grande: el máximo es de 50 megapíxeles.',
  unsupportedImage: 'Formato de imagen no admitido. Sube una foto en JPEG, PNG, WebP o HEIC.',
  animatedImage: 'Las imágenes animadas no se admiten: sube una foto fija.',
  unreadableImage: 'No se ha podido leer la imagen: el archivo está dañado o incompleto.',
  imageLowResolution:
    'La foto tiene poca resolución y puede verse borrosa en la funda. Si tienes una versión más grande, súbela.',
  // Catalogue images (back office uploads)
  catalogueImageUnsupported: 'Formato de imagen no admitido. Suba una imagen PNG, JPEG o WebP.',
  catalogueImageTooLarge: 'La imagen pesa demasiado: el máximo es de 10 MB.',
  catalogueImageTooManyPixels: 'La imagen es demasiado grande: el máximo es de 25 megapíxeles.',
  templateNeedsAlpha:
    'La plantilla debe ser un PNG con transparencia: transparente donde va la foto y blanco alrededor.',
  templateEmpty: 'La plantilla no tiene contorno: dibuje el borde de la funda en un color que no sea blanco.',
  // Checkout screens
  orderCancelled: 'Este pedido se ha cancelado. Puedes crear uno nuevo desde tu tienda.',
  // Kiosk photo hand-off (editor-modelo)
  uploadQrFailed: 'No se ha podido generar el código QR. Inténtelo de nuevo.',
} as const;

export type MessageKey = keyof typeof messages;
