import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../app/test-utils';
import { FaqPage } from './FaqPage';

/** Pastes instead of typing key by key: the same change events, a fraction of the time. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

describe('FAQ page', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('has six category tabs of five single-open, collapsible questions', async () => {
    const user = userEvent.setup();
    renderPage(<FaqPage />, '/faq');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Booking',
      'Payment',
      'Cancellations',
      'Changes',
      'Travel',
      'Account',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Payment' }));
    const panel = screen.getByRole('tabpanel');
    const questions = within(panel).getAllByRole('button');
    expect(questions).toHaveLength(5);

    await user.click(questions[0]!);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'true');
    await user.click(questions[1]!);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'false');
    expect(questions[1]).toHaveAttribute('aria-expanded', 'true');
    await user.click(questions[1]!);
    expect(questions[1]).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches on Enter across all categories and groups results by capitalised category', async () => {
    const user = userEvent.setup();
    renderPage(<FaqPage />, '/faq');
    const box = screen.getByRole('searchbox', { name: 'Search the FAQ' });
    await fill(user, box, 'refund');
    // Typing alone does not search.
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    const results = screen.getByRole('region', { name: 'Search results' });
    const groups = within(results)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(groups).toContain('Cancellations');
    expect(groups).toEqual(
      [...groups].sort(
        (a, b) =>
          ['Booking', 'Payment', 'Cancellations', 'Changes', 'Travel', 'Account'].indexOf(a!) -
          ['Booking', 'Payment', 'Cancellations', 'Changes', 'Travel', 'Account'].indexOf(b!),
      ),
    );
    expect(within(results).getByRole('button', { name: 'How long does a refund take?' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('searches on the Search button, says when nothing matches, and clears on a blank query', async () => {
    const user = userEvent.setup();
    renderPage(<FaqPage />, '/faq');
    const box = screen.getByRole('searchbox', { name: 'Search the FAQ' });
    await fill(user, box, 'zeppelin');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      screen.getByText('No questions match "zeppelin". Try other words, or contact us below.'),
    ).toBeInTheDocument();

    await user.clear(box);
    await fill(user, box, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
    expect(screen.getByRole('tablist')).toBeInTheDocument();
  });

  it('opens the tab named in ?category=', async () => {
    renderPage(<FaqPage />, '/faq?category=travel');
    expect(await screen.findByRole('tab', { name: 'Travel' })).toHaveAttribute('aria-selected', 'true');
  });
});
