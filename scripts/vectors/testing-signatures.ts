import { bytesToHex, type Hex, hexToBigInt } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { signOrderId } from "../../src/orders/index.ts";
import {
  compactForm,
  highSTwin,
  mockSolverKey,
  type RequestDataStruct,
  resized,
  signRequestDataStruct,
  withV,
  zeroRecoverySignature,
} from "../../src/testing/index.ts";
import type { SeededBytes } from "./seeded.ts";

const LABELS = ["solver", "conformance.svm.solver", "conformance.svm.stranger", "", "ünïcode label"];

/**
 * The testing helpers' outputs (mock keys, signed attestations and order ids, malformed variants),
 * so the Rust helpers (programs/testing) can prove they produce the same bytes.
 */
export async function testingSignatureVectors(bytes: SeededBytes, count = 8) {
  const keys = LABELS.map((label) => {
    const key = mockSolverKey(label);
    return { label, privateKey: key, address: privateKeyToAccount(key).address };
  });
  const signer = privateKeyToAccount(mockSolverKey("solver"));
  const attestations = [];
  const orders = [];
  for (let index = 0; index < count; index++) {
    const word = (label: string) => bytes(`testing-${label}`, index, 32);
    const small = (label: string) => hexToBigInt(bytes(`testing-${label}`, index, 8));
    const struct: RequestDataStruct = {
      requestId: word("request-id"),
      originChainId: small("origin-chain"),
      originUser: word("origin-user"),
      originCurrency: index % 2 === 0 ? (`0x${"00".repeat(32)}` as Hex) : word("currency"),
      originAmount: small("amount"),
      destinationChainId: small("destination-chain"),
      destinationUser: word("destination-user"),
    };
    const signature = await signRequestDataStruct(signer, struct);
    attestations.push({
      ...struct,
      originChainId: struct.originChainId.toString(),
      originAmount: struct.originAmount.toString(),
      destinationChainId: struct.destinationChainId.toString(),
      signature,
      ...malformed(signature),
    });
    const orderId = word("order-id");
    orders.push({ orderId, signature: await signOrderId(signer, orderId) });
  }
  return { keys, signerLabel: "solver", attestations, orders, zeroRecovery: zeroRecoverySignature() };
}

function malformed(signature: Hex) {
  return {
    highSTwin: highSTwin(signature),
    compact: compactForm(signature),
    v0: withV(signature, 0),
    v1: withV(signature, 1),
    v29: withV(signature, 29),
    short63: resized(signature, 63),
    long66: resized(signature, 66),
    empty: bytesToHex(new Uint8Array()),
  };
}
