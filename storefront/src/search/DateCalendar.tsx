import { format } from 'date-fns/format';
import { enUS } from 'date-fns/locale';
import { DayPicker, type Modifiers } from 'react-day-picker';

/** A day's name holds its visible number (WCAG 2.5.3): "Sunday, November 1, 2026", not "November 1st". */
function labelDayButton(date: Date, modifiers: Modifiers): string {
  const label = format(date, 'EEEE, MMMM d, yyyy');
  return `${modifiers.today ? 'Today, ' : ''}${label}${modifiers.selected ? ', selected' : ''}`;
}

interface DateCalendarProps {
  selected: Date | undefined;
  /** The first selectable day. */
  min: Date;
  /** The last selectable day (the last on sale). */
  max: Date;
  onSelect: (date: Date) => void;
}

/**
 * The date field's month calendar: week starts Sunday, English (US) (seed 000 §9). Its own module,
 * loaded when a calendar is first opened, with the calendar library and the locale.
 */
export function DateCalendar({ selected, min, max, onSelect }: DateCalendarProps) {
  return (
    <DayPicker
      mode="single"
      locale={enUS}
      weekStartsOn={0}
      labels={{ labelDayButton }}
      selected={selected}
      defaultMonth={selected ?? min}
      startMonth={min}
      endMonth={max}
      disabled={[{ before: min }, { after: max }]}
      autoFocus
      onSelect={(date) => {
        if (date) onSelect(date);
      }}
    />
  );
}
