import { getAddressDecoder } from "@solana/kit";
import fc from "fast-check";
import { getAddress, type Hex } from "viem";
import {
  fromBytes32Address,
  type RequestData,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
  toRequestDataWords,
} from "../../src/index.ts";

const svmDecoder = getAddressDecoder();
const toHex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}` as Hex;

const chainIdArbitrary = fc.constantFrom(1, 10, 8453, 42161, SVM_CHAIN_ID);

function addressArbitrary(chainId: number) {
  return chainId === SVM_CHAIN_ID
    ? fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => svmDecoder.decode(b) as string)
    : fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(toHex(b)) as string);
}

function currencyArbitrary(chainId: number) {
  const native = chainId === SVM_CHAIN_ID ? SVM_NATIVE_TOKEN : "0x0000000000000000000000000000000000000000";
  return fc.oneof(fc.constant(native as string), addressArbitrary(chainId));
}

/** Valid request data on any route, EVM and SVM, with amounts over the whole uint256 range. */
export const requestDataArbitrary: fc.Arbitrary<RequestData> = fc
  .tuple(chainIdArbitrary, chainIdArbitrary)
  .chain(([originChainId, destinationChainId]) =>
    fc.record({
      originChainId: fc.constant(originChainId),
      originUser: addressArbitrary(originChainId),
      originCurrency: currencyArbitrary(originChainId),
      originAmount: fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }).map(String),
      destinationChainId: fc.constant(destinationChainId),
      destinationUser: addressArbitrary(destinationChainId),
    }),
  );

/** Bits of a word that can change without making the field invalid outright. */
function significantBits(data: RequestData, index: number): number {
  if (index === 1 || index === 5) return 30;
  const chainId = index === 6 ? data.destinationChainId : data.originChainId;
  return (index === 2 || index === 3 || index === 6) && chainId !== SVM_CHAIN_ID ? 160 : 256;
}

/**
 * Flips one bit of one of the seven signed words and maps the words back to
 * the API shape. Returns null when the flipped word is no longer a valid value
 * for its field (for example dirty upper bytes of an EVM address).
 */
export function mutateOneBit(
  requestId: string,
  data: RequestData,
  field: number,
  bit: number,
): { requestId: string; requestData: RequestData } | null {
  const words = toRequestDataWords(requestId, data).map((w) => BigInt(w));
  const index = field % 7;
  words[index] = words[index]! ^ (1n << BigInt(bit % significantBits(data, index)));
  const word = (i: number) => toHex(Buffer.from(words[i]!.toString(16).padStart(64, "0"), "hex"));
  const originChainId = Number(words[1]);
  const destinationChainId = Number(words[5]);
  if (!Number.isSafeInteger(originChainId) || !Number.isSafeInteger(destinationChainId)) return null;
  if (originChainId <= 0 || destinationChainId <= 0) return null;
  try {
    return {
      requestId: word(0),
      requestData: {
        originChainId,
        originUser: fromBytes32Address(word(2), originChainId),
        originCurrency: fromBytes32Address(word(3), originChainId),
        originAmount: words[4]!.toString(),
        destinationChainId,
        destinationUser: fromBytes32Address(word(6), destinationChainId),
      },
    };
  } catch {
    return null;
  }
}
