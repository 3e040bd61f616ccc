// Apart from refund.ts (and its zod schemas), so that Fare Rules and checkout state it without zod.

/** The brand's refund policy in one sentence, as the cancellation policy, Fare Rules, checkout and the quote word it. */
export function serviceFeePolicy(brandName: string, markupKeptOnRefund: boolean): string {
  return markupKeptOnRefund
    ? `${brandName}'s service fee (the difference between the airline's price and the price you paid) is not refunded when you cancel.`
    : `${brandName} refunds its service fee when you cancel: only the airline's cancellation fee is kept.`;
}
