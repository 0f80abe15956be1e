import { bytesToHex, hexToBytes } from "viem";
import { describeValue } from "../../describe.ts";
import { MalformedOrderAddressError } from "../errors.ts";
import { assertAddressString } from "./describe.ts";
import { encodeHexAddress } from "./hex.ts";

/** Entity ids are int64 in Hedera's protobufs: no component may exceed this. */
const INT64_MAX = (1n << 63n) - 1n;
/** The 12 leading zero bytes (4-byte shard, 8-byte realm, both 0) that mark a long-zero address. */
const LONG_ZERO_PREFIX = 12;
const DECIMAL = "(0|[1-9][0-9]*)";
const ENTITY_ID = new RegExp(`^${DECIMAL}\\.${DECIMAL}\\.${DECIMAL}$`);
/** `0.0.<40 hex>`: how the mirror node names an entity by its EVM address. */
const PREFIXED_EVM_ADDRESS = new RegExp(`^${DECIMAL}\\.${DECIMAL}\\.([0-9a-fA-F]{40})$`);
const CHECKSUMMED = new RegExp(`^${DECIMAL}\\.${DECIMAL}\\.${DECIMAL}-[a-z]{5}$`);

/**
 * A Hedera address as the 20 bytes of its order slot: an entity id `0.0.N` (account, token,
 * contract) as its long-zero address (12 zero bytes, then `N` as 8 big-endian bytes), an account's
 * EVM alias (`0x…`, or the mirror node's `0.0.<40 hex>`) as itself. HBAR is `0.0.0`, 20 zero bytes.
 *
 * Only the canonical spelling is accepted, so one entity never hashes two ways: abbreviated ids
 * (`456858`, `0.456858`), leading zeros, components above int64, shard or realm other than 0 (they
 * do not fit the long-zero layout) and checksummed ids (`0.0.456858-ojdqc`: the slot has no
 * network to check the checksum against; check and strip it where the network is known) are refused.
 */
export function encodeHederaAddress(address: unknown): Uint8Array {
  assertAddressString(address, "hedera-vm");
  const what = `hedera-vm address ${describeValue(address)}`;
  if (address.startsWith("0x"))
    return assertEntityNumberInRange(encodeHexAddress(address, "hedera-vm", [20]), what);
  const prefixed = PREFIXED_EVM_ADDRESS.exec(address);
  if (prefixed) {
    assertShardAndRealmZero(prefixed[1]!, prefixed[2]!, what);
    return assertEntityNumberInRange(hexToBytes(`0x${prefixed[3]!.toLowerCase()}`), what);
  }
  const entity = ENTITY_ID.exec(address);
  if (!entity) {
    const reason = CHECKSUMMED.test(address)
      ? "carries a network checksum, which an order cannot check: pass the id without it (0.0.N)"
      : "is neither a canonical entity id (shard.realm.num, no leading zeros) nor a 20-byte EVM address";
    throw new MalformedOrderAddressError(`${what} ${reason}`);
  }
  assertShardAndRealmZero(entity[1]!, entity[2]!, what);
  const num = BigInt(entity[3]!);
  if (num > INT64_MAX) throw new MalformedOrderAddressError(`${what} has an entity number above int64`);
  const bytes = new Uint8Array(20);
  new DataView(bytes.buffer).setBigUint64(LONG_ZERO_PREFIX, num);
  return bytes;
}

/** `0.0.N` for a long-zero slot (HBAR is `0.0.0`), else the lowercase EVM alias. */
export function formatHederaAddress(bytes: Uint8Array): string {
  if (!isLongZero(bytes)) return bytesToHex(bytes);
  return `0.0.${new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(LONG_ZERO_PREFIX)}`;
}

function isLongZero(bytes: Uint8Array): boolean {
  return bytes.length === 20 && bytes.subarray(0, LONG_ZERO_PREFIX).every((byte) => byte === 0);
}

function assertShardAndRealmZero(shard: string, realm: string, what: string) {
  if (shard !== "0" || realm !== "0") {
    throw new MalformedOrderAddressError(
      `${what} is outside shard 0 / realm 0, which the 20-byte long-zero layout cannot hold`,
    );
  }
}

/** A long-zero address whose 8-byte number has its top bit set names no entity (numbers are int64). */
function assertEntityNumberInRange(bytes: Uint8Array, what: string): Uint8Array {
  if (isLongZero(bytes) && (bytes[LONG_ZERO_PREFIX]! & 0x80) !== 0) {
    throw new MalformedOrderAddressError(`${what} is a long-zero address with an entity number above int64`);
  }
  return bytes;
}
