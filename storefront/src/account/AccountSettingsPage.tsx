import type { CurrentUser } from '@contrail/shared/accounts/schemas';
import { formatLongDate } from '@contrail/shared/results/format';
import KeyRound from 'lucide-react/icons/key-round';
import ShieldCheck from 'lucide-react/icons/shield-check';
import User from 'lucide-react/icons/user';
import Users from 'lucide-react/icons/users';
import * as Tabs from 'radix-ui/tabs';
import { useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '../app/PageLoading';
import { Card } from '../ui/card';
import { useCurrentUserQuery } from './authApi';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TwoFactorOverview } from './security/TwoFactorOverview';
import { TwoFactorSection } from './security/TwoFactorSection';
import { useTwoFactorStatusQuery } from './security/twoFactorApi';
import { SavedTravellersSection } from './travellers/SavedTravellersSection';

const tabClass =
  'flex flex-1 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium text-muted-foreground ' +
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm ' +
  'focus-visible:outline-2 focus-visible:outline-primary';

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-foreground">{title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      <div className="mt-5">{children}</div>
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-border py-3 last:border-b-0 sm:flex-row sm:justify-between">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-all text-foreground">{value}</dd>
    </div>
  );
}

function ProfileTab({ user }: { user: CurrentUser }) {
  return (
    <Section title="Profile Information" description="Your account details.">
      <dl>
        <Detail label="Username" value={user.username} />
        <Detail label="Email" value={user.email} />
        <Detail label="Account created" value={formatLongDate(user.createdAt)} />
      </dl>
    </Section>
  );
}

function SecurityTab() {
  const { data: status, isError } = useTwoFactorStatusQuery();
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
      <Section title="Change Password" description="Choose a strong password you don't use anywhere else.">
        <ChangePasswordForm />
      </Section>
      <Section title="Security Overview" description="How your account is protected.">
        <ul className="space-y-4">
          <li className="flex items-start gap-3">
            <KeyRound className="mt-0.5 h-5 w-5 text-primary-text" aria-hidden />
            <div>
              <p className="text-sm font-medium text-foreground">Password</p>
              <p className="text-sm text-muted-foreground">Set. Change it here at any time.</p>
            </div>
          </li>
          <TwoFactorOverview status={status} />
        </ul>
      </Section>
      <div className="lg:col-span-2">
        <Section
          title="Two-Factor Authentication"
          description="A code from an authenticator app, asked for after your password."
        >
          {status ? (
            <TwoFactorSection status={status} />
          ) : (
            <p role={isError ? 'alert' : 'status'} className="text-sm text-muted-foreground">
              {isError ? 'Unable to load two-factor authentication. Please try again.' : 'Loading...'}
            </p>
          )}
        </Section>
      </div>
    </div>
  );
}

function TravellersTab() {
  return (
    <Section
      title="Saved Travellers"
      description="Pick them on the passenger step to fill in their details. Names, birth dates and passports are stored encrypted, and go with your account if you ask us to erase it."
    >
      <SavedTravellersSection />
    </Section>
  );
}

const TABS = ['profile', 'travellers', 'security'] as const;

/**
 * /account-settings (seed 001 §2): signed-out visitors go to /login and come back here; someone
 * who signs out here goes to / (issue 20: logout always ends on /, whichever answer comes first).
 */
export function AccountSettingsPage() {
  const { data: user, isLoading, isError } = useCurrentUserQuery();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  const [params] = useSearchParams();
  if (user && !wasSignedIn) setWasSignedIn(true);
  if (isLoading) return <PageLoading />;
  if (isError) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-12">
        <p role="alert" className="text-destructive-text">
          Unable to load your account. Please try again.
        </p>
      </section>
    );
  }
  if (!user) return <Navigate to={wasSignedIn ? '/' : '/login?redirect=/account-settings'} replace />;

  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-foreground">Account Settings</h1>
      <p className="mt-1 text-muted-foreground">Manage your profile, saved travellers and security.</p>
      <Tabs.Root defaultValue={TABS.find((tab) => tab === params.get('tab')) ?? 'profile'} className="mt-8">
        <Tabs.List aria-label="Account settings" className="flex max-w-lg gap-1 rounded-lg bg-muted p-1">
          <Tabs.Trigger value="profile" className={tabClass}>
            <User className="h-4 w-4" aria-hidden /> Profile
          </Tabs.Trigger>
          <Tabs.Trigger value="travellers" className={tabClass}>
            <Users className="h-4 w-4" aria-hidden /> Travellers
          </Tabs.Trigger>
          <Tabs.Trigger value="security" className={tabClass}>
            <ShieldCheck className="h-4 w-4" aria-hidden /> Security
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profile" className="mt-6 focus-visible:outline-none">
          <ProfileTab user={user} />
        </Tabs.Content>
        <Tabs.Content value="travellers" className="mt-6 focus-visible:outline-none">
          <TravellersTab />
        </Tabs.Content>
        <Tabs.Content value="security" className="mt-6 focus-visible:outline-none">
          <SecurityTab />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
