import { base58 } from "@scure/base";
import { bytesToHex, getAddress, type Hex, hashStruct, hexToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { AttestkitError } from "../../src/errors.ts";
import {
  type AnyEncodedOrder,
  type ChainVmTypes,
  encodeOrder,
  encodeOrderAbi,
  encodeOrderAddress,
  formatOrderAddress,
  formatTonRawAddress,
  formatXrpXAddress,
  hashEncodedOrder,
  NATIVE_CURRENCY,
  ORDER_FORMATS,
  ORDER_VM_TYPES,
  type Order,
  type OrderVmType,
  signOrderId,
} from "../../src/orders/index.ts";
import { type SeededBytes, seededInt } from "./seeded.ts";
import { seededPrivateKey } from "./seeded-keys.ts";

/** Protocol chain ids of the vectors, two EVM chains and one of every other VM. */
export const CHAIN_VM_TYPES: ChainVmTypes = {
  ethereum: "ethereum-vm",
  base: "ethereum-vm",
  solana: "solana-vm",
  bitcoin: "bitcoin-vm",
  tron: "tron-vm",
  ton: "ton-vm",
  xrpl: "xrp-vm",
  hyperliquid: "hyperliquid-vm",
  lighter: "lighter-vm",
  hedera: "hedera-vm",
};
const CHAINS = Object.keys(CHAIN_VM_TYPES);
const MAX_UINT256 = (1n << 256n) - 1n;

/**
 * The settlement SDK's own order test (`@relay-protocol/settlement-sdk`, test/order.test.ts):
 * an order the service signed, with the id the SDK asserts. Facts, re-typed here.
 */
const PUBLISHED: { name: string; source: string; chainVmTypes: ChainVmTypes; order: Order; orderId: Hex } = {
  name: "settlement-sdk-order-test",
  source: "@relay-protocol/settlement-sdk test/order.test.ts (relayprotocol/relay-settlement)",
  chainVmTypes: { base: "ethereum-vm", bitcoin: "bitcoin-vm", solana: "solana-vm" },
  order: {
    version: "v1",
    solverChainId: "base",
    solver: "0xfd073a9ccb34f8a13c466eb16dff990d6178a5ef",
    salt: "0x0ef19e8ac216cebd161d73425c0b1e1ae12f5a4d56fc54cddb4f9755c5e7b1b8",
    inputs: [
      {
        payment: {
          chainId: "base",
          currency: "0x0000000000000000000000000000000000000000",
          amount: "100000000000000",
          weight: "1",
        },
        refunds: [
          {
            chainId: "base",
            recipient: "0x8B5E4dB198FfC7f69f8F11F6592f682717dF1D92",
            currency: "0x0000000000000000000000000000000000000000",
            minimumAmount: "0",
            deadline: 1774878936,
            extraData: "0x000000000000000000000000b92fe925dc43a0ecde6c8b1a2709c170ec4fff4f",
          },
          {
            chainId: "solana",
            recipient: "7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb1",
            currency: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
            minimumAmount: "0",
            deadline: 1774878936,
            extraData: "0x",
          },
        ],
      },
    ],
    output: {
      chainId: "solana",
      payments: [
        {
          recipient: "7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb1",
          currency: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
          minimumAmount: "187151",
          expectedAmount: "196567",
        },
      ],
      calls: [],
      deadline: 1774878936,
      extraData: "0x",
    },
    fees: [],
  },
  orderId: "0x67f44dc715059f196cd133e54e4bbe125773cb6d7053d24389fbda361f4c14d8",
};

/** A valid address of `vmType` in one of its native forms, drawn from the seeded stream. */
export function seededOrderAddress(
  bytes: SeededBytes,
  vmType: OrderVmType,
  label: string,
  role: "account" | "currency",
) {
  const pick = (bound: number) => seededInt(bytes, `${label}-form`, 0, bound);
  const raw = (length: number) => hexToBytes(bytes(`${label}-bytes`, 0, length));
  switch (vmType) {
    case "ethereum-vm": {
      const address = getAddress(bytesToHex(raw(20)));
      return pick(3) === 0 ? address.toLowerCase() : address;
    }
    case "hyperliquid-vm":
      return bytesToHex(raw(role === "currency" ? 16 : 20));
    case "solana-vm":
    case "ton-vm":
      return vmType === "ton-vm" && pick(2) === 0
        ? formatTonRawAddress(raw(32))
        : formatOrderAddress(raw(32), vmType);
    case "bitcoin-vm": {
      const form = pick(5);
      const [prefix, length] = (
        [
          [[0xff, 0x00], 20],
          [[0xff, 0x05], 20],
          [[0x00], 20],
          [[0x00], 32],
          [[0x01], 32],
        ] as const
      )[form]!;
      return formatOrderAddress(Uint8Array.of(...prefix, ...raw(length)), vmType);
    }
    case "tron-vm":
      return formatOrderAddress(Uint8Array.of(0x41, ...raw(20)), vmType);
    case "xrp-vm":
      return pick(3) === 0 ? formatXrpXAddress(raw(20)) : formatOrderAddress(raw(20), vmType);
    case "lighter-vm":
      return (BigInt(bytesToHex(raw(6))) % 281474976710656n).toString();
    case "hedera-vm": {
      const form = pick(3);
      if (role === "currency" || form === 0) return `0.0.${BigInt(bytesToHex(raw(8))) >> 1n}`;
      const alias = raw(20);
      alias[0]! |= 0x80; // never long-zero: an account's EVM alias
      return form === 1 ? bytesToHex(alias) : `0.0.${bytesToHex(alias).slice(2)}`;
    }
  }
}

export function amountFor(bytes: SeededBytes, label: string, index: number): string {
  const kind = seededInt(bytes, `${label}-kind`, index, 8);
  if (kind === 0) return "0";
  if (kind === 1) return MAX_UINT256.toString();
  return BigInt(bytes(label, index, 1 + seededInt(bytes, `${label}-len`, index, 16))).toString();
}

export function chainAt(bytes: SeededBytes, label: string, index: number): string {
  return CHAINS[seededInt(bytes, label, index, CHAINS.length)]!;
}

export function currencyFor(bytes: SeededBytes, chainId: string, label: string): string {
  const vmType = CHAIN_VM_TYPES[chainId]!;
  return seededInt(bytes, `${label}-native`, 0, 3) === 0
    ? NATIVE_CURRENCY[vmType]
    : seededOrderAddress(bytes, vmType, label, "currency");
}

/** `count` seeded fees (the same `Fee` list in every order version), labels under `at`. */
export function seededFees(bytes: SeededBytes, count: number, at: (label: string) => string): Order["fees"] {
  return Array.from({ length: count }, (_, k) => {
    const recipientChainId = chainAt(bytes, at(`fee-${k}-to-chain`), 0);
    const currencyChainId = chainAt(bytes, at(`fee-${k}-currency-chain`), 0);
    return {
      recipientChainId,
      recipient: seededOrderAddress(bytes, CHAIN_VM_TYPES[recipientChainId]!, at(`fee-${k}-to`), "account"),
      currencyChainId,
      currency: currencyFor(bytes, currencyChainId, at(`fee-${k}-currency`)),
      amount: amountFor(bytes, at(`fee-${k}-amount`), 0),
    };
  });
}

function seededOrder(bytes: SeededBytes, index: number): Order {
  const n = (label: string, bound: number) => seededInt(bytes, `order-${index}-${label}`, 0, bound);
  const at = (label: string) => `order-${index}-${label}`;
  const deadline = (label: string) => Number(BigInt(bytes(at(label), 0, 4)));
  // The output chain walks every VM so each appears as a destination.
  const outputChain = CHAINS[index % CHAINS.length]!;
  const outputVm = CHAIN_VM_TYPES[outputChain]!;
  const hex = (label: string, max: number) =>
    bytesToHex(hexToBytes(bytes(at(label), 0, 1 + max)).slice(0, n(`${label}-len`, max + 1)));
  return {
    version: "v1",
    solverChainId: index % 2 === 0 ? "base" : chainAt(bytes, at("solver-chain"), 0),
    solver: getAddress(bytes(at("solver"), 0, 20)),
    salt: index % 3 === 0 ? bytes(at("salt"), 0, 32) : BigInt(bytes(at("salt"), 0, 32)).toString(),
    inputs: Array.from({ length: 1 + n("inputs", 3) }, (_, i) => {
      const chainId = index === 0 && i === 0 ? "base" : chainAt(bytes, at(`input-${i}-chain`), 0);
      return {
        payment: {
          chainId,
          currency: currencyFor(bytes, chainId, at(`input-${i}-currency`)),
          amount: amountFor(bytes, at(`input-${i}-amount`), 0),
          weight: amountFor(bytes, at(`input-${i}-weight`), 0),
        },
        refunds: Array.from({ length: n(`input-${i}-refunds`, 4) }, (_, j) => {
          const refundChain = chainAt(bytes, at(`refund-${i}-${j}-chain`), 0);
          return {
            chainId: refundChain,
            recipient: seededOrderAddress(
              bytes,
              CHAIN_VM_TYPES[refundChain]!,
              at(`refund-${i}-${j}-to`),
              "account",
            ),
            currency: currencyFor(bytes, refundChain, at(`refund-${i}-${j}-currency`)),
            minimumAmount: amountFor(bytes, at(`refund-${i}-${j}-min`), 0),
            deadline: deadline(`refund-${i}-${j}-deadline`),
            extraData: hex(`refund-${i}-${j}-extra`, 40),
          };
        }),
      };
    }),
    output: {
      chainId: outputChain,
      payments: Array.from({ length: 1 + n("payments", 3) }, (_, k) => ({
        recipient: seededOrderAddress(bytes, outputVm, at(`payment-${k}-to`), "account"),
        currency: currencyFor(bytes, outputChain, at(`payment-${k}-currency`)),
        minimumAmount: amountFor(bytes, at(`payment-${k}-min`), 0),
        expectedAmount: amountFor(bytes, at(`payment-${k}-expected`), 0),
      })),
      deadline: deadline("output-deadline"),
      calls: Array.from({ length: n("calls", 3) }, (_, k) => hex(`call-${k}`, 100)),
      extraData: hex("output-extra", 40),
    },
    fees: seededFees(bytes, n("fees", 3), at),
  };
}

/**
 * The id by viem's generic EIP-712 `hashStruct` (the reference) over the types of the order's version,
 * checked against the library's precomputed-typehash hasher so the vectors never depend on the code they test.
 */
export function referenceOrderId(encoded: AnyEncodedOrder): Hex {
  const id = hashStruct({ types: ORDER_FORMATS[encoded.version], primaryType: "Order", data: encoded });
  if (hashEncodedOrder(encoded) !== id) throw new Error("hashEncodedOrder disagrees with viem's hashStruct");
  return id;
}

/** The encoded order as JSON: bytes as hex, uint256 values as decimal strings. */
export function encodedJson(encoded: AnyEncodedOrder) {
  return JSON.parse(
    JSON.stringify(encoded, (_, value) => (typeof value === "bigint" ? value.toString() : value)),
  );
}

export function errorCodeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AttestkitError) return error.code;
    throw error;
  }
  return "NO_ERROR";
}

function changeCharAt(text: string, position: number, alphabet: string): string {
  const current = text[position]!;
  const replacement = alphabet[(alphabet.indexOf(current) + 1) % alphabet.length]!;
  return text.slice(0, position) + replacement + text.slice(position + 1);
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const XRP_BASE58 = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";
const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/** Malformed addresses of every VM with the typed error each must produce. */
function malformedAddresses(bytes: SeededBytes) {
  const raw = (label: string, length: number) => hexToBytes(bytes(`malformed-${label}`, 0, length));
  const evm = getAddress(bytesToHex(raw("evm", 20)));
  const letter = evm.slice(2).search(/[a-fA-F]/) + 2;
  const swapped =
    evm[letter] === evm[letter]!.toLowerCase() ? evm[letter]!.toUpperCase() : evm[letter]!.toLowerCase();
  const p2pkh = formatOrderAddress(Uint8Array.of(0xff, 0x00, ...raw("p2pkh", 20)), "bitcoin-vm");
  const p2wpkh = formatOrderAddress(Uint8Array.of(0x00, ...raw("p2wpkh", 20)), "bitcoin-vm");
  const p2tr = formatOrderAddress(Uint8Array.of(0x01, ...raw("p2tr", 32)), "bitcoin-vm");
  const tron = formatOrderAddress(Uint8Array.of(0x41, ...raw("tron", 20)), "tron-vm");
  const tonHash = raw("ton", 32);
  const ton = formatOrderAddress(tonHash, "ton-vm");
  const tonMasterchain = formatTonRawAddress(tonHash).replace(/^0:/, "-1:");
  const xrpAccount = raw("xrp", 20);
  const xrp = formatOrderAddress(xrpAccount, "xrp-vm");
  const cases: Array<{ name: string; vmType: OrderVmType; address: string; errorCode: string }> = [
    {
      name: "evm-bad-checksum",
      vmType: "ethereum-vm",
      address: evm.slice(0, letter) + swapped + evm.slice(letter + 1),
      errorCode: "ORDER_ADDRESS_BAD_CHECKSUM",
    },
    {
      name: "evm-19-bytes",
      vmType: "ethereum-vm",
      address: evm.slice(0, 40),
      errorCode: "ORDER_ADDRESS_WRONG_LENGTH",
    },
    {
      name: "evm-not-hex",
      vmType: "ethereum-vm",
      address: `0x${"zz".repeat(20)}`,
      errorCode: "ORDER_ADDRESS_MALFORMED",
    },
    {
      name: "evm-svm-address",
      vmType: "ethereum-vm",
      address: formatOrderAddress(raw("svm", 32), "solana-vm"),
      errorCode: "ORDER_ADDRESS_MALFORMED",
    },
    {
      name: "hyperliquid-17-bytes",
      vmType: "hyperliquid-vm",
      address: bytesToHex(raw("hl", 17)),
      errorCode: "ORDER_ADDRESS_WRONG_LENGTH",
    },
    {
      name: "solana-31-bytes",
      vmType: "solana-vm",
      address: base58.encode(raw("svm31", 31)),
      errorCode: "ORDER_ADDRESS_WRONG_LENGTH",
    },
    {
      name: "solana-bad-alphabet",
      vmType: "solana-vm",
      address: `0${formatOrderAddress(raw("svm", 32), "solana-vm").slice(1)}`,
      errorCode: "ORDER_ADDRESS_MALFORMED",
    },
    { name: "solana-evm-address", vmType: "solana-vm", address: evm, errorCode: "ORDER_ADDRESS_MALFORMED" },
    {
      name: "bitcoin-p2pkh-bad-checksum",
      vmType: "bitcoin-vm",
      address: changeCharAt(p2pkh, p2pkh.length - 1, BASE58),
      errorCode: "ORDER_ADDRESS_BAD_CHECKSUM",
    },
    {
      name: "bitcoin-bech32-bad-checksum",
      vmType: "bitcoin-vm",
      address: changeCharAt(p2wpkh, p2wpkh.length - 1, BECH32),
      errorCode: "ORDER_ADDRESS_BAD_CHECKSUM",
    },
    {
      name: "bitcoin-taproot-bech32-not-bech32m",
      vmType: "bitcoin-vm",
      address: changeCharAt(p2tr, p2tr.length - 1, BECH32),
      errorCode: "ORDER_ADDRESS_BAD_CHECKSUM",
    },
    {
      name: "bitcoin-v0-25-byte-program",
      vmType: "bitcoin-vm",
      address: formatOrderAddress(Uint8Array.of(0x00, ...raw("p2w25", 25)), "bitcoin-vm"),
      errorCode: "ORDER_ADDRESS_WRONG_LENGTH",
    },
    {
      name: "bitcoin-testnet",
      vmType: "bitcoin-vm",
      address: `tb1${p2wpkh.slice(3)}`,
      errorCode: "ORDER_ADDRESS_MALFORMED",
    },
    {
      name: "bitcoin-uppercase-bech32",
      vmType: "bitcoin-vm",
      address: p2wpkh.toUpperCase(),
      errorCode: "ORDER_ADDRESS_MALFORMED",
    },
    {
      name: "tron-bad-checksum",
      vmType: "tron-vm",
      address: changeCharAt(tron, tron.length - 1, BASE58),
      errorCode: "ORDER_ADDRESS_BAD_CHECKSUM",
    },
    {
      name: "tron-wrong-prefix",
      vmType: "tron-vm",
      address: formatOrderAddress(Uint8Array.of(0x42, ...raw("tron", 20)), "tron-vm"),
      errorCode: "ORDER_ADDRESS_MALFORMED",
    },
    {
      name: "ton-masterchain-raw",
      vmType: "ton-vm",
      address: tonMasterchain,
      errorCode: "ORDER_ADDRESS_TON_WORKCHAIN",
    },
    {
      name: "ton-bad-crc",
      vmType: "ton-vm",
      address: changeCharAt(
        ton,
        ton.length - 2,
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
      ),
      errorCode: "ORDER_ADDRESS_BAD_CHECKSUM",
    },
    {
      name: "ton-raw-31-bytes",
      vmType: "ton-vm",
      address: `0:${bytesToHex(raw("ton31", 31)).slice(2)}`,
      errorCode: "ORDER_ADDRESS_WRONG_LENGTH",
    },
    {
      name: "xrp-x-address-with-tag",
      vmType: "xrp-vm",
      address: formatXrpXAddress(xrpAccount, 12345),
      errorCode: "ORDER_ADDRESS_XRP_TAG",
    },
    {
      name: "xrp-bad-checksum",
      vmType: "xrp-vm",
      address: changeCharAt(xrp, xrp.length - 1, XRP_BASE58),
      errorCode: "ORDER_ADDRESS_BAD_CHECKSUM",
    },
    { name: "xrp-bitcoin-alphabet", vmType: "xrp-vm", address: p2pkh, errorCode: "ORDER_ADDRESS_MALFORMED" },
    { name: "lighter-negative", vmType: "lighter-vm", address: "-1", errorCode: "ORDER_ADDRESS_MALFORMED" },
    {
      name: "lighter-above-2^53",
      vmType: "lighter-vm",
      address: "9007199254740993",
      errorCode: "ORDER_ADDRESS_MALFORMED",
    },
    { name: "lighter-hex", vmType: "lighter-vm", address: "0x10", errorCode: "ORDER_ADDRESS_MALFORMED" },
    ...(
      [
        ["hedera-checksummed", "0.0.456858-ojdqc"],
        ["hedera-abbreviated-num", "456858"],
        ["hedera-abbreviated-realm-num", "0.456858"],
        ["hedera-leading-zeros", "0.0.0456858"],
        ["hedera-above-int64", "0.0.9223372036854775808"],
        ["hedera-shard-1", "1.0.5"],
        ["hedera-realm-1", "0.1.5"],
        ["hedera-long-zero-above-int64", "0x0000000000000000000000008000000000000000"],
        ["hedera-mirror-form-shard-1", `1.2.${bytesToHex(raw("hedera", 20)).slice(2)}`],
        ["hedera-base32-key-alias", "HIQQEXWKW53RKN4W6XXC4Q232SYNZ3SZANVZZSUME5B5PRGXL663UAQA"],
      ] as const
    ).map(([name, address]) => ({
      name,
      vmType: "hedera-vm" as const,
      address,
      errorCode: "ORDER_ADDRESS_MALFORMED",
    })),
  ];
  for (const entry of cases) {
    const actual = errorCodeOf(() => encodeOrderAddress(entry.address, entry.vmType));
    if (actual !== entry.errorCode)
      throw new Error(`malformed case ${entry.name}: got ${actual}, expected ${entry.errorCode}`);
  }
  return cases;
}

/** Orders that cannot be hashed, with the typed error each must produce. */
function invalidOrders() {
  const cases = [
    {
      name: "unknown-output-chain",
      order: { ...PUBLISHED.order, output: { ...PUBLISHED.order.output, chainId: "atlantis" } },
      errorCode: "ORDER_UNKNOWN_CHAIN",
    },
    {
      name: "unknown-refund-chain",
      order: {
        ...PUBLISHED.order,
        inputs: [
          {
            ...PUBLISHED.order.inputs[0]!,
            refunds: [{ ...PUBLISHED.order.inputs[0]!.refunds[0]!, chainId: "atlantis" }],
          },
        ],
      },
      errorCode: "ORDER_UNKNOWN_CHAIN",
    },
    {
      name: "unsupported-version",
      order: { ...PUBLISHED.order, version: "v9" },
      errorCode: "ORDER_UNSUPPORTED_VERSION",
    },
    {
      name: "deadline-above-uint32",
      order: { ...PUBLISHED.order, output: { ...PUBLISHED.order.output, deadline: 2 ** 32 } },
      errorCode: "INVALID_ORDER",
    },
    {
      name: "amount-with-sign",
      order: {
        ...PUBLISHED.order,
        inputs: [
          { ...PUBLISHED.order.inputs[0]!, payment: { ...PUBLISHED.order.inputs[0]!.payment, amount: "-1" } },
        ],
      },
      errorCode: "INVALID_ORDER",
    },
    {
      name: "extra-data-odd-hex",
      order: { ...PUBLISHED.order, output: { ...PUBLISHED.order.output, extraData: "0x123" } },
      errorCode: "INVALID_ORDER",
    },
  ];
  for (const entry of cases) {
    const actual = errorCodeOf(() => encodeOrder(entry.order, PUBLISHED.chainVmTypes));
    if (actual !== entry.errorCode)
      throw new Error(`invalid order ${entry.name}: got ${actual}, expected ${entry.errorCode}`);
  }
  return cases;
}

/** Valid addresses of every VM (every accepted form) with their order bytes. */
function addressCases(bytes: SeededBytes) {
  const cases = ORDER_VM_TYPES.flatMap((vmType) => [
    { vmType, address: NATIVE_CURRENCY[vmType] },
    ...Array.from({ length: 6 }, (_, i) => ({
      vmType,
      address: seededOrderAddress(
        bytes,
        vmType,
        `address-${vmType}-${i}`,
        i % 2 === 0 ? "account" : "currency",
      ),
    })),
  ]);
  return cases.map((entry) => ({ ...entry, bytes: encodeOrderAddress(entry.address, entry.vmType) }));
}

/**
 * Protocol order vectors shared by the TS, Solidity and SVM tests: the
 * service's published order, seeded orders over all nine VM types with their
 * encoded form, ABI encoding, id and a solver signature, valid addresses with
 * their bytes, and malformed addresses and orders with their typed error.
 */
export async function protocolOrderVectors(bytes: SeededBytes, count = 36) {
  const solverKey = seededPrivateKey(bytes, "order-solver");
  const solver = privateKeyToAccount(solverKey);
  const published = encodeOrder(PUBLISHED.order, PUBLISHED.chainVmTypes);
  if (hashEncodedOrder(published) !== PUBLISHED.orderId)
    throw new Error("the published order id does not reproduce");
  const cases = [];
  for (let index = 0; index < count; index++) {
    const order = seededOrder(bytes, index);
    const encoded = encodeOrder(order, CHAIN_VM_TYPES);
    const orderId = referenceOrderId(encoded);
    cases.push({
      name: `order-${index}-to-${order.output.chainId}`,
      order,
      encoded: encodedJson(encoded),
      abiEncoded: encodeOrderAbi(encoded),
      orderId,
      signature: await signOrderId(solver, orderId),
    });
  }
  return {
    chainVmTypes: CHAIN_VM_TYPES,
    solver: { address: solver.address, privateKey: solverKey },
    published: [
      {
        ...PUBLISHED,
        encoded: encodedJson(published),
        abiEncoded: encodeOrderAbi(published),
      },
    ],
    cases,
    addresses: addressCases(bytes),
    malformedAddresses: malformedAddresses(bytes),
    invalidOrders: invalidOrders(),
  };
}
