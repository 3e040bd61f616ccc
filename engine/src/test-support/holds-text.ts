const BASE64 = /^[A-Za-z0-9+/]{16,}={0,2}$/;

/**
 * Whether a stored row (parsed from `row_to_json`) holds the text, in any case. Its base64 values
 * (ciphertext, IVs, wrapped keys) are read as the bytes they encode: random base64 spells short
 * words by chance ("…Adae…"), which is no trace of anyone's data.
 */
export function holdsText(value: unknown, text: string): boolean {
  if (typeof value === 'string') {
    const read = BASE64.test(value) ? Buffer.from(value, 'base64').toString('latin1') : value;
    return read.toLowerCase().includes(text.toLowerCase());
  }
  if (value && typeof value === 'object') return Object.values(value).some((inner) => holdsText(inner, text));
  return false;
}
