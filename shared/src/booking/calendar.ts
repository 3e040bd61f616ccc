/** Issue 36: where a trip's iCalendar file is served (every flight, in its airport's time zone). */
export const tripCalendarPath = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/calendar.ics`;

export const ADD_TO_CALENDAR = 'Add to calendar (.ics)';
