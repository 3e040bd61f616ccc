import {
  WEBHOOK_EVENT_LABELS,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@contrail/shared/webhooks/webhooks';
import { useState } from 'react';
import { errorMessage } from '../app/api-error';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { toast } from '../ui/use-toast';
import { DeliveryLog } from './DeliveryLog';
import {
  useDeleteWebhookEndpointMutation,
  useRotateWebhookSecretMutation,
  useSetWebhookEnabledMutation,
} from './webhooksApi';

/** One endpoint: what it receives, its deliveries on demand, and rotate, disable/enable, delete (asked first). */
export function EndpointCard({
  endpoint,
  onChanged,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onChanged(): void;
  onSecret(endpoint: WebhookEndpointWithSecret): void;
}) {
  const [showLog, setShowLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [rotate, rotating] = useRotateWebhookSecretMutation();
  const [setEnabled, switching] = useSetWebhookEnabledMutation();
  const [remove, removing] = useDeleteWebhookEndpointMutation();
  const logId = `deliveries-${endpoint.id}`;

  const act = async (work: () => Promise<unknown>, failed: string) => {
    try {
      await work();
      onChanged();
    } catch (error) {
      toast({ title: failed, description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-all text-foreground">{endpoint.url}</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            {endpoint.brand ? `Events of ${endpoint.brand}` : 'Events of every brand'} ·{' '}
            {endpoint.enabled ? 'Enabled' : 'Disabled'}
            {endpoint.description && ` · ${endpoint.description}`}
          </p>
          <p className="mt-1 text-sm text-foreground">
            {endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={rotating.isLoading}
          onClick={() => void act(async () => onSecret(await rotate(endpoint.id).unwrap()), 'Secret not rotated')}
        >
          Rotate secret
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={switching.isLoading}
          onClick={() =>
            void act(() => setEnabled({ id: endpoint.id, enabled: !endpoint.enabled }).unwrap(), 'Endpoint not changed')
          }
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        {confirmDelete ? (
          <>
            <Button
              variant="destructive"
              size="sm"
              disabled={removing.isLoading}
              onClick={() => void act(() => remove(endpoint.id).unwrap(), 'Endpoint not deleted')}
            >
              Delete it and its log
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        )}
      </div>
      {showLog && (
        <div id={logId} className="mt-4">
          <DeliveryLog endpointId={endpoint.id} />
        </div>
      )}
    </Card>
  );
}
