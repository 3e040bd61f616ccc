import { listInWords, POLICY } from '@contrail/shared/content/policy';
import { Link } from 'react-router';
import { usePageMeta } from '../brand/page-meta';
import { ContactDetails } from './ContactDetails';
import { PolicyPage, type PolicySection } from './PolicyPage';
import { useBrandContact, type BrandContact } from './use-brand-contact';

function termsSections(brand: BrandContact): PolicySection[] {
  const { name } = brand;
  return [
    {
      id: 'introduction',
      title: 'Introduction',
      body: (
        <>
          <p>
            These Terms of Service govern your use of the {name} website and the booking services we provide through it.
            By searching, booking or creating an account, you agree to these terms. If you do not agree, please do not
            use the site.
          </p>
          <p>
            {name} is a travel agency acting as an intermediary between you and the airlines. We search airline fares,
            make bookings on your behalf and pass your payment and details to the airline.{' '}
            <strong>Your contract of carriage is with the airline</strong> that operates or markets your flight, and the
            airline&apos;s conditions of carriage and fare rules apply to your journey in addition to these terms.
          </p>
        </>
      ),
    },
    {
      id: 'booking-and-payments',
      title: 'Booking and Payments',
      body: (
        <>
          <p>
            Fares are shown as live offers from the airlines and are held only for a short time. A booking is made only
            when the airline has confirmed it and your payment has been taken; until then, prices and availability may
            change.
          </p>
          <ul>
            <li>The total shown on the payment step includes the fare, taxes, airline charges and our service fee.</li>
            <li>We accept {listInWords(POLICY.paymentMethods)}.</li>
            <li>Each booking is paid in full with one payment method.</li>
            <li>
              You must enter every passenger&apos;s name exactly as it appears on the passport or ID they will travel
              with. Airlines may refuse boarding, or charge for corrections, when names do not match.
            </li>
            <li>
              You are responsible for holding valid travel documents. For international travel, passports should be
              valid for at least {POLICY.passportValidityMonths} months beyond your travel dates.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'communications',
      title: 'Communications',
      body: (
        <>
          <p>
            By booking, you agree that we may contact you by email, phone or text message about your booking, including
            confirmations, schedule changes, cancellations and check-in reminders. These service messages are part of
            the service and cannot be switched off while a booking is active.
          </p>
          <p>
            We send marketing messages, such as fare alerts and offers, only if you have asked for them, and every
            message includes a way to unsubscribe.
          </p>
        </>
      ),
    },
    {
      id: 'purchases',
      title: 'Purchases',
      body: (
        <>
          <p>
            When you buy a flight through {name}, you authorise us to charge your payment method for the total shown. We
            first authorise the amount and take the payment once the airline confirms the booking; if the airline cannot
            confirm it, the authorisation is released.
          </p>
          <p>
            Optional extras such as seats and baggage are sold on behalf of the airline at the price shown before you
            pay. Our service fees are charged for arranging your booking and are non-refundable.
          </p>
        </>
      ),
    },
    {
      id: 'cancellations-and-refunds',
      title: 'Cancellations and Refunds',
      body: (
        <>
          <p>
            Whether a booking can be cancelled or refunded, and at what cost, is decided by the airline&apos;s fare
            rules, which are shown before you book and in My Trips. Our service fees are non-refundable.
          </p>
          <p>
            When a refund is due, we request it from the airline within {POLICY.refundInitiatedHours} of your
            cancellation. Refunds are usually processed within {POLICY.refundProcessing}, depending on the airline and
            your bank. See our <Link to="/cancellation-policy">Cancellation and Refund Policy</Link> for the details.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Accounts',
      body: (
        <>
          <p>
            Account holders must be over {POLICY.accountHolderMinimumAge} years old. You are responsible for keeping
            your password confidential and for all activity under your account; tell us at once if you believe it has
            been used without your permission.
          </p>
          <p>
            If you book without signing in, we may create an account for you with the email address you give, so that
            you can manage the booking. We may suspend accounts used for fraud or in breach of these terms.
          </p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual Property',
      body: (
        <p>
          The website, its design, text, graphics and software belong to {name} or its licensors and are protected by
          copyright and trademark laws. You may use the site for your own, non-commercial travel planning. You may not
          copy, scrape, resell or reproduce its content or fares without our written permission. Airline names and logos
          belong to their owners.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of Liability',
      body: (
        <>
          <p>
            As an intermediary, we are responsible for arranging your booking with reasonable care. We are not
            responsible for the airline&apos;s performance of the flight, including delays, cancellations, denied
            boarding, lost baggage or schedule changes; these are governed by the airline&apos;s conditions of carriage
            and applicable passenger rights rules.
          </p>
          <p>
            To the extent permitted by law, our total liability for any claim relating to a booking is limited to the
            service fees you paid us for that booking. Nothing in these terms limits liability that cannot be limited by
            law.
          </p>
        </>
      ),
    },
    {
      id: 'disclaimer',
      title: 'Disclaimer',
      body: (
        <p>
          We work to keep the information on the site accurate, but flight schedules, fares, baggage allowances and
          entry requirements come from airlines and authorities and can change without notice. The site is provided
          &quot;as is&quot;. Please check entry, visa and health requirements for your destination with the official
          sources before you travel.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing Law',
      body: (
        <p>
          These terms are governed by the laws of {POLICY.governingLaw}, United States, without regard to its conflict
          of law rules. Any dispute arising from them will be heard by the state or federal courts located in New
          Jersey, unless the law of your place of residence gives you the right to bring proceedings elsewhere.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      body: (
        <p>
          We may update these terms from time to time. We will give at least {POLICY.materialChangeNoticeDays} days
          notice of any material change by email to account holders and on this page before it takes effect. The terms
          in force when you book apply to that booking.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <>
          <p>
            Questions about these terms? Our support team is available {brand.hours.phone} by phone, or write to us
            through the <Link to="/contact">contact form</Link>.
          </p>
          <ContactDetails />
        </>
      ),
    },
  ];
}

export function TermsPage() {
  const brand = useBrandContact();
  usePageMeta({ description: `The terms of service for booking flights with ${brand.name}.` });
  return (
    <PolicyPage
      title="Terms of Service"
      lead={`Please read these terms carefully before booking with ${brand.name}.`}
      sections={termsSections(brand)}
    />
  );
}
