import { SANDBOX_USE_TEXT, type AdminSettings, type SandboxUse } from '@contrail/shared/admin/settings';
import type { StaffAction } from '@contrail/shared/staff/policy';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import CreditCard from 'lucide-react/icons/credit-card';
import Inbox from 'lucide-react/icons/inbox';
import ChartColumn from 'lucide-react/icons/chart-column';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Palette from 'lucide-react/icons/palette';
import Plane from 'lucide-react/icons/plane';
import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import Users from 'lucide-react/icons/users';
import Webhook from 'lucide-react/icons/webhook';
import * as AlertDialog from 'radix-ui/alert-dialog';
import * as Switch from 'radix-ui/switch';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../app/api-error';
import { PageLoading } from '../app/PageLoading';
import { Button, buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { toast } from '../ui/use-toast';
import { EmailAlertsCard } from '../webhooks/EmailAlertsCard';
import { useAdminLoginMutation, useAdminSettingsQuery, useUpdateAdminSettingsMutation } from './adminApi';
import { Badge } from './Badge';
import { AdminToolCard } from './AdminToolCard';
import { backLinkClass } from './BackToAdminSettings';
import { ModeHistoryCard } from './ModeHistoryCard';
import { MODE_RELOAD_DELAY_MS, reloadPage } from './reload-page';
import { useStaffCan } from './use-staff-can';
import { ADMIN_SETTINGS_DENIED, isDenied, useAdminAccess } from './use-admin-access';

type AdminTool = Parameters<typeof AdminToolCard>[0];

/** The tools above the email alerts, in order; `needs` is what staff must be allowed to see one. */
const ADMIN_TOOLS: Array<AdminTool & { needs?: StaffAction }> = [
  {
    title: 'Brands',
    description: 'Names, domains, themes, contacts and price markup.',
    to: '/admin/brands',
    icon: <Palette className="h-4 w-4" aria-hidden />,
    action: 'Manage Brands',
  },
  {
    title: 'Booking Support',
    description: 'Find a booking by reference, traveller, status or dates and read its history.',
    to: '/admin/support',
    icon: <LifeBuoy className="h-4 w-4" aria-hidden />,
    action: 'Open Support',
  },
  {
    title: 'Inbox',
    description: 'Messages from the contact and support forms: answer, assign, close.',
    to: '/admin/inbox',
    icon: <Inbox className="h-4 w-4" aria-hidden />,
    action: 'Open Inbox',
    needs: 'support-requests.view',
  },
  {
    title: 'Revenue',
    description: 'Sales, costs, fees, refunds and margin per brand.',
    to: '/admin/revenue',
    icon: <ChartColumn className="h-4 w-4" aria-hidden />,
    action: 'Open Revenue',
    needs: 'revenue.view',
  },
  {
    title: 'Webhooks',
    description: 'Send signed booking events to your own systems.',
    to: '/admin/webhooks',
    icon: <Webhook className="h-4 w-4" aria-hidden />,
    action: 'Manage Webhooks',
    needs: 'webhooks.manage',
  },
];

const STAFF_TOOL: AdminTool = {
  title: 'Staff',
  description: 'Invite staff, change their roles, revoke access.',
  to: '/admin/staff',
  icon: <Users className="h-4 w-4" aria-hidden />,
  action: 'Manage Staff',
};

/** An answer from the engine (any HTTP status), as opposed to no answer at all. */
function answered(error: unknown): boolean {
  return typeof (error as { status?: unknown } | undefined)?.status === 'number';
}

function ProviderRow({
  icon,
  name,
  detail,
  sandbox,
}: {
  icon: ReactNode;
  name: string;
  detail: string;
  sandbox: SandboxUse;
}) {
  const configured = sandbox === 'none';
  return (
    <li className="flex items-center justify-between gap-3 border-b border-border py-3 last:border-b-0">
      <div className="flex min-w-0 items-center gap-3">
        <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-muted text-primary-text">
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-sm font-medium text-foreground">{name}</p>
          <p className="text-xs text-muted-foreground">{detail}</p>
          {!configured && <p className="text-xs text-muted-foreground">In use: {SANDBOX_USE_TEXT[sandbox]}.</p>}
        </div>
      </div>
      <Badge tone={configured ? 'good' : 'warn'}>{configured ? 'Configured' : 'Built-in Sandbox'}</Badge>
    </li>
  );
}

/** Why the switch cannot turn live mode on, or null when it can. */
function liveModeBlocker(settings: AdminSettings): string | null {
  if (settings.enableLiveMode) return null;
  const missing = [
    !settings.duffelApiConfigured && 'the flight provider',
    !settings.stripeConfigured && 'card payments',
  ].filter(Boolean);
  if (missing.length === 0) return null;
  return `Live mode can be enabled only when both the flight provider and card payments are configured. Not configured: ${missing.join(' and ')}.`;
}

function ConfirmLiveMode({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-background p-6 text-foreground shadow-xl">
          <div className="flex items-start gap-3">
            <AlertTriangle className="mt-0.5 h-6 w-6 shrink-0 text-[#8a5a00]" aria-hidden />
            <div>
              <AlertDialog.Title className="text-lg font-semibold">Enable live mode?</AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
                Warning: in live mode every search, booking and card payment is real. Customers will be charged and
                tickets issued with the airlines. This applies to every brand at once.
              </AlertDialog.Description>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass('outline')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass('destructive')} onClick={onConfirm}>
              Enable Live Mode
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * Seed 001 §4's mode change: pre-authenticate, save, re-authenticate, reload after 1 s.
 * Messages (§8): no answer to the pre-authentication is an "Authentication Error", a refusal
 * "Authentication Failed"; the mode rule or a concurrent switch (409) is a "Mode Change Failed",
 * any other failure to save "Failed to Update".
 */
function useModeChange() {
  const [adminLogin] = useAdminLoginMutation();
  const [update] = useUpdateAdminSettingsMutation();
  const [busy, setBusy] = useState(false);

  async function change(enableLiveMode: boolean) {
    setBusy(true);
    try {
      await adminLogin().unwrap();
    } catch (error) {
      toast(
        answered(error)
          ? {
              title: 'Authentication Failed',
              description: errorMessage(error, 'Your admin session could not be confirmed. Please sign in again.'),
              variant: 'destructive',
            }
          : {
              title: 'Authentication Error',
              description: 'Could not reach the server to confirm your admin session. Please try again.',
              variant: 'destructive',
            },
      );
      setBusy(false);
      return;
    }
    let message: string;
    try {
      message = (await update({ enableLiveMode }).unwrap()).message;
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      toast({
        title: status === 409 ? 'Mode Change Failed' : 'Failed to Update',
        description: errorMessage(error, 'The system mode could not be saved. Please try again.'),
        variant: 'destructive',
      });
      setBusy(false);
      return;
    }
    toast({ title: 'Settings Updated', description: message || `${enableLiveMode ? 'Live' : 'Test'} mode enabled` });
    try {
      await adminLogin().unwrap();
    } catch (error) {
      // The mode is saved; the reload shows whether the session survived.
      console.warn('Admin re-authentication after the mode change failed', error);
    }
    window.setTimeout(reloadPage, MODE_RELOAD_DELAY_MS);
  }

  return { change, busy };
}

function SettingsView({ settings }: { settings: AdminSettings }) {
  const staffCan = useStaffCan();
  const { change, busy } = useModeChange();
  const [confirming, setConfirming] = useState(false);
  const switchId = useId();
  const reasonId = useId();
  const blocker = liveModeBlocker(settings);
  const live = settings.enableLiveMode;

  const onToggle = (checked: boolean) => {
    if (checked) setConfirming(true);
    else void change(false);
  };

  return (
    <div className="mt-8 grid gap-6">
      <Card className="p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold text-foreground">System Mode</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Test mode uses the providers' test environments; live mode takes real bookings and payments.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge tone="neutral">Environment: {settings.environment}</Badge>
            <Badge tone={live ? 'warn' : 'good'}>{live ? 'Live Mode' : 'Test Mode'}</Badge>
          </div>
        </div>
        {!staffCan('settings.change-mode') ? (
          <p className="mt-6 text-sm text-muted-foreground">
            The system mode covers every brand: only a platform admin switches it.
          </p>
        ) : (
          <div
            className={cn(
              'mt-6 flex items-center justify-between gap-4 rounded-lg border p-4',
              live ? 'border-warning/50 bg-warning/10' : 'border-border bg-subtle',
            )}
          >
            <div>
              <label htmlFor={switchId} className="text-sm font-semibold text-foreground">
                Live Mode
              </label>
              <p className="text-sm text-muted-foreground">
                {live ? 'Real bookings and payments are being processed.' : 'Searches and payments use test data.'}
              </p>
            </div>
            <Switch.Root
              id={switchId}
              checked={live}
              disabled={busy || blocker !== null}
              onCheckedChange={onToggle}
              aria-describedby={blocker ? reasonId : undefined}
              className={cn(
                'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                'disabled:cursor-not-allowed disabled:opacity-50',
                'data-[state=checked]:bg-primary-surface data-[state=unchecked]:bg-[#8c8c8c]',
              )}
            >
              <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
            </Switch.Root>
          </div>
        )}
        {blocker && (
          <p id={reasonId} className="mt-3 flex items-start gap-2 text-sm text-muted-foreground">
            <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {blocker}
          </p>
        )}
        {busy && (
          <p role="status" className="mt-3 text-sm text-muted-foreground">
            Changing the system mode...
          </p>
        )}
      </Card>

      <Card className="p-6">
        <h2 className="text-lg font-semibold text-foreground">Providers</h2>
        <p className="mt-1 text-sm text-muted-foreground">Live mode needs both providers configured on the server.</p>
        <ul className="mt-4">
          <ProviderRow
            icon={<Plane className="h-4 w-4" aria-hidden />}
            name="Flight provider"
            detail="Duffel API: flight offers, seat maps and orders"
            sandbox={settings.sandboxes.flights}
          />
          <ProviderRow
            icon={<CreditCard className="h-4 w-4" aria-hidden />}
            name="Card payments"
            detail="Stripe: card authorisation and capture"
            sandbox={settings.sandboxes.payments}
          />
        </ul>
      </Card>

      <ModeHistoryCard />

      {ADMIN_TOOLS.filter((tool) => !tool.needs || staffCan(tool.needs)).map(({ needs: _, ...tool }) => (
        <AdminToolCard key={tool.to} {...tool} />
      ))}
      {staffCan('bookings.view') && <EmailAlertsCard />}
      {staffCan('staff.view') && <AdminToolCard {...STAFF_TOOL} />}

      <ConfirmLiveMode open={confirming} onOpenChange={setConfirming} onConfirm={() => void change(true)} />
    </div>
  );
}

/** /admin-settings (seed 001 §2, §4, §6, §8). */
export function AdminSettingsPage() {
  const [deniedByServer, setDeniedByServer] = useState(false);
  const access = useAdminAccess(ADMIN_SETTINGS_DENIED, deniedByServer);
  const settings = useAdminSettingsQuery(undefined, { skip: access !== 'admin' });
  if (settings.isError && isDenied(settings.error) && !deniedByServer) setDeniedByServer(true);

  let body: ReactNode;
  if (access === 'denied') return null;
  if (access === 'checking' || settings.isLoading || settings.isUninitialized) body = <PageLoading />;
  else if (settings.isError || !settings.data) {
    body = (
      <Card className="mt-8 p-6" role="alert">
        <p className="font-semibold text-destructive-text">Error: Failed to load admin settings</p>
        <p className="mt-1 text-sm text-muted-foreground">{errorMessage(settings.error, 'Please try again.')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void settings.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  } else body = <SettingsView settings={settings.data} />;

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/account-settings" className={backLinkClass}>
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Account
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-foreground">Admin Settings</h1>
      <p className="mt-1 text-muted-foreground">Manage the system mode and check the providers.</p>
      {body}
    </section>
  );
}
