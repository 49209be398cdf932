import type { Company, PublicConfig } from '@shop/contracts/config';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';

let cached: Company | null = null;
let pending: Promise<Company> | null = null;

/** The company data is fetched once per page load and shared by the header, footer and pages. */
export function getCompany(): Promise<Company> {
  if (cached) return Promise.resolve(cached);
  pending ??= apiRequest<PublicConfig>('/api/config').then(
    (config) => {
      cached = config.company;
      return cached;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

export interface CompanyState {
  company: Company | null;
  failed: boolean;
}

export function useCompany(): CompanyState {
  const [state, setState] = useState<CompanyState>({ company: cached, failed: false });
  const loaded = state.company !== null;

  useEffect(() => {
    if (loaded) return;
    let active = true;
    getCompany().then(
      (company) => active && setState({ company, failed: false }),
      () => active && setState({ company: null, failed: true }),
    );
    return () => {
      active = false;
    };
  }, [loaded]);

  return state;
}
