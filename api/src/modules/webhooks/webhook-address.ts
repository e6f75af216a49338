import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses a webhook may not reach unless the admin allows it: loopback, private, link-local, unspecified, CGNAT, ULA. */
const privateRanges = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  privateRanges.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  privateRanges.addSubnet(address, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return privateRanges.check(mapped[1], 'ipv4');
  return privateRanges.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private or loopback address`);
  }
}

/**
 * A DNS lookup for the request itself that refuses private addresses: the address checked is the
 * address connected to, so a name that resolves elsewhere the second time (DNS rebinding) is caught.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as { address: string; family: number }[];
      const refused = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new PrivateAddressError(hostname, refused.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/** Whether a URL's host is an IP literal in a refused range, or a name that resolves to one (checked when a webhook is saved). */
export async function refusedHost(url: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  if (isIP(host)) return isPrivateAddress(host) ? host : null;
  const addresses = await new Promise<{ address: string }[]>((resolve) =>
    lookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  return addresses.find((a) => isPrivateAddress(a.address))?.address ?? null;
}
