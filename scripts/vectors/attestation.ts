import { type Hex, hashMessage } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  encodeRequestData,
  hashRequestData,
  type RequestData,
  signRequestData,
  toCompactSignature,
  toRequestDataWords,
} from "../../src/attestation/index.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../src/svm/index.ts";
import { type SeededBytes, seededInt } from "./seeded.ts";
import { seededAddress, seededPrivateKey } from "./seeded-keys.ts";

const EVM_CHAINS = [1, 10, 8453, 42161];
const ROUTES = ["evm-evm", "evm-svm", "svm-evm", "svm-svm"] as const;
const MAX_UINT256 = (1n << 256n) - 1n;

function amountFor(bytes: SeededBytes, index: number): string {
  if (index === 0) return "0";
  if (index === 1) return "1";
  if (index === 2) return MAX_UINT256.toString();
  return BigInt(bytes("amount", index, 1 + seededInt(bytes, "amount-len", index, 32))).toString();
}

function currencyFor(bytes: SeededBytes, chainId: number, index: number): string {
  const native = seededInt(bytes, "native", index, 3) === 0;
  if (chainId === SVM_CHAIN_ID)
    return native ? SVM_NATIVE_TOKEN : seededAddress(bytes, "svm", `currency-${index}`);
  return native
    ? "0x0000000000000000000000000000000000000000"
    : seededAddress(bytes, "evm", `currency-${index}`);
}

/** Signed attestations over every route shape, with edge amounts, from seeded solver keys. */
export async function attestationVectors(bytes: SeededBytes, count = 32) {
  const vectors = [];
  for (let index = 0; index < count; index++) {
    const route = ROUTES[index % ROUTES.length]!;
    const [originVm, destinationVm] = route.split("-");
    const originChainId =
      originVm === "svm" ? SVM_CHAIN_ID : EVM_CHAINS[seededInt(bytes, "origin", index, 4)]!;
    const destinationChainId =
      destinationVm === "svm" ? SVM_CHAIN_ID : EVM_CHAINS[seededInt(bytes, "destination", index, 4)]!;
    const requestId = bytes("request-id", index, 32);
    const requestData: RequestData = {
      originChainId,
      originUser: seededAddress(bytes, originVm as "evm" | "svm", `origin-user-${index}`),
      originCurrency: currencyFor(bytes, originChainId, index),
      originAmount: amountFor(bytes, index),
      destinationChainId,
      destinationUser: seededAddress(bytes, destinationVm as "evm" | "svm", `destination-user-${index}`),
    };
    const signerPrivateKey = seededPrivateKey(bytes, `solver-${index % 4}`);
    const account = privateKeyToAccount(signerPrivateKey);
    const hash = hashRequestData(requestId, requestData);
    const signature = await signRequestData(account, requestId, requestData);
    const words = toRequestDataWords(requestId, requestData);
    vectors.push({
      name: `${route}-${index}`,
      requestId,
      requestData,
      words: {
        requestId: words[0],
        originChainId: words[1].toString(),
        originUser: words[2],
        originCurrency: words[3],
        originAmount: words[4].toString(),
        destinationChainId: words[5].toString(),
        destinationUser: words[6],
      },
      encoded: encodeRequestData(requestId, requestData),
      hash,
      digest: hashMessage({ raw: hash }) as Hex,
      signature,
      compactSignature: toCompactSignature(signature),
      signer: account.address,
      signerPrivateKey,
    });
  }
  return { vectors };
}
