import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { telHref } from '../app/layout/nav-links';
import { useBrand } from '../brand/brand-context';

/** The brand's name and contact details as the content pages print them. */
export function useBrandContact() {
  const { brand } = useBrand();
  const phone = brand.contact.phone || DEFAULT_BRAND.contact.phone;
  return {
    name: brand.name,
    email: brand.contact.email,
    phone,
    phoneHref: telHref(phone),
    address: brand.contact.address,
    /** When the brand answers, from its settings (the seed's texts by default). */
    hours: brand.hours,
  };
}

export type BrandContact = ReturnType<typeof useBrandContact>;
