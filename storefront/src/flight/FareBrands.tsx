import type { FareBrandsAnswer, FlightOffer } from '@contrail/shared/flights/offer';
import {
  conditionLabel,
  fareBrandColumns,
  type BrandSlice,
  type FareBrandColumn,
} from '@contrail/shared/flights/fare-brands';
import type { PricingContext } from '@contrail/shared/pricing/price-offer';
import { formatPrice } from '@contrail/shared/results/format';
import { firstPageRequest } from '@contrail/shared/results/results-params';
import type { ResultsSearch } from '@contrail/shared/results/search-links';
import Check from 'lucide-react/icons/check';
import X from 'lucide-react/icons/x';
import { Link, useLocation } from 'react-router';
import { errorMessage, withContext, type ApiError } from '../app/api-error';
import { buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { api } from '../app/api';
import { answerContract, lazyContract } from '../app/lazy-contract';

const fareBrandsContract = lazyContract(
  async () => (await import('@contrail/shared/flights/offer')).fareBrandsAnswerSchema,
);

// Injected with this chunk: the details and booking pages' first loads carry none of it.
const fareBrandsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The same flights' other fare brands (issue 35); `search` is the search's query, as the details link carries it. */
    fareBrands: build.query<FlightOffer[], { offerId: string; search: string }>({
      query: ({ offerId, search }) => `api/flights/offer/${encodeURIComponent(offerId)}/fare-brands?${search}`,
      transformResponse: (body: FareBrandsAnswer) => body.offers,
      ...answerContract(fareBrandsContract),
      transformErrorResponse: (error: ApiError) => withContext('Unable to compare fare brands', error),
    }),
  }),
});
const { useFareBrandsQuery } = fareBrandsApi;

/** The search's fields as the engine's search query takes them (the fare brands are found in it). */
function searchQuery(search: ResultsSearch): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(firstPageRequest(search))) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.toString();
}

const bags = (count: number, kind: string) =>
  count === 0 ? `No ${kind} bag` : `${count} ${kind} bag${count > 1 ? 's' : ''}`;

function Yes({ yes, children }: { yes: boolean; children: string }) {
  const Icon = yes ? Check : X;
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon className={cn('h-4 w-4 shrink-0', yes ? 'text-[#2f7a0e]' : 'text-destructive-text')} aria-hidden />
      {children}
    </span>
  );
}

function SliceGifts({ slice, perSlice }: { slice: BrandSlice; perSlice: boolean }) {
  return (
    <div className="grid gap-1">
      {perSlice && (
        <p className="text-xs font-semibold text-muted-foreground">
          {slice.route}: {slice.brand}
        </p>
      )}
      <Yes yes={slice.cabinBags > 0}>{bags(slice.cabinBags, 'cabin')}</Yes>
      <Yes yes={slice.checkedBags > 0}>{bags(slice.checkedBags, 'checked')}</Yes>
      <Yes yes={slice.seatChoice === true}>
        {slice.seatChoice === null
          ? 'Seat choice: ask the airline'
          : slice.seatChoice
            ? 'Seat choice'
            : 'No seat choice'}
      </Yes>
    </div>
  );
}

function difference(column: FareBrandColumn): string {
  if (column.chosen) return 'Your choice';
  if (!Number.isFinite(column.difference)) return '';
  const amount = formatPrice(Math.abs(column.difference), column.currency);
  return column.difference === 0 ? 'Same price' : column.difference > 0 ? `+${amount}` : `−${amount}`;
}

function BrandColumn({ column, to }: { column: FareBrandColumn; to: string }) {
  const titleId = `fare-brand-${column.offerId}`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4',
        column.chosen ? 'border-primary bg-primary/5' : 'border-border bg-background',
      )}
    >
      <div>
        <h3 id={titleId} className="font-bold">
          {column.name}
        </h3>
        <p className="text-lg font-bold tabular-nums">{formatPrice(column.price, column.currency)}</p>
        <p className="text-sm text-muted-foreground">{difference(column)}</p>
        {column.carriesBags !== null && (
          <p
            className={cn(
              'text-xs',
              column.carriesBags ? 'text-muted-foreground' : 'font-semibold text-destructive-text',
            )}
          >
            {column.carriesBags ? 'with your bags' : 'cannot carry your bags: price without them'}
          </p>
        )}
      </div>
      <div className="grid gap-3 text-sm">
        {column.slices.map((slice) => (
          <SliceGifts key={slice.route} slice={slice} perSlice={column.perSlice} />
        ))}
        <Yes yes={column.change?.allowed === true}>{`Changes: ${conditionLabel(column.change, formatPrice)}`}</Yes>
        <Yes yes={column.refund?.allowed === true}>{`Refunds: ${conditionLabel(column.refund, formatPrice)}`}</Yes>
      </div>
      {column.chosen ? (
        <p className="mt-auto text-sm font-semibold" aria-current="true">
          Selected
        </p>
      ) : (
        <Link to={to} className={cn(buttonClass('outline', 'md'), 'mt-auto')}>
          Choose {column.name}
          <span className="sr-only">, {formatPrice(column.price, column.currency)}</span>
        </Link>
      )}
    </li>
  );
}

/**
 * Fare brands side by side (issue 35): the same flights' brands in columns, each with its bags,
 * seat choice, changes and refunds (the airline's penalties) and the price against this offer's.
 * Choosing one opens that offer with the same search (and bags) in the address.
 */
export function FareBrands({
  offer,
  search,
  pricing,
}: {
  offer: FlightOffer;
  search: ResultsSearch;
  pricing: PricingContext;
}) {
  const location = useLocation();
  const query = useFareBrandsQuery({ offerId: offer.id, search: searchQuery(search) });
  const columns = query.data ? fareBrandColumns(query.data, offer.id, pricing) : [];
  if (!query.isLoading && !query.isError && columns.length < 2) return null;
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="fare-brands-title">
      <h2 id="fare-brands-title" className="text-lg font-bold">
        Compare fares on these flights
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        The same flights, sold with different bags, seat choice and rules. Penalties are the airline’s own.
      </p>
      {query.isLoading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading the fares of these flights…
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive-text">
          {errorMessage(query.error, 'The other fares could not be loaded.')}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Fare brands">
          {columns.map((column) => (
            <BrandColumn
              key={column.offerId}
              column={column}
              to={`/flight/${encodeURIComponent(column.offerId)}${location.search}`}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
