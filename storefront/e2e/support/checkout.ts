import type { Page } from 'playwright-core';
import { scaled } from '@contrail/shared/test-support/time-scale';

/** Fills the passenger cards of the booking page (adults); returns the primary passenger's email. */
export async function fillPassengers(page: Page, count: number): Promise<string> {
  const names = [
    ['Ada', 'Lovelace'],
    ['Charles', 'Babbage'],
  ] as const;
  for (let index = 0; index < count; index += 1) {
    const [first, last] = names[Math.min(index, 1)]!;
    await page.getByLabel('First name').nth(index).fill(first);
    await page.getByLabel('Last name').nth(index).fill(last);
    await page.getByLabel('Date of birth').nth(index).fill('1985-12-10');
  }
  const email = `ada.${Date.now()}@example.com`;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('+12025550123');
  return email;
}

/** Fills the payment step's card form (the Stripe sandbox's test numbers). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Card holder name').fill('Ada Lovelace');
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YY or YYYY)').fill('2030');
  await page.getByLabel('CVV').fill('123');
}

/**
 * From a flight's details page to the confirmation: book, fill the passengers, skip seats, pay with
 * the 4242 card. Returns the confirmation's "Total paid" line.
 */
export async function bookWithoutSeats(page: Page, adults: number): Promise<string> {
  await page.getByRole('link', { name: 'Book This Flight' }).first().click();
  await page.waitForURL(/\/booking\?offer=/);
  await fillPassengers(page, adults);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: 'Skip Seat Selection' }).click();
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Complete Booking' }).click();
  await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor({ timeout: scaled(90_000) });
  return (await page.getByText('Total paid').locator('..').textContent()) ?? '';
}
