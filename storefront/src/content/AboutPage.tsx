import { POLICY } from '@contrail/shared/content/policy';
import Compass from 'lucide-react/icons/compass';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link } from 'react-router';
import { usePageMeta } from '../brand/page-meta';
import { buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { PageHeader } from './PageHeader';
import { useBrandContact } from './use-brand-contact';

export function AboutPage() {
  const brand = useBrandContact();
  usePageMeta({ description: `About ${brand.name}: who we are, our mission and how we help travellers book flights.` });
  const approach = [
    {
      icon: Compass,
      title: 'Every option, one search',
      text: 'We compare fares from hundreds of airlines, including connections through their hubs, so you can choose by price, time or stops.',
    },
    {
      icon: ShieldCheck,
      title: 'Clear prices, secure payment',
      text: 'The total you see includes taxes and our fee. Your card is charged only once the airline confirms your booking.',
    },
    {
      icon: HeartHandshake,
      title: 'People when you need them',
      text: `Our travel experts answer the phone ${brand.hours.phone} and emails ${POLICY.emailResponse}, for changes, cancellations and everything in between.`,
    },
  ];

  return (
    <div>
      <PageHeader
        width="max-w-4xl"
        title={`About ${brand.name}`}
        lead="Making flight booking simple, transparent and personal."
      />

      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <section aria-labelledby="our-story">
          <h2 id="our-story" className="text-2xl font-bold">
            Our story
          </h2>
          <div className="mt-4 grid gap-4 leading-7 text-muted-foreground">
            <p>
              {brand.name} started with a simple frustration: booking a flight meant opening a dozen tabs, comparing
              prices that changed at the last step, and never knowing who to call when plans changed.
            </p>
            <p>
              We built a travel agency that does the comparing for you and stays with you after you pay. We book with
              the airlines on your behalf, as your intermediary: the airline flies you under its conditions of carriage,
              and we make sure the booking, the changes and the refunds are handled properly.
            </p>
          </div>
        </section>

        <section aria-labelledby="our-mission" className="mt-12">
          <h2 id="our-mission" className="text-2xl font-bold">
            Our mission
          </h2>
          <p className="mt-4 leading-7 text-muted-foreground">
            To give every traveller honest prices, a booking that takes minutes and real help from real people, whether
            it is their first flight or their hundredth.
          </p>
        </section>

        <section aria-labelledby="our-approach" className="mt-12">
          <h2 id="our-approach" className="text-2xl font-bold">
            Our approach
          </h2>
          <div className="mt-6 grid gap-4 md:grid-cols-3">
            {approach.map(({ icon: Icon, title, text }) => (
              <Card key={title} className="p-5">
                <Icon className="h-6 w-6 text-primary-text" aria-hidden />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">{text}</p>
              </Card>
            ))}
          </div>
        </section>
      </div>

      <section aria-labelledby="join-us" className="bg-primary-surface text-primary-foreground">
        <div className="mx-auto max-w-4xl px-4 py-12 text-center sm:px-6">
          <h2 id="join-us" className="text-2xl font-bold">
            Join us
          </h2>
          <p className="mx-auto mt-3 max-w-2xl">
            Create a free account to keep all your trips in one place, or get in touch to tell us how we can help.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/register" className={buttonClass('secondary', 'lg')}>
              Create an account
            </Link>
            <Link
              to="/contact"
              className={buttonClass(
                'outline',
                'lg',
                'border-primary-foreground bg-transparent text-primary-foreground hover:bg-primary-hover',
              )}
            >
              Contact us
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
