import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactMessage, ContactMessageSummary } from '@contrail/shared/support-desk/inbox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEngine, renderPage, signedInUser } from '../test-support/engine';
import { dismissToast } from '../ui/toast-store';
import { InboxPage } from './InboxPage';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const agent = {
  ...signedInUser,
  username: 'skyagent',
  isAdmin: true,
  staff: { role: 'support-agent' as const, brands: ['skyfares.com'] },
};
const auditor = { ...agent, staff: { role: 'auditor' as const, brands: ['skyfares.com'] } };
const summary: ContactMessageSummary = {
  id: 'msg-1',
  brandKey: 'skyfares.com',
  kind: 'contact',
  from: 'Z. Q.',
  topic: 'Seat change',
  bookingReference: 'ORD12345',
  bookingId: 'bk_1',
  status: 'new',
  assignee: null,
  receivedAt: '2026-11-22T10:00:00.000Z',
  changedAt: null,
};
const message: ContactMessage = {
  ...summary,
  name: 'Zelda Quixotic',
  email: 'zelda@example.com',
  phone: null,
  message: 'Can I sit by the window?',
  preferredContact: 'email',
  changes: [],
};
const assigned: ContactMessage = {
  ...message,
  assignee: 'skyagent',
  changes: [{ type: 'assignment', at: '2026-11-22T11:00:00.000Z', by: 'skyagent', assignee: 'skyagent' }],
};

function open(table: Parameters<typeof fakeEngine>[0] = {}) {
  const engine = fakeEngine({
    'GET /api/auth/user': [200, agent],
    'GET /api/admin/contact-messages': [200, { messages: [summary], total: 1, limit: 20, offset: 0 }],
    'GET /api/admin/contact-messages/msg-1': [200, message],
    ...table,
  });
  renderPage(<InboxPage />, '/admin/inbox');
  return engine;
}

describe('InboxPage', () => {
  it('lists new messages by default, senders by initials', async () => {
    const { calls } = open();
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getByRole('button')).toHaveTextContent(/Seat change.*New.*From Z\. Q\..*booking ORD12345/);
    expect(list).not.toHaveTextContent('Zelda');
    expect(calls.find((call) => call.path === '/api/admin/contact-messages')?.body).toMatchObject({ status: 'new' });
  });

  it('opens a message whole, links its booking, and assigns it to me, showing who did it', async () => {
    const { calls } = open({
      'POST /api/admin/contact-messages/msg-1/assignment': [200, assigned],
    });
    await userEvent.click(await screen.findByRole('button', { name: /Seat change/ }));
    expect(await screen.findByText('Can I sit by the window?')).toBeInTheDocument();
    expect(screen.getByText(/Zelda Quixotic <zelda@example.com>/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ORD12345' })).toHaveAttribute('href', '/admin/support?reference=ORD12345');
    await userEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    expect(calls.find((call) => call.path.endsWith('/assignment'))?.body).toEqual({ assignee: 'me' });
    // The list and the message are loaded again: the engine answered once its list showed the change.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/admin/contact-messages').length).toBeGreaterThan(1),
    );
  });

  it('shows the changes with who made them', async () => {
    open({ 'GET /api/admin/contact-messages/msg-1': [200, assigned] });
    await userEvent.click(await screen.findByRole('button', { name: /Seat change/ }));
    const changes = await screen.findByRole('list', { name: 'Changes' });
    expect(changes).toHaveTextContent('Assigned to skyagent · by skyagent');
    expect(screen.getByRole('button', { name: 'Unassign' })).toBeInTheDocument();
  });

  it('shows an auditor the message without the actions', async () => {
    open({ 'GET /api/auth/user': [200, auditor] });
    await userEvent.click(await screen.findByRole('button', { name: /Seat change/ }));
    await screen.findByText('Can I sit by the window?');
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Status' })).toBeNull();
  });

  it('says when nothing matches', async () => {
    open({ 'GET /api/admin/contact-messages': [200, { messages: [], total: 0, limit: 20, offset: 0 }] });
    expect(await screen.findByText('No messages match.')).toBeInTheDocument();
  });
});
