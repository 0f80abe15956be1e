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

/** Throws `InvalidRequestIdError` unless `requestId` is 0x + 64 hex characters. */
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

/** `abi.encode(bytes32 requestId, uint256 originChainId, bytes32 originUser, bytes32 originCurrency, uint256 originAmount, uint256 destinationChainId, bytes32 destinationUser)` (service interface: Attestation). */
export function encodeRequestData(requestId: string, requestData: RequestData): Hex {
  return encodeAbiParameters(REQUEST_DATA_ABI, toRequestDataWords(requestId, requestData));
}

/** keccak256 of `encodeRequestData`: the 32 bytes the solver signs. */
export function hashRequestData(requestId: string, requestData: RequestData): Hex {
  return keccak256(encodeRequestData(requestId, requestData));
}
