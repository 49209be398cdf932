import type { MailSend } from '@shop/contracts/mail';
import { apiRequest } from '@/lib/api-client';

/** Queues one message per recipient (admin); returns how many were queued. */
export const sendMail = (mail: MailSend): Promise<{ queued: number }> =>
  apiRequest<{ queued: number }>('/api/mails', { method: 'POST', body: mail });
