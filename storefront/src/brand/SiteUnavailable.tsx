import { BRAND_UNAVAILABLE_MESSAGE } from '@contrail/shared/brand/brand-key';

/**
 * A disabled brand's domain: a plain page in neutral colours, with no brand's name or logo, the
 * platform's included (its visitors never chose the platform).
 */
export function SiteUnavailable() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-white p-6 text-center text-[#1f2933]">
      <div className="max-w-md">
        <h1 className="text-2xl font-semibold">{BRAND_UNAVAILABLE_MESSAGE}.</h1>
        <p className="mt-3 text-[#52606d]">
          Please check the address, or come back later. If you have booked a trip here, your booking and your tickets
          are not affected: the airline&apos;s confirmation email has what you need.
        </p>
      </div>
    </main>
  );
}
