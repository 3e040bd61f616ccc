import { serviceFeePolicy } from '@contrail/shared/booking/refund';
import { POLICY } from '@contrail/shared/content/policy';
import { Link } from 'react-router';
import { useBrand } from '../brand/brand-context';
import { usePageMeta } from '../brand/page-meta';
import { ContactDetails } from './ContactDetails';
import { PolicyPage, type PolicySection } from './PolicyPage';
import { useBrandContact, type BrandContact } from './use-brand-contact';

function cancellationSections(brand: BrandContact, markupKeptOnRefund: boolean): PolicySection[] {
  const { name } = brand;
  return [
    {
      id: 'overview',
      title: 'Overview',
      body: (
        <>
          <p>
            {name} books flights as an intermediary: the ticket is issued by the airline, and the airline&apos;s fare
            rules decide whether a ticket can be cancelled or changed and how much is refunded. This policy explains how
            we handle cancellations and refunds on your behalf.
          </p>
          <p>The fare rules of your ticket are shown before you book and in the booking details under My Trips.</p>
        </>
      ),
    },
    {
      id: 'how-to-cancel',
      title: 'How to Cancel a Booking',
      body: (
        <>
          <ul>
            <li>
              <strong>Online:</strong> sign in, open <Link to="/my-trips">My Trips</Link>, choose the trip and select
              Cancel Booking. The option appears when the airline allows the ticket to be cancelled.
            </li>
            <li>
              <strong>By phone:</strong> call <a href={brand.phoneHref}>{brand.phone}</a>, available {brand.hours.phone}
              , with your booking reference.
            </li>
            <li>
              <strong>In writing:</strong> use the <Link to="/contact">contact form</Link> or email{' '}
              <a href={`mailto:${brand.email}`}>{brand.email}</a>; we reply {POLICY.emailResponse}.
            </li>
          </ul>
          <p>Cancel before the departure of the first flight: a missed flight may make the whole ticket void.</p>
        </>
      ),
    },
    {
      id: 'refund-eligibility',
      title: 'Refund Eligibility',
      body: (
        <>
          <p>What is refunded depends on the ticket:</p>
          <ul>
            <li>
              <strong>Refundable tickets:</strong> the fare and taxes, less any cancellation charge in the fare rules.
            </li>
            <li>
              <strong>Non-refundable tickets:</strong> no refund of the fare; unused government taxes and airport
              charges may still be returned.
            </li>
            {markupKeptOnRefund ? (
              <li>
                <strong>Our service fees are non-refundable</strong> in every case, because they pay for arranging the
                booking, which has been done. {serviceFeePolicy(name, true)}
              </li>
            ) : (
              <li>
                <strong>Our service fee is refunded</strong> with the fare: {serviceFeePolicy(name, false)}
              </li>
            )}
            <li>Before you cancel, My Trips shows the exact refund, what is kept and why, for you to confirm.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'refund-process',
      title: 'Refund Process and Timing',
      body: (
        <ol>
          <li>We confirm the cancellation and the refundable amount with you.</li>
          <li>We initiate the refund with the airline within {POLICY.refundInitiatedHours}.</li>
          <li>
            Once the airline approves it, the refund is processed to your original payment method within{' '}
            {POLICY.refundProcessing}. The exact time depends on the airline and your bank.
          </li>
        </ol>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to Bookings',
      body: (
        <p>
          Many fares allow changes of date or time for a change fee plus any difference in fare; name changes to a
          different person are generally not allowed. Contact us with your booking reference and we will tell you the
          full cost before anything is changed. Our service fee for arranging the change is non-refundable.
        </p>
      ),
    },
    {
      id: 'airline-cancellations',
      title: 'Airline Cancellations and Schedule Changes',
      body: (
        <p>
          If the airline cancels your flight or changes its schedule significantly, we contact you with the options the
          airline offers, usually another flight or a refund of the unused ticket. Where the airline cancels, you are
          entitled to a refund of the unused fare under its conditions of carriage and applicable passenger rights
          rules.
        </p>
      ),
    },
    {
      id: 'no-shows',
      title: 'Non-Refundable Tickets and No-Shows',
      body: (
        <p>
          If you do not take a flight without cancelling first, the airline may cancel the rest of the journey,
          including return flights, without a refund. Please allow enough time at the airport: we recommend arriving{' '}
          {POLICY.airportArrival.domesticHours} hours before domestic and {POLICY.airportArrival.internationalHours}{' '}
          hours before international flights, plus {POLICY.airportArrival.peakExtra} at peak times.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <>
          <p>For help with a cancellation or refund, contact our support team:</p>
          <ContactDetails />
        </>
      ),
    },
  ];
}

export function CancellationPolicyPage() {
  const brand = useBrandContact();
  const { markupKeptOnRefund } = useBrand().brand;
  usePageMeta({ description: `How cancellations and refunds work for flights booked with ${brand.name}.` });
  return (
    <PolicyPage
      title="Cancellation and Refund Policy"
      lead="How cancellations, changes and refunds work for flights booked with us."
      sections={cancellationSections(brand, markupKeptOnRefund)}
    />
  );
}
