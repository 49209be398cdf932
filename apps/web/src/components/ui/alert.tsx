import type { ReactNode } from 'react';
import { AlertIcon } from './icons';

interface AlertProps {
  children: ReactNode;
  tone?: 'error' | 'success' | 'info';
}

/** Errors are announced at once (role="alert"); other notices politely (role="status"). */
export function Alert({ children, tone = 'error' }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <AlertIcon className="alert__icon" />
      <div>{children}</div>
    </div>
  );
}
