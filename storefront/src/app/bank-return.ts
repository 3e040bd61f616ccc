/** The parameters the bank's 3-D Secure page adds on the way back (Stripe's). */
export const RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret'] as const;

/** This page's address without what the bank's page added: where the bank sends the traveller back to. */
export function returnPathOf(location: Pick<Location, 'pathname' | 'search'>): string {
  const params = new URLSearchParams(location.search);
  for (const name of RETURN_PARAMS) params.delete(name);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}
