/** The markup of seed 000 §9 (customer price = supplied price x 1.23): every brand's default. */
export const DEFAULT_PRICE_MARKUP = 1.23;
