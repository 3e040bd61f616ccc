import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { eventParser, UnreadableEventError } from './event-parser.js';

type Renamed = { type: 'Renamed'; data: { name: string; by: string; reason: string } };

/** Version 1 had `title`; version 2 renamed it `name`; version 3 added `reason`. */
const parse = eventParser<Renamed>(
  { Renamed: z.object({ name: z.string(), by: z.string(), reason: z.string() }) },
  {
    Renamed: [
      (data) => {
        const { title, ...rest } = data as { title: string };
        return { ...rest, name: title };
      },
      (data) => ({ reason: 'not recorded', ...(data as object) }),
    ],
  },
);

describe('event parser', () => {
  it('says the version each type is written in today: one more than its upcasters', () => {
    expect(parse.versionOf('Renamed')).toBe(3);
    expect(parse.versionOf('Other')).toBe(1);
  });

  it('upcasts an event stored before versions from version 1', () => {
    expect(parse({ type: 'Renamed', data: { title: 'A', by: 'u1' } }).data).toEqual({
      name: 'A',
      by: 'u1',
      reason: 'not recorded',
    });
  });

  it('runs only the upcasters after the stored version', () => {
    const stored = { type: 'Renamed', data: { name: 'B', by: 'u1' }, metadata: { schemaVersion: 2 } };
    expect(parse(stored).data).toEqual({ name: 'B', by: 'u1', reason: 'not recorded' });
    const current = { type: 'Renamed', data: { name: 'C', by: 'u1', reason: 'typo' }, metadata: { schemaVersion: 3 } };
    expect(parse(current).data).toEqual(current.data);
  });

  it('refuses a shape no version knows, naming the field', () => {
    const stored = { type: 'Renamed', data: { name: 'D' }, metadata: { schemaVersion: 3 } };
    expect(() => parse(stored)).toThrow(UnreadableEventError);
    expect(() => parse(stored)).toThrow(/by/);
  });
});
