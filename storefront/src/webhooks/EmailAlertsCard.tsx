import type { EmailAlertSettings } from '@contrail/shared/webhooks/email-alerts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@contrail/shared/webhooks/webhooks';
import Mail from 'lucide-react/icons/mail';
import { useId, useState, type FormEvent } from 'react';
import { useCurrentUserQuery } from '../account/authApi';
import { errorMessage } from '../app/api-error';
import { useBrandsQuery } from '../admin/adminApi';
import { staffScopeOf } from '../admin/use-staff-can';
import { SelectField } from '../forms/fields';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { FieldError } from '../ui/field-error';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/use-toast';
import { useEmailAlertsQuery, useSaveEmailAlertsMutation } from './webhooksApi';

const EVERY_BRAND = '';

function EmailAlertsForm({
  saved,
  brands,
  platform,
}: {
  saved: EmailAlertSettings;
  brands: string[];
  platform: boolean;
}) {
  const [brand, setBrand] = useState(saved.brand ?? EVERY_BRAND);
  const [events, setEvents] = useState<WebhookEventType[]>(saved.events);
  const [failure, setFailure] = useState<string | undefined>();
  const [save, state] = useSaveEmailAlertsMutation();
  const id = useId();

  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((chosen) => (on ? [...chosen, event] : chosen.filter((known) => known !== event)));

  async function submit(submitted: FormEvent) {
    submitted.preventDefault();
    setFailure(undefined);
    try {
      const answer = await save({ brand: brand === EVERY_BRAND ? null : brand, events }).unwrap();
      toast({
        title: 'Email alerts saved',
        description: answer.events.length > 0 ? `Sent to ${answer.email}` : 'No email alerts',
      });
    } catch (error) {
      setFailure(errorMessage(error, 'Your email alerts could not be saved. Please try again.'));
    }
  }

  const brandOptions = [
    { value: EVERY_BRAND, label: platform ? 'Every brand (platform)' : 'All my brands' },
    ...brands.map((key) => ({ value: key, label: key })),
  ];
  return (
    <form noValidate onSubmit={submit} className="mt-4 grid gap-4">
      <p className="text-sm text-muted-foreground">
        Sent to <span className="font-medium text-foreground">{saved.email}</span>.{' '}
        {events.length === 0 && 'No events chosen: nothing is emailed to you.'}
      </p>
      <SelectField
        label="Events of"
        options={brandOptions}
        value={brand}
        onChange={(event) => setBrand(event.target.value)}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-foreground">Email me when</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm text-foreground">
              <input
                type="checkbox"
                className="h-4 w-4 accent-[var(--primary)]"
                checked={events.includes(event)}
                onChange={(change) => toggle(event, change.target.checked)}
              />
              {WEBHOOK_EVENT_LABELS[event]}
            </label>
          ))}
        </div>
      </fieldset>
      <FieldError id={`${id}-form`} message={failure} />
      <div>
        <Button type="submit" disabled={state.isLoading}>
          <Mail className="h-4 w-4" aria-hidden /> {state.isLoading ? 'Saving...' : 'Save email alerts'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The signed-in staff member's own email alerts (issue 32): the same events webhooks send, for a
 * brand they see or all of them, emailed to their account's address.
 */
export function EmailAlertsCard() {
  const settings = useEmailAlertsQuery(undefined);
  const { data: user } = useCurrentUserQuery();
  const scope = staffScopeOf(user);
  const platform = scope?.role === 'platform-admin';
  const brandList = useBrandsQuery(undefined, { skip: !platform });
  const brands = platform ? (brandList.data ?? []).map((brand) => brand.key) : [...(scope?.brands ?? [])];

  return (
    <Card className="p-6" aria-busy={settings.isFetching}>
      <h2 className="text-lg font-semibold text-foreground">Email Alerts</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Get an email when bookings are confirmed, fail or are cancelled, refunds are issued or the reconciler repairs a
        mismatch.
      </p>
      {settings.isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-destructive-text">
            {errorMessage(settings.error, 'Your email alerts could not be loaded.')}
          </p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : settings.data ? (
        <EmailAlertsForm saved={settings.data} brands={brands} platform={platform} />
      ) : (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="h-4 w-4" /> Loading your email alerts...
        </p>
      )}
    </Card>
  );
}
