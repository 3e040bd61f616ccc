import { describe, expect, it } from 'vitest';
import { csvField, csvText } from './rfc4180.js';

describe('RFC 4180 CSV', () => {
  it('leaves plain fields as they are and quotes those with commas, quotes or line breaks', () => {
    expect(csvField('JFK-LHR')).toBe('JFK-LHR');
    expect(csvField(-1234.5)).toBe('-1234.5');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });

  it('writes a header row and records ended by CRLF', () => {
    expect(csvText(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});
