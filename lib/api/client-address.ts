import { isIPv6 } from 'node:net';

const configured = Number(process.env.TICKWORK_TRUSTED_PROXIES ?? 0);
/** Reverse proxies in front of the app that append to X-Forwarded-For (0: clients connect to the app directly). */
const trustedProxies = Number.isInteger(configured) && configured >= 0 ? configured : 0;

/**
 * The address a request came from, for per-address limits. The server preload appends the socket's peer to
 * X-Forwarded-For (lib/api/forwarded-for.cjs), so the last entry is the peer; behind `TICKWORK_TRUSTED_PROXIES`
 * proxies, each appending the address it was reached from, the entry that many places before the last is the
 * client. Entries further left are the client's own claims and never read. An IPv6 client is its /64: one host
 * commonly holds a whole /64.
 */
export function clientAddress(headers: Headers): string {
  const hops = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = hops[Math.max(0, hops.length - 1 - trustedProxies)] ?? 'unknown';
  return isIPv6(address) ? ipv6Prefix64(address) : address;
}

/** `2001:db8:1:2:aa::1` → `2001:db8:1:2::/64`; an IPv4-mapped address is the IPv4 address it carries. */
function ipv6Prefix64(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const [head, tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = address.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array(missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
