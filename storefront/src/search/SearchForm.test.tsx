import { PASSENGER_RULES } from '@contrail/shared/search/passengers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addMonths } from 'date-fns/addMonths';
import { format } from 'date-fns/format';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../app/test-utils';
import { SearchForm } from './SearchForm';

async function chooseAirport(label: string, typed: string, option: RegExp) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('combobox', { name: label }), typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Opens the field's calendar, moves forward to the day's month and picks the day. */
async function chooseDay(fieldLabel: RegExp, day: Date) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: fieldLabel }));
  const grid = await screen.findByRole('grid');
  const calendar = grid.closest('.rdp-root') as HTMLElement;
  for (let i = 0; i < 12 && !within(calendar).queryByText(format(day, 'MMMM yyyy')); i += 1) {
    await user.click(within(calendar).getByRole('button', { name: /next month/i }));
  }
  await user.click(within(calendar).getByRole('button', { name: new RegExp(format(day, 'MMMM d,')) }));
}

describe('SearchForm', () => {
  it("shows the seed's messages when required fields are empty", async () => {
    const onSearch = vi.fn();
    renderPage(<SearchForm onSearch={onSearch} />);
    await userEvent.click(screen.getByRole('button', { name: 'Search Flights' }));
    expect(await screen.findByText('Origin is required')).toBeInTheDocument();
    expect(screen.getByText('Destination is required')).toBeInTheDocument();
    expect(screen.getByText('Departure date is required')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveAttribute('aria-invalid', 'true');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('lists airports from 2 characters, stores the code and shows "City (CODE)"', async () => {
    renderPage(<SearchForm onSearch={vi.fn()} />);
    const from = screen.getByRole('combobox', { name: 'From' });
    await userEvent.type(from, 'l');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.type(from, 'hr');
    const option = await screen.findByRole('option', { name: /LHR/ });
    expect(screen.getAllByRole('option').length).toBeLessThanOrEqual(15);
    await userEvent.click(option);
    expect(from).toHaveValue('London (LHR)');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('offers a city with several airports first, as "New York (all airports)", and stores its city code', async () => {
    const onSearch = vi.fn();
    renderPage(<SearchForm onSearch={onSearch} />);
    const from = screen.getByRole('combobox', { name: 'From' });
    await userEvent.type(from, 'new york');
    await screen.findByRole('option', { name: /New York \(all airports\)/ });
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveAccessibleName(/^New York \(all airports\) 3 airports, US NYC$/);
    expect(options.slice(1).map((option) => /JFK|LGA|EWR/.test(option.textContent ?? ''))).toContain(true);
    await userEvent.keyboard('{Enter}');
    expect(from).toHaveValue('New York (all airports)');
  });

  it('says "No airports found" for text that matches nothing, and closes on a click outside', async () => {
    renderPage(<SearchForm onSearch={vi.fn()} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'To' }), 'qqzz');
    // A status beside the combobox, not an item of an empty listbox (issue 18).
    expect(await screen.findByRole('status')).toHaveTextContent('No airports found for "qqzz"');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByRole('tab', { name: 'Round Trip' }));
    expect(screen.queryByText('No airports found for "qqzz"')).not.toBeInTheDocument();
  });

  it('clamps the passenger steppers: at most 9 in all, an adult for every infant, saying why (issue 20)', async () => {
    const user = userEvent.setup();
    renderPage(<SearchForm onSearch={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: /Passengers/ }));
    // The popover's library loads when the trigger is approached: a press before it arrives opens it then.
    expect(await screen.findByText('Age 12+')).toBeInTheDocument();
    expect(screen.getByText('Age 2-11')).toBeInTheDocument();
    expect(screen.getByText('Under 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fewer adults' })).toBeDisabled();
    const count = (label: string) => screen.getByRole('status', { name: `${label} count` });
    const press = async (name: string, times: number) => {
      for (let i = 0; i < times; i += 1) {
        const button = screen.getByRole('button', { name }) as HTMLButtonElement;
        if (!button.disabled) await user.click(button);
      }
    };

    // 1 adult + 2 infants is refused: the second infant has no lap.
    await press('More infants', 2);
    expect(count('Infants')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'More infants' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'More infants' })).toHaveAccessibleDescription(
      PASSENGER_RULES.infantsPerAdult,
    );

    // 5 adults + 5 children is refused: 9 at most.
    await press('Fewer infants', 1);
    await press('More adults', 4);
    await press('More children', 5);
    expect(count('Adults')).toHaveTextContent('5');
    expect(count('Children')).toHaveTextContent('4');
    expect(screen.getByRole('button', { name: 'More children' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'More adults' })).toBeDisabled();
    expect(screen.getByText(PASSENGER_RULES.total)).toBeInTheDocument();

    // Fewer adults than infants takes the infants down too.
    await press('Fewer children', 4);
    await press('More infants', 5);
    expect(count('Infants')).toHaveTextContent('4');
    await press('Fewer adults', 2);
    expect(count('Adults')).toHaveTextContent('3');
    expect(count('Infants')).toHaveTextContent('3');
  });

  it('requires the return date on Round Trip, and clears each message once its field is valid (issue 20)', async () => {
    const onSearch = vi.fn();
    renderPage(<SearchForm onSearch={onSearch} />);
    await userEvent.click(screen.getByRole('button', { name: 'Search Flights' }));
    expect(screen.getByText('Return date is required')).toBeInTheDocument();
    await chooseAirport('From', 'JFK', /JFK/);
    await waitFor(() => expect(screen.queryByText('Origin is required')).not.toBeInTheDocument());
    expect(screen.getByText('Destination is required')).toBeInTheDocument();
    await chooseAirport('To', 'LAX', /LAX/);
    const nextMonth = addMonths(new Date(), 1);
    await chooseDay(/Departure/, new Date(nextMonth.getFullYear(), nextMonth.getMonth(), 5));
    await waitFor(() => expect(screen.queryByText('Departure date is required')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Search Flights' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText('Return date is required')).toBeInTheDocument();
    // One Way needs none.
    await userEvent.click(screen.getByRole('tab', { name: 'One Way' }));
    await waitFor(() => expect(screen.queryByText('Return date is required')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Search Flights' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('navigates with exactly the seed parameters for a round trip', async () => {
    const onSearch = vi.fn();
    renderPage(<SearchForm onSearch={onSearch} />);
    await chooseAirport('From', 'JFK', /JFK/);
    await chooseAirport('To', 'heathrow', /LHR/);
    const nextMonth = addMonths(new Date(), 1);
    const departure = new Date(nextMonth.getFullYear(), nextMonth.getMonth(), 10);
    const back = new Date(nextMonth.getFullYear(), nextMonth.getMonth(), 20);
    await chooseDay(/Departure/, departure);
    expect(screen.getByRole('button', { name: /Departure/ })).toHaveTextContent(format(departure, 'MMM dd, yyyy'));
    await chooseDay(/Return/, back);
    await userEvent.click(screen.getByRole('button', { name: /Cabin Class/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Business Class' }));
    await userEvent.click(screen.getByRole('button', { name: /Passengers/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'More children' }));
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Search Flights' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    const url = new URL(onSearch.mock.calls[0]![0] as string, 'http://x');
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      origin: 'JFK',
      destination: 'LHR',
      departureDate: format(departure, 'yyyy-MM-dd'),
      returnDate: format(back, 'yyyy-MM-dd'),
      adults: '1',
      children: '1',
      infants: '0',
      cabinClass: 'business',
      tripType: 'round-trip',
    });
    expect(screen.getByRole('button', { name: 'Searching Flights...' })).toBeDisabled();
  });

  it('has no return date on One Way and leaves it out of the parameters', async () => {
    const onSearch = vi.fn();
    renderPage(<SearchForm onSearch={onSearch} />);
    await userEvent.click(screen.getByRole('tab', { name: 'One Way' }));
    expect(screen.queryByRole('button', { name: /Return/ })).not.toBeInTheDocument();
    await chooseAirport('From', 'JFK', /JFK/);
    await chooseAirport('To', 'LAX', /LAX/);
    const nextMonth = addMonths(new Date(), 1);
    await chooseDay(/Departure/, new Date(nextMonth.getFullYear(), nextMonth.getMonth(), 5));
    await userEvent.click(screen.getByRole('button', { name: 'Search Flights' }));
    const url = new URL(onSearch.mock.calls[0]![0] as string, 'http://x');
    expect(url.searchParams.get('tripType')).toBe('one-way');
    expect(url.searchParams.has('returnDate')).toBe(false);
  });

  it('asks for nearby airports when ticked, from the keyboard too, and leaves them out otherwise (issue 34)', async () => {
    const onSearch = vi.fn();
    renderPage(<SearchForm onSearch={onSearch} />);
    await userEvent.click(screen.getByRole('tab', { name: 'One Way' }));
    await chooseAirport('From', 'LHR', /LHR/);
    await chooseAirport('To', 'JFK', /JFK/);
    const nextMonth = addMonths(new Date(), 1);
    await chooseDay(/Departure/, new Date(nextMonth.getFullYear(), nextMonth.getMonth(), 5));
    const nearby = screen.getByRole('checkbox', { name: 'Include nearby airports (within 150 km)' });
    expect(nearby).not.toBeChecked();
    nearby.focus();
    await userEvent.keyboard(' ');
    expect(nearby).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Search Flights' }));
    const url = new URL(onSearch.mock.calls[0]![0] as string, 'http://x');
    expect(url.searchParams.get('nearbyAirports')).toBe('1');
    expect(url.searchParams.get('origin')).toBe('LHR');
  });

  it('offers no past day, starts weeks on Sunday, and no return before departure', async () => {
    renderPage(<SearchForm onSearch={vi.fn()} />);
    const nextMonth = addMonths(new Date(), 1);
    const departure = new Date(nextMonth.getFullYear(), nextMonth.getMonth(), 15);
    await userEvent.click(screen.getByRole('button', { name: /Departure/ }));
    const grid = await screen.findByRole('grid');
    expect(grid.querySelector('.rdp-weekday')).toHaveAttribute('aria-label', 'Sunday');
    const today = new Date();
    if (today.getDate() > 1) {
      const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
      expect(within(grid).getByRole('button', { name: new RegExp(format(yesterday, 'MMMM d,')) })).toBeDisabled();
    }
    await userEvent.keyboard('{Escape}');
    await chooseDay(/Departure/, departure);
    await userEvent.click(screen.getByRole('button', { name: /Return/ }));
    const returnGrid = await screen.findByRole('grid');
    const dayBefore = new Date(departure.getFullYear(), departure.getMonth(), 14);
    expect(within(returnGrid).getByRole('button', { name: new RegExp(format(dayBefore, 'MMMM d,')) })).toBeDisabled();
    expect(within(returnGrid).getByRole('button', { name: new RegExp(format(departure, 'MMMM d,')) })).toBeEnabled();
  });

  it('stops the calendars at the last day on sale, about 330 days ahead, and says so (issue 33)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 29, 12));
    try {
      renderPage(<SearchForm onSearch={vi.fn()} />);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: /Departure/ }));
      const grid = await screen.findByRole('grid');
      const calendar = grid.closest('.rdp-root') as HTMLElement;
      expect(
        screen.getByText('Flights are on sale up to 330 days ahead, until October 25th, 2027.'),
      ).toBeInTheDocument();
      for (let i = 0; i < 12 && !within(calendar).queryByText('October 2027'); i += 1) {
        await user.click(within(calendar).getByRole('button', { name: /next month/i }));
      }
      expect(within(calendar).getByRole('button', { name: /next month/i })).toHaveAttribute('aria-disabled', 'true');
      const october = screen.getByRole('grid');
      expect(within(october).getByRole('button', { name: /October 25, 2027/ })).toBeEnabled();
      expect(within(october).getByRole('button', { name: /October 26, 2027/ })).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });
});
