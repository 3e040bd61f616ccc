/** Applies Set-Cookie headers to a Cookie header value: new values replace old, cleared ones go. */
export function mergeCookies(current: string, setCookies: readonly string[]): string {
  const jar = new Map<string, string>();
  for (const pair of current.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name) jar.set(name, value.join('='));
  }
  for (const header of setCookies) {
    const [pair = '', ...attributes] = header.split(';');
    const [name, ...rest] = pair.trim().split('=');
    if (!name) continue;
    const value = rest.join('=');
    const expired = attributes.some((attribute) => {
      const [key, date] = attribute.trim().split('=');
      return key?.toLowerCase() === 'expires' && date !== undefined && Date.parse(date) <= Date.now();
    });
    if (value === '' || expired) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
