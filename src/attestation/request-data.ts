import { encodeAbiParameters, type Hex, keccak256 } from "viem";
import { toBytes32Address } from "../address/bytes32.ts";
import { parseUint256 } from "../amount.ts";
import { assertChainId } from "../chains.ts";
import { describeValue } from "../describe.ts";
import { InvalidRequestIdError } from "../errors.ts";
import type { RequestData } from "../schemas/signature.ts";

/** The attested parameters in the API's shape (service interface: Attestation), as the schemas define them. */
export type { RequestData };

/** The seven ABI words of the attestation, in signing order. */
export type RequestDataWords = readonly [Hex, bigint, Hex, Hex, bigint, bigint, Hex];

const REQUEST_ID = /^0x[0-9a-fA-F]{64}$/;

const REQUEST_DATA_ABI = [
  { type: "bytes32", name: "requestId" },
  { type: "uint256", name: "originChainId" },
  { type: "bytes32", name: "originUser" },
  { type: "bytes32", name: "originCurrency" },
  { type: "uint256", name: "originAmount" },
  { type: "uint256", name: "destinationChainId" },
  { type: "bytes32", name: "destinationUser" },
] as const;

/**
 * Throws `InvalidRequestIdError` unless `requestId` is 0x + 64 hex characters.
 * @param requestId the value to check.
 * @example
 * ```ts
 * assertRequestId(quote.steps[0]?.requestId); // throws InvalidRequestIdError for anything else
 * ```
 */
export function assertRequestId(requestId: unknown): asserts requestId is Hex {
  if (typeof requestId !== "string" || !REQUEST_ID.test(requestId)) {
    throw new InvalidRequestIdError(
      `requestId must be 0x + 64 hex characters, got ${describeValue(requestId)}`,
    );
  }
}

/**
 * Validates every field and converts it to its ABI word: origin addresses by
 * the origin chain's VM, the destination user by the destination chain's VM.
 * @param requestId the request id (0x + 64 hex).
 * @param requestData the attested fields as the signature endpoint returns them.
 * @returns the seven ABI words, in the order the solver encodes them.
 * @example
 * ```ts
 * const words = toRequestDataWords(requestId, requestData);
 * const encoded = encodeAbiParameters(parseAbiParameters("bytes32,uint256,bytes32,bytes32,uint256,uint256,bytes32"), words);
 * ```
 */
export function toRequestDataWords(requestId: string, requestData: RequestData): RequestDataWords {
  assertRequestId(requestId);
  if (typeof requestData !== "object" || requestData === null) {
    throw new TypeError(`requestData must be an object, got ${describeValue(requestData)}`);
  }
  const { originChainId, destinationChainId } = requestData;
  assertChainId(originChainId, "originChainId");
  assertChainId(destinationChainId, "destinationChainId");
  return [
    requestId.toLowerCase() as Hex,
    BigInt(originChainId),
    toBytes32Address(requestData.originUser, originChainId),
    toBytes32Address(requestData.originCurrency, originChainId),
    parseUint256(requestData.originAmount, "originAmount"),
    BigInt(destinationChainId),
    toBytes32Address(requestData.destinationUser, destinationChainId),
  ];
}

/**
 * `abi.encode(bytes32 requestId, uint256 originChainId, bytes32 originUser, bytes32 originCurrency, uint256 originAmount, uint256 destinationChainId, bytes32 destinationUser)` (service interface: Attestation).
 * @param requestId the request id (0x + 64 hex).
 * @param requestData the attested fields.
 * @returns the 224-byte ABI encoding (what an SVM program's `verify_attestation` takes).
 * @example
 * ```ts
 * const encoded = encodeRequestData(requestId, requestData); // 0x + 448 hex characters
 * ```
 */
export function encodeRequestData(requestId: string, requestData: RequestData): Hex {
  return encodeAbiParameters(REQUEST_DATA_ABI, toRequestDataWords(requestId, requestData));
}

/**
 * keccak256 of `encodeRequestData`: the 32 bytes the solver signs.
 * @param requestId the request id (0x + 64 hex).
 * @param requestData the attested fields.
 * @returns the keccak256 hash, before EIP-191.
 * @example
 * ```ts
 * const hash = hashRequestData(requestId, requestData);
 * ```
 */
export function hashRequestData(requestId: string, requestData: RequestData): Hex {
  return keccak256(encodeRequestData(requestId, requestData));
}
