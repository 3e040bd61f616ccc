import { interactionDurations, interactionToNextPaint, type TraceEvent } from './interaction-to-next-paint';

const timing = (ts: number, interactionId: number, duration: number, type = 'click'): TraceEvent => ({
  name: 'EventTiming',
  ph: 'b',
  ts,
  args: { data: { interactionId, duration, type } },
});

describe('interactionDurations', () => {
  it('gives each interaction its longest event, in the order the interactions began', () => {
    const events: TraceEvent[] = [
      timing(3_000, 9, 40, 'pointerdown'),
      timing(3_010, 9, 120, 'pointerup'),
      timing(3_020, 9, 112, 'click'),
      timing(1_000, 4, 64, 'pointerdown'),
      timing(1_020, 4, 56, 'click'),
    ];
    expect(interactionDurations(events)).toEqual([64, 120]);
  });

  it('leaves out events of no interaction, async ends and other trace events', () => {
    const events: TraceEvent[] = [
      timing(1_000, 0, 300, 'pointermove'),
      { name: 'EventTiming', ph: 'e', ts: 1_100, args: {} },
      { name: 'RunTask', ph: 'X', ts: 1_200, args: { data: { interactionId: 7, duration: 500 } } },
      timing(1_300, 7, 48),
    ];
    expect(interactionDurations(events)).toEqual([48]);
  });

  it('finds no interaction in a trace without any', () => {
    expect(interactionDurations([{ name: 'RunTask', ph: 'X', ts: 1 }])).toEqual([]);
  });
});

describe('interactionToNextPaint', () => {
  it('is the worst interaction when there are fewer than 50', () => {
    expect(interactionToNextPaint([64, 208, 120])).toBe(208);
  });

  it('skips one of the worst for every 50 interactions, as web-vitals does', () => {
    const durations = [...Array.from({ length: 98 }, () => 16), 400, 300];
    expect(interactionToNextPaint(durations)).toBe(16);
    expect(interactionToNextPaint(durations.slice(2).concat(400, 300, 200))).toBe(300);
  });

  it('never reaches past the 10 longest kept', () => {
    const durations = [...Array.from({ length: 990 }, () => 8), ...Array.from({ length: 10 }, (_, i) => 100 + i)];
    expect(interactionToNextPaint(durations)).toBe(100);
  });

  it('is null without interactions', () => {
    expect(interactionToNextPaint([])).toBeNull();
  });
});
