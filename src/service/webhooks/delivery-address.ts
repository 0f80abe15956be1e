/**
 * Where a webhook may be delivered. A key holder chooses the URL and reads each attempt's outcome,
 * so delivery must not become a probe of the host's network: link-local addresses (169.254/16,
 * fe80::/10, where cloud metadata services answer), the metadata addresses themselves, unspecified
 * and multicast addresses are always refused; private ranges (10/8, 172.16/12, 192.168/16,
 * 100.64/10, fc00::/7) unless `allowPrivate`; loopback is allowed (a receiver beside the service).
 * The check runs on the address actually connected to (`checkedLookup`), after DNS, so a name that
 * resolves to a public address when set and to a forbidden one later (DNS rebinding) is still refused.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { BlockList, isIP } from "node:net";

function blockList(ranges: readonly [string, number, "ipv4" | "ipv6"][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, type] of ranges) list.addSubnet(network, prefix, type);
  return list;
}

const ALWAYS_REFUSED = blockList([
  ["169.254.0.0", 16, "ipv4"],
  ["fe80::", 10, "ipv6"],
  ["0.0.0.0", 8, "ipv4"],
  ["::", 128, "ipv6"],
  ["224.0.0.0", 4, "ipv4"],
  ["ff00::", 8, "ipv6"],
  ["100.100.100.200", 32, "ipv4"],
  ["fd00:ec2::254", 128, "ipv6"],
]);
const PRIVATE = blockList([
  ["10.0.0.0", 8, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["100.64.0.0", 10, "ipv4"],
  ["fc00::", 7, "ipv6"],
]);

/** An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as its IPv4 address; others unchanged. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? (match[1] as string) : address;
}

/** Why delivering to the IP `address` is refused, or null when it is allowed. */
export function refusedAddress(address: string, allowPrivate: boolean): string | null {
  const ip = unmapped(address.replace(/^\[|\]$/g, ""));
  const type = isIP(ip) === 6 ? "ipv6" : "ipv4";
  if (isIP(ip) === 0) return "not an IP address";
  if (ALWAYS_REFUSED.check(ip, type)) return "a link-local, metadata, unspecified or multicast address";
  if (!allowPrivate && PRIVATE.check(ip, type))
    return "a private-network address (allow with the webhooks option allowPrivateNetworks)";
  return null;
}

/** Thrown through the HTTP client when the endpoint's address is refused; its code is what the attempt logs. */
export class DeliveryAddressError extends Error {
  readonly code = "DELIVERY_ADDRESS_REFUSED";
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for `http.request` that resolves the name and refuses it when any address it got is refused. */
export function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const why = refusedAddress(address, allowPrivate);
        if (why !== null) return callback(new DeliveryAddressError(`${hostname} resolves to ${why}`), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}
