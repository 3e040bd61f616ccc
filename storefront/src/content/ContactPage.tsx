import { POLICY } from '@contrail/shared/content/policy';
import Clock from 'lucide-react/icons/clock';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { Link } from 'react-router';
import { usePageMeta } from '../brand/page-meta';
import { buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { ContactForm } from './ContactForm';
import { CONTACT_FAQ_ENTRIES } from './help-topics';
import { PageHeader } from './PageHeader';
import { useBrandContact } from './use-brand-contact';

function ContactInfo() {
  const brand = useBrandContact();
  const row = 'flex items-start gap-3';
  const icon = 'mt-1 h-5 w-5 shrink-0 text-primary-text';
  return (
    <Card className="grid gap-5 p-5 sm:p-6">
      <h2 className="text-lg font-bold">Other ways to reach us</h2>
      <div className={row}>
        <Phone className={icon} aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold">Call us {brand.hours.phone}</p>
          <a href={brand.phoneHref} className="text-primary-text hover:underline">
            {brand.phone}
          </a>
        </div>
      </div>
      <div className={row}>
        <Mail className={icon} aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold">Email</p>
          <a href={`mailto:${brand.email}`} className="text-primary-text [overflow-wrap:anywhere] hover:underline">
            {brand.email}
          </a>
          <p className="text-sm text-muted-foreground">We reply {POLICY.emailResponse}</p>
        </div>
      </div>
      {brand.address && (
        <div className={row}>
          <MapPin className={icon} aria-hidden />
          <div className="min-w-0">
            <p className="font-semibold">Office</p>
            <address className="text-sm text-muted-foreground not-italic">
              {brand.name}
              <br />
              {brand.address}
            </address>
          </div>
        </div>
      )}
      <div className={row}>
        <Clock className={icon} aria-hidden />
        <div className="min-w-0">
          <p className="font-semibold">Customer service hours</p>
          <p className="text-sm text-muted-foreground">{brand.hours.office}</p>
        </div>
      </div>
    </Card>
  );
}

export function ContactPage() {
  const brand = useBrandContact();
  usePageMeta({ description: `Contact ${brand.name}: send us a message, call or email our travel experts.` });
  return (
    <div>
      <PageHeader
        title="Contact Us"
        lead="Questions about a booking, a refund or anything else? Send us a message and our team will get back to you."
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="p-5 sm:p-6">
          <h2 className="mb-5 text-lg font-bold">Send us a message</h2>
          <ContactForm />
        </Card>
        <div>
          <ContactInfo />
        </div>
      </div>
      <section aria-labelledby="contact-faq" className="border-t border-border bg-subtle">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="contact-faq" className="text-2xl font-bold">
            Frequently asked questions
          </h2>
          <p className="mt-1 text-muted-foreground">You may find your answer here straight away.</p>
          <div className="mt-6 grid gap-4 md:grid-cols-2">
            {CONTACT_FAQ_ENTRIES.map((entry) => (
              <Card key={entry.id} className="p-5">
                <h3 className="font-semibold">{entry.question}</h3>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">{entry.answer}</p>
              </Card>
            ))}
          </div>
          <Link to="/faq" className={buttonClass('outline', 'lg', 'mt-6')}>
            View all FAQs
          </Link>
        </div>
      </section>
    </div>
  );
}
