import type { PrintBatch, PrintQueueItem, StoreSettings } from '@shop/contracts/print-batches';
import { apiRequest } from '@/lib/api-client';

export const getPrintQueue = (storeId: number | undefined, signal?: AbortSignal): Promise<PrintQueueItem[]> =>
  apiRequest<PrintQueueItem[]>('/api/print-queue', { query: { storeId }, signal });

export const getPrintBatches = (storeId: number | undefined, signal?: AbortSignal): Promise<PrintBatch[]> =>
  apiRequest<PrintBatch[]>('/api/print-batches', { query: { storeId }, signal });

export const createPrintBatch = (orderIds: string[], sheet: 'A4' | 'A3' | undefined): Promise<PrintBatch> =>
  apiRequest<PrintBatch>('/api/print-batches', { method: 'POST', body: { orderIds, sheet } });

export const markBatchPrinted = (id: string): Promise<PrintBatch> =>
  apiRequest<PrintBatch>(`/api/print-batches/${id}/printed`, { method: 'POST' });

export const getStoreSettings = (storeId: number, signal?: AbortSignal): Promise<StoreSettings> =>
  apiRequest<StoreSettings>(`/api/stores/${storeId}/settings`, { signal });

export const saveStoreSettings = (
  storeId: number,
  settings: Omit<StoreSettings, 'storeId'>,
): Promise<StoreSettings> =>
  apiRequest<StoreSettings>(`/api/stores/${storeId}/settings`, { method: 'PUT', body: settings });
