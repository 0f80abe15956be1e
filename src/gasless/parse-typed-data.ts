/**
 * Reading typed data handed over by someone else (a quote step, a relayer): every member checked for its
 * EIP-712 type, numbers taken from JSON strings, numbers or bigints, and the type lists required to be
 * exactly the proxy's, since a wallet hashes whatever types it is given.
 */
import { type Address, getAddress, type Hex } from "viem";
import { describeValue } from "../describe.ts";
import { AttestkitError } from "../errors.ts";
import type { Call3Value } from "./types.ts";

/** Typed data that is not the expected message: another primary type, other type lists, a bad member. */
export class TypedDataShapeError extends AttestkitError {
  constructor(message: string) {
    super("GASLESS_TYPED_DATA_MALFORMED", message);
  }
}

const UINT256_MAX = (1n << 256n) - 1n;

export type TypeList = Readonly<Record<string, readonly { name: string; type: string }[]>>;

export type ParsedTypedData = {
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The domain and message of `typedData` (`message`, or `value` as the service's signature steps name it),
 * after checking its `primaryType` and that its types are exactly `types` (an `EIP712Domain` entry aside).
 */
export function readTypedData(typedData: unknown, primaryType: string, types: TypeList): ParsedTypedData {
  if (!isRecord(typedData)) throw new TypedDataShapeError(`typed data is ${describeValue(typedData)}`);
  if (typedData.primaryType !== primaryType) {
    throw new TypedDataShapeError(
      `primaryType is ${describeValue(typedData.primaryType)}, expected ${JSON.stringify(primaryType)}`,
    );
  }
  const given = isRecord(typedData.types) ? { ...typedData.types } : null;
  if (given === null) throw new TypedDataShapeError("types is missing");
  delete given.EIP712Domain;
  if (JSON.stringify(sortKeys(given)) !== JSON.stringify(sortKeys(types))) {
    throw new TypedDataShapeError(`types differ from the ${primaryType} type list`);
  }
  const message = typedData.message ?? typedData.value;
  if (!isRecord(message)) throw new TypedDataShapeError("message is missing");
  if (!isRecord(typedData.domain)) throw new TypedDataShapeError("domain is missing");
  return { domain: typedData.domain, message };
}

function sortKeys(types: Record<string, unknown>): [string, unknown][] {
  return Object.keys(types)
    .sort()
    .map((key) => [
      key,
      Array.isArray(types[key])
        ? (types[key] as unknown[]).map((field) =>
            isRecord(field) ? { name: field.name, type: field.type } : field,
          )
        : types[key],
    ]);
}

export function readAddress(value: unknown, what: string): Address {
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(value)) {
    throw new TypedDataShapeError(`${what} is not an address: ${describeValue(value)}`);
  }
  return getAddress(value.toLowerCase());
}

export function readUint(value: unknown, what: string): bigint {
  let parsed: bigint | null = null;
  if (typeof value === "bigint") parsed = value;
  else if (typeof value === "number" && Number.isSafeInteger(value)) parsed = BigInt(value);
  else if (typeof value === "string" && /^(0|[1-9][0-9]*|0x[0-9a-fA-F]+)$/.test(value))
    parsed = BigInt(value);
  if (parsed === null || parsed < 0n || parsed > UINT256_MAX) {
    throw new TypedDataShapeError(`${what} is not a uint256: ${describeValue(value)}`);
  }
  return parsed;
}

export function readBytes(value: unknown, what: string, length?: number): Hex {
  const pattern =
    length === undefined ? /^0x([0-9a-fA-F]{2})*$/ : new RegExp(`^0x[0-9a-fA-F]{${length * 2}}$`);
  if (typeof value !== "string" || !pattern.test(value)) {
    throw new TypedDataShapeError(`${what} is not ${length ?? "hex"} bytes: ${describeValue(value)}`);
  }
  return value.toLowerCase() as Hex;
}

export function readList(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new TypedDataShapeError(`${what} is not a list: ${describeValue(value)}`);
  return value;
}

export function readCalls(value: unknown, what: string): Call3Value[] {
  return readList(value, what).map((call, i) => {
    if (!isRecord(call)) throw new TypedDataShapeError(`${what}[${i}] is ${describeValue(call)}`);
    if (typeof call.allowFailure !== "boolean") {
      throw new TypedDataShapeError(`${what}[${i}].allowFailure is not a boolean`);
    }
    return {
      target: readAddress(call.target, `${what}[${i}].target`),
      allowFailure: call.allowFailure,
      value: readUint(call.value, `${what}[${i}].value`),
      callData: readBytes(call.callData, `${what}[${i}].callData`),
    };
  });
}

export function readRecord(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new TypedDataShapeError(`${what} is ${describeValue(value)}`);
  return value;
}
