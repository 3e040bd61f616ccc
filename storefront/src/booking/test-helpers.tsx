import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { renderRoutes } from '../app/test-utils';
import { BookingPage } from './BookingPage';

/** Where a redirect landed: the path and query, as text. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">Elsewhere {`${location.pathname}${location.search}`}</p>;
}

export function renderBooking(path: string) {
  return renderRoutes(
    [
      { path: '/booking', element: <BookingPage /> },
      { path: '*', element: <Elsewhere /> },
    ],
    path,
  );
}

const nth = (label: string | RegExp, index: number) => screen.getAllByLabelText(label)[index] as HTMLInputElement;

export function setDate(label: string, index: number, value: string) {
  fireEvent.change(nth(label, index), { target: { value } });
}

/** Fills passenger `index` with valid details (contacts only for the first). */
/** Types by pasting: one change per field keeps the tests quick. */
export async function paste(user: UserEvent, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

export async function fillPassenger(user: UserEvent, index: number, name = `Traveller${index + 1}`) {
  await paste(user, nth('First name', index), name);
  await paste(user, nth('Last name', index), 'Lovelace');
  setDate('Date of birth', index, '1990-05-17');
  if (index === 0) {
    await paste(user, nth(/^Email/, 0), 'ada@example.com');
    await paste(user, nth(/^Phone/, 0), '+12025550123');
  }
}

export async function fillPassport(user: UserEvent, index: number, number = 'AB12345', expiry = '2031-01-01') {
  await paste(user, nth('Passport number', index), number);
  setDate('Passport expiry date', index, expiry);
  await user.selectOptions(nth('Issuing country', index), 'GB');
}
