/** Brands, models and case types, which stores offer which, their pictures and the public catalogue's cache. */

export { CATALOGUE_MAX_BYTES, catalogueImageTooLarge, processCatalogueImage } from './admin-images.ts';
export { CatalogueCache } from './cache.ts';
export {
  type CaseFrame,
  COVERAGE_TOLERANCE_PX,
  caseFrameOfModel,
  isOutline,
  printableOutline,
} from './case-frame.ts';
export { hiddenCaseTypesOf, setHiddenCaseTypes } from './case-type-offer.ts';
export {
  type CaseTypeOnSale,
  type CaseTypeRefusal,
  type CaseTypeResolution,
  type CaseTypesOfOrders,
  caseTypesOfOrders,
  resolveCaseType,
} from './case-type-sales.ts';
export {
  assertCaseTypeDeletable,
  coloursRemovedBy,
  createCaseType,
  deleteCaseType,
  getCaseType,
  listCaseTypes,
  updateCaseType,
} from './case-types.ts';
export { renderModelMockup } from './mockup.ts';
export { addModel, changeModel } from './model-writes.ts';
export { catalogueOfOrders, modelOnSale } from './order-models.ts';
export { phonesOf } from './phones.ts';
export { printCaseOfCatalogue } from './print-case.ts';
export {
  type Audience,
  createBrand,
  deleteBrand,
  deleteModel,
  getBrand,
  getModel,
  listBrands,
  listModels,
  offerWholeCatalogue,
  toggleModelVisibility,
  updateBrand,
} from './service.ts';
