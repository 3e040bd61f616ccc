import {
  CONTACT_MESSAGE_STATUSES,
  type ContactMessage,
  type ContactMessageStatus,
  type ContactMessageSummary,
  type InboxChange,
} from '@contrail/shared/support-desk/inbox';
import { format } from 'date-fns/format';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUserQuery } from '../account/authApi';
import { errorMessage } from '../app/api-error';
import { PageLoading } from '../app/PageLoading';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { Pager } from '../ui/Pager';
import { Spinner } from '../ui/spinner';
import {
  useAssignMessageMutation,
  useContactMessageQuery,
  useInboxQuery,
  useSetMessageStatusMutation,
} from '../support-desk/workspaceApi';
import { BackToAdminSettings } from './BackToAdminSettings';
import { Badge, type BadgeTone } from './Badge';
import { SelectableRow } from './SelectableRow';
import { useAdminAccess } from './use-admin-access';
import { useStaffCan } from './use-staff-can';

export const INBOX_DENIED = "You don't have permission to read the brand's messages.";

const STATUS_TONES: Record<ContactMessageStatus, BadgeTone> = { new: 'warn', answered: 'good', closed: 'neutral' };
const STATUS_LABELS: Record<ContactMessageStatus, string> = { new: 'New', answered: 'Answered', closed: 'Closed' };
const ASSIGNEE_FILTERS = [
  ['', 'Anyone'],
  ['me', 'Assigned to me'],
  ['none', 'Unassigned'],
] as const;

const when = (iso: string) => format(new Date(iso), 'd MMM yyyy, HH:mm');

const selectClass =
  'h-10 w-full rounded-[var(--radius)] border border-border bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

function changeText(change: InboxChange): string {
  if (change.type === 'status')
    return `${STATUS_LABELS[change.to as ContactMessageStatus] ?? change.to} (was ${change.from})`;
  return change.assignee ? `Assigned to ${change.assignee}` : 'Unassigned';
}

function MessageRow({
  message,
  selected,
  onSelect,
}: {
  message: ContactMessageSummary;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <SelectableRow selected={selected} onSelect={onSelect} className="gap-2">
      <span className="min-w-0">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words text-foreground">{message.topic ?? 'No subject'}</span>
          <Badge tone={STATUS_TONES[message.status]}>{STATUS_LABELS[message.status]}</Badge>
        </span>
        <span className="mt-0.5 block text-sm text-muted-foreground">
          From {message.from} · {message.brandKey} · {when(message.receivedAt)}
          {message.bookingReference && ` · booking ${message.bookingReference}`}
        </span>
      </span>
      <span className="text-sm text-muted-foreground">{message.assignee ?? 'Unassigned'}</span>
    </SelectableRow>
  );
}

function MessageActions({ message }: { message: ContactMessage }) {
  const [setStatus, statusCall] = useSetMessageStatusMutation();
  const [assign, assignCall] = useAssignMessageMutation();
  const [assignee, setAssignee] = useState('');
  const { data: user } = useCurrentUserQuery();
  const inputId = useId();
  const busy = statusCall.isLoading || assignCall.isLoading;
  const failure = statusCall.error ?? assignCall.error;
  const mine = user && message.assignee?.toLowerCase() === user.username.toLowerCase();

  return (
    <div className="mt-4 grid gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Status">
        {CONTACT_MESSAGE_STATUSES.filter((status) => status !== message.status).map((status) => (
          <Button
            key={status}
            type="button"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => void setStatus({ id: message.id, status })}
          >
            {status === 'new' ? 'Reopen' : `Mark ${STATUS_LABELS[status].toLowerCase()}`}
          </Button>
        ))}
        {!mine && message.status !== 'closed' && (
          <Button
            type="button"
            size="sm"
            disabled={busy}
            onClick={() => void assign({ id: message.id, assignee: 'me' })}
          >
            Assign to me
          </Button>
        )}
        {message.assignee && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => void assign({ id: message.id, assignee: null })}
          >
            Unassign
          </Button>
        )}
        {busy && <Spinner />}
      </div>
      {message.status !== 'closed' && (
        <form
          noValidate
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (assignee.trim()) void assign({ id: message.id, assignee: assignee.trim() });
          }}
        >
          <div>
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-foreground">
              Assign to (username)
            </label>
            <input
              id={inputId}
              value={assignee}
              onChange={(event) => setAssignee(event.target.value)}
              autoComplete="off"
              maxLength={100}
              className={cn(selectClass, 'w-56')}
            />
          </div>
          <Button type="submit" variant="outline" size="sm" disabled={busy || !assignee.trim()}>
            Assign
          </Button>
        </form>
      )}
      {failure && (
        <p role="alert" className="text-sm text-destructive-text">
          {errorMessage(failure, 'The change could not be saved.')}
        </p>
      )}
    </div>
  );
}

function MessageDetail({ id }: { id: string }) {
  const { data: message, isFetching, isError, error } = useContactMessageQuery(id);
  const staffCan = useStaffCan();
  if (isError)
    return (
      <Card className="p-5">
        <p role="alert" className="text-sm text-destructive-text">
          {errorMessage(error, 'The message could not be loaded.')}
        </p>
      </Card>
    );
  if (!message) return isFetching ? <PageLoading label="Loading message..." /> : null;
  return (
    <Card className="p-5 sm:p-6" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold break-words text-foreground">
          {message.topic ?? 'No subject'}
        </h2>
        <Badge tone={STATUS_TONES[message.status]}>{STATUS_LABELS[message.status]}</Badge>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted-foreground">From</dt>
        <dd className="break-words text-foreground">
          {message.name ?? '-'} &lt;{message.email}&gt;{message.phone && `, ${message.phone}`}
        </dd>
        <dt className="font-medium text-muted-foreground">Reply by</dt>
        <dd className="text-foreground">{message.preferredContact ?? 'email'}</dd>
        <dt className="font-medium text-muted-foreground">Received</dt>
        <dd className="text-foreground">{when(message.receivedAt)}</dd>
        <dt className="font-medium text-muted-foreground">Assigned to</dt>
        <dd className="text-foreground">{message.assignee ?? 'Nobody'}</dd>
        <dt className="font-medium text-muted-foreground">Booking</dt>
        <dd className="text-foreground">
          {message.bookingReference && message.bookingId ? (
            <Link
              to={`/admin/support?reference=${encodeURIComponent(message.bookingReference)}`}
              className="font-mono font-medium text-primary-text underline"
            >
              {message.bookingReference}
            </Link>
          ) : (
            (message.bookingReference ?? 'None named')
          )}
          {message.bookingReference && !message.bookingId && ' (no booking of this brand has it)'}
        </dd>
      </dl>
      <p className="mt-4 rounded-md bg-subtle p-3 text-sm break-words whitespace-pre-wrap text-foreground">
        {message.message}
      </p>
      {staffCan('support-requests.handle', message.brandKey) && <MessageActions message={message} />}
      <h3 className="mt-6 text-sm font-semibold text-foreground">Changes</h3>
      {message.changes.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">None yet.</p>
      ) : (
        <ol aria-label="Changes" className="mt-1 grid gap-1 text-sm">
          {message.changes.map((change) => (
            <li key={`${change.at}-${change.type}-${changeText(change)}`} className="text-foreground">
              <time dateTime={change.at} className="text-muted-foreground">
                {when(change.at)}
              </time>{' '}
              {changeText(change)} · by {change.by}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** /admin/inbox (issue 31): the brand's contact and support messages, their status and assignee. */
export function InboxPage() {
  const access = useAdminAccess(INBOX_DENIED);
  const [status, setStatus] = useState<ContactMessageStatus | ''>('new');
  const [assignee, setAssignee] = useState('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const ids = useId();
  const inbox = useInboxQuery(
    { status: status || undefined, assignee: assignee || undefined, offset },
    { skip: access !== 'admin' },
  );

  if (access === 'denied') return null;
  if (access === 'checking') return <PageLoading />;

  const answer = inbox.data;
  const messages = answer?.messages ?? [];
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <BackToAdminSettings />
      <h1 className="mt-4 text-3xl font-bold text-foreground">Inbox</h1>
      <p className="mt-1 text-muted-foreground">
        Messages from the contact and support forms of your brands. Senders show as initials until you open one.
      </p>

      <Card className="mt-8 grid gap-4 p-5 sm:grid-cols-2 sm:p-6">
        <div>
          <label htmlFor={`${ids}-status`} className="mb-1.5 block text-sm font-medium text-foreground">
            Status
          </label>
          <select
            id={`${ids}-status`}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as ContactMessageStatus | '');
              setOffset(0);
            }}
            className={selectClass}
          >
            <option value="">Any status</option>
            {CONTACT_MESSAGE_STATUSES.map((each) => (
              <option key={each} value={each}>
                {STATUS_LABELS[each]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-assignee`} className="mb-1.5 block text-sm font-medium text-foreground">
            Assigned
          </label>
          <select
            id={`${ids}-assignee`}
            value={assignee}
            onChange={(event) => {
              setAssignee(event.target.value);
              setOffset(0);
            }}
            className={selectClass}
          >
            {ASSIGNEE_FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </Card>

      <div className="mt-6 grid gap-6">
        {inbox.isLoading && <PageLoading label="Loading messages..." />}
        {inbox.isError && (
          <p role="alert" className="text-sm text-destructive-text">
            {errorMessage(inbox.error, 'The messages could not be loaded.')}
          </p>
        )}
        {answer && answer.total === 0 && (
          <Card className="p-6 text-center text-muted-foreground">No messages match.</Card>
        )}
        {messages.length > 0 && (
          <ul aria-label="Messages" className="grid gap-3">
            {messages.map((message) => (
              <MessageRow
                key={message.id}
                message={message}
                selected={message.id === selected}
                onSelect={() => setSelected(message.id)}
              />
            ))}
          </ul>
        )}
        {answer && answer.total > answer.limit && (
          <Pager
            label="Message pages"
            offset={answer.offset}
            limit={answer.limit}
            total={answer.total}
            shown={messages.length}
            onPage={setOffset}
          />
        )}
        {selected && <MessageDetail key={selected} id={selected} />}
      </div>
    </section>
  );
}
