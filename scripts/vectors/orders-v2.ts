import { bytesToHex, getAddress, type Hex, hexToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  type ChainVmTypes,
  encodeOrder,
  encodeOrderAbi,
  ORDER_VERSIONS,
  type OrderV2,
  signOrderId,
} from "../../src/orders/index.ts";
import {
  amountFor,
  CHAIN_VM_TYPES,
  chainAt,
  currencyFor,
  encodedJson,
  errorCodeOf,
  referenceOrderId,
  seededFees,
  seededOrderAddress,
} from "./orders.ts";
import { type SeededBytes, seededInt } from "./seeded.ts";
import { seededPrivateKey } from "./seeded-keys.ts";

const CHAINS = Object.keys(CHAIN_VM_TYPES);

/**
 * The settlement SDK's own v2 order test (`relayprotocol/relay-settlement` packages/sdk/test/order-v2.test.ts,
 * commit 794dd7b, SDK 0.0.138): the order and the id the SDK asserts. Facts, re-typed here.
 */
const PUBLISHED: { name: string; source: string; chainVmTypes: ChainVmTypes; order: OrderV2; orderId: Hex } =
  {
    name: "settlement-sdk-order-v2-test",
    source: "relayprotocol/relay-settlement packages/sdk/test/order-v2.test.ts @ 794dd7b (SDK 0.0.138)",
    chainVmTypes: { base: "ethereum-vm", ethereum: "ethereum-vm", solana: "solana-vm" },
    order: {
      version: "v2",
      relayerChainId: "base",
      relayer: "0xfd073a9ccb34f8a13c466eb16dff990d6178a5ef",
      salt: "0x0ef19e8ac216cebd161d73425c0b1e1ae12f5a4d56fc54cddb4f9755c5e7b1b8",
      deadline: 1774878936,
      input: {
        chainId: "solana",
        currency: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        amount: "100000000",
      },
      refunds: [
        {
          chainId: "solana",
          currency: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
          minimumAmount: "0",
          recipient: "7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb1",
        },
        {
          chainId: "base",
          currency: "0x0000000000000000000000000000000000000000",
          minimumAmount: "0",
          recipient: "0x8B5E4dB198FfC7f69f8F11F6592f682717dF1D92",
        },
      ],
      output: {
        chainId: "base",
        withdraw: { currency: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", minimumAmount: "99000000" },
        fill: {
          currency: "0x4200000000000000000000000000000000000006",
          minimumAmount: "25000000000000000",
          recipient: "0x8B5E4dB198FfC7f69f8F11F6592f682717dF1D92",
          calls: ["0x000000000000000000000000000000000000000000000000000000000000002a"],
        },
      },
      fees: [
        {
          recipientChainId: "base",
          recipient: "0xb92fe925dc43a0ecde6c8b1a2709c170ec4fff4f",
          currencyChainId: "base",
          currency: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
          amount: "1000",
        },
      ],
    },
    orderId: "0x891a00b48e5c73016382af5eec240cca7cf6751c2ce572c09ba9c203f52168cc",
  };

function seededOrderV2(bytes: SeededBytes, index: number): OrderV2 {
  const at = (label: string) => `order-v2-${index}-${label}`;
  const n = (label: string, bound: number) => seededInt(bytes, at(label), 0, bound);
  // The output chain walks every VM so each appears as a destination.
  const outputChain = CHAINS[index % CHAINS.length]!;
  const outputVm = CHAIN_VM_TYPES[outputChain]!;
  const inputChain = chainAt(bytes, at("input-chain"), 0);
  const hex = (label: string, max: number) =>
    bytesToHex(hexToBytes(bytes(at(label), 0, 1 + max)).slice(0, n(`${label}-len`, max + 1)));
  return {
    version: "v2",
    relayerChainId: index % 2 === 0 ? "base" : chainAt(bytes, at("relayer-chain"), 0),
    relayer: getAddress(bytes(at("relayer"), 0, 20)),
    salt: index % 3 === 0 ? bytes(at("salt"), 0, 32) : BigInt(bytes(at("salt"), 0, 32)).toString(),
    deadline: Number(BigInt(bytes(at("deadline"), 0, 4))),
    input: {
      chainId: inputChain,
      currency: currencyFor(bytes, inputChain, at("input-currency")),
      amount: amountFor(bytes, at("input-amount"), 0),
    },
    refunds: Array.from({ length: n("refunds", 4) }, (_, j) => {
      const chainId = chainAt(bytes, at(`refund-${j}-chain`), 0);
      return {
        chainId,
        currency: currencyFor(bytes, chainId, at(`refund-${j}-currency`)),
        minimumAmount: amountFor(bytes, at(`refund-${j}-min`), 0),
        recipient: seededOrderAddress(bytes, CHAIN_VM_TYPES[chainId]!, at(`refund-${j}-to`), "account"),
      };
    }),
    output: {
      chainId: outputChain,
      withdraw: {
        currency: currencyFor(bytes, outputChain, at("withdraw-currency")),
        minimumAmount: amountFor(bytes, at("withdraw-min"), 0),
      },
      fill: {
        currency: currencyFor(bytes, outputChain, at("fill-currency")),
        minimumAmount: amountFor(bytes, at("fill-min"), 0),
        recipient: seededOrderAddress(bytes, outputVm, at("fill-to"), "account"),
        calls: Array.from({ length: n("calls", 3) }, (_, k) => hex(`call-${k}`, 100)),
      },
    },
    fees: seededFees(bytes, n("fees", 3), at),
  };
}

/** Malformed v2 orders, each a change to the published order, with the typed error each must produce. */
function invalidOrdersV2() {
  const o = PUBLISHED.order;
  const cases: Array<{ name: string; order: unknown; errorCode: string }> = [
    {
      name: "no-fill",
      order: { ...o, output: { ...o.output, fill: undefined } },
      errorCode: "INVALID_ORDER",
    },
    { name: "input-as-list", order: { ...o, input: [o.input] }, errorCode: "INVALID_ORDER" },
    {
      name: "v1-shape-labelled-v2",
      order: {
        version: "v2",
        solverChainId: "base",
        solver: o.relayer,
        salt: o.salt,
        inputs: [],
        output: {},
        fees: [],
      },
      errorCode: "INVALID_ORDER",
    },
    { name: "deadline-above-uint32", order: { ...o, deadline: 2 ** 32 }, errorCode: "INVALID_ORDER" },
    { name: "deadline-as-string", order: { ...o, deadline: "1774878936" }, errorCode: "INVALID_ORDER" },
    {
      name: "unknown-input-chain",
      order: { ...o, input: { ...o.input, chainId: "atlantis" } },
      errorCode: "ORDER_UNKNOWN_CHAIN",
    },
    {
      name: "unknown-refund-chain",
      order: { ...o, refunds: [{ ...o.refunds[0]!, chainId: "atlantis" }] },
      errorCode: "ORDER_UNKNOWN_CHAIN",
    },
    {
      name: "relayer-svm-address",
      order: { ...o, relayer: o.refunds[0]!.recipient },
      errorCode: "ORDER_ADDRESS_MALFORMED",
    },
    {
      name: "fill-recipient-svm-address-on-evm-output",
      order: {
        ...o,
        output: { ...o.output, fill: { ...o.output.fill, recipient: o.refunds[0]!.recipient } },
      },
      errorCode: "ORDER_ADDRESS_MALFORMED",
    },
    {
      name: "refund-recipient-bad-checksum",
      order: {
        ...o,
        refunds: [
          o.refunds[0]!,
          { ...o.refunds[1]!, recipient: "0x8b5E4dB198FfC7f69f8F11F6592f682717dF1D92" },
        ],
      },
      errorCode: "ORDER_ADDRESS_BAD_CHECKSUM",
    },
    {
      name: "withdraw-minimum-negative",
      order: { ...o, output: { ...o.output, withdraw: { ...o.output.withdraw, minimumAmount: "-1" } } },
      errorCode: "INVALID_ORDER",
    },
    {
      name: "call-odd-hex",
      order: { ...o, output: { ...o.output, fill: { ...o.output.fill, calls: ["0x123"] } } },
      errorCode: "INVALID_ORDER",
    },
  ];
  for (const entry of cases) {
    const actual = errorCodeOf(() =>
      encodeOrder(entry.order, PUBLISHED.chainVmTypes, { versions: ORDER_VERSIONS }),
    );
    if (actual !== entry.errorCode)
      throw new Error(`invalid v2 order ${entry.name}: got ${actual}, expected ${entry.errorCode}`);
  }
  return cases;
}

/**
 * `"v2"` order vectors shared by the TS, Solidity and SVM tests: the settlement SDK's published v2 order
 * with the id it asserts, seeded v2 orders over all nine VM types with their encoded form, ABI encoding,
 * id and a signature, and malformed v2 orders with their typed error.
 */
export async function protocolOrderV2Vectors(bytes: SeededBytes, count = 36) {
  const signerKey = seededPrivateKey(bytes, "order-v2-solver");
  const signer = privateKeyToAccount(signerKey);
  const published = encodeOrder(PUBLISHED.order, PUBLISHED.chainVmTypes, { versions: ["v2"] });
  if (referenceOrderId(published) !== PUBLISHED.orderId)
    throw new Error("the published v2 order id does not reproduce");
  const cases = [];
  for (let index = 0; index < count; index++) {
    const order = seededOrderV2(bytes, index);
    const encoded = encodeOrder(order, CHAIN_VM_TYPES, { versions: ["v2"] });
    const orderId = referenceOrderId(encoded);
    cases.push({
      name: `order-v2-${index}-to-${order.output.chainId}`,
      order,
      encoded: encodedJson(encoded),
      abiEncoded: encodeOrderAbi(encoded),
      orderId,
      signature: await signOrderId(signer, orderId),
    });
  }
  return {
    chainVmTypes: CHAIN_VM_TYPES,
    solver: { address: signer.address, privateKey: signerKey },
    published: [{ ...PUBLISHED, encoded: encodedJson(published), abiEncoded: encodeOrderAbi(published) }],
    cases,
    invalidOrders: invalidOrdersV2(),
  };
}
