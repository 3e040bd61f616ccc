/** The seat helpers live with the seat map, which My Trips shares (issue 36); the booking flow imports them from here. */
export * from '../ui/seat-map/seats';
