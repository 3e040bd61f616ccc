import { WEBHOOK_EVENT_LABELS, type WebhookDelivery } from '@contrail/shared/webhooks/webhooks';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { errorMessage } from '../app/api-error';
import { PageLoading } from '../app/PageLoading';
import { Button } from '../ui/button';
import { toast } from '../ui/use-toast';
import { useSendWebhookAgainMutation, useWebhookDeliveriesQuery } from './webhooksApi';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

const STATUS_CLASS: Record<WebhookDelivery['status'], string> = {
  delivered: 'text-foreground',
  pending: 'text-muted-foreground',
  failed: 'text-destructive-text',
};

function Delivery({ endpointId, delivery, onSent }: { endpointId: string; delivery: WebhookDelivery; onSent(): void }) {
  const [sendAgain, state] = useSendWebhookAgainMutation();
  const send = async () => {
    try {
      await sendAgain({ id: endpointId, eventId: delivery.eventId }).unwrap();
      toast({ title: 'Queued', description: 'The delivery is sent again within a minute, with the same event id.' });
      onSent();
    } catch (error) {
      toast({ title: 'Not queued', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <li className="grid gap-1 border-t border-border py-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
      <div className="min-w-0">
        <p className="font-medium text-foreground">
          {WEBHOOK_EVENT_LABELS[delivery.type]}{' '}
          <span className={STATUS_CLASS[delivery.status]}>· {delivery.status}</span>
        </p>
        <p className="text-muted-foreground">
          <span className="break-all">Event {delivery.eventId}</span> · {delivery.attempts}{' '}
          {delivery.attempts === 1 ? 'attempt' : 'attempts'}
          {delivery.deliveredAt && ` · delivered ${when(delivery.deliveredAt)}`}
          {delivery.status === 'pending' && delivery.nextAttemptAt && ` · next ${when(delivery.nextAttemptAt)}`}
        </p>
        {delivery.lastError && delivery.status !== 'delivered' && (
          <p className="break-words text-destructive-text">Last error: {delivery.lastError}</p>
        )}
      </div>
      <Button variant="outline" size="sm" onClick={() => void send()} disabled={state.isLoading}>
        <RotateCw className="h-4 w-4" aria-hidden /> Send again
      </Button>
    </li>
  );
}

/** One endpoint's deliveries, newest first: status, attempts, last error, next attempt, and "Send again". */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const log = useWebhookDeliveriesQuery(endpointId, { refetchOnMountOrArgChange: true });
  if (log.isLoading) return <PageLoading label="Loading deliveries..." />;
  if (log.isError)
    return (
      <p role="alert" className="text-sm text-destructive-text">
        {errorMessage(log.error, 'The deliveries could not be loaded.')}
      </p>
    );
  const deliveries = log.data ?? [];
  if (deliveries.length === 0)
    return <p className="text-sm text-muted-foreground">No deliveries yet: events are sent as they happen.</p>;
  return (
    <ul aria-label="Deliveries">
      {deliveries.map((delivery) => (
        <Delivery
          key={delivery.eventId}
          endpointId={endpointId}
          delivery={delivery}
          onSent={() => void log.refetch()}
        />
      ))}
    </ul>
  );
}
