import type { OrderStatus } from '@shop/contracts/orders';
import { STATUS_LABELS, STATUS_TONES } from '../../lib/order-status';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`admin-badge admin-badge--${STATUS_TONES[status]}`}>{STATUS_LABELS[status]}</span>;
}

type FlagTone = 'ok' | 'off' | 'warn';

/** A yes/no property in a table (visible, down, disabled...). */
export function FlagBadge({ tone, children }: { tone: FlagTone; children: string }) {
  return <span className={`admin-flag admin-flag--${tone}`}>{children}</span>;
}
