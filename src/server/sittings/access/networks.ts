/**
 * The "allowed networks" rule: CIDR ranges, matched with ipaddr.js (the library Fastify's
 * proxy-addr already uses to read X-Forwarded-For under TRUST_PROXY, so the address and the
 * ranges are read by the same code) rather than by hand-written bit arithmetic.
 *
 * An IPv4 client of a server listening on `::` arrives as an IPv4-mapped IPv6 address
 * (::ffff:10.1.2.3): it is matched as the IPv4 address it is, and a range written in the mapped
 * form (::ffff:10.1.0.0/112) is stored as the IPv4 range it means, so either spelling works.
 */
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** The IPv4 range an IPv4-mapped IPv6 range of /96 or longer stands for. */
function unmapped([address, bits]: Range): Range {
  if (address.kind() === 'ipv6' && bits >= 96) {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return [v6.toIPv4Address(), bits - 96];
  }
  return [address, bits];
}

/**
 * A range or a single address as stored: the network address and its prefix ("10.1.2.3/24"
 * becomes "10.1.2.0/24", an address its /32 or /128). Undefined when it is neither.
 */
export function normaliseNetwork(text: string): string | undefined {
  const value = text.trim();
  let range: Range;
  try {
    if (value.includes('/')) range = ipaddr.parseCIDR(value);
    else {
      const address = ipaddr.parse(value);
      range = [address, address.kind() === 'ipv4' ? 32 : 128];
    }
  } catch {
    return undefined;
  }
  // ipaddr.js also reads old forms ("10.1" or "0x0a.1.2.3"); a range is written in four parts.
  if (range[0].kind() === 'ipv4' && !ipaddr.IPv4.isValidFourPartDecimal(value.split('/')[0] ?? ''))
    return undefined;
  const [address, bits] = unmapped(range);
  const cidr = `${address.toString()}/${bits}`;
  const network =
    address.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(cidr)
      : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return `${network.toString()}/${bits}`;
}

/** Whether the client address (request.ip) lies in one of the stored ranges. */
export function addressAllowed(ip: string, networks: readonly string[]): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process(): an IPv4-mapped IPv6 address becomes its IPv4 address.
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  return networks.some((network) => {
    try {
      const range = unmapped(ipaddr.parseCIDR(network));
      return range[0].kind() === address.kind() && address.match(range);
    } catch {
      return false;
    }
  });
}
