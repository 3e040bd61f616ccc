/// <reference types="node" />
import type { Page } from 'playwright-core';
import { scaled } from '@contrail/shared/test-support/time-scale';

/** The card form of the payment step, filled with a Stripe test card. */
export async function fillCard(page: Page, number: string, holder = 'Ada Lovelace') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Card holder name').fill(holder);
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YY or YYYY)').fill('2030');
  await page.getByLabel('CVV').fill('123');
}

export interface Traveller {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

/** Fills the passenger cards in order, and the primary passenger's contacts; returns the email. */
export async function fillTravellers(page: Page, travellers: Traveller[]): Promise<string> {
  for (const [index, traveller] of travellers.entries()) {
    await page.getByLabel('First name').nth(index).fill(traveller.firstName);
    await page.getByLabel('Last name').nth(index).fill(traveller.lastName);
    await page.getByLabel('Date of birth').nth(index).fill(traveller.dateOfBirth);
  }
  const email = `${travellers[0]!.firstName.toLowerCase()}.${Date.now()}@example.com`;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('+12025550123');
  return email;
}

/** An offer as the engine's API answers it: what a journey needs to choose one it can complete. */
export interface OfferFacts {
  passportsRequired: boolean;
  refundable: boolean;
  /** Checked bags for sale (besides those included). */
  sellsCheckedBags: boolean;
  hasSeatMaps: boolean;
}

export async function offerFacts(baseUrl: string, offerId: string): Promise<OfferFacts> {
  const id = encodeURIComponent(offerId);
  const offer = (await (await fetch(`${baseUrl}/api/flights/offer/${id}`)).json()) as {
    passenger_identity_documents_required?: boolean;
    conditions?: { refund_before_departure?: { allowed?: boolean } | null };
    available_services?: Array<{ type?: string; metadata?: { type?: string } }> | null;
  };
  const maps = (await (await fetch(`${baseUrl}/api/flights/seatmaps/${id}`)).json()) as unknown;
  return {
    passportsRequired: offer.passenger_identity_documents_required === true,
    refundable: offer.conditions?.refund_before_departure?.allowed === true,
    sellsCheckedBags: (offer.available_services ?? []).some(
      (service) => service.type === 'baggage' && service.metadata?.type === 'checked',
    ),
    hasSeatMaps: Array.isArray(maps) && maps.length > 0,
  };
}

/** Fills the passenger cards of the booking page with `count` adults; returns the primary passenger's email. */
export function fillPassengers(page: Page, count: number): Promise<string> {
  const names = [
    ['Ada', 'Lovelace'],
    ['Charles', 'Babbage'],
  ] as const;
  const adults = Array.from({ length: count }, (_, index) => {
    const [firstName, lastName] = names[Math.min(index, 1)]!;
    return { firstName, lastName, dateOfBirth: '1985-12-10' };
  });
  return fillTravellers(page, adults);
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
