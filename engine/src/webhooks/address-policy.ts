import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent: https only, and never to an address of this machine or a private
 * network (a brand admin must not make the platform call its own insides). Checked when the
 * endpoint is saved, and again on every connection (send.ts resolves through `checkedAddress`),
 * so a name that later resolves to a private address (DNS rebinding) is refused too.
 * `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE, refused in production) lifts both rules for tests and development.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv4-mapped IPv6 one stands for (::ffff:10.0.0.1, ::ffff:a00:1), if it is one. */
function mappedIpv4(address: string): string | undefined {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Is this IP address one a webhook must not reach (loopback, private, link-local, mapped...)? */
export function isPrivateAddress(address: string): boolean {
  const mapped = mappedIpv4(address);
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why this URL cannot be an endpoint, or undefined when it can (its addresses are checked on sending). */
export function endpointUrlProblem(url: string, allowPrivate: boolean): string | undefined {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed) return 'Enter a full URL, like https://example.com/hooks';
  if (parsed.username || parsed.password) return 'The URL must not carry a user name or password';
  if (allowPrivate) return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? undefined : 'Use an https URL';
  if (parsed.protocol !== 'https:') return 'Use an https URL';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host)))
    return 'The URL must not point to this machine or a private network';
  return undefined;
}
