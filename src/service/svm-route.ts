/**
 * SVM-origin deposits (spec 4.8): a simulated origin swap route compiled into a REAL `@solana/kit`
 * transaction and measured with the foundation's size gate (1232 bytes, `SOLANA_TX_TOO_LARGE`).
 *
 * The route is deterministic: its length depends on the currency pair and the amount (larger amounts
 * split across more hops), capped by `maxRouteLength`; its hops use swap sources narrowed by
 * `includedOriginSwapSources`. Each hop touches the shared accounts of its source (program, config,
 * authority, event log) plus its own pool accounts, so long multi-source routes outgrow 1232 bytes,
 * shorter or single-source routes fit, exactly the behaviour the spec's re-quote advice assumes.
 * The transaction ends with the deposit to the solver and a memo carrying the request id, which is
 * how the indexer tags it.
 */
import { createHash } from "node:crypto";
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { assertSvmTransactionWithinLimit, SVM_NATIVE_TOKEN } from "../svm/index.ts";
import { badRequest } from "./errors.ts";

/** Swap sources of the simulated aggregator (`<swap_source_name>` identifiers). */
export const SVM_SWAP_SOURCES = [
  "whirlpool",
  "clmm",
  "dlmm",
  "stable-swap",
  "orderbook",
  "constant-product",
] as const;

export const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;
export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" as Address;
export const MEMO_PROGRAM = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr" as Address;

/** Currencies that need no origin swap (the solver settles in them directly). */
const DIRECT_SETTLEMENT = new Set<string>([SVM_NATIVE_TOKEN, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"]);

const bytesToBase58 = getBase58Decoder();
const digest = (...parts: string[]) => createHash("sha256").update(parts.join("|")).digest();
const derivedAddress = (...parts: string[]) => bytesToBase58.decode(digest(...parts)) as Address;

export interface SvmRouteInput {
  requestId: string;
  user: string;
  originCurrency: string;
  destinationChainId: number;
  destinationCurrency: string;
  amount: bigint;
  solver: string;
  maxRouteLength?: number;
  includedOriginSwapSources?: readonly string[];
}

export interface SvmRouteHop {
  source: string;
  pool: string;
}

export interface SvmDeposit {
  route: SvmRouteHop[];
  /** Unsigned wire transaction, base64. */
  transaction: string;
  /** Measured wire size in bytes. */
  size: number;
}

/** The hop count before caps: 0 for directly settled currencies, else 1..9 by pair and amount. */
export function naturalRouteLength(
  input: Pick<SvmRouteInput, "originCurrency" | "destinationChainId" | "destinationCurrency" | "amount">,
): number {
  if (DIRECT_SETTLEMENT.has(input.originCurrency)) return 0;
  const seed = digest(
    "route",
    input.originCurrency,
    String(input.destinationChainId),
    input.destinationCurrency,
  );
  const base = 1 + ((seed[0] as number) % 5);
  const magnitude = input.amount.toString().length;
  return base + Math.min(3, Math.floor(magnitude / 5));
}

/** The simulated route: length capped by `maxRouteLength`, sources narrowed to the included ones. */
export function simulateRoute(input: SvmRouteInput): SvmRouteHop[] {
  let sources: readonly string[] = SVM_SWAP_SOURCES;
  if (input.includedOriginSwapSources !== undefined) {
    const unknown = input.includedOriginSwapSources.filter(
      (s) => !(SVM_SWAP_SOURCES as readonly string[]).includes(s),
    );
    if (unknown.length > 0) {
      throw badRequest(
        "UNKNOWN_SWAP_SOURCE",
        `unknown origin swap source(s) ${unknown.map((s) => JSON.stringify(s.slice(0, 40))).join(", ")}; known: ${SVM_SWAP_SOURCES.join(", ")}`,
      );
    }
    sources = [...new Set(input.includedOriginSwapSources)];
  }
  let length = naturalRouteLength(input);
  if (input.maxRouteLength !== undefined) length = Math.min(length, input.maxRouteLength);
  const seed = digest("sources", input.originCurrency, input.destinationCurrency, input.amount.toString());
  const hops: SvmRouteHop[] = [];
  for (let i = 0; i < length; i++) {
    const source = sources[((seed[i % seed.length] as number) + i) % sources.length] as string;
    hops.push({ source, pool: derivedAddress("pool", source, input.originCurrency, String(i)) });
  }
  return hops;
}

function hopInstruction(hop: SvmRouteHop, index: number, user: Address): Instruction {
  const program = derivedAddress("program", hop.source);
  const shared = ["config", "authority"].map((name) => derivedAddress(name, hop.source));
  const own = ["vault-a", "vault-b", "oracle"].map((name) => derivedAddress(name, hop.pool));
  return {
    programAddress: program,
    accounts: [
      { address: user, role: AccountRole.WRITABLE_SIGNER },
      { address: hop.pool as Address, role: AccountRole.WRITABLE },
      ...own.map((address) => ({ address, role: AccountRole.WRITABLE })),
      ...shared.map((address) => ({ address, role: AccountRole.READONLY })),
      { address: TOKEN_PROGRAM, role: AccountRole.READONLY },
    ],
    data: new Uint8Array(digest("data", hop.pool, String(index)).subarray(0, 24)),
  };
}

function depositInstructions(input: SvmRouteInput, user: Address): Instruction[] {
  const solver = input.solver as Address;
  const amount = input.amount & ((1n << 64n) - 1n);
  const data = new Uint8Array(9);
  let transfer: Instruction;
  if (input.originCurrency === SVM_NATIVE_TOKEN) {
    const system = new DataView(new ArrayBuffer(12));
    system.setUint32(0, 2, true);
    system.setBigUint64(4, amount, true);
    transfer = {
      programAddress: SYSTEM_PROGRAM,
      accounts: [
        { address: user, role: AccountRole.WRITABLE_SIGNER },
        { address: solver, role: AccountRole.WRITABLE },
      ],
      data: new Uint8Array(system.buffer),
    };
  } else {
    data[0] = 3;
    new DataView(data.buffer).setBigUint64(1, amount, true);
    transfer = {
      programAddress: TOKEN_PROGRAM,
      accounts: [
        { address: derivedAddress("ata", input.user, input.originCurrency), role: AccountRole.WRITABLE },
        { address: derivedAddress("ata", input.solver, input.originCurrency), role: AccountRole.WRITABLE },
        { address: user, role: AccountRole.READONLY_SIGNER },
      ],
      data,
    };
  }
  const memo: Instruction = {
    programAddress: MEMO_PROGRAM,
    accounts: [{ address: user, role: AccountRole.READONLY_SIGNER }],
    data: new TextEncoder().encode(input.requestId.toLowerCase()),
  };
  return [transfer, memo];
}

/**
 * Builds the SVM deposit transaction of a quote and applies the 1232-byte gate.
 * @throws SolanaTransactionTooLargeError (400 `SOLANA_TX_TOO_LARGE`) when it does not fit.
 */
export function buildSvmDeposit(input: SvmRouteInput): SvmDeposit {
  const route = simulateRoute(input);
  const user = input.user as Address;
  const instructions = [
    ...route.map((hop, i) => hopInstruction(hop, i, user)),
    ...depositInstructions(input, user),
  ];
  const blockhash = bytesToBase58.decode(digest("blockhash", input.requestId)) as Blockhash;
  const message = appendTransactionMessageInstructions(
    instructions,
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash, lastValidBlockHeight: 0n },
      setTransactionMessageFeePayer(user, createTransactionMessage({ version: 0 })),
    ),
  );
  const transaction = compileTransaction(message);
  const size = assertSvmTransactionWithinLimit(transaction);
  return { route, transaction: getBase64EncodedWireTransaction(transaction), size };
}
