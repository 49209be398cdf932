import type { PrintFileSchema } from '@shop/contracts/orders';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export type PrintFile = z.infer<typeof PrintFileSchema>;

/** The print file (a PDF at the case's real size); a paid order becomes printed. Asking again returns the same file. */
export const printOrder = (orderId: string): Promise<PrintFile> =>
  apiRequest<PrintFile>(`/api/orders/${orderId}/print`, { method: 'POST' });
