import { z } from 'zod';

/** What the storefront needs to know about the company (footer, legal pages, contact). */
export const CompanySchema = z.object({
  legalName: z.string(),
  tradeName: z.string(),
  nif: z.string(),
  address: z.string(),
  postalCode: z.string(),
  town: z.string(),
  province: z.string(),
  phone: z.string(),
  /** WhatsApp number in international form without "+", for wa.me links. */
  whatsapp: z.string(),
  /** The WhatsApp number as people read it: '+34 600 000 000'. */
  whatsappDisplay: z.string(),
  email: z.string(),
  hours: z.string(),
  registry: z.string(),
  /** How long photos, designs, abandoned orders and invoices are kept: the privacy policy says it. */
  retention: z.object({
    photoDaysAfterWarranty: z.number().int(),
    cancelledOrderDays: z.number().int(),
    abandonedOrderDays: z.number().int(),
    invoiceYears: z.number().int(),
    warrantyYears: z.number().int(),
  }),
});
export type Company = z.infer<typeof CompanySchema>;

export const PublicConfigSchema = z.object({ company: CompanySchema });
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
