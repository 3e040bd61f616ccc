/**
 * Seed 001 §9's texts about when support answers, the defaults of every brand's `hours` (apart
 * from the schemas, so that a page needing only the default brand loads no zod).
 */
export const DEFAULT_BRAND_HOURS = {
  /** Phone support as the header, the home page and the policies describe it. */
  phone: '24/7',
  /** Phone support as the support page describes it. */
  supportPage: 'Mon-Fri 9am-6pm EST',
  /** The contact page's opening hours (the seed's footer operating hours). */
  office: '07:00-21:00, seven days a week',
} as const;
