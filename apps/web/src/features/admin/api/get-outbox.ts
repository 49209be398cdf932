import type { OutboxPage } from '@shop/contracts/mail';
import { apiRequest } from '@/lib/api-client';

/** The mail outbox, newest first (admin). */
export const getOutbox = (page: number, size: number, signal?: AbortSignal): Promise<OutboxPage> =>
  apiRequest<OutboxPage>('/api/mails/outbox', { query: { page, size }, signal });
