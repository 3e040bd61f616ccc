import type { BookingHistory } from '@contrail/shared/admin/operations';
import type { AdminBooking } from '@contrail/shared/booking/view';
import { format } from 'date-fns/format';
import type { BookingSearchInput } from '@contrail/shared/support-desk/booking-search';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../app/api-error';
import { PageLoading } from '../app/PageLoading';
import { BagsBought } from '../ui/BagsBought';
import { Card } from '../ui/card';
import { Pager } from '../ui/Pager';
import { BackToAdminSettings } from './BackToAdminSettings';
import { Badge, type BadgeTone } from './Badge';
import { SelectableRow } from './SelectableRow';
import { useSupportBookingHistoryQuery } from './adminSupportApi';
import { BookingSearchForm, EMPTY_SEARCH } from '../support-desk/BookingSearchForm';
import { useLazyBookingSearchQuery } from '../support-desk/workspaceApi';
import { ReconciliationSection } from './AdminSupportReconciliation';
import { AccessLogSection } from '../support-desk/AccessLogSection';
import { ActForTraveller } from '../support-desk/ActForTraveller';
import { BookingMoneyAndEmails } from '../support-desk/BookingMoneyAndEmails';
import { DeskActivity } from '../support-desk/DeskActivity';
import { ScheduleChangeQueue } from './ScheduleChangeQueue';
import { OverdueRefunds } from './OverdueRefunds';
import { RevealForm } from '../support-desk/RevealForm';
import { useAdminAccess } from './use-admin-access';
import { useStaffCan } from './use-staff-can';

export const SUPPORT_DENIED = "You don't have permission to access the support tools.";

const STATUS_TONES: Record<string, BadgeTone> = {
  confirmed: 'good',
  completed: 'neutral',
  pending: 'warn',
  cancelled: 'bad',
  failed: 'bad',
};

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'd MMM yyyy, HH:mm:ss');
}

/** "PassengersProvided" as "Passengers provided". */
export function eventLabel(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{status}</Badge>;
}

function Json({ value }: { value: unknown }) {
  return (
    <pre className="mt-1 max-h-72 overflow-auto rounded-md bg-subtle p-3 text-xs break-all whitespace-pre-wrap text-foreground">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function Timeline({ booking }: { booking: AdminBooking }) {
  const [revealed, setRevealed] = useState<BookingHistory | undefined>();
  const sealed = useSupportBookingHistoryQuery(booking.id);
  const history = revealed ? { ...sealed, data: revealed } : sealed;
  const staffCan = useStaffCan();

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-foreground">History of {booking.reference ?? booking.id}</h2>
          <p className="text-sm text-muted-foreground">
            Every event in order, with who caused it and the state after it.
          </p>
        </div>
        {revealed ? (
          <Badge tone="warn">Personal data shown: your reason is recorded</Badge>
        ) : (
          staffCan('personal-data.reveal', booking.brandKey) && (
            <RevealForm bookingId={booking.id} onRevealed={setRevealed} />
          )
        )}
      </div>
      <div className="mt-4">
        <BagsBought
          bags={booking.bookingData.bags}
          slices={booking.bookingData.slices}
          passengers={booking.bookingData.passengers.map((passenger) => ({
            id: passenger.id,
            name: `${passenger.given_name} ${passenger.family_name}`,
          }))}
        />
      </div>
      {history.isFetching && !history.data && <PageLoading label="Loading history..." />}
      {history.isError && (
        <p role="alert" className="mt-4 text-sm text-destructive-text">
          {errorMessage(history.error, 'The history could not be loaded.')}
        </p>
      )}
      {history.data && (
        <ol aria-label="Booking history" className="mt-6">
          {history.data.events.map((event) => (
            <li key={event.revision} className="relative border-l-2 border-border pb-6 pl-6 last:pb-0">
              <span
                className="absolute top-1 -left-[7px] h-3 w-3 rounded-full border-2 border-background bg-primary-surface"
                aria-hidden
              />
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-foreground">{eventLabel(event.type)}</h3>
                <StatusBadge status={event.stateAfter.status} />
                <span className="text-xs text-muted-foreground">phase {event.stateAfter.phase}</span>
              </div>
              <p className="mt-0.5 text-sm text-muted-foreground">
                <time dateTime={event.at}>{when(event.at)}</time> · by {event.actor}
              </p>
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer font-medium text-primary-text">Event data and state after</summary>
                <p className="mt-2 text-xs font-semibold text-muted-foreground uppercase">Event</p>
                <Json value={event.data} />
                <p className="mt-2 text-xs font-semibold text-muted-foreground uppercase">State after</p>
                <Json value={event.stateAfter} />
              </details>
            </li>
          ))}
        </ol>
      )}
      <BookingMoneyAndEmails bookingId={booking.id} />
      {staffCan('bookings.service', booking.brandKey) && <ActForTraveller booking={booking} />}
      <DeskActivity bookingId={booking.id} canAddNotes={staffCan('bookings.service', booking.brandKey)} />
    </Card>
  );
}

/** The travellers as the engine lists them: initials, until revealed for a reason. */
const travellerInitials = (booking: AdminBooking) =>
  booking.bookingData.passengers.map((passenger) => `${passenger.given_name} ${passenger.family_name}`).join(', ');

function BookingRow({
  booking,
  selected,
  onSelect,
}: {
  booking: AdminBooking;
  selected: boolean;
  onSelect: () => void;
}) {
  const passengers = booking.bookingData.passengers.length;
  return (
    <SelectableRow selected={selected} onSelect={onSelect} className="gap-3 transition-colors">
      <span className="min-w-0">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold text-foreground">{booking.reference ?? 'No reference yet'}</span>
          <StatusBadge status={booking.status} />
        </span>
        <span className="mt-0.5 block text-sm text-muted-foreground">
          {booking.brandKey} · {when(booking.createdAt)} · {passengers} passenger{passengers === 1 ? '' : 's'}
          {passengers > 0 && ` (${travellerInitials(booking)})`}
        </span>
      </span>
      <span className="font-semibold text-foreground tabular-nums">
        {booking.bookingData.total_amount} {booking.bookingData.total_currency}
      </span>
    </SelectableRow>
  );
}

/**
 * /admin/support (issues 11, 31): staff search bookings by reference, traveller, status, brand and
 * dates, a page at a time, and read a booking's history as a timeline; platform admins see the
 * reconciliation of bookings with the providers (issue 15). `?reference=` searches at once (the
 * inbox links a message's booking so).
 */
export function AdminSupportPage() {
  const access = useAdminAccess(SUPPORT_DENIED);
  const [params] = useSearchParams();
  const linked = params.get('reference') ?? '';
  const [selected, setSelected] = useState<string | null>(null);
  const [search, found] = useLazyBookingSearchQuery();
  const staffCan = useStaffCan();
  const asked = useRef(false);

  const run = async (input: BookingSearchInput) => {
    setSelected(null);
    const result = await search(input);
    if (result.data?.bookings.length === 1) setSelected(result.data.bookings[0]!.id);
  };

  useEffect(() => {
    if (access !== 'admin' || !linked || asked.current) return;
    asked.current = true;
    void run({ reference: linked });
  });

  if (access === 'denied') return null;
  if (access === 'checking') return <PageLoading />;

  const answer = found.data;
  const bookings = answer?.bookings ?? [];
  const chosen = bookings.find((booking) => booking.id === selected);

  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <BackToAdminSettings />
      <h1 className="mt-4 text-3xl font-bold text-foreground">Booking Support</h1>
      <p className="mt-1 text-muted-foreground">
        Find a booking by its reference, a traveller, its status or its dates, and read what happened to it.
      </p>

      <Card className="mt-8 p-5 sm:p-6">
        <BookingSearchForm
          searching={found.isFetching}
          onSearch={(input) => void run(input)}
          initial={{ ...EMPTY_SEARCH, reference: linked }}
        />
      </Card>

      <div className="mt-6 grid gap-6">
        {found.isError && (
          <p role="alert" className="text-sm text-destructive-text">
            {errorMessage(found.error, 'The search failed. Please try again.')}
          </p>
        )}
        {found.isSuccess && !found.isFetching && bookings.length === 0 && (
          <Card className="p-6 text-center text-muted-foreground">No booking matches this search.</Card>
        )}
        {answer && (answer.total > answer.limit || answer.offset > 0) && (
          <Pager
            label="Result pages"
            offset={answer.offset}
            limit={answer.limit}
            total={answer.total}
            shown={bookings.length}
            busy={found.isFetching}
            onPage={(offset) => void run({ ...found.originalArgs, offset })}
          />
        )}
        {bookings.length > 0 && (
          <ul aria-label="Bookings found" className="grid gap-3">
            {bookings.map((booking) => (
              <BookingRow
                key={booking.id}
                booking={booking}
                selected={booking.id === selected}
                onSelect={() => setSelected(booking.id)}
              />
            ))}
          </ul>
        )}
        {chosen && <Timeline key={chosen.id} booking={chosen} />}
      </div>
      <ScheduleChangeQueue />
      <OverdueRefunds />
      <ReconciliationSection />
      {staffCan('personal-data.audit') && <AccessLogSection />}
    </section>
  );
}
