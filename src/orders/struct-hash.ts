import { type Hex, hexToBytes, keccak256, stringToBytes } from "viem";

type Field = { readonly name: string; readonly type: string };
export type TypedFields = Readonly<Record<string, readonly Field[]>>;

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

/**
 * keccak256 of short strings and byte strings, memoised: chain ids, the version, native currencies, empty
 * extra data and the same accounts recur in every order. Bounded: cleared when full.
 */
const SHORT_VALUE_LENGTH = 66;
const CACHE_LIMIT = 4096;
const memo = new Map<string, Uint8Array>();

function hashDynamic(type: "string" | "bytes", value: string): Uint8Array {
  if (value.length > SHORT_VALUE_LENGTH) {
    return keccak256(type === "string" ? stringToBytes(value) : hexToBytes(value as Hex), "bytes");
  }
  const key = type === "string" ? `s${value}` : `b${value.toLowerCase()}`;
  let hash = memo.get(key);
  if (hash === undefined) {
    hash = keccak256(type === "string" ? stringToBytes(value) : hexToBytes(value as Hex), "bytes");
    if (memo.size >= CACHE_LIMIT) memo.clear();
    memo.set(key, hash);
  }
  return hash;
}

const EMPTY_ARRAY_HASH = keccak256(new Uint8Array(), "bytes");

function word(value: bigint): Uint8Array {
  return hexToBytes(`0x${value.toString(16).padStart(64, "0")}`);
}

/**
 * EIP-712 `hashStruct` for a fixed type table, with the type hashes computed
 * once. Covers the member types orders use (string, bytes, address, uintN,
 * structs and arrays of them); ~20x faster than re-deriving the types per call.
 */
export function createStructHasher(types: TypedFields) {
  const typeHashes = new Map(
    Object.keys(types).map((name) => [name, keccak256(stringToBytes(encodeType(types, name)), "bytes")]),
  );

  const encodeField = (type: string, value: unknown): Uint8Array => {
    if (type.endsWith("[]")) {
      const inner = type.slice(0, -2);
      const items = value as unknown[];
      if (items.length === 0) return EMPTY_ARRAY_HASH;
      const out = new Uint8Array(items.length * 32);
      items.forEach((item, index) => {
        out.set(encodeField(inner, item), index * 32);
      });
      return keccak256(out, "bytes");
    }
    if (type === "string" || type === "bytes") return hashDynamic(type, value as string);
    if (type === "address") return word(BigInt(value as Hex));
    if (type.startsWith("uint")) return word(BigInt(value as bigint | number));
    return hashStruct(type, value);
  };

  const hashStruct = (type: string, value: unknown): Uint8Array => {
    const fields = types[type] as readonly Field[];
    const out = new Uint8Array((fields.length + 1) * 32);
    out.set(typeHashes.get(type) as Uint8Array, 0);
    fields.forEach((field, index) => {
      out.set(encodeField(field.type, (value as Record<string, unknown>)[field.name]), (index + 1) * 32);
    });
    return keccak256(out, "bytes");
  };

  return {
    hashStruct,
    typeHash: (type: string) => typeHashes.get(type),
    encodeType: (type: string) => encodeType(types, type),
  };
}
