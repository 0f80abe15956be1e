import { concatHex, type Hex, keccak256, numberToHex, zeroAddress } from "viem";
import {
  type AttestationSigner,
  type RequestData,
  signRequestData,
  toRequestDataWords,
} from "../attestation/index.ts";

/** The `RequestData` struct as viem and Hardhat encode it for `depositNative` / `depositErc20`. */
export interface RequestDataStruct {
  requestId: Hex;
  originChainId: bigint;
  originUser: Hex;
  originCurrency: Hex;
  originAmount: bigint;
  destinationChainId: bigint;
  destinationUser: Hex;
}

/** A signed attestation: the API's shape, the contract's struct and the 65-byte signature. */
export interface TestAttestation {
  requestId: Hex;
  requestData: RequestData;
  struct: RequestDataStruct;
  signature: Hex;
}

/** What `signTestAttestation` needs; EVM addresses may be given as 20-byte addresses. */
export interface TestAttestationInput {
  requestId: Hex;
  originChainId: number;
  /** The payer. */
  originUser: string;
  /** Token address, or the zero address (or omitted) for the native currency. */
  originCurrency?: string;
  originAmount: bigint;
  destinationChainId: number;
  destinationUser: string;
}

/**
 * Signs an attestation with a test key exactly as the solver does and returns it in every form a test
 * needs: `struct` and `signature` go straight into a viem `writeContract` or a Hardhat viem contract call.
 * @throws AttestkitError subclasses for a malformed request id, address, chain id or amount.
 */
export async function signTestAttestation(
  signer: AttestationSigner,
  input: TestAttestationInput,
): Promise<TestAttestation> {
  const requestData: RequestData = {
    originChainId: input.originChainId,
    originUser: input.originUser,
    originCurrency: input.originCurrency ?? zeroAddress,
    originAmount: input.originAmount.toString(),
    destinationChainId: input.destinationChainId,
    destinationUser: input.destinationUser,
  };
  const [
    requestId,
    originChainId,
    originUser,
    originCurrency,
    originAmount,
    destinationChainId,
    destinationUser,
  ] = toRequestDataWords(input.requestId, requestData);
  const signature = await signRequestData(signer, requestId, requestData);
  return {
    requestId,
    requestData,
    struct: {
      requestId,
      originChainId,
      originUser,
      originCurrency,
      originAmount,
      destinationChainId,
      destinationUser,
    },
    signature,
  };
}

/**
 * Signs the seven words of `struct` as they are, without validating them: for tests that need
 * attestations the API would never produce (another chain's id, a zero amount, a raw SVM key).
 */
export function signRequestDataStruct(signer: AttestationSigner, struct: RequestDataStruct): Promise<Hex> {
  // abi.encode of seven static words is their concatenation, 32 bytes each.
  const words = [
    struct.requestId,
    numberToHex(struct.originChainId, { size: 32 }),
    struct.originUser,
    struct.originCurrency,
    numberToHex(struct.originAmount, { size: 32 }),
    numberToHex(struct.destinationChainId, { size: 32 }),
    struct.destinationUser,
  ];
  return signer.signMessage({ message: { raw: keccak256(concatHex(words)) } });
}
