import { CONFIG_URL } from '@shop/contracts/api-urls';
import type { Company, PublicConfig } from '@shop/contracts/config';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { peekPageData } from '@/lib/page-data';

// The page usually comes with it (lib/page-data.ts): then the header and footer show it at once.
let cached: Company | null = peekPageData<PublicConfig>(CONFIG_URL)?.company ?? null;
let pending: Promise<Company> | null = null;

/** The company data is fetched once per page load and shared by the header, footer and pages. */
export function getCompany(): Promise<Company> {
  if (cached) return Promise.resolve(cached);
  pending ??= apiRequest<PublicConfig>(CONFIG_URL).then(
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
    // Nothing of the first paint waits for these data (the header shows without the trade name):
    // they are asked for once the page has painted, so the request is not on the way to it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        getCompany().then(
          (company) => active && setState({ company, failed: false }),
          () => active && setState({ company: null, failed: true }),
        );
      }, 0);
    });
    return () => {
      active = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [loaded]);

  return state;
}
