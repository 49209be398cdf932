/**
 * The Spanish message catalogue: every text a person reads in an alert, an error or a status line,
 * shared by the storefront, the back office and the server's error bodies.
 */
import { STORE_OUTSIDE_IVA_TERRITORY_MESSAGE } from './tax-territory.ts';

export const messages = {
  // Store and catalogue (docs/product.md §8.1)
  pageLoadFailed: 'Error obteniendo la página. Por favor, inténtalo de nuevo.',
  invalidStoreUrl: 'URL inválida o faltante en los parámetros de la ruta.',
  invalidStore: 'Tienda inválida.',
  storeValidationFailed: 'Error al validar la tienda. Por favor, inténtalo de nuevo.',
  brandsLoadFailed: 'Error al cargar las marcas. Por favor, inténtalo de nuevo.',
  modelsLoadFailed: 'Error al cargar los modelos. Por favor, inténtalo de nuevo.',
  brandNotFound: 'Marca no encontrada.',
  storeNotFound: 'Tienda no encontrada.',
  brandDetailsFailed: 'Error al obtener los detalles de la marca. Por favor, inténtalo de nuevo.',
  storeDetailsFailed: 'Error al obtener los detalles de la tienda. Por favor, inténtalo de nuevo.',
  modelsFilterFailed: 'Error al filtrar los modelos. Por favor, inténtalo de nuevo.',
  storeNotLoaded: 'La tienda no está cargada.',
  noBrands: 'No hay marcas disponibles en este momento. Vuelve más tarde.',
  // Store selection
  storesLoadFailed: 'Error al obtener las tiendas. Por favor, inténtalo de nuevo.',
  storeInfoFailed: 'Error obteniendo información de la tienda. Inténtalo más tarde.',
  storeInvalidOrDown: 'La tienda seleccionada no es válida o está inactiva.',
  storeValidatingFailed: 'Error validando la tienda. Inténtalo más tarde.',
  storeQrFailed: 'Error obteniendo el código QR de la tienda. Inténtalo más tarde.',
  // Order creation
  orderCreateFailed: 'Error al crear el pedido. Por favor, inténtalo de nuevo.',
  // Editor-modelo and upload
  modelNotInOrder: 'Modelo no encontrado en el pedido.',
  orderDetailsLoadFailed: 'Error al cargar los detalles del pedido.',
  orderIdMissing: 'ID de pedido faltante.',
  imageUploadFailed: 'Error al subir imagen.',
  orderDetailsFailed: 'Error al obtener los detalles del pedido.',
  // Editor-edicion
  orderLoadFailed: 'Error cargando tu pedido. Por favor, inténtalo de nuevo.',
  orderConfirmFailed: 'Error confirmando el pedido. Por favor, inténtalo de nuevo.',
  caseTypeChangeFailed: 'No se ha podido cambiar el tipo de funda. Por favor, inténtalo de nuevo.',
  genericRetry: 'Ocurrió un error. Inténtalo de nuevo.',
  currentOrderMissing: 'No se puede encontrar la orden actual.',
  // Order pages
  noOrderInSession: 'No se encontró ningún pedido en la sesión.',
  noOrderToContinue: 'No se encontró ningún pedido para continuar.',
  orderDetailsRetry: 'Error al obtener los detalles del pedido. Por favor, inténtalo de nuevo.',
  pickupConfirmFailed: 'Error confirmando la recogida en tienda. Por favor, inténtalo de nuevo.',
  // Data form
  contactConfirmFailed: 'Error confirmando los datos de contacto. Inténtalo de nuevo, por favor.',
  deliveryConfirmFailed: 'Error confirmando los datos de envío. Inténtalo de nuevo, por favor.',
  nameRequired: 'Escribe tu nombre: es el nombre con el que recogerás o recibirás tu funda.',
  contactFieldsRequired: 'Para el envío a domicilio necesitamos tu correo electrónico y tu teléfono.',
  emailRequiredToPay:
    'Para pagar en línea necesitamos tu correo electrónico: allí te enviamos el justificante del pago y la factura.',
  invalidEmail: 'Por favor, escribe un email válido.',
  invalidPhone: 'Por favor, escribe un número de teléfono válido.',
  deliveryFieldsRequired: 'Por favor, completa todos los campos de envío.',
  invalidPostalCode: 'Por favor, escribe un código postal válido.',
  postalCodeNotDelivered:
    'No enviamos a domicilio a Baleares, Canarias, Ceuta ni Melilla, solo a la península. Vuelve al paso anterior y elige la recogida en tienda: es gratuita.',
  // Upload page and payments
  uploadSucceeded: 'La imagen se ha subido con éxito. Ya puedes cerrar esta pestaña',
  uploadFailed: 'Ha habido un error durante la subida.',
  paymentFailedTitle: 'Se ha producido un error en el pago',
  paymentFailedText: 'No se ha podido procesar tu pago, inténtalo de nuevo más tarde',
  paymentCancelledTitle: 'Pago cancelado',
  paymentCancelledText:
    'Has cancelado el pago y no se te ha cobrado nada. Tu pedido sigue guardado: puedes pagarlo ahora o más tarde.',
  paymentSucceededTitle: 'Pago realizado',
  noImageProvided: 'No image provided',

  // Server error bodies
  badRequest: 'La petición no es válida.',
  requestTimeout: 'La petición ha tardado demasiado en llegar y se ha cancelado. Inténtalo de nuevo.',
  headersTooLarge: 'Las cabeceras de la petición son demasiado grandes.',
  validationFailed: 'Los datos enviados no son válidos.',
  invalidJson: 'El cuerpo de la petición no es un JSON válido.',
  jsonTooDeep: 'El cuerpo de la petición tiene demasiados niveles de anidamiento.',
  bodyTooLarge: 'La petición es demasiado grande.',
  unsupportedMediaType: 'Tipo de contenido no admitido.',
  unauthenticated: 'Debe iniciar sesión.',
  forbidden: 'No tiene permiso para realizar esta acción.',
  csrfFailed: 'La sesión ha caducado o la petición no es válida. Recarga la página e inténtalo de nuevo.',
  notFound: 'No se ha encontrado el recurso solicitado.',
  rateLimited: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  invalidCredentials: 'Correo electrónico o contraseña incorrectos.',
  storeIsDown: 'La tienda está inactiva.',
  storeOutsideIvaTerritory: STORE_OUTSIDE_IVA_TERRITORY_MESSAGE,
  storeSalesOutsideIvaTerritory:
    'Esta tienda está en Canarias, Ceuta o Melilla y desde allí no podemos venderte: nuestras ventas llevan el IVA español y esos territorios están fuera de él. Elige otra tienda, por favor.',
  modelNotFound: 'Modelo no encontrado.',
  modelNotAvailable: 'El modelo no está disponible en esta tienda.',
  caseTypeNotAvailable: 'Este tipo de funda no está disponible para este modelo en esta tienda.',
  caseColourNotAvailable: 'Este color no está disponible para este tipo de funda.',
  caseTypeNoLongerAvailable:
    'El tipo de funda que elegiste ya no está disponible para este modelo en esta tienda. Elige otro tipo de funda para seguir con tu pedido.',
  caseColourNoLongerAvailable:
    'El color que elegiste ya no está disponible para este tipo de funda. Elige otro color para seguir con tu pedido.',
  orderNotFound: 'Pedido no encontrado.',
  orderNotOwned:
    'Este pedido se hizo en otro navegador o dispositivo. Para seguirlo, abre el enlace «Sigue tu pedido» de tu correo.',
  orderStateConflict: 'El pedido no admite este cambio en su estado actual.',
  orderTransitionNotAllowed: 'El pedido no puede pasar a ese estado desde el estado en que está.',
  cannotLockOutSelf: 'No puede desactivar su propia cuenta ni quitarse el rol de administrador.',
  orderIdFilterInvalid: 'Indique un número de pedido o un identificador de pedido válido.',
  useShipped: 'Este pedido se envía a domicilio: márquelo como enviado.',
  useReady: 'Este pedido se recoge en tienda: márquelo como listo para recoger.',
  parcelRequired: 'Indique el transportista y el número de seguimiento del envío.',
  parcelOnlyWhenShipped:
    'El transportista y el número de seguimiento solo se indican al marcar un pedido como enviado.',
  bulkStatusFailed:
    'No se ha cambiado ningún pedido: el pedido n.º {orderNumber}, «{status}», no admite este cambio. {reason}',
  printBatchOneStore: 'Un lote de impresión es de una sola tienda: seleccione pedidos de la misma tienda.',
  printBatchNotPrintable:
    'El pedido n.º {orderNumber} no se puede imprimir: solo pedidos pagados o para pagar en la tienda, con su diseño.',
  printBatchCaseTooLarge:
    'La funda del pedido n.º {orderNumber} no cabe en la hoja elegida con sus márgenes.',
  printBatchNotFound: 'Lote de impresión no encontrado.',
  printBatchExpired:
    'El PDF de este lote ya no existe: los diseños que contenía han cumplido su plazo de conservación.',
  printBatchAlreadyPrinted: 'Este lote ya está marcado como impreso.',
  reportPeriodInvalid:
    'El periodo no es válido: la fecha final no puede ser anterior a la inicial ni abarcar más de 3 años.',
  printNeedsPayment:
    'Solo se imprimen pedidos con el diseño y los datos confirmados: pagados en línea o para pagar en la tienda.',
  deliverNeedsPayment: 'Este pedido no está cobrado: márquelo como cobrado antes de entregarlo.',
  markPaidNotAllowed:
    'Solo se cobran en la tienda los pedidos para pagar en la tienda que aún no se han entregado.',
  kioskPaysAtStore: 'Los pedidos hechos en el punto de venta se pagan en la tienda.',
  designMissing: 'Falta el diseño de la funda: colócala en el editor y pulsa «¡OK, pedir!».',
  deliveryNeedsPayNow: 'El envío a domicilio requiere pagar ahora.',
  deliveryNotChosen: 'El pedido no tiene envío a domicilio.',
  uploadLinkInvalid:
    'Este enlace de subida no es válido o ha caducado. En la pantalla de la tienda, pulsa «Añadir imagen» y escanea el código QR nuevo.',
  inUse: 'No se puede eliminar porque hay pedidos que lo usan. Dele de baja en su lugar.',
  brandHasModels: 'No se puede eliminar la marca porque tiene modelos. Dele de baja en su lugar.',
  modelInUse: 'No se puede eliminar el modelo porque hay pedidos de él. Dele de baja en su lugar.',
  storeInUse: 'No se puede eliminar la tienda porque tiene pedidos. Dele de baja en su lugar.',
  storeHasStaff: 'No se puede eliminar la tienda porque tiene personal asignado. Dele de baja en su lugar.',
  staffInUse:
    'No se puede eliminar la cuenta porque ha atendido pedidos o emitido facturas. Desactívela en su lugar.',
  cannotDeleteSelf: 'No puede eliminar su propia cuenta.',
  modelPublicNeedsTemplate:
    'Un modelo visible para los clientes necesita la plantilla de la funda: súbala u oculte el modelo.',
  modelPublicNeedsPrice: 'Un modelo visible para los clientes necesita un precio mayor que 0 €.',
  modelNotDesignable: 'Este modelo no se puede personalizar en este momento. Elige otro modelo, por favor.',
  unknownFile: 'La imagen indicada no existe.',
  photoInUse: 'La foto está en un pedido: quítela del pedido antes de borrarla.',
  brandNameTaken: 'Ya hay una marca con ese nombre (sin contar mayúsculas): elige otro.',
  modelNameTaken: 'Esa marca ya tiene un modelo con ese nombre (sin contar mayúsculas): elige otro.',
  staffEmailTaken: 'Ya hay una cuenta del personal con ese correo electrónico.',
  serviceUnavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
  internal: 'Se ha producido un error inesperado. Inténtalo de nuevo más tarde.',
  // Online payment (Redsys)
  paymentNotPayNow: 'Este pedido se paga en la tienda, no en línea.',
  paymentNotReady: 'El pedido todavía no se puede pagar: completa antes tus datos.',
  paymentAlreadySettled: 'Este pedido ya está pagado.',
  paymentNothingToPay: 'El pedido no tiene ningún importe que pagar en línea.',
  paymentNotificationInvalid: 'La notificación de pago no es válida.',
  paymentInProgress:
    'Hay un pago en curso en la pasarela para este pedido: espera a que termine (o vuelve desde la pasarela) antes de cambiar la forma de pago o la entrega.',
  paymentNotUnresolved:
    'Este pago no está pendiente de resolver: solo se resuelven los que llevan más de 30 minutos sin respuesta de Redsys.',
  refundTooLarge: 'El importe supera lo que queda por devolver de este pedido.',
  refundNotPossible: 'Este pedido no tiene ningún pago con tarjeta o Bizum que se pueda devolver.',
  refundInProgress:
    'Ya hay una devolución en curso con esta misma petición: espere unos segundos y recargue.',
  cancelNeedsRefund:
    'Este pedido está pagado con tarjeta o Bizum: cancélelo desde su página, que devuelve el pago por la pasarela.',
  cancelRefundFailed:
    'El pedido no se ha cancelado: Redsys no ha hecho la devolución ({reason}). Queda marcado en Pagos para resolverlo.',
  cancelAfterRefundFailed:
    'La devolución se ha hecho, pero el pedido no se ha podido cancelar: vuelva a cancelarlo (no se devolverá dos veces).',
  refundGatewayNotConfigured:
    'Las devoluciones por la pasarela no están configuradas (REDSYS_REST_URL): hágala desde el panel de Redsys.',
  // Invoices
  invoiceNeedsPayment: 'La factura solo se puede emitir cuando el pedido está pagado.',
  invoiceNotFound: 'No existe esa factura.',
  orderNotInvoiced: 'El pedido no tiene factura.',
  invoiceCorrectionAmount:
    'El importe a rectificar debe ser mayor que cero, en euros con dos decimales como máximo.',
  invoiceCorrectionTooLarge: 'El importe supera lo que queda por rectificar de la factura.',
  invoiceReasonRequired: 'Indique el motivo (hasta 500 caracteres).',
  cancelNeedsRectification:
    'Este pedido tiene factura: para cancelarlo hay que emitir antes su factura rectificativa.',
  invoiceExchangeNotAllowed:
    'Solo se puede canjear por una factura completa una factura simplificada vigente y sin rectificar.',
  invoiceAnnulNotAllowed: 'Esta factura no se puede anular: ya está anulada, sustituida o rectificada.',
  invoiceSaleHappened:
    'Esta factura no se puede anular: documenta una venta cobrada. Una venta se corrige con una factura rectificativa (devolución o cancelación del pedido); la anulación es solo para una factura emitida por error.',
  rectificativaNotAnnullable:
    'Una factura rectificativa no se anula: documenta una devolución o una corrección que ya se hizo.',
  invoiceAnnulled: 'Esa factura está anulada: no es la factura de este pedido.',
  verifactuNothingToResend: 'El registro de esta factura no está rechazado: no hay nada que reenviar.',
  invoiceRequestClosed: 'El pedido ya está pagado: los datos de la factura ya no se pueden cambiar.',
  taxIdInvalid: 'El NIF, NIE o CIF no es válido: revisa la letra o el dígito de control.',
  taxIdForeignInvalid:
    'El número de IVA extranjero no es válido: empieza por el código del país (por ejemplo, FR12345678901).',
  fiscalFieldsRequired:
    'Para la factura completa indica el NIF, NIE o CIF, el nombre o razón social y la dirección fiscal completa.',
  // Print files
  printNotPossible:
    'No se puede generar el archivo de impresión: al modelo le faltan la plantilla o las medidas.',
  // Photo uploads (images pipeline)
  imageTooLarge:
    'La foto pesa demasiado: el máximo es de 25 MB. Elige otra foto o envíala en un tamaño menor.',
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
  uploadQrFailed: 'No se ha podido generar el código QR. Inténtalo de nuevo.',
  // What is printed is what the customer approved; checkout forms; kiosk
  uploadLinkUsed:
    'Este enlace ya se ha usado para enviar una foto. Si quieres cambiarla, pulsa «Cambiar foto» en la pantalla de la tienda y escanea el código QR nuevo.',
  uploadTooLate:
    'El diseño de esta funda ya está confirmado en la pantalla de la tienda: ya no se puede cambiar la foto.',
  designLocked:
    'Este pedido ya está hecho y su diseño no se puede cambiar. Si quieres otra funda, empieza un pedido nuevo.',
  designUncovered:
    'La foto no cubre toda la funda y quedaría una franja sin imprimir. Pulsa «Ajustar» o amplía la foto hasta cubrirla.',
  designPhotoChanged:
    'La foto del pedido ha cambiado mientras diseñabas. Revisa el diseño con la foto nueva antes de pedir.',
  photoTooLargeToSend:
    'Esta foto pesa demasiado para enviarla: el máximo es de 25 MB. Elige otra foto o hazla con menos resolución.',
  photoNotReadable:
    'No hemos podido abrir esta foto en el navegador. Prueba con otra foto o hazla de nuevo con la cámara.',
  // Security hardening: staff passwords, upload queue, image shapes
  passwordTooShort: 'La contraseña debe tener al menos 10 caracteres.',
  passwordTooWeak:
    'La contraseña es demasiado fácil de adivinar: use una frase de varias palabras poco habituales.',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  passwordChanged: 'Contraseña cambiada. Las demás sesiones de su cuenta se han cerrado.',
  uploadsBusy: 'Hay muchas fotos subiéndose en este momento. Inténtalo de nuevo en unos segundos.',
  uploadsPerClient:
    'Ya se están subiendo varias fotos desde tu conexión. Espera a que terminen y vuelve a intentarlo.',
  uploadTooSlow:
    'La foto llegaba demasiado despacio y se ha cancelado la subida. Prueba con una conexión mejor (por ejemplo, wifi) o con una foto más pequeña.',
  uploadQuotaExceeded:
    'Has subido muchas fotos en poco tiempo. Espera un rato y vuelve a intentarlo, o usa las que ya has subido.',
  orderStorageFull:
    'Las fotos de este pedido ya ocupan todo el espacio disponible. Usa las que ya tienes en el diseño.',
  imageBadShape:
    'La imagen tiene unas medidas que no se pueden imprimir: como máximo 16.384 píxeles por lado y una proporción de 20 a 1.',
  imageNotProcessable: 'No se ha podido procesar la imagen. Prueba con otra foto o guárdala en JPEG.',
  // The second editor: scenes with several photos, texts and stickers
  tooManyPhotos: 'Ya has añadido 12 fotos a este pedido, el máximo. Usa las que ya tienes en el diseño.',
  sceneOtherModel: 'Este diseño es de otro modelo de funda. Vuelve a abrir el editor desde tu pedido.',
  scenePhotoNotInOrder:
    'Una de las fotos del diseño no está en este pedido. Añádela desde «Diseño» y vuelve a colocarla.',
  sceneIncomplete: 'Falta una foto: pon una en cada hueco del diseño o elige otro diseño en «Diseño».',
  sceneIncompleteMany:
    'Faltan {count} fotos: pon una en cada hueco del diseño o elige otro diseño en «Diseño».',
  designTransformOrScene: 'Envía el diseño con su colocación de la foto o con su escena, una de las dos.',
  textTooLong: 'Caben 40 caracteres como máximo en un texto.',
  textTooManyCodePoints:
    'Un texto lleva demasiados caracteres invisibles o combinados. Escríbelo de nuevo con letras, números o emojis.',
  textNotPrintable:
    'Un texto lleva caracteres que no se pueden imprimir con estas letras. Usa letras, números, signos o emojis.',
  tooManyLayers: 'Caben 20 textos y pegatinas como máximo: quita alguno para añadir otro.',
  textOutsidePrintableArea:
    'Un texto se sale de la zona que se imprime: el borde de la funda o el hueco de la cámara lo cortarían. Muévelo hacia dentro o hazlo más pequeño.',
  textDoesNotFit: 'Ese texto no cabe en la funda ni con la letra más pequeña: acórtalo o ponlo en vertical.',
  textEmpty: 'Escribe el texto que quieres en tu funda.',
  textEmptyRestored:
    'Un texto no puede quedar vacío: te hemos dejado el que había. Para quitarlo, pulsa «Quitar».',
  slotsDoNotMatchLayout: 'Los huecos de fotos no corresponden a la distribución elegida.',
  duplicateLayerId: 'Dos textos o pegatinas del diseño tienen el mismo identificador.',
  sceneUnknownFont: 'Ese tipo de letra no está disponible. Elige uno de la lista.',
  sceneUnknownSticker: 'Esa pegatina no está disponible. Elige una de la lista.',
  // Case types and colours (back office)
  caseTypeNotFound: 'Tipo de funda no encontrado.',
  caseColourNotFound: 'Ese color no es de este tipo de funda: recargue la página y vuelva a intentarlo.',
  caseTypeNameTaken: 'Ya hay un tipo de funda con ese nombre (sin contar mayúsculas): elija otro.',
  caseColourNameTaken: 'Dos colores de este tipo de funda tienen el mismo nombre: cambie uno.',
  caseTypeInUse:
    'No se puede eliminar el tipo de funda porque hay pedidos hechos en él. Ocúltelo a los clientes en su lugar.',
  caseColourInUse:
    'No se puede quitar un color en el que hay pedidos hechos: déjelo en la lista o cree otro tipo de funda.',
  caseTypeDefaultRequired:
    'Tiene que haber un tipo de funda predeterminado: marque otro como predeterminado y este dejará de serlo.',
  caseTypeDefaultPublic:
    'El tipo de funda predeterminado tiene que ser visible para los clientes: marque antes otro como predeterminado.',
  caseTypeDefaultDelete:
    'No se puede eliminar el tipo de funda predeterminado: marque antes otro como predeterminado.',
  caseTypeDefaultHidden:
    'Una tienda no puede ocultar el tipo de funda predeterminado: es el de los pedidos que no eligen otro.',
} as const;

export type MessageKey = keyof typeof messages;
