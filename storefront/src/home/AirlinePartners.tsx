/** Eight airline partners and the claims of seed 000 §1. */
export const AIRLINE_PARTNERS = [
  { code: 'AA', name: 'American Airlines' },
  { code: 'DL', name: 'Delta Air Lines' },
  { code: 'UA', name: 'United Airlines' },
  { code: 'BA', name: 'British Airways' },
  { code: 'LH', name: 'Lufthansa' },
  { code: 'EK', name: 'Emirates' },
  { code: 'QF', name: 'Qantas' },
  { code: 'CX', name: 'Cathay Pacific' },
] as const;

export const PARTNER_CLAIMS = [
  { value: '450+', label: 'airlines' },
  { value: '200+', label: 'countries' },
  { value: '99.9%', label: 'uptime' },
] as const;

export function AirlinePartners() {
  return (
    <section aria-labelledby="partners-title" className="border-y border-border bg-subtle">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="partners-title" className="text-center text-2xl font-bold">
          Our airline partners
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {AIRLINE_PARTNERS.map((airline) => (
            <li
              key={airline.code}
              className="flex items-center gap-3 rounded-lg border border-border bg-background px-4 py-3"
            >
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-bold">
                {airline.code}
              </span>
              <span className="text-sm font-medium">{airline.name}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-8 grid grid-cols-3 gap-4 text-center">
          {PARTNER_CLAIMS.map((claim) => (
            <div key={claim.label}>
              <dt className="sr-only">{claim.label}</dt>
              <dd>
                <span className="block text-2xl font-bold text-primary-text sm:text-3xl">{claim.value}</span>
                <span className="text-sm text-muted-foreground capitalize">{claim.label}</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
