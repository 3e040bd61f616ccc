import { isInternationalOffer, lastFlightDate } from '@contrail/shared/booking/international';
import type { Passenger } from '@contrail/shared/booking/passenger';
import { PASSENGER_TYPE_LABELS } from '@contrail/shared/booking/passenger-fields';
import type { VerifyOfferResult } from '@contrail/shared/flights/verify-offer';
import { formatDatePattern } from '@contrail/shared/results/date-pattern';
import { backToSearchUrl } from '@contrail/shared/results/search-links';
import { hasBagsParams } from '@contrail/shared/results/bag-query';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../app/api-error';
import { whenTheVisitorActs } from '../ui/when-the-visitor-acts';
import { lazyPage } from '../app/lazy-page';
import { PageLoading } from '../app/PageLoading';
import { useBrand } from '../brand/brand-context';
import { flightApi, useFlightOfferQuery } from '../flight/flightApi';
import { useZodForm } from '../forms/use-zod-form';
import { loadLastSearch } from '../app/local-store';
import { buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { useToast } from '../ui/use-toast';
import { fullOfferContext } from '@contrail/shared/pricing/offer-trip';
import {
  EXPIRED_REDIRECT_MS,
  EXPIRY_WARNING_MINUTES,
  FLOW_MESSAGES,
  PASSENGER_RECHECK_MS,
  PAYMENT_RECHECK_MS,
  offerPrice,
  passengerTypesFor,
  type BookingStep,
} from './booking-flow';
import { findBankCheck, returnPathOf } from './bank-check';
import { BookingFrame } from './BookingFrame';
import { FlightSummaryCard } from './FlightSummaryCard';
import { emptyPassenger } from './passenger-form';
import { PassengerStep } from './PassengerStep';
import type { BookedTrip } from './PaymentStep';
import { offerPassengerIds, seatsTotal, type SeatChoice } from './seats';
import type { BagsSelection } from './BagsChoice';

/**
 * Where an expired offer sends the traveller back to: the search carried on the booking link, else
 * the last saved search, else home (issue 33: never a bare /search, which has no search to show).
 */
function searchUrl(bookingParams: URLSearchParams): string {
  return backToSearchUrl(bookingParams, loadLastSearch());
}

function OfferError({ message, params }: { message: string; params: URLSearchParams }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <AlertTriangle className="h-8 w-8 text-destructive-text" aria-hidden />
        <h1 className="text-xl font-bold">Error loading flight details</h1>
        <p className="text-muted-foreground">{message}</p>
        <Link to={searchUrl(params)} className={buttonClass('primary')}>
          Back to Search Results
        </Link>
      </Card>
    </div>
  );
}

/** /booking?offer=&adults=&children=&infants= (seed 001 §2, §4): the four booking steps. */
// The later steps (the seat map, the card rules with zod) load once the traveller starts on the
// first step (a pointer moves or a key is pressed), well before they are needed: the passenger
// step's first load carries none of them, and nothing loads for a visitor who only looks (issue 38).
const SeatStep = lazyPage(() => import('./SeatStep'), 'SeatStep');
const PaymentStep = lazyPage(() => import('./PaymentStep'), 'PaymentStep');
const ConfirmationStep = lazyPage(() => import('./ConfirmationStep'), 'ConfirmationStep');
const BagsChoice = lazyPage(() => import('./BagsChoice'), 'BagsChoice');
const preloadLaterSteps = () =>
  Promise.all([SeatStep.preload(), PaymentStep.preload(), ConfirmationStep.preload(), BagsChoice.preload()]);

export function BookingPage() {
  const [params] = useSearchParams();
  const offerId = params.get('offer') ?? '';
  const offerQuery = useFlightOfferQuery(offerId, { skip: !offerId });
  if (!offerId) return <OfferError message={FLOW_MESSAGES.offerNotFound} params={params} />;
  if (offerQuery.isLoading) return <PageLoading label="Loading flight details..." />;
  if (offerQuery.isError || !offerQuery.data?.slices?.length) {
    return (
      <OfferError
        params={params}
        message={
          offerQuery.isError ? errorMessage(offerQuery.error, FLOW_MESSAGES.offerNotFound) : FLOW_MESSAGES.offerNotFound
        }
      />
    );
  }
  return <BookingFlow key={offerId} params={params} offer={offerQuery.data} />;
}

type Offer = NonNullable<ReturnType<typeof useFlightOfferQuery>['data']>;

function BookingFlow({ params, offer }: { params: URLSearchParams; offer: Offer }) {
  const { brand } = useBrand();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [verify] = flightApi.useLazyVerifyOfferQuery();
  const types = useMemo(() => passengerTypesFor(params, offer), [params, offer]);
  const offerIds = useMemo(() => offerPassengerIds(offer, types), [offer, types]);
  // Back from the bank's 3-D Secure check: the payment step again, with what was chosen before leaving.
  const [bankCheck] = useState(() => findBankCheck(offer.id, params));
  const [step, setStep] = useState<BookingStep>(bankCheck ? 'payment' : 'passenger-info');
  const today = formatDatePattern(new Date(), 'yyyy-MM-dd');
  const passportRequired = isInternationalOffer(offer);
  // The rules, with zod, load with the first check: the form shows without them.
  const schema = useMemo(
    () => async () =>
      (await import('./passenger-schema')).passengerFormSchema({
        passportRequired,
        today,
        lastFlightDate: lastFlightDate(offer),
      }),
    [passportRequired, today, offer],
  );
  // Kept here, above the steps, so going back to Passenger Details finds what was typed.
  const passengerForm = useZodForm(schema, { passengers: types.map(emptyPassenger) }, { focusError: false });
  const [passengers, setPassengers] = useState<Passenger[]>(bankCheck?.passengers ?? []);
  const [seats, setSeats] = useState<SeatChoice[]>(bankCheck?.seats ?? []);
  // The bags the results were priced with (issue 35), pre-selected once the rule's chunk is in (the
  // passenger step's first load carries no bag rules).
  const [bags, setBags] = useState<BagsSelection | null>(() =>
    bankCheck?.bags
      ? { wanted: null, choices: bankCheck.bags, amount: bankCheck.bagsAmount ?? 0, cannotCarry: null }
      : null,
  );
  const [bagsInLink] = useState(() => hasBagsParams(params));
  useEffect(() => {
    if (!bagsInLink) return;
    let current = true;
    void import('./BagsChoice').then(({ selectBagsFromLink }) => {
      if (current) setBags((chosen) => chosen ?? selectBagsFromLink(offer, params));
    });
    return () => {
      current = false;
    };
  }, [offer, bagsInLink, params]);
  const [trip, setTrip] = useState<BookedTrip | null>(null);
  const [offerProblem, setOfferProblem] = useState<string | null>(null);
  const [expiringAt, setExpiringAt] = useState<number | null>(null);
  const expired = useRef(false);
  const [offerGone, setOfferGone] = useState(false);
  const price = offerPrice(offer, fullOfferContext(offer, brand.pricing), seatsTotal(seats), bags?.amount ?? 0);

  const ask = useCallback(async (): Promise<VerifyOfferResult | null> => {
    try {
      return await verify(offer.id, false).unwrap();
    } catch {
      return null;
    }
  }, [verify, offer.id]);

  /** Passenger step (seed 001 §4): an invalid offer shows its message and blocks continuing. */
  const checkBeforePassengers = useCallback(async () => {
    const result = await ask();
    if (result?.valid) {
      setOfferProblem(null);
      return true;
    }
    setOfferProblem(result?.message || FLOW_MESSAGES.verifyFailed);
    return false;
  }, [ask]);

  /** Payment step (seed 001 §4, §8): warn when expiring soon; when invalid, toast and go to search after 4 s. */
  const checkOnPayment = useCallback(async () => {
    const result = await ask();
    if (result?.valid) {
      const expiresAt = result.expires_at ? Date.parse(result.expires_at) : Number.NaN;
      const soon = Number.isFinite(expiresAt) && expiresAt - Date.now() < EXPIRY_WARNING_MINUTES * 60_000;
      setExpiringAt(soon ? expiresAt : null);
      return true;
    }
    if (!expired.current) {
      expired.current = true;
      setOfferGone(true);
      const isExpired = !result || result.error === 'OFFER_EXPIRED';
      toast({
        title: isExpired ? FLOW_MESSAGES.expiredTitle : 'Offer Validation Failed',
        description: isExpired ? FLOW_MESSAGES.expired : result.message || FLOW_MESSAGES.verifyFailed,
        variant: 'destructive',
      });
      window.setTimeout(() => navigate(searchUrl(params)), EXPIRED_REDIRECT_MS);
    }
    return false;
  }, [ask, navigate, toast, params]);

  // Checked on arrival too (issue 20): an offer that already expired says so before anyone types.
  useEffect(() => {
    if (step !== 'passenger-info') return;
    const first = window.setTimeout(() => void checkBeforePassengers(), 0);
    const timer = window.setInterval(() => void checkBeforePassengers(), PASSENGER_RECHECK_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [step, checkBeforePassengers]);

  useEffect(() => whenTheVisitorActs(() => void preloadLaterSteps()), []);

  // While a payment is under way the engine checks the offer itself, and the airline may already
  // answer "sold" to this very booking's order: the periodic check waits until the payment ends.
  const paying = useRef(false);
  useEffect(() => {
    if (step !== 'payment') return;
    const timer = window.setInterval(() => {
      if (!paying.current) void checkOnPayment();
    }, PAYMENT_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [step, checkOnPayment]);

  const go = (next: BookingStep) => {
    setStep(next);
    window.scrollTo?.({ top: 0 });
  };
  // Checked on arrival too, so the expiring-soon warning does not wait for the first 15 s tick.
  const toPayment = () => {
    go('payment');
    void checkOnPayment();
  };
  const skipSeats = () => {
    setSeats([]);
    toPayment();
  };

  const seated = types
    .map((type, index) => ({ type, index, id: offerIds[index]! }))
    .filter(({ type }) => type !== 'infant_without_seat')
    .map(({ type, index, id }) => {
      const value = passengers[index];
      const name = value ? `${value.firstName} ${value.lastName}`.trim() : '';
      return { id, label: name || `Passenger ${index + 1} (${PASSENGER_TYPE_LABELS[type].split(' ')[0]})` };
    });

  return (
    // On phones the confirmation leaves room at the top for the Account Created toast (seed: toasts
    // stack at the top below 640 px), so the step indicator stays in sight.
    <BookingFrame
      step={step}
      className={cn(step === 'confirmation' && trip?.response.accountCreated && 'pt-12 sm:pt-6')}
      summary={<FlightSummaryCard offer={offer} price={price} />}
    >
      <Suspense fallback={<PageLoading label="Loading..." />}>
        {step === 'passenger-info' && (
          <PassengerStep
            form={passengerForm}
            types={types}
            rules={{ passportRequired, today }}
            offerCheck={{ problem: offerProblem, check: checkBeforePassengers }}
            onContinue={(parsed) => {
              setPassengers(parsed.map((passenger, index) => ({ ...passenger, id: offerIds[index] })));
              go('seat-selection');
            }}
          />
        )}
        {step === 'seat-selection' && (
          <BagsChoice offer={offer} travellers={seated.length} selection={bags} onChange={setBags} />
        )}
        {step === 'seat-selection' && (
          <SeatStep
            offer={offer}
            passengers={seated}
            choices={seats}
            onChoicesChange={setSeats}
            moves={{ onBack: () => go('passenger-info'), onSkip: skipSeats, onContinue: toPayment }}
          />
        )}
        {step === 'payment' && (
          <PaymentStep
            order={{ offer, price, passengers, seats, bags: bags?.choices ?? [] }}
            offerCheck={{
              expiringAt,
              gone: offerGone,
              check: checkOnPayment,
              paying: (underWay) => (paying.current = underWay),
            }}
            onBack={() => go('seat-selection')}
            bankCheck={bankCheck}
            onBankCheckDone={() => navigate(returnPathOf(window.location), { replace: true })}
            onBooked={(booked) => {
              setTrip(booked);
              go('confirmation');
              if (booked.response.accountCreated) {
                toast({ title: 'Account Created', description: 'Your login details are below.' });
              }
            }}
          />
        )}
        {step === 'confirmation' && trip && (
          <ConfirmationStep trip={trip} passengers={passengers} seats={seats} bags={bags?.choices} offer={offer} />
        )}
      </Suspense>
    </BookingFrame>
  );
}
