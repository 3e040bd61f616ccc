// INP from a Chromium trace's Event Timing events, as the web-vitals library computes it from the
// `event` entries a PerformanceObserver receives: the events of one interaction (pointerdown,
// pointerup, click…) share an interactionId, the interaction lasts as long as its longest event,
// and INP is the worst interaction, or a near-98th percentile once there are 50 or more.

/** The part of a trace event this reads (Lighthouse's `artifacts.Trace.traceEvents`). */
export interface TraceEvent {
  name: string;
  ph: string;
  /** Microseconds on the trace's clock. */
  ts: number;
  args?: { data?: unknown };
}

interface EventTimingData {
  interactionId?: number;
  /** From the input to the next paint, ms. */
  duration?: number;
}

/** web-vitals keeps the 10 longest interactions and skips one more of them for every 50 interactions. */
const LONGEST_KEPT = 10;
const INTERACTIONS_PER_SKIP = 50;

/** Each interaction's duration in ms (its longest event's), in the order the interactions began. */
export function interactionDurations(events: readonly TraceEvent[]): number[] {
  const interactions = new Map<number, { start: number; duration: number }>();
  for (const event of events) {
    // An async event's end ('e') carries no data; events that are not interactions have id 0.
    if (event.name !== 'EventTiming' || event.ph === 'e') continue;
    const { interactionId, duration } = (event.args?.data ?? {}) as EventTimingData;
    if (!interactionId || duration === undefined) continue;
    const known = interactions.get(interactionId);
    interactions.set(interactionId, {
      start: Math.min(known?.start ?? event.ts, event.ts),
      duration: Math.max(known?.duration ?? 0, duration),
    });
  }
  return [...interactions.values()].sort((a, b) => a.start - b.start).map(({ duration }) => duration);
}

/** INP of these interaction durations (ms); null when there was no interaction. */
export function interactionToNextPaint(durations: readonly number[]): number | null {
  const longest = [...durations].sort((a, b) => b - a).slice(0, LONGEST_KEPT);
  if (longest.length === 0) return null;
  return longest[Math.min(longest.length - 1, Math.floor(durations.length / INTERACTIONS_PER_SKIP))]!;
}
