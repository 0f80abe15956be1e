/**
 * Deterministic fixture requests for tests, benchmarks and demos: every status, fail reason, request
 * type, chain kind, deposit-address shape, feature and transaction kind appears, from a seed.
 */
import { getBase58Decoder } from "@solana/kit";
import { createRng } from "../rng.ts";
import {
  FAIL_REASONS,
  FEATURES,
  type Feature,
  REFUND_FAIL_REASONS,
  REQUEST_TYPES,
  type RequestRecord,
  SPEC_REQUEST_STATUSES,
  type Transaction,
} from "../schemas/index.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../svm/index.ts";
import { hashApiKey } from "./auth.ts";
import { newRecord, type RequestMeta, type StoredRequest } from "./records.ts";
import { currencyAmount, TokenRegistry } from "./tokens.ts";

export interface SeedOptions {
  seed?: number;
  count: number;
  /** API keys the requests are attributed to (raw keys; stored hashed). */
  apiKeys?: readonly string[];
  /** Size of the wallet pool (smaller pools give more matches per wallet). */
  wallets?: number;
  /** createdAt of the newest request (ms) and the spacing between requests (ms). */
  newestAt?: number;
  spacingMs?: number;
  /** Private chain UUIDs some requests live on. */
  privateChains?: readonly string[];
}

const EVM_CHAINS = [1, 10, 8453, 42161] as const;
const bytesToBase58 = getBase58Decoder();

/** Generates `count` requests, ids and data all derived from `seed`. */
export function generateRequests(options: SeedOptions): StoredRequest[] {
  const rng = createRng(options.seed ?? 1);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(rng() * values.length)] as T;
  const hex = (bytes: number) => {
    let out = "0x";
    for (let i = 0; i < bytes; i++)
      out += Math.floor(rng() * 256)
        .toString(16)
        .padStart(2, "0");
    return out;
  };
  const svmAddress = () => {
    const bytes = new Uint8Array(32);
    for (let i = 0; i < 32; i++) bytes[i] = Math.floor(rng() * 256);
    return bytesToBase58.decode(bytes);
  };
  const walletCount = options.wallets ?? 50;
  const evmWallets = Array.from({ length: walletCount }, () => hex(20));
  const svmWallets = Array.from({ length: Math.max(2, Math.floor(walletCount / 5)) }, svmAddress);
  const keyHashes = (options.apiKeys ?? []).map(hashApiKey);
  const tokens = new TokenRegistry();
  const newest = options.newestAt ?? Date.UTC(2026, 0, 1);
  const spacing = options.spacingMs ?? 1000;
  const out: StoredRequest[] = [];

  for (let n = 0; n < options.count; n++) {
    const originChainId = rng() < 0.15 ? SVM_CHAIN_ID : pick(EVM_CHAINS);
    const destinationChainId = rng() < 0.15 ? SVM_CHAIN_ID : pick(EVM_CHAINS);
    const walletFor = (chainId: number) => (chainId === SVM_CHAIN_ID ? pick(svmWallets) : pick(evmWallets));
    const currencyFor = (chainId: number) =>
      chainId === SVM_CHAIN_ID
        ? pick([SVM_NATIVE_TOKEN, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"])
        : pick(["0x0000000000000000000000000000000000000000", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]);
    const inPriced = tokens.resolve(originChainId, currencyFor(originChainId));
    const outPriced = tokens.resolve(destinationChainId, currencyFor(destinationChainId));
    const amountIn =
      BigInt(Math.floor(rng() * 10_000) + 1) * 10n ** BigInt(Math.max(0, inPriced.currency.decimals - 2));
    const currencyIn = currencyAmount(inPriced, amountIn);
    const currencyOut = currencyAmount(outPriced, amountIn);
    const status = pick(SPEC_REQUEST_STATUSES);
    const createdAt = newest - (options.count - 1 - n) * spacing;
    const updatedAt = createdAt + Math.floor(rng() * 600_000);
    const user = walletFor(originChainId);
    const recipient = walletFor(destinationChainId);
    const features: Feature[] = FEATURES.filter(() => rng() < 0.15);
    const hasDepositAddress = features.includes("deposit_address");
    const id = hex(32);
    const meta: RequestMeta = {
      createdAt,
      updatedAt,
      requestType: pick(REQUEST_TYPES),
      orderId: rng() < 0.3 ? `order-${Math.floor(rng() * 1e9)}` : null,
      parentId: n > 0 && rng() < 0.05 ? (out[Math.floor(rng() * out.length)]?.record.id ?? null) : null,
      apiKeyHash: keyHashes.length > 0 && rng() < 0.8 ? pick(keyHashes) : null,
      privateChain: options.privateChains && rng() < 0.05 ? pick(options.privateChains) : null,
      originChainId,
      destinationChainId,
      originCurrency: inPriced.currency.address,
      originSymbol: inPriced.currency.symbol,
      destinationCurrency: outPriced.currency.address,
      destinationSymbol: outPriced.currency.symbol,
      originAmount: amountIn.toString(),
      destinationAmount: amountIn.toString(),
      amountMicroUsd: String(Math.round(Number(currencyIn.amountUsd) * 1e6)),
      features,
      fillTime: status === "success" ? Math.floor(rng() * 120) : null,
      depositSeenAt: null,
      authenticatedData: { referrer: `app-${n % 7}` },
    };
    const record = newRecord(
      {
        id,
        user,
        recipient,
        sender: rng() < 0.9 ? user : null,
        refundTo: rng() < 0.2 ? walletFor(originChainId) : null,
        currencyIn,
        currencyOut,
        timeEstimate: rng() < 0.9 ? Math.floor(rng() * 60) : null,
        depositAddress: hasDepositAddress
          ? {
              address: walletFor(originChainId),
              type: pick(["strict", "open"] as const),
              depositor: rng() < 0.7 ? walletFor(originChainId) : null,
              depositTxHash: rng() < 0.5 ? hex(32) : null,
              recoveryAddress: rng() < 0.3 ? walletFor(originChainId) : null,
            }
          : null,
      },
      meta,
    );
    record.status = status;
    const tx = (chainId: number, type: string): Transaction => ({
      txHash:
        chainId === SVM_CHAIN_ID
          ? bytesToBase58.decode(new Uint8Array(64).map(() => Math.floor(rng() * 256)))
          : hex(32),
      fee: String(Math.floor(rng() * 1e6)),
      feeUsd: (rng() * 2).toFixed(4),
      block: Math.floor(rng() * 1_000_000),
      type,
      chainId,
      timestamp: Math.floor(createdAt / 1000),
      status: "success",
      data: null,
      stateChanges: null,
    });
    if (status !== "waiting") record.data.inTxs.push(tx(originChainId, "deposit"));
    if (status === "success" || status === "submitted")
      record.data.outTxs.push(tx(destinationChainId, "fill"));
    if (status === "refund") record.data.outTxs.push(tx(originChainId, "refund"));
    if (status === "failure" || status === "refund") {
      record.data.failReason = pick(FAIL_REASONS);
      if (rng() < 0.3) record.data.refundFailReason = pick(REFUND_FAIL_REASONS);
      if (rng() < 0.5) {
        record.data.failedTxHash = hex(32);
        record.data.failedTxBlockNumber = Math.floor(rng() * 1_000_000);
      }
    }
    if (features.includes("app_fees")) {
      const amountUsd = (rng() * 20).toFixed(2);
      record.data.appFees.quoted.push({
        recipient: user,
        bps: "25",
        amount: "1000",
        amountFormatted: "0.001",
      });
      record.data.appFees.actual.push({
        recipient: user,
        bps: "25",
        amount: "1000",
        amountFormatted: "0.001",
        amountUsd,
      });
    }
    if (features.includes("fast_fill")) record.data.triggeredByFastFill = true;
    out.push({ record: record as RequestRecord, meta });
  }
  return out;
}
