import { type Hex, hexToBytes } from "viem";
import { keccakBytes, keccakInto } from "#keccak";
import { describeValue } from "../describe.ts";
import { InvalidOrderError } from "./errors.ts";

type Field = { readonly name: string; readonly type: string };
export type TypedFields = Readonly<Record<string, readonly Field[]>>;

/** Writes the 32-byte EIP-712 encoding of one member into `out` at `offset` (`out` starts zeroed). */
type Writer = (value: unknown, out: Uint8Array, offset: number) => void;

/** EIP-712 `encodeType`: the primary type, then its referenced struct types sorted by name. */
function encodeType(types: TypedFields, primary: string): string {
  const found = new Set<string>();
  const collect = (name: string) => {
    if (found.has(name) || !(name in types)) return;
    found.add(name);
    for (const field of types[name] as readonly Field[]) collect(field.type.replace(/\[\]$/, ""));
  };
  collect(primary);
  found.delete(primary);
  return [primary, ...[...found].sort()]
    .map(
      (name) => `${name}(${(types[name] as readonly Field[]).map((f) => `${f.type} ${f.name}`).join(",")})`,
    )
    .join("");
}

const utf8 = new TextEncoder();

/**
 * keccak256 of short strings and byte strings, memoised: chain ids, the version, native currencies, empty
 * extra data and the same accounts recur in every order. Bounded: cleared when full.
 */
const SHORT_VALUE_LENGTH = 66;
const CACHE_LIMIT = 4096;
const stringHashes = new Map<string, Uint8Array>();
const bytesHashes = new Map<string, Uint8Array>();

function dynamicWriter(memo: Map<string, Uint8Array>, toBytes: (value: string) => Uint8Array): Writer {
  return (value, out, offset) => {
    if (typeof value !== "string") {
      throw new InvalidOrderError(`a string or bytes member must be a string, got ${describeValue(value)}`);
    }
    let hash = memo.get(value);
    if (hash === undefined) {
      hash = keccakBytes(toBytes(value));
      if (value.length <= SHORT_VALUE_LENGTH) {
        if (memo.size >= CACHE_LIMIT) memo.clear();
        memo.set(value, hash);
      }
    }
    out.set(hash, offset);
  };
}

const writeString = dynamicWriter(stringHashes, (value) => utf8.encode(value));
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;
const writeBytes = dynamicWriter(bytesHashes, (value) => {
  if (!HEX_BYTES.test(value)) {
    throw new InvalidOrderError(`a bytes member must be 0x-prefixed hex bytes, got ${describeValue(value)}`);
  }
  return hexToBytes(value as Hex);
});

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const writeAddress: Writer = (value, out, offset) => {
  if (typeof value !== "string" || !ADDRESS.test(value)) {
    throw new InvalidOrderError(`an address member must be 20 bytes of 0x hex, got ${describeValue(value)}`);
  }
  out.set(hexToBytes(value as Hex), offset + 12);
};

const WORD_MASK = (1n << 64n) - 1n;

/** A `uintN` member as a big-endian word, refusing values outside 0..2^N-1. */
function uintWriter(bits: number): Writer {
  const limit = 1n << BigInt(bits);
  return (value, out, offset) => {
    if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value < 2 ** bits) {
      const view = new DataView(out.buffer, out.byteOffset + offset + 24, 8);
      view.setUint32(0, Math.floor(value / 2 ** 32));
      view.setUint32(4, value >>> 0);
      return;
    }
    if (typeof value !== "bigint" || value < 0n || value >= limit) {
      throw new InvalidOrderError(`a uint${bits} member is out of range: ${describeValue(value)}`);
    }
    const view = new DataView(out.buffer, out.byteOffset + offset, 32);
    let rest = value;
    for (let lane = 24; rest !== 0n; lane -= 8) {
      view.setBigUint64(lane, rest & WORD_MASK);
      rest >>= 64n;
    }
  };
}

/**
 * EIP-712 `hashStruct` for a fixed type table. Each type is compiled once into a list of member writers
 * with its type hash precomputed; a call then writes every member's word straight into the bytes it
 * hashes (no hex strings, no ABI encoder), so its cost is the keccaks the encoding needs. Covers the member
 * types orders use: string, bytes, address, uintN, structs and arrays of them.
 */
export function createStructHasher(types: TypedFields) {
  const typeHashes = new Map(
    Object.keys(types).map((name) => [name, keccakBytes(utf8.encode(encodeType(types, name)))]),
  );
  const structs = new Map<string, Writer>();

  const writerFor = (type: string): Writer => {
    if (type.endsWith("[]")) return arrayWriter(writerFor(type.slice(0, -2)));
    if (type === "string") return writeString;
    if (type === "bytes") return writeBytes;
    if (type === "address") return writeAddress;
    const uint = /^uint(\d+)$/.exec(type);
    if (uint !== null) return uintWriter(Number(uint[1]));
    if (!(type in types)) throw new Error(`unsupported EIP-712 member type ${type}`);
    // Resolved on first use, so a struct may refer to types declared after it.
    return (value, out, offset) => structWriter(type)(value, out, offset);
  };

  const structWriter = (type: string): Writer => {
    const known = structs.get(type);
    if (known !== undefined) return known;
    const fields = types[type] as readonly Field[];
    const names = fields.map((field) => field.name);
    const writers = fields.map((field) => writerFor(field.type));
    const typeHash = typeHashes.get(type) as Uint8Array;
    const size = (fields.length + 1) * 32;
    const write: Writer = (value, out, offset) => {
      if (value === null || typeof value !== "object") {
        throw new InvalidOrderError(`a ${type} must be an object, got ${describeValue(value)}`);
      }
      const encoding = new Uint8Array(size);
      encoding.set(typeHash, 0);
      for (let i = 0; i < writers.length; i++) {
        (writers[i] as Writer)(
          (value as Record<string, unknown>)[names[i] as string],
          encoding,
          (i + 1) * 32,
        );
      }
      keccakInto(encoding, out, offset);
    };
    structs.set(type, write);
    return write;
  };

  return {
    hashStruct(type: string, value: unknown): Uint8Array {
      const out = new Uint8Array(32);
      structWriter(type)(value, out, 0);
      return out;
    },
  };
}

const EMPTY_ARRAY_HASH = keccakBytes(new Uint8Array());

/** `T[]`: keccak256 of the concatenated member encodings. */
function arrayWriter(item: Writer): Writer {
  return (value, out, offset) => {
    if (!Array.isArray(value)) {
      throw new InvalidOrderError(`an array member must be an array, got ${describeValue(value)}`);
    }
    if (value.length === 0) {
      out.set(EMPTY_ARRAY_HASH, offset);
      return;
    }
    const encoding = new Uint8Array(value.length * 32);
    for (let i = 0; i < value.length; i++) item(value[i], encoding, i * 32);
    keccakInto(encoding, out, offset);
  };
}
