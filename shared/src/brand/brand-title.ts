/** The document title of every storefront page: the brand's name, as the tab and search engines show it. */
export const brandTitle = (name: string) => `${name} - Flight Booking`;
