import { FAQ } from '@contrail/shared/content/faq';
import { searchFaq, type FaqSearchResult } from '@contrail/shared/content/faq-search';
import { POLICY } from '@contrail/shared/content/policy';
import BookOpen from 'lucide-react/icons/book-open';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Clock from 'lucide-react/icons/clock';
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import * as Tabs from 'radix-ui/tabs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageMeta } from '../brand/page-meta';
import { buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { BookingLookup } from './BookingLookup';
import { FaqAccordion } from './FaqAccordion';
import { FaqSearchResults } from './FaqSearchResults';
import { HELP_CENTER_ENTRIES, HELP_TOPICS } from './help-topics';
import { PageHeader } from './PageHeader';
import { SearchBox } from './SearchBox';
import { SupportRequestForm } from './SupportRequestForm';
import { tabTriggerClass } from './tab-styles';
import { useBrandContact } from './use-brand-contact';

const TABS = [
  { value: 'help', label: 'Help Center' },
  { value: 'contact', label: 'Contact Us' },
  { value: 'bookings', label: 'My Bookings' },
] as const;
type TabValue = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

function ContactCards() {
  const brand = useBrandContact();
  const card = 'flex items-start gap-3 p-5';
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Card className={card}>
        <Phone className="mt-1 h-5 w-5 shrink-0 text-primary-text" aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold">Phone support</p>
          <a href={brand.phoneHref} className="text-sm text-primary-text hover:underline">
            {brand.phone}
          </a>
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <Clock className="h-3.5 w-3.5" aria-hidden /> {brand.hours.supportPage}
          </p>
        </div>
      </Card>
      <Card className={card}>
        <Mail className="mt-1 h-5 w-5 shrink-0 text-primary-text" aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold">Email support</p>
          <a
            href={`mailto:${brand.email}`}
            className="text-sm text-primary-text [overflow-wrap:anywhere] hover:underline"
          >
            {brand.email}
          </a>
          <p className="text-sm text-muted-foreground">We reply {POLICY.emailResponse}</p>
        </div>
      </Card>
      <Card className={card}>
        <BookOpen className="mt-1 h-5 w-5 shrink-0 text-primary-text" aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold">Frequently asked questions</p>
          <Link to="/faq" className="text-sm text-primary-text hover:underline">
            Browse all answers
          </Link>
          <p className="text-sm text-muted-foreground">Booking, payment, changes and more</p>
        </div>
      </Card>
    </div>
  );
}

function HelpTopics() {
  return (
    <section aria-labelledby="help-topics" className="mt-12">
      <h2 id="help-topics" className="text-xl font-bold">
        Popular help topics
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {HELP_TOPICS.map((topic) => (
          <li key={topic.category}>
            <Link
              to={`/faq?category=${topic.category}`}
              className="flex h-full items-center justify-between gap-3 rounded-xl border border-border bg-background p-4 hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
            >
              <span className="min-w-0">
                <span className="block font-semibold">{topic.title}</span>
                <span className="block text-sm text-muted-foreground">{topic.text}</span>
              </span>
              <ChevronRight className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MyBookingsTab() {
  return (
    <div className="grid gap-8">
      <section aria-labelledby="signed-in-bookings">
        <h2 id="signed-in-bookings" className="text-lg font-bold">
          Manage your trips
        </h2>
        <p className="mt-1 text-muted-foreground">
          Sign in to see every booking, its flights and passengers, and to cancel.
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Link to="/login" className={buttonClass('primary', 'lg')}>
            Log In
          </Link>
          <Link to="/my-trips" className={buttonClass('outline', 'lg')}>
            Go to My Trips
          </Link>
        </div>
      </section>
      <section aria-labelledby="find-booking">
        <h2 id="find-booking" className="text-lg font-bold">
          Check a booking&apos;s status
        </h2>
        <p className="mt-1 mb-4 text-muted-foreground">
          No account needed: enter the booking reference and the email address used to book.
        </p>
        <BookingLookup />
      </section>
    </div>
  );
}

export function SupportPage() {
  const brand = useBrandContact();
  usePageMeta({ description: `Help with your ${brand.name} bookings: answers, contact details and booking status.` });
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'help';
  const [result, setResult] = useState<FaqSearchResult | null>(null);

  return (
    <div>
      <PageHeader width="max-w-5xl" title="Support Center" lead="How can we help you today?" />
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <SearchBox
          id="support-search"
          label="Search help articles"
          placeholder="Search help"
          onSearch={(query) => setResult(searchFaq(FAQ, query))}
        />
        {result && (
          <div className="mt-6">
            <FaqSearchResults result={result} />
          </div>
        )}

        <div className="mt-10">
          <ContactCards />
        </div>

        <Tabs.Root
          value={tab}
          onValueChange={(value) => setParams({ tab: value }, { replace: true, preventScrollReset: true })}
          className="mt-10"
        >
          <Tabs.List aria-label="Support" className="grid grid-cols-3 gap-1 rounded-xl bg-muted p-1">
            {TABS.map((item) => (
              <Tabs.Trigger key={item.value} value={item.value} className={tabTriggerClass}>
                {item.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="help" className="mt-6">
            <FaqAccordion entries={HELP_CENTER_ENTRIES} headingLevel={2} />
            <p className="mt-4 text-sm">
              <Link to="/faq" className="font-medium text-primary-text underline">
                See all frequently asked questions
              </Link>
            </p>
          </Tabs.Content>
          <Tabs.Content value="contact" className="mt-6">
            <Card className="p-5 sm:p-6">
              <SupportRequestForm />
            </Card>
          </Tabs.Content>
          <Tabs.Content value="bookings" className="mt-6">
            <MyBookingsTab />
          </Tabs.Content>
        </Tabs.Root>

        <HelpTopics />
      </div>
    </div>
  );
}
