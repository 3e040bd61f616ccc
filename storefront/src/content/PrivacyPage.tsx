import { COOKIE_TYPES, POLICY } from '@contrail/shared/content/policy';
import { Link } from 'react-router';
import { usePageMeta } from '../brand/page-meta';
import { ContactDetails } from './ContactDetails';
import { PolicyPage, type PolicySection } from './PolicyPage';
import { useBrandContact, type BrandContact } from './use-brand-contact';

function privacySections(brand: BrandContact): PolicySection[] {
  const { name } = brand;
  return [
    {
      id: 'introduction',
      title: 'Introduction',
      body: (
        <>
          <p>
            {name} respects your privacy. This policy explains what personal data we collect when you use our website
            and booking services, why we collect it, who we share it with and the choices you have.
          </p>
          <p>
            We act as a travel agency between you and the airlines. For the booking itself, we pass the data the airline
            needs to that airline, which then processes it under its own privacy policy.
          </p>
        </>
      ),
    },
    {
      id: 'data-we-collect',
      title: 'Data We Collect',
      body: (
        <>
          <p>We collect the data you give us and some data generated when you use the site:</p>
          <ul>
            <li>
              <strong>Booking details:</strong> passenger names, titles, genders, dates of birth, email addresses, phone
              numbers and, where the airline requires them, passport numbers, expiry dates and issuing countries.
            </li>
            <li>
              <strong>Payment details:</strong> your card is processed by our payment provider; we keep only the last
              four digits and the payment status, never the full card number or security code.
            </li>
            <li>
              <strong>Account details:</strong> your name, username, email address and a securely hashed password.
            </li>
            <li>
              <strong>Messages:</strong> what you send us through the contact and support forms.
            </li>
            <li>
              <strong>Technical data:</strong> IP address, browser type, pages visited and cookies, as described in our{' '}
              <Link to="/cookies">Cookie Policy</Link>.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use-data',
      title: 'How We Use Your Data',
      body: (
        <ul>
          <li>To search fares, make and manage your bookings with the airlines and take your payment.</li>
          <li>To send confirmations, schedule changes and other messages about your trips.</li>
          <li>To answer your questions and requests for help.</li>
          <li>To keep the site secure and prevent fraud, including limiting repeated sign-in attempts.</li>
          <li>To improve the site from aggregated usage information.</li>
          <li>To send fare alerts and offers, only if you have subscribed; you can unsubscribe at any time.</li>
        </ul>
      ),
    },
    {
      id: 'data-security',
      title: 'Data Security',
      body: (
        <p>
          We protect your data with encryption in transit, hashed passwords, signed session cookies and restricted staff
          access. Passenger identity data is stored encrypted so that it can be permanently erased on request. No system
          is completely secure, but we review our safeguards regularly and will tell you and the authorities promptly if
          a breach affects your data.
        </p>
      ),
    },
    {
      id: 'data-retention',
      title: 'Data Retention',
      body: (
        <p>
          We keep booking and payment records for as long as the law requires for tax, accounting and consumer
          protection purposes. Account data is kept while your account is open. Messages to support are kept for as long
          as needed to resolve them. Cookies are kept for the periods in our Cookie Policy, from{' '}
          {COOKIE_TYPES.find((cookie) => cookie.type === 'Authentication')?.duration} for authentication cookies to{' '}
          {COOKIE_TYPES.find((cookie) => cookie.type === 'Analytics')?.duration} for analytics cookies.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your Legal Rights',
      body: (
        <>
          <p>Depending on where you live, you may have the right to:</p>
          <ul>
            <li>access the personal data we hold about you and receive a copy of it;</li>
            <li>have inaccurate data corrected;</li>
            <li>have your data erased, except where we must keep it by law;</li>
            <li>object to or restrict some uses of your data, including marketing;</li>
            <li>withdraw consent you have given, at any time;</li>
            <li>complain to your data protection authority.</li>
          </ul>
          <p>
            To use these rights, contact us using the details below. We answer emails {POLICY.emailResponse} and
            complete requests within the time the law allows.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: "Children's Privacy",
      body: (
        <p>
          Our website is not intended for children under {POLICY.childrenUnderAge}, and we do not knowingly collect
          personal data from them except as part of a booking made by a parent or guardian who travels with them or
          arranges their travel. Account holders must be over {POLICY.accountHolderMinimumAge}. If you believe a child
          under {POLICY.childrenUnderAge} has given us personal data, please contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      body: (
        <p>
          We may update this policy to reflect changes in our services or the law. We will give at least{' '}
          {POLICY.materialChangeNoticeDays} days notice of material changes by email to account holders and on this
          page. The date at the top shows when it was last updated.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <>
          <p>For any question about this policy or your personal data, contact our privacy team:</p>
          <ContactDetails />
        </>
      ),
    },
  ];
}

export function PrivacyPage() {
  const brand = useBrandContact();
  usePageMeta({ description: `How ${brand.name} collects, uses and protects your personal data.` });
  return (
    <PolicyPage
      title="Privacy Policy"
      lead={`How ${brand.name} collects, uses and protects your personal data.`}
      meta={`Last updated ${POLICY.privacyLastUpdated}`}
      sections={privacySections(brand)}
    />
  );
}
