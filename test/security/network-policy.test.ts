import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { publicFetch } from '@/lib/runtime/fetch-bridge';
import { isPublicAddress } from '@/lib/runtime/network-policy';

// Attack: a task's fetch reaches the host. Before the policy covered the IANA registries and the host's own
// interfaces, the machine's address (192.0.2.2, TEST-NET-1) reached the app and the bundler, and
// http://[::7f00:1]:… (IPv4-compatible IPv6 loopback) was not refused.

/** The host's own non-loopback addresses (IPv4 and IPv6). */
const hostAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((entry) => entry && !entry.internal)
  .map((entry) => entry?.address.replace(/%.*$/, '') as string);
const hostIpv4 = hostAddresses.find((address) => !address.includes(':'));

describe('isPublicAddress', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'CGNAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.0.170', 'NAT64 discovery'],
    ['192.0.2.2', 'TEST-NET-1'],
    ['192.31.196.1', 'AS112'],
    ['192.52.193.1', 'AMT'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.1.1', 'private'],
    ['192.175.48.1', 'AS112'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.9', 'TEST-NET-3'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::a00:1', 'IPv4-compatible private'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
    ['0:0:0:0:0:ffff:c000:202', 'IPv4-mapped TEST-NET-1, long form'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::808:808', 'NAT64 of a public address (the prefix whole)'],
    ['64:ff9b:1::a00:1', 'NAT64 local use'],
    ['100::1', 'discard-only'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:a00:1::1', '6to4 of private'],
    ['3fff::1', 'documentation'],
    ['5f00::1', 'SRv6'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with zone'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['not-an-ip', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e'])(
    'allows public %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it("refuses every address of the host's own interfaces", () => {
    expect(hostAddresses.length).toBeGreaterThan(0);
    for (const address of hostAddresses) expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('publicFetch against the host', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('host reached'));
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const fetchPublic = publicFetch();
  const refusedMessage = async (url: string) => {
    const error = await fetchPublic(url, {}).then(
      () => null,
      (e: Error) => e,
    );
    expect(error, url).toBeInstanceOf(Error);
    return (error as Error).message;
  };

  it.each([
    (p: number) => `http://[::7f00:1]:${p}/`,
    (p: number) => `http://[::ffff:127.0.0.1]:${p}/`,
    (p: number) => `http://[::1]:${p}/`,
    (p: number) => `http://0x7f000001:${p}/`,
    (p: number) => `http://2130706433:${p}/`,
    (p: number) => `http://127.1:${p}/`,
    (p: number) => `http://localhost:${p}/`,
  ])('refuses a loopback spelling (%#)', async (url) => {
    expect(await refusedMessage(url(port))).toMatch(/private or local address/);
  });

  it("refuses the host's own interface address, where the app and helpers listen", async () => {
    expect(hostIpv4, 'this machine has a non-loopback IPv4 address').toBeDefined();
    expect(await refusedMessage(`http://${hostIpv4}:${port}/`)).toMatch(/private or local address/);
    // The same server answers when the policy is off: the refusal above is the policy's, not the network's.
    const open = await publicFetch({ allowPrivate: true })(`http://${hostIpv4}:${port}/`, {});
    expect(open.body).toBe('host reached');
  });

  it('keeps the local bundler, paymaster and chain off the non-loopback interfaces', async () => {
    expect(hostIpv4).toBeDefined();
    for (const service of [inject('bundlerUrl'), inject('paymasterUrl'), inject('rpcUrl')]) {
      const { port: servicePort } = new URL(service);
      const reached = await fetch(`http://${hostIpv4}:${servicePort}/`, {
        signal: AbortSignal.timeout(3000),
      }).then(
        () => true,
        () => false,
      );
      expect(reached, service).toBe(false);
    }
  });
});
