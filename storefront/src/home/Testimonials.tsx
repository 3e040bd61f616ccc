import Star from 'lucide-react/icons/star';
import { Card } from '../ui/card';

/** Three customer testimonials (seed 000 §1): name, location, rating 4 or 5, comment. */
export const TESTIMONIALS = [
  {
    name: 'Sarah Mitchell',
    location: 'Denver, CO',
    rating: 5,
    comment: 'Found a round trip to Lisbon for far less than anywhere else, and the booking took two minutes.',
  },
  {
    name: 'Rahul Mehta',
    location: 'Edison, NJ',
    rating: 5,
    comment: 'I called at midnight to change a connection and a real person sorted it out while I waited.',
  },
  {
    name: 'Emily Chen',
    location: 'Seattle, WA',
    rating: 4,
    comment: 'Clear prices with no surprises at checkout. I will book our family trip here again.',
  },
] as const;

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="testimonials-title" className="text-center text-2xl font-bold sm:text-3xl">
        What our travelers say
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <Card className="flex h-full flex-col p-6">
              <p className="flex gap-1" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                {Array.from({ length: 5 }, (_, i) => (
                  <Star
                    key={i}
                    aria-hidden
                    className={i < t.rating ? 'h-5 w-5 fill-warning text-warning' : 'h-5 w-5 text-border'}
                  />
                ))}
              </p>
              <blockquote className="mt-4 flex-1 text-foreground">“{t.comment}”</blockquote>
              <p className="mt-4 font-semibold">{t.name}</p>
              <p className="text-sm text-muted-foreground">{t.location}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
