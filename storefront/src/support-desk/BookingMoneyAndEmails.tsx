import { formatPrice } from '@contrail/shared/results/format';
import { format } from 'date-fns/format';
import { useId } from 'react';
import { errorMessage } from '../app/api-error';
import { useBookingEmailsQuery, useBookingMoneyQuery } from './actingApi';

const when = (iso: string) => format(new Date(iso), 'd MMM yyyy, HH:mm');

/** "confirmed-resent-<id>" as "Confirmation (resent)". */
export function emailKindLabel(kind: string): string {
  const resent = kind.includes('-resent-');
  const base = kind.split('-resent-')[0]!;
  const named: Record<string, string> = { confirmed: 'Confirmation', cancelled: 'Cancellation notice' };
  const label = named[base] ?? base.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase());
  return resent ? `${label} (resent)` : label;
}

function MoneyFigures({ bookingId }: { bookingId: string }) {
  const money = useBookingMoneyQuery(bookingId);
  if (money.isLoading) return <p className="mt-2 text-sm text-muted-foreground">Loading money…</p>;
  if (money.isError || !money.data)
    return (
      <p role="alert" className="mt-2 text-sm text-destructive-text">
        {errorMessage(money.error, 'The money could not be loaded.')}
      </p>
    );
  const { currency, authorized, captured, refunded, kept, cardLast4, paymentStatus } = money.data;
  const rows: Array<[string, string]> = [
    ['Authorized', formatPrice(authorized, currency)],
    ['Captured', formatPrice(captured, currency)],
    ['Refunded', formatPrice(refunded, currency)],
    ...kept.map((fee): [string, string] => [`${fee.label} kept`, formatPrice(fee.amount, currency)]),
  ];
  return (
    <>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-subtle p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold text-foreground tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">
        Payment {paymentStatus}
        {cardLast4 ? `, card ending ${cardLast4}` : ''}
        {kept.length === 0 ? '. No fees kept.' : '.'}
      </p>
    </>
  );
}

function EmailList({ bookingId }: { bookingId: string }) {
  const emails = useBookingEmailsQuery(bookingId);
  if (emails.isLoading) return <p className="mt-2 text-sm text-muted-foreground">Loading emails…</p>;
  if (emails.isError || !emails.data)
    return (
      <p role="alert" className="mt-2 text-sm text-destructive-text">
        {errorMessage(emails.error, 'The emails could not be loaded.')}
      </p>
    );
  const { messages, transport } = emails.data;
  if (messages.length === 0) return <p className="mt-2 text-sm text-muted-foreground">No email written yet.</p>;
  return (
    <ul aria-label="Emails" className="mt-3 grid gap-2">
      {messages.map((message) => (
        <li
          key={message.id}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-lg bg-subtle p-3 text-sm"
        >
          <span className="min-w-0">
            <span className="font-semibold text-foreground">{emailKindLabel(message.kind)}</span>
            <span className="block break-words text-muted-foreground">{message.subject}</span>
          </span>
          <span className="text-xs text-muted-foreground">
            Written <time dateTime={message.createdAt}>{when(message.createdAt)}</time>
            {' · '}
            {message.sentAt ? (
              <>
                sent <time dateTime={message.sentAt}>{when(message.sentAt)}</time>
              </>
            ) : transport === 'smtp' ? (
              'not sent yet'
            ) : (
              'kept in the outbox (no SMTP)'
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The booking's money (hold, capture, refund, fees kept) and the emails written to its traveller. */
export function BookingMoneyAndEmails({ bookingId }: { bookingId: string }) {
  const moneyId = useId();
  const emailsId = useId();
  return (
    <div className="mt-6 grid gap-6 border-t border-border pt-5">
      <section aria-labelledby={moneyId}>
        <h3 id={moneyId} className="font-semibold text-foreground">
          Money
        </h3>
        <MoneyFigures bookingId={bookingId} />
      </section>
      <section aria-labelledby={emailsId}>
        <h3 id={emailsId} className="font-semibold text-foreground">
          Emails to the traveller
        </h3>
        <EmailList bookingId={bookingId} />
      </section>
    </div>
  );
}
