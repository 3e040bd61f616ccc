interface LabelledSlice {
  origin?: { iata_code?: string | null } | null;
  destination?: { iata_code?: string | null } | null;
}

/**
 * What a trip's flight is called beside its route (issue 34): "Outbound" and "Return" for a one-way
 * trip or a return to where it started; "Flight 1", "Flight 2"... for open-jaw and multi-city trips.
 */
export function sliceLabel(slices: readonly LabelledSlice[], index: number): string {
  return isOutAndBack(slices) ? (index === 0 ? 'Outbound' : 'Return') : `Flight ${index + 1}`;
}

/** One way, or two flights of which the second comes back to where the first left. */
export function isOutAndBack(slices: readonly LabelledSlice[]): boolean {
  if (slices.length <= 1) return true;
  if (slices.length > 2) return false;
  const [out, back] = slices;
  const start = out?.origin?.iata_code;
  const end = back?.destination?.iata_code;
  // Without the codes, as before issue 34: the second flight is the return.
  return !start || !end || start === end;
}

/** "One Way", "Round Trip" or "Multi-city", as summaries name a trip. */
export function tripKindLabel(slices: readonly LabelledSlice[]): string {
  if (slices.length <= 1) return 'One Way';
  return isOutAndBack(slices) ? 'Round Trip' : 'Multi-city';
}

/**
 * A multi-city trip's route in one line: "JFK → LHR → CDG → JFK" when each flight leaves from
 * where the one before landed, "JFK → LHR, CDG → JFK" where it does not (an open jaw).
 */
export function multiCityRoute(slices: readonly LabelledSlice[], arrow = '→'): string {
  let text = '';
  slices.forEach((slice, i) => {
    const from = slice.origin?.iata_code ?? '?';
    const to = slice.destination?.iata_code ?? '?';
    const joined = i > 0 && slices[i - 1]!.destination?.iata_code === from;
    text += joined ? ` ${arrow} ${to}` : `${i > 0 ? ', ' : ''}${from} ${arrow} ${to}`;
  });
  return text;
}
