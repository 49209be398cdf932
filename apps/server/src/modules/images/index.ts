/** Customer photos and catalogue pictures: format sniffing, decoding, limits, variants, storing. */
export { PICTURE_KINDS, pictureVariant } from './catalogue-variants.ts';
export {
  type ImageSource,
  ingestImage,
  MAX_CONCURRENT_INGESTS,
  MAX_UPLOAD_BYTES,
  REFERENCE_CASE_MM,
} from './pipeline.ts';
export { pngFrameCount, sniffImageFormat } from './sniff.ts';
export { ingestedBytes, saveIngested } from './stored.ts';
