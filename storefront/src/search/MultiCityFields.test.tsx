import { SEARCH_SLICE_MESSAGES } from '@contrail/shared/flights/search-slices';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addMonths } from 'date-fns/addMonths';
import { format } from 'date-fns/format';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../app/test-utils';
import { SearchForm } from './SearchForm';

const flight = (n: number) => screen.getByRole('group', { name: `Flight ${n}` });

async function chooseAirport(n: number, label: string, typed: string, option: RegExp) {
  const user = userEvent.setup();
  const box = within(flight(n)).getByRole('combobox', { name: label });
  await user.clear(box);
  await user.type(box, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function chooseDay(n: number, day: Date) {
  const user = userEvent.setup();
  await user.click(within(flight(n)).getByRole('button', { name: /Date/ }));
  const grid = await screen.findByRole('grid');
  const calendar = grid.closest('.rdp-root') as HTMLElement;
  for (let i = 0; i < 12 && !within(calendar).queryByText(format(day, 'MMMM yyyy')); i += 1) {
    await user.click(within(calendar).getByRole('button', { name: /next month/i }));
  }
  await user.click(within(calendar).getByRole('button', { name: new RegExp(format(day, 'MMMM d,')) }));
}

const inMonth = (day: number) => {
  const next = addMonths(new Date(), 1);
  return new Date(next.getFullYear(), next.getMonth(), day);
};

describe('the Multi-city tab (issue 34)', () => {
  it('is the third tab, loads two flight rows, and adds up to four and removes down to two', async () => {
    renderPage(<SearchForm onSearch={vi.fn()} />);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Round Trip', 'One Way', 'Multi-city']);
    await userEvent.click(screen.getByRole('tab', { name: 'Multi-city' }));
    expect(await screen.findByRole('group', { name: 'Flight 1' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Flight 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove flight/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /flexible/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add flight' }));
    // The new row takes the focus on its first field.
    expect(within(flight(3)).getByRole('combobox', { name: 'From' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Add flight' }));
    expect(screen.getByRole('group', { name: 'Flight 4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add flight' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove flight 4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove flight 3' }));
    expect(screen.queryByRole('group', { name: 'Flight 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add flight' })).toHaveFocus();
  });

  it('says what each flight lacks and refuses dates out of order', async () => {
    const onSearch = vi.fn();
    renderPage(<SearchForm onSearch={onSearch} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Multi-city' }));
    await screen.findByRole('group', { name: 'Flight 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Search Flights' }));
    expect(within(flight(1)).getByText('Origin is required')).toBeInTheDocument();
    expect(within(flight(2)).getByText('Departure date is required')).toBeInTheDocument();
    expect(within(flight(1)).getByRole('combobox', { name: 'From' })).toHaveFocus();
    expect(onSearch).not.toHaveBeenCalled();

    await chooseAirport(1, 'From', 'JFK', /JFK/);
    await chooseAirport(1, 'To', 'heathrow', /LHR/);
    await chooseDay(1, inMonth(10));
    await chooseAirport(2, 'To', 'JFK', /JFK/);
    await chooseDay(2, inMonth(12));
    // Moving the first flight after the second puts the second out of order.
    await chooseDay(1, inMonth(14));
    await userEvent.click(screen.getByRole('button', { name: 'Search Flights' }));
    expect(within(flight(2)).getByText(SEARCH_SLICE_MESSAGES.datesInOrder)).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches three flights with the slices parameter, the second leaving from where the first landed', async () => {
    const onSearch = vi.fn();
    renderPage(<SearchForm onSearch={onSearch} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Multi-city' }));
    await screen.findByRole('group', { name: 'Flight 1' });
    await chooseAirport(1, 'From', 'JFK', /JFK/);
    await chooseAirport(1, 'To', 'heathrow', /LHR/);
    await chooseDay(1, inMonth(10));
    await userEvent.click(screen.getByRole('button', { name: 'Add flight' }));
    expect(within(flight(2)).getByRole('combobox', { name: 'From' })).toHaveValue('London (LHR)');
    await chooseAirport(2, 'To', 'CDG', /CDG/);
    await chooseDay(2, inMonth(13));
    await chooseAirport(3, 'From', 'CDG', /CDG/);
    await chooseAirport(3, 'To', 'JFK', /JFK/);
    await chooseDay(3, inMonth(18));
    await userEvent.click(screen.getByRole('button', { name: /Passengers/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'More adults' }));
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Search Flights' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    const url = new URL(onSearch.mock.calls[0]![0] as string, 'http://x');
    const day = (n: number) => format(inMonth(n), 'yyyy-MM-dd');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tripType: 'multi-city',
      slices: `JFK-LHR-${day(10)},LHR-CDG-${day(13)},CDG-JFK-${day(18)}`,
      adults: '2',
      children: '0',
      infants: '0',
      cabinClass: 'economy',
    });
  });
});
