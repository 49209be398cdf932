import type { Dashboard } from '@shop/contracts/dashboard';
import type { SalesReport } from '@shop/contracts/reports';
import { apiRequest } from '@/lib/api-client';

export interface SalesQuery {
  from: string;
  to: string;
  storeId?: number | undefined;
}

export const getSalesReport = (query: SalesQuery, signal?: AbortSignal): Promise<SalesReport> =>
  apiRequest<SalesReport>('/api/reports/sales', { query: { ...query }, signal });

/** The CSV download's address (the browser fetches it with the session cookie). */
export function salesCsvUri(query: SalesQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to, format: 'csv' });
  if (query.storeId) params.set('storeId', String(query.storeId));
  return `/api/reports/sales?${params}`;
}

export const getDashboard = (signal?: AbortSignal): Promise<Dashboard> =>
  apiRequest<Dashboard>('/api/dashboard', { signal });
