import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

// Which addresses a task's fetch may connect to: public unicast only. Refused: every range of the IANA
// special-purpose registries (IPv4 and IPv6), the encapsulations that can carry a private IPv4 address
// (IPv4-mapped and -compatible IPv6, NAT64, 6to4, Teredo), and every address of this host's own
// interfaces (a public IP of the machine reaches the app and its helper services as well as 127.0.0.1).

/** IANA IPv4 special-purpose address registry (RFC 6890 and its updates), plus multicast and class E. */
const SPECIAL_IPV4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (incl. NAT64 discovery, DS-Lite)
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, limited broadcast
];

/**
 * IANA IPv6 special-purpose address registry, with the IPv4 encapsulations refused whole. IPv4-mapped addresses
 * (::ffff:0:0/96) are not listed: BlockList checks them against the IPv4 entries (and would check every IPv4
 * address against a mapped entry).
 */
const SPECIAL_IPV6: [string, number][] = [
  ['::', 96], // unspecified, loopback and IPv4-compatible (deprecated) addresses
  ['64:ff9b::', 96], // NAT64 well-known prefix
  ['64:ff9b:1::', 48], // NAT64 local use
  ['100::', 64], // discard-only
  ['100:0:0:1::', 64], // dummy prefix
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT, AS112
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['2620:4f:8000::', 48], // AS112-v6
  ['3fff::', 20], // documentation
  ['5f00::', 16], // SRv6 SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const SPECIAL = (() => {
  const list = new BlockList();
  for (const [network, prefix] of SPECIAL_IPV4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of SPECIAL_IPV6) list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

const INTERFACES_TTL_MS = 10_000;
let hostAddresses: { at: number; list: BlockList } | null = null;

/** The addresses of this host's interfaces, read again every few seconds (interfaces come and go). */
function ownAddresses(now = Date.now()): BlockList {
  if (!hostAddresses || now - hostAddresses.at > INTERFACES_TTL_MS) {
    const list = new BlockList();
    for (const entries of Object.values(networkInterfaces()))
      for (const { address, family } of entries ?? [])
        list.addAddress(withoutZone(address), family === 'IPv6' ? 'ipv6' : 'ipv4');
    hostAddresses = { at: now, list };
  }
  return hostAddresses.list;
}

const withoutZone = (address: string) => address.replace(/%.*$/, '');

/**
 * True when `address` (an IP literal) is a public unicast address that is not this host's. BlockList compares
 * addresses, not spellings, and checks IPv4-mapped IPv6 addresses against the IPv4 entries too.
 */
export function isPublicAddress(address: string): boolean {
  const ip = withoutZone(address);
  const family = isIP(ip);
  if (family === 0) return false;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  return !SPECIAL.check(ip, type) && !ownAddresses().check(ip, type);
}
