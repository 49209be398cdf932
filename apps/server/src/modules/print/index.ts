/** Print files of each order and print batches (sheets of designs for the printer). */

export {
  createPrintBatch,
  getPrintBatch,
  listPrintBatches,
  markBatchPrinted,
  printBatchFileId,
} from './batches.ts';
export { filesOfBatches, releaseBatchFilesOf } from './retention.ts';
export { type OrderPrint, printHasWhite, printWhitePng, renderOrderPrint } from './service.ts';
