import { describe, expect, it } from 'vitest';
import { plainEmail } from './plain-email.js';

describe('plainEmail', () => {
  it('sends the lines as text and as HTML, escaped, with an empty line as a break', () => {
    const email = plainEmail('Hello', ['Dear <Ada> & "friends",', '', "Tom's <script>alert(1)</script>"]);
    expect(email.subject).toBe('Hello');
    expect(email.text).toBe('Dear <Ada> & "friends",\n\nTom\'s <script>alert(1)</script>');
    expect(email.html).toBe(
      '<!doctype html><html><body style="font-family:sans-serif">' +
        '<p style="margin:0">Dear &lt;Ada&gt; &amp; &quot;friends&quot;,</p><br>' +
        '<p style="margin:0">Tom&#39;s &lt;script&gt;alert(1)&lt;/script&gt;</p></body></html>',
    );
  });
});
