import type { WebhookEndpointWithSecret } from '@contrail/shared/webhooks/webhooks';
import { useState } from 'react';
import { useCurrentUserQuery } from '../account/authApi';
import { errorMessage } from '../app/api-error';
import { PageLoading } from '../app/PageLoading';
import { useBrandsQuery } from '../admin/adminApi';
import { isDenied, useAdminAccess } from '../admin/use-admin-access';
import { staffScopeOf } from '../admin/use-staff-can';
import { EndpointCard } from './EndpointCard';
import { EndpointForm } from './EndpointForm';
import { SecretNotice } from './SecretNotice';
import { useWebhookEndpointsQuery } from './webhooksApi';
import { BackToAdminSettings } from '../admin/BackToAdminSettings';

export const WEBHOOKS_DENIED = "You don't have permission to manage webhooks.";

/** /admin/webhooks (issue 32): endpoints that receive signed booking events, their secrets and delivery logs. */
export function WebhooksPage() {
  const endpoints = useWebhookEndpointsQuery(undefined);
  const access = useAdminAccess(WEBHOOKS_DENIED, endpoints.isError && isDenied(endpoints.error));
  const { data: user } = useCurrentUserQuery();
  const scope = staffScopeOf(user);
  const platform = scope?.role === 'platform-admin';
  const brandList = useBrandsQuery(undefined, { skip: !platform });
  const brands = platform ? (brandList.data ?? []).map((brand) => brand.key) : [...(scope?.brands ?? [])];
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | undefined>();

  if (access === 'denied') return null;
  if (access === 'checking') return <PageLoading />;
  const refresh = () => void endpoints.refetch();
  const shown = (created: WebhookEndpointWithSecret) => {
    setSecret(created);
    refresh();
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <BackToAdminSettings />
      <h1 className="mt-4 text-3xl font-bold text-foreground">Webhooks</h1>
      <p className="mt-1 text-muted-foreground">
        Signed HTTPS calls to your systems when bookings are confirmed, fail or are cancelled, refunds are issued or the
        reconciler repairs a mismatch. Failed deliveries are retried for 72 hours.
      </p>
      <div className="mt-8 grid gap-6">
        {secret && <SecretNotice url={secret.url} secret={secret.secret} onDone={() => setSecret(undefined)} />}
        <EndpointForm brands={brands} platform={platform} onCreated={shown} />
        <div aria-live="polite" aria-busy={endpoints.isFetching} className="grid gap-4">
          <h2 className="text-xl font-semibold text-foreground">Endpoints</h2>
          {endpoints.isError ? (
            <p role="alert" className="text-sm text-destructive-text">
              {errorMessage(endpoints.error, 'The endpoints could not be loaded. Please try again.')}
            </p>
          ) : endpoints.isLoading ? (
            <PageLoading label="Loading endpoints..." />
          ) : (endpoints.data ?? []).length === 0 ? (
            <p className="rounded-[var(--radius)] border border-border p-6 text-muted-foreground">
              No endpoints yet: add one above.
            </p>
          ) : (
            endpoints.data!.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} onChanged={refresh} onSecret={shown} />
            ))
          )}
        </div>
      </div>
    </section>
  );
}
