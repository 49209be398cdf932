/** Customer photos and catalogue pictures: format sniffing, decoding, limits, variants. */
export { pngFrameCount, sniffImageFormat } from './sniff.ts';
