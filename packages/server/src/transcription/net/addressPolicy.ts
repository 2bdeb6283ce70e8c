import { BlockList, isIP } from 'node:net';

/**
 * Two lists, checked by family: a BlockList matches IPv4 addresses against IPv4-mapped IPv6
 * rules too, so one list with ::ffff:0:0/96 would refuse every IPv4 address.
 *
 * Addresses a user-supplied URL may never reach: private, loopback, link-local (cloud
 * metadata), CGNAT, multicast, documentation/benchmark and other special-purpose ranges,
 * for IPv4 and IPv6 (ULA, link-local, site-local, NAT64, 6to4, Teredo). IPv4-mapped IPv6
 * addresses are judged by the IPv4 address they carry.
 */
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96], // IPv4-mapped forms unmap() did not recognise
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked6.addSubnet(net, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const MAPPED = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_HEX = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** ::ffff:7f00:1 and ::ffff:127.0.0.1 → 127.0.0.1; other addresses unchanged. */
function unmap(address: string): string {
  const dotted = MAPPED.exec(address);
  if (dotted?.[1]) return dotted[1];
  const hex = MAPPED_HEX.exec(address);
  if (hex?.[1] && hex[2]) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return address;
}

export interface AddressPolicy {
  /** Let loopback addresses through (tests and local development only). */
  allowLoopback: boolean;
}

/** true when `address` (an IP literal) is a public unicast address, or loopback when allowed. */
export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
  const ip = unmap(address.replace(/^\[|\]$/g, '').split('%')[0] ?? '');
  const family = isIP(ip);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (policy.allowLoopback && loopback.check(ip, type)) return true;
  return family === 4 ? !blocked4.check(ip, 'ipv4') : !blocked6.check(ip, 'ipv6');
}
