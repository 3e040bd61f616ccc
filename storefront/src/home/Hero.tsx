import { Card } from '../ui/card';
import { SearchForm } from '../search/SearchForm';
import { CallNowCard } from './CallNowCard';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative bg-primary-surface text-primary-foreground">
      <div className="mx-auto max-w-7xl px-4 pt-12 pb-8 sm:px-6 lg:pt-16">
        <div className="grid gap-6 lg:grid-cols-[1fr_auto] lg:items-end">
          <div>
            <h1 id="hero-title" className="text-3xl font-bold sm:text-4xl lg:text-5xl">
              Find and book your next flight
            </h1>
            <p className="mt-3 max-w-2xl text-lg">
              Compare fares from hundreds of airlines and book in minutes, with real people to help when you need them.
            </p>
          </div>
          <div className="lg:w-96">
            <CallNowCard />
          </div>
        </div>
        <Card id="search" className="mt-8 p-4 text-foreground shadow-xl sm:p-6">
          <h2 className="sr-only">Search flights</h2>
          <SearchForm />
        </Card>
      </div>
    </section>
  );
}
