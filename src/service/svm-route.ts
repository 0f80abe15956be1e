/**
 * SVM-origin deposits (service interface: SVM rules): a simulated origin swap route compiled into a REAL `@solana/kit`
 * transaction and measured with the foundation's size gate (1232 bytes, `SOLANA_TX_TOO_LARGE`).
 *
 * The route is deterministic: its length depends on the currency pair and the amount (larger amounts
 * split across more hops), capped by `maxRouteLength`; its hops use swap sources narrowed by
 * `includedOriginSwapSources`. Each hop touches the shared accounts of its source (program, config,
 * authority, event log) plus its own pool accounts, so long multi-source routes outgrow 1232 bytes,
 * shorter or single-source routes fit, exactly the behaviour the service interface's re-quote advice assumes.
 * The transaction ends with the deposit to the solver (System transfer, or an SPL Token `Transfer`
 * between the user's and the solver's real associated token accounts of the mint) and a memo
 * carrying the request id, which is how the indexer tags it.
 *
 * It executes as quoted on a chain where the `route-hop` program (programs/route-hop) runs at every
 * swap source's program address (`svmSwapSourceProgram`; `installSvmRouteHops` in chains/svm.ts
 * loads it into LiteSVM) and whose blockhash the quote carries (`blockhash`; without one, a
 * deterministic placeholder that no chain accepts).
 */
import { createHash } from "node:crypto";
import {
  AccountRole,
  type AccountSignerMeta,
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionSigner,
} from "@solana/kit";
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import { findAssociatedTokenPda, getTransferInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { SolanaTransactionTooLargeError } from "../errors.ts";
import { assertSvmTransactionWithinLimit, SVM_NATIVE_TOKEN } from "../svm/index.ts";
import { badRequest } from "./errors.ts";
import { type SdkSvmInstruction, toSdkInstructions } from "./svm-instructions.ts";

/** Swap sources of the simulated aggregator (`<swap_source_name>` identifiers). */
export const SVM_SWAP_SOURCES = [
  "whirlpool",
  "clmm",
  "dlmm",
  "stable-swap",
  "orderbook",
  "constant-product",
] as const;

export const SYSTEM_PROGRAM: Address = SYSTEM_PROGRAM_ADDRESS;
export const TOKEN_PROGRAM: Address = TOKEN_PROGRAM_ADDRESS;
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb" as Address;
export const MEMO_PROGRAM = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr" as Address;

/** Bytes of a hop's instruction data: its label `<source>#<index>`, zero-padded. */
const HOP_DATA_LEN = 24;

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
  /** The origin mint's token program (SPL Token or Token-2022); default SPL Token. */
  tokenProgram?: string;
  maxRouteLength?: number;
  includedOriginSwapSources?: readonly string[];
  /** The chain's recent blockhash; default a deterministic placeholder (the transaction then only measures). */
  blockhash?: string;
  /** Replaces the memo-tagged transfer to the solver (e.g. a deposit into the depository program). */
  deposit?: (user: TransactionSigner) => Promise<Instruction[]>;
  /**
   * Plan the route within the transaction's room: drop hops from its end until it fits (at least
   * the direct deposit), as an aggregator given an account budget does. For protocol orders, whose
   * depository deposit takes 136 bytes more than the memo-tagged transfer: without it a route the
   * attestation path carries overflows 1232 bytes (3 hops: 1126 bytes as a transfer, 1262 as an order).
   */
  fitRoute?: boolean;
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
  /** The transaction's instructions in the SDK SVM adapter's form. */
  instructions: SdkSvmInstruction[];
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

/** The program address of a swap source (where `route-hop` runs on the devnet). */
export function svmSwapSourceProgram(source: string): Address {
  return derivedAddress("program", source);
}

function hopInstruction(hop: SvmRouteHop, index: number, user: Address): Instruction {
  const shared = ["config", "authority"].map((name) => derivedAddress(name, hop.source));
  const own = ["vault-a", "vault-b", "oracle"].map((name) => derivedAddress(name, hop.pool));
  const data = new Uint8Array(HOP_DATA_LEN);
  data.set(new TextEncoder().encode(`${hop.source}#${index}`).subarray(0, HOP_DATA_LEN));
  return {
    programAddress: svmSwapSourceProgram(hop.source),
    accounts: [
      { address: user, role: AccountRole.WRITABLE_SIGNER },
      { address: hop.pool as Address, role: AccountRole.WRITABLE },
      ...own.map((address) => ({ address, role: AccountRole.WRITABLE })),
      ...shared.map((address) => ({ address, role: AccountRole.READONLY })),
      { address: TOKEN_PROGRAM, role: AccountRole.READONLY },
    ],
    data,
  };
}

/** A Memo v2 instruction whose text is the request id (lowercase): how deposits and fills are tagged. */
export function requestIdMemoInstruction(requestId: string, signer: TransactionSigner): Instruction {
  const meta: AccountSignerMeta = { address: signer.address, role: AccountRole.READONLY_SIGNER, signer };
  return {
    programAddress: MEMO_PROGRAM,
    accounts: [meta],
    data: new TextEncoder().encode(requestId.toLowerCase()),
  };
}

async function depositInstructions(input: SvmRouteInput, user: TransactionSigner): Promise<Instruction[]> {
  const solver = input.solver as Address;
  const amount = input.amount & ((1n << 64n) - 1n);
  let transfer: Instruction;
  if (input.originCurrency === SVM_NATIVE_TOKEN) {
    transfer = getTransferSolInstruction({ source: user, destination: solver, amount });
  } else {
    // `Transfer` (not `TransferChecked`): it needs no mint account, which keeps the quoted size the
    // same as the route gate was designed around.
    const mint = input.originCurrency as Address;
    const tokenProgram = (input.tokenProgram ?? TOKEN_PROGRAM) as Address;
    const ata = async (owner: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram }))[0];
    transfer = getTransferInstruction(
      { source: await ata(user.address), destination: await ata(solver), authority: user, amount },
      { programAddress: tokenProgram },
    );
  }
  return [transfer, requestIdMemoInstruction(input.requestId, user)];
}

/**
 * Builds the SVM deposit transaction of a quote and applies the 1232-byte gate (with `fitRoute`,
 * to the longest prefix of the route that fits).
 * @throws SolanaTransactionTooLargeError (400 `SOLANA_TX_TOO_LARGE`) when it does not fit.
 */
export async function buildSvmDeposit(input: SvmRouteInput): Promise<SvmDeposit> {
  const route = simulateRoute(input);
  if (!input.fitRoute) return compileDeposit(input, route);
  // Bounded: at most one attempt per hop of the route, plus the route-less deposit.
  for (let length = route.length; length > 0; length--) {
    try {
      return await compileDeposit(input, route.slice(0, length));
    } catch (error) {
      if (!(error instanceof SolanaTransactionTooLargeError)) throw error;
    }
  }
  return compileDeposit(input, []);
}

async function compileDeposit(input: SvmRouteInput, route: SvmRouteHop[]): Promise<SvmDeposit> {
  const user = input.user as Address;
  // The user signs later: a no-op signer marks its accounts as signers in the unsigned transaction.
  const instructions = [
    ...route.map((hop, i) => hopInstruction(hop, i, user)),
    ...(await (input.deposit ?? ((signer) => depositInstructions(input, signer)))(createNoopSigner(user))),
  ];
  const blockhash = (input.blockhash ??
    bytesToBase58.decode(digest("blockhash", input.requestId))) as Blockhash;
  const message = appendTransactionMessageInstructions(
    instructions,
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash, lastValidBlockHeight: 0n },
      setTransactionMessageFeePayer(user, createTransactionMessage({ version: 0 })),
    ),
  );
  const transaction = compileTransaction(message);
  const size = assertSvmTransactionWithinLimit(transaction);
  return {
    route,
    transaction: getBase64EncodedWireTransaction(transaction),
    size,
    instructions: toSdkInstructions(instructions),
  };
}
