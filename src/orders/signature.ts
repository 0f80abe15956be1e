import { type Address, type Hex, hashMessage, isHex, recoverAddress } from "viem";
import { parseEvmAddress } from "../address/evm.ts";
import { parseAttestationSignature } from "../attestation/signature.ts";
import { describeValue } from "../describe.ts";
import { InvalidSignatureError, SignatureHighSError } from "../errors.ts";
import { InvalidOrderIdError } from "./errors.ts";

/** Refuses anything but 32 bytes of 0x hex; returns it lowercased. */
export function parseOrderId(orderId: unknown): Hex {
  if (typeof orderId !== "string" || !isHex(orderId, { strict: true }) || orderId.length !== 66) {
    throw new InvalidOrderIdError(`order id must be 32 bytes of 0x hex, got ${describeValue(orderId)}`);
  }
  return orderId.toLowerCase() as Hex;
}

/** Anything that can EIP-191 sign raw bytes (a viem local account). */
export type OrderIdSigner = {
  /** Signs the raw bytes with the EIP-191 personal-message prefix. */
  signMessage(args: { message: { raw: Hex } }): Promise<Hex>;
};

/** The solver's `orderSignature`: EIP-191 personal-sign over the 32 raw bytes of the order id. */
export function signOrderId(signer: OrderIdSigner, orderId: string): Promise<Hex> {
  return signer.signMessage({ message: { raw: parseOrderId(orderId) } });
}

/**
 * The address that signed `orderId`. The signature is parsed as strictly as an
 * attestation's: 65 bytes with v 27/28 or 64-byte EIP-2098, r and s in range,
 * low s; anything else throws a typed error.
 */
export async function recoverOrderSigner({
  orderId,
  signature,
}: {
  orderId: string;
  signature: string;
}): Promise<Address> {
  const hash = hashMessage({ raw: parseOrderId(orderId) });
  const parsed = parseAttestationSignature(signature);
  try {
    return await recoverAddress({ hash, signature: parsed });
  } catch (cause) {
    throw new InvalidSignatureError("signature does not recover to a public key", { cause });
  }
}

/**
 * True when `signature` is `solver`'s signature of `orderId`. A malformed,
 * high-s or foreign signature gives false; a malformed order id or solver
 * address throws, since that is a caller bug rather than an untrusted signature.
 */
export async function verifyOrderSignature(params: {
  orderId: string;
  signature: string;
  solver: string;
}): Promise<boolean> {
  const solver = parseEvmAddress(params.solver, "solver");
  parseOrderId(params.orderId);
  try {
    return (await recoverOrderSigner(params)) === solver;
  } catch (error) {
    if (error instanceof InvalidSignatureError || error instanceof SignatureHighSError) return false;
    throw error;
  }
}
