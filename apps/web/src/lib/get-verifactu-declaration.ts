import type { VerifactuDeclaration } from '@shop/contracts/verifactu-declaration';
import { apiRequest } from '@/lib/api-client';

/** The invoicing system's declaración responsable (public). */
export const getVerifactuDeclaration = (signal?: AbortSignal): Promise<VerifactuDeclaration> =>
  apiRequest<VerifactuDeclaration>('/api/verifactu/declaration', { signal });
