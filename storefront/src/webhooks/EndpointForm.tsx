import {
  createWebhookEndpointSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@contrail/shared/webhooks/webhooks';
import Plus from 'lucide-react/icons/plus';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage, toApiError } from '../app/api-error';
import { fieldErrors } from '../admin/staff-form-errors';
import { SelectField, TextField } from '../forms/fields';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { FieldError } from '../ui/field-error';
import { useCreateWebhookEndpointMutation } from './webhooksApi';

const PLATFORM = '';

/**
 * Adds an endpoint: its URL (https), the brand whose events it gets (a platform admin may choose
 * every brand's), and the events. The engine checks the same rules again.
 */
export function EndpointForm({
  brands,
  platform,
  onCreated,
}: {
  brands: readonly string[];
  platform: boolean;
  onCreated(endpoint: WebhookEndpointWithSecret): void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [brand, setBrand] = useState(platform ? PLATFORM : (brands[0] ?? ''));
  const [events, setEvents] = useState<WebhookEventType[]>(['booking.confirmed']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, state] = useCreateWebhookEndpointMutation();
  const id = useId();

  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((chosen) => (on ? [...chosen, event] : chosen.filter((known) => known !== event)));

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const input = { url, events, description, ...(brand !== PLATFORM && { brand }) };
    const parsed = createWebhookEndpointSchema.safeParse(input);
    setErrors(fieldErrors(parsed.error));
    if (!parsed.success) return;
    try {
      onCreated(await create(input).unwrap());
      setUrl('');
      setDescription('');
    } catch (error) {
      const named = toApiError(error).fieldErrors;
      setErrors(named.url ? named : { form: errorMessage(error, 'The endpoint could not be added.') });
    }
  }

  const brandOptions = [
    ...(platform ? [{ value: PLATFORM, label: 'Every brand (platform)' }] : []),
    ...brands.map((key) => ({ value: key, label: key })),
  ];
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-foreground">Add an endpoint</h2>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Endpoint URL"
            type="url"
            inputMode="url"
            placeholder="https://example.com/contrail-hooks"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={errors.url}
          />
          <SelectField
            label="Events of"
            options={brandOptions}
            value={brand}
            onChange={(event) => setBrand(event.target.value)}
            error={errors.brand}
          />
        </div>
        <TextField
          label="Description"
          optional
          value={description}
          maxLength={200}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.description}
        />
        <fieldset aria-describedby={errors.events ? `${id}-events` : undefined}>
          <legend className="mb-2 text-sm font-medium text-foreground">Events</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((event) => (
              <label key={event} className="flex items-center gap-2 text-sm text-foreground">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-[var(--primary)]"
                  checked={events.includes(event)}
                  onChange={(change) => toggle(event, change.target.checked)}
                />
                {WEBHOOK_EVENT_LABELS[event]} <code className="text-xs text-muted-foreground">{event}</code>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-events`} message={errors.events} />
        </fieldset>
        <FieldError id={`${id}-form`} message={errors.form} />
        <div>
          <Button type="submit" disabled={state.isLoading}>
            <Plus className="h-4 w-4" aria-hidden /> {state.isLoading ? 'Adding...' : 'Add endpoint'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
