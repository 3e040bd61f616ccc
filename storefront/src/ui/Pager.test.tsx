import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './Pager';

describe('Pager', () => {
  it('shows the range and asks for the pages either side', async () => {
    const onPage = vi.fn();
    render(<Pager label="Result pages" offset={20} limit={20} total={45} shown={20} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Result pages' })).toHaveTextContent('21–40 of 45');
    await userEvent.click(screen.getByRole('button', { name: /Previous/ }));
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(onPage.mock.calls).toEqual([[0], [40]]);
  });

  it('offers no page before the first or after the last', () => {
    const { rerender } = render(<Pager label="Pages" offset={0} limit={20} total={45} shown={20} onPage={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
    rerender(<Pager label="Pages" offset={40} limit={20} total={45} shown={5} onPage={vi.fn()} />);
    expect(screen.getByText('41–45 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('offers no page while busy, and announces the range', () => {
    render(<Pager label="Pages" offset={20} limit={20} total={45} shown={20} busy onPage={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(screen.getByText('21–40 of 45')).toHaveAttribute('aria-live', 'polite');
  });
});
