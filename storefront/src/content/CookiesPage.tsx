import { COOKIE_TYPES, POLICY } from '@contrail/shared/content/policy';
import { Link } from 'react-router';
import { usePageMeta } from '../brand/page-meta';
import { ContactDetails } from './ContactDetails';
import { PolicyPage, type PolicySection } from './PolicyPage';
import { useBrandContact, type BrandContact } from './use-brand-contact';

/** Below 640 px the table becomes a list of cards, so the duration is never scrolled out of view. */
function CookieCards() {
  return (
    // list-none! and pl-0!: the policy text's list style (bullets, indent) is for its prose lists, not for cards (issue 33).
    <ul className="mt-4 grid list-none! gap-3 space-y-0! pl-0! sm:hidden" aria-label="Types of cookies we use">
      {COOKIE_TYPES.map((cookie) => (
        <li key={cookie.type} className="rounded-xl border border-border p-4 text-sm">
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-semibold">{cookie.type}</span>
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold">{cookie.duration}</span>
          </p>
          <p className="mt-0.5 text-xs text-muted-foreground">{cookie.required ? 'Strictly necessary' : 'Optional'}</p>
          <p className="mt-2">{cookie.purpose}</p>
        </li>
      ))}
    </ul>
  );
}

function CookieTable() {
  return (
    <div className="mt-4 hidden overflow-x-auto rounded-xl border border-border sm:block">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Types of cookies we use and how long they are kept</caption>
        <thead className="bg-subtle">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Type
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Purpose
            </th>
            <th scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
              Duration
            </th>
          </tr>
        </thead>
        <tbody>
          {COOKIE_TYPES.map((cookie) => (
            <tr key={cookie.type} className="border-t border-border align-top">
              <th scope="row" className="px-4 py-3 font-semibold">
                {cookie.type}
                <span className="block text-xs font-normal text-muted-foreground">
                  {cookie.required ? 'Strictly necessary' : 'Optional'}
                </span>
              </th>
              <td className="px-4 py-3">{cookie.purpose}</td>
              <td className="px-4 py-3 whitespace-nowrap">{cookie.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function cookieSections(brand: BrandContact): PolicySection[] {
  return [
    {
      id: 'what-are-cookies',
      title: 'What Are Cookies',
      body: (
        <p>
          Cookies are small text files that a website stores in your browser. They let the site remember you between
          pages and visits, keep you signed in and understand how the site is used. Similar technologies, such as local
          storage, are covered by this policy too.
        </p>
      ),
    },
    {
      id: 'how-we-use-cookies',
      title: 'How We Use Cookies',
      body: (
        <p>
          {brand.name} uses cookies to keep your session secure while you search and book, to remember your preferences,
          to measure how the site performs and, with your consent, to measure our advertising. We do not use cookies to
          store card numbers or passport details.
        </p>
      ),
    },
    {
      id: 'types-of-cookies',
      title: 'Types of Cookies We Use',
      body: (
        <>
          <p>The table shows each type of cookie we set and how long it is kept.</p>
          <CookieTable />
          <CookieCards />
        </>
      ),
    },
    {
      id: 'third-party-cookies',
      title: 'Third-Party Cookies',
      body: (
        <p>
          Some cookies are set by services we use, such as our payment provider (to prevent fraud) and analytics and
          advertising partners. These providers process the data under their own privacy policies. We only allow
          analytics and marketing cookies when you have agreed to them.
        </p>
      ),
    },
    {
      id: 'managing-cookies',
      title: 'Managing Your Cookies',
      body: (
        <>
          <p>
            You can refuse or delete cookies in your browser settings at any time. Authentication cookies are strictly
            necessary: without them you cannot stay signed in or complete a booking. Refusing the optional cookies does
            not affect searching or booking.
          </p>
          <p>
            Your browser&apos;s help pages explain how to manage cookies. See also our{' '}
            <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      body: (
        <p>
          We may update this policy when we change the cookies we use. We will give at least{' '}
          {POLICY.materialChangeNoticeDays} days notice of material changes on this page.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <>
          <p>Questions about cookies? Contact us:</p>
          <ContactDetails />
        </>
      ),
    },
  ];
}

export function CookiesPage() {
  const brand = useBrandContact();
  usePageMeta({ description: `Which cookies ${brand.name} uses, why, and how long they are kept.` });
  return (
    <PolicyPage
      title="Cookie Policy"
      lead={`Which cookies ${brand.name} uses, why, and how you can control them.`}
      sections={cookieSections(brand)}
    />
  );
}
