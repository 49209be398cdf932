import type { PaymentRow } from '@shop/contracts/payments-admin';
import { formatEurosInput } from '../../lib/euros';

/** The refund dialog's amount at opening: all that can still be refunded, as typed in Spain ("19,90"). */
export const refundAmountPrefill = (row: Pick<PaymentRow, 'refundable'>): string =>
  formatEurosInput(row.refundable);
