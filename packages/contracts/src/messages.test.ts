import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type MessageKey, messages } from './messages.ts';

/**
 * The shop speaks 'tú' to its customers on every screen (the back office may address its staff
 * as 'usted'). These are the messages a customer can read: the storefront's, the checkout's, the
 * photo upload's and the errors any request may get.
 */
const CUSTOMER_MESSAGES: MessageKey[] = [
  'pageLoadFailed',
  'storeValidationFailed',
  'brandsLoadFailed',
  'modelsLoadFailed',
  'brandDetailsFailed',
  'storeDetailsFailed',
  'modelsFilterFailed',
  'storesLoadFailed',
  'storeInfoFailed',
  'storeValidatingFailed',
  'storeQrFailed',
  'orderCreateFailed',
  'orderLoadFailed',
  'orderConfirmFailed',
  'genericRetry',
  'orderDetailsRetry',
  'pickupConfirmFailed',
  'contactConfirmFailed',
  'deliveryConfirmFailed',
  'contactFieldsRequired',
  'invalidEmail',
  'invalidPhone',
  'deliveryFieldsRequired',
  'invalidPostalCode',
  'postalCodeNotDelivered',
  'storeSalesOutsideIvaTerritory',
  'paymentFailedText',
  'paymentCancelledTitle',
  'paymentCancelledText',
  'requestTimeout',
  'csrfFailed',
  'rateLimited',
  'serviceUnavailable',
  'internal',
  'paymentNotReady',
  'uploadQrFailed',
  'uploadsBusy',
  'imageNotProcessable',
  'imageTooLarge',
  'unsupportedImage',
  'orderCancelled',
  'designLocked',
  'taxIdInvalid',
  'tooManyPhotos',
  'sceneOtherModel',
  'scenePhotoNotInOrder',
  'sceneIncomplete',
  'sceneIncompleteMany',
  'designTransformOrScene',
  'textTooLong',
  'textNotPrintable',
  'tooManyLayers',
  'slotsDoNotMatchLayout',
  'duplicateLayerId',
  'sceneUnknownFont',
  'sceneUnknownSticker',
  'textOutsidePrintableArea',
  'textDoesNotFit',
  'textEmpty',
  'textEmptyRestored',
  'uploadsPerClient',
  'uploadTooSlow',
  'uploadQuotaExceeded',
  'orderStorageFull',
  'textTooManyCodePoints',
  'designMissing',
];

const USTED =
  /\b(inténtelo|intente|reintente|ingrese|complete|recargue|espere|pruebe|guárdela|colóquela|indique|elija|suba|pulse|usted|su pedido|su pago|sus datos)\b/i;

test("every message a customer can read speaks 'tú'", () => {
  for (const key of CUSTOMER_MESSAGES) {
    assert.doesNotMatch(messages[key], USTED, `${key}: ${messages[key]}`);
  }
});
