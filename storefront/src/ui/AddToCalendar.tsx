import { ADD_TO_CALENDAR, tripCalendarPath } from '@contrail/shared/booking/calendar';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import { buttonClass } from './button';

/** Issue 36: the trip's flights as a calendar file, for the traveller whose trip it is (signed in). */
export function AddToCalendar({ bookingId, size = 'md' }: { bookingId: string; size?: 'md' | 'lg' }) {
  return (
    <a href={tripCalendarPath(bookingId)} download className={buttonClass('outline', size)}>
      <CalendarPlus className="h-4 w-4" aria-hidden />
      {ADD_TO_CALENDAR}
    </a>
  );
}
