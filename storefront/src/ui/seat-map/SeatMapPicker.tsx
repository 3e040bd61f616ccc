import type { SeatMapElementView, SeatMapView } from '@contrail/shared/flights/seat-map';
import MoveHorizontal from 'lucide-react/icons/move-horizontal';
import { useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../cn';
import { formatPrice } from '@contrail/shared/results/format';
import { SEAT_CABIN_LABELS, seatServiceFor, type SeatChoice } from './seats';
import { useSidewaysOverflow } from './use-sideways-overflow';

export interface SeatPassenger {
  id: string;
  label: string;
}

interface PickerProps {
  map: SeatMapView;
  title: string;
  passengers: SeatPassenger[];
  activePassenger: number;
  choices: SeatChoice[];
  onChoose: (choice: SeatChoice) => void;
}

const pos = (row: number, column: number) => `${row}:${column}`;

function Legend() {
  return (
    <ul className="flex flex-wrap gap-4 text-xs" aria-label="Legend">
      <li className="inline-flex items-center gap-1.5">
        <span className="h-4 w-4 rounded-sm border border-primary-surface bg-background" aria-hidden /> Available
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className="h-4 w-4 rounded-sm bg-primary-surface" aria-hidden /> Selected
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className="h-4 w-4 rounded-sm border border-border bg-muted" aria-hidden /> Unavailable
      </li>
    </ul>
  );
}

function Facility({ element }: { element: SeatMapElementView }) {
  const label =
    element.type === 'exit_row'
      ? 'EXIT'
      : element.type === 'lavatory'
        ? 'WC'
        : element.type === 'galley'
          ? 'G'
          : element.type === 'closet'
            ? 'C'
            : '';
  return (
    <span
      aria-hidden
      className="flex h-8 w-8 items-center justify-center text-[9px] font-semibold text-muted-foreground"
    >
      {label}
    </span>
  );
}

/**
 * One flight's seat map (seed 001 §2): cabins, rows and sections with aisles between them, front
 * and rear markers and a legend. A seat goes to the passenger being seated; arrow keys move between
 * seats (one tab stop per map).
 */
export function SeatMapPicker({ map, title, passengers, activePassenger, choices, onChoose }: PickerProps) {
  const passenger = passengers[activePassenger];
  const [focusPos, setFocusPos] = useState<string | null>(null);
  const mine = choices.filter((choice) => choice.segmentId === map.segment_id);
  const owner = (designator: string) => mine.find((choice) => choice.designator === designator);

  // Seats numbered across cabins so that arrow keys can walk the whole map.
  let rowCounter = 0;
  const layout = map.cabins.map((cabin) =>
    cabin.rows.map((row) => {
      const rowIndex = rowCounter++;
      let column = 0;
      return {
        number: row.number,
        rowIndex,
        sections: row.sections.map((section) => section.elements.map((element) => ({ element, column: column++ }))),
      };
    }),
  );
  // The tab stop: the seat last focused, else the active passenger's seat, else the first seat they can take.
  const selectable = new Set<string>();
  let ownSeat: string | null = null;
  for (const rows of layout)
    for (const row of rows)
      for (const section of row.sections)
        for (const { element, column } of section) {
          if (!passenger || !element.designator || !seatServiceFor(element, passenger.id)) continue;
          const chosenBy = owner(element.designator);
          if (chosenBy && chosenBy.passengerId !== passenger.id) continue;
          selectable.add(pos(row.rowIndex, column));
          if (chosenBy) ownSeat ??= pos(row.rowIndex, column);
        }
  const tabStop =
    focusPos && selectable.has(focusPos) ? focusPos : (ownSeat ?? selectable.values().next().value ?? null);

  const scroller = useRef<HTMLDivElement>(null);
  const sideways = useSidewaysOverflow(scroller);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const deltas: Record<string, [number, number]> = {
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
    };
    const delta = deltas[event.key];
    const target = event.target as HTMLElement;
    const here = target.dataset.pos;
    if (!delta || !here) return;
    event.preventDefault();
    let [row, column] = here.split(':').map(Number) as [number, number];
    for (let step = 0; step < 60; step += 1) {
      row += delta[0];
      column += delta[1];
      if (row < 0 || column < 0 || row >= rowCounter || column > 20) return;
      const next = event.currentTarget.querySelector<HTMLButtonElement>(`[data-pos="${pos(row, column)}"]`);
      if (next && !next.disabled) {
        setFocusPos(pos(row, column));
        next.focus();
        return;
      }
    }
  };

  return (
    <section className="rounded-lg border border-border p-3 sm:p-4" aria-label={`Seat map, ${title}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">{title}</h4>
        <Legend />
      </div>
      {sideways && (
        <p className="mt-2 flex items-center gap-1 text-xs font-medium text-muted-foreground" role="note">
          <MoveHorizontal className="h-4 w-4" aria-hidden /> Scroll sideways to see every seat.
        </p>
      )}
      <div ref={scroller} className="mt-3 max-h-[32rem] overflow-auto rounded-md bg-subtle p-2 sm:p-3">
        <div className="mx-auto w-max" onKeyDown={move}>
          <p className="mb-2 rounded-t-[3rem] border-b border-border pt-2 pb-1 text-center text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Front
          </p>
          {map.cabins.map((cabin, cabinIndex) => (
            <div key={cabinIndex} role="group" aria-label={`${SEAT_CABIN_LABELS[cabin.cabin_class]} cabin`}>
              <p className="my-2 text-center text-xs font-bold">{SEAT_CABIN_LABELS[cabin.cabin_class]}</p>
              {layout[cabinIndex]!.map((row) => (
                <div key={row.rowIndex} className="flex items-center gap-1 py-0.5">
                  <span className="w-6 text-right text-[10px] text-muted-foreground tabular-nums">
                    {row.number ?? ''}
                  </span>
                  {row.sections.map((section, sectionIndex) => (
                    <div key={sectionIndex} className="flex gap-1 [&:not(:last-child)]:mr-5">
                      {section.map(({ element, column }) => {
                        if (element.type !== 'seat' || !element.designator)
                          return <Facility key={column} element={element} />;
                        const here = pos(row.rowIndex, column);
                        const service = passenger ? seatServiceFor(element, passenger.id) : undefined;
                        const chosenBy = owner(element.designator);
                        const chosenLabel = chosenBy
                          ? passengers.find((each) => each.id === chosenBy.passengerId)?.label
                          : undefined;
                        const amount = service ? Number(service.total_amount) : 0;
                        const price = service
                          ? amount > 0
                            ? formatPrice(amount, service.total_currency)
                            : 'Free'
                          : null;
                        const takenByOther = chosenBy && chosenBy.passengerId !== passenger?.id;
                        const disabled = !service || Boolean(takenByOther);
                        const letter = element.designator.replace(/^\d+/, '');
                        return (
                          <button
                            key={column}
                            type="button"
                            data-pos={here}
                            disabled={disabled}
                            tabIndex={here === tabStop ? 0 : -1}
                            aria-pressed={chosenBy ? true : false}
                            aria-label={`Seat ${element.designator}, ${
                              chosenLabel
                                ? `selected for ${chosenLabel}`
                                : service
                                  ? `available, ${price}`
                                  : 'unavailable'
                            }`}
                            title={`${element.designator}${price ? ` · ${price}` : ''}`}
                            onFocus={() => setFocusPos(here)}
                            onClick={() =>
                              service &&
                              passenger &&
                              onChoose({
                                passengerId: passenger.id,
                                segmentId: map.segment_id,
                                designator: element.designator!,
                                serviceId: service.id,
                                cabinClass: cabin.cabin_class,
                                amount,
                                currency: service.total_currency,
                              })
                            }
                            className={cn(
                              'flex h-8 w-8 flex-col items-center justify-center rounded-t-md rounded-b-sm border text-[10px] leading-none font-semibold',
                              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
                              chosenBy
                                ? 'border-primary-surface bg-primary-surface text-primary-foreground'
                                : service
                                  ? 'border-primary-surface bg-background text-primary-text hover:bg-primary/10'
                                  : 'cursor-not-allowed border-border bg-muted text-muted-foreground',
                            )}
                          >
                            {letter}
                            {service && amount > 0 && !chosenBy && (
                              <span aria-hidden className="mt-0.5 h-1 w-1 rounded-full bg-current" />
                            )}
                          </button>
                        );
                      })}
                    </div>
                  ))}
                </div>
              ))}
            </div>
          ))}
          <p className="mt-2 rounded-b-[3rem] border-t border-border pt-1 pb-2 text-center text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Rear
          </p>
        </div>
      </div>
    </section>
  );
}
