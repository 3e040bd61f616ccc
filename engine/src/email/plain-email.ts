/** An email the engine sends: its subject, its plain text and the same as HTML. */
export interface Email {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** An email of plain lines: the text, and the same lines as minimal HTML (an empty line is a break). */
export function plainEmail(subject: string, lines: readonly string[]): Email {
  const html = `<!doctype html><html><body style="font-family:sans-serif">${lines
    .map((line) => (line === '' ? '<br>' : `<p style="margin:0">${escapeHtml(line)}</p>`))
    .join('')}</body></html>`;
  return { subject, text: lines.join('\n'), html };
}
