import type { StaticSlug } from '../storefront.ts';
import { companyPage } from './company.ts';
import { contactPage } from './contact.ts';
import { cookiesPage } from './cookies.ts';
import { generalConditionsPage } from './general-conditions.ts';
import { legalPage } from './legal.ts';
import { paymentsPage } from './payments.ts';
import { privacyPage } from './privacy.ts';
import { returnConditionsPage } from './return-conditions.ts';
import { shippingPage } from './shipping.ts';
import type { PageBuilder } from './types.ts';
import { warrantyConditionsPage } from './warranty-conditions.ts';

export const staticPages: Record<StaticSlug, PageBuilder> = {
  'general-conditions': generalConditionsPage,
  'return-conditions': returnConditionsPage,
  'return-conditions-2': warrantyConditionsPage,
  shipping: shippingPage,
  company: companyPage,
  payments: paymentsPage,
  legal: legalPage,
  privacy: privacyPage,
  cookies: cookiesPage,
  contact: contactPage,
};
