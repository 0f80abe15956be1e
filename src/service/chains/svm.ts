/**
 * SVM chain adapter over a LiteSVM instance (the local validator: no RPC, no block history API).
 * Transactions reach the chain through `submit()`, which runs them in LiteSVM, records the successful
 * ones with their slot, block time and logs, and advances the slot; `scan()` reads that record.
 *
 * Deposits the indexer recognizes (each to this adapter's solver):
 * - native: a System transfer to the solver, tagged by a Memo instruction whose text is the request
 *   id (the shape of the mock's quoted SVM deposit);
 * - SPL Token / Token-2022: a `Transfer` or `TransferChecked` into a token account the solver owns,
 *   tagged the same way; currency = the mint;
 * - through the attested receiver (`receiverProgram`): its `Deposited` event in the logs, logged
 *   by that program and naming this solver; currency = the native constant or the mint.
 * Top-level instructions only, static account keys only (no address lookup tables).
 *
 * Fills and refunds: native SOL by System transfer; tokens by `TransferChecked` from the solver's
 * associated token account to the recipient's, created idempotently in the same transaction; both
 * with the request id memo.
 *
 * Blockhashes: LiteSVM alone accepts only its latest blockhash, which would invalidate a quoted
 * transaction as soon as any other transaction lands. The adapter therefore turns LiteSVM's own
 * check off and applies Solana's rule itself: a transaction must carry a blockhash the chain handed
 * out (`latestBlockhash()`, or LiteSVM's current one) at most `blockhashValiditySlots` slots ago
 * (default 150, as on Solana). Every submitted transaction closes its slot: the slot advances and a
 * new blockhash starts. Transactions sent to LiteSVM directly (not through `submit`) skip the rule.
 */
import { readFileSync } from "node:fs";
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  type ReadonlyUint8Array,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
  type Transaction,
} from "@solana/kit";
import {
  getTransferSolInstruction,
  getTransferSolInstructionDataDecoder,
  identifySystemInstruction,
  SystemInstruction,
} from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintDecoder,
  getMintSize,
  getTokenDecoder,
  getTokenSize,
  getTransferCheckedInstruction,
  getTransferCheckedInstructionDataDecoder,
  getTransferInstructionDataDecoder,
  identifyTokenInstruction,
  TokenInstruction,
} from "@solana-program/token";
import type { LiteSVM, TransactionMetadata } from "litesvm";
import { packageFile } from "../../package-files.ts";
import { decodeSvmReceiverDepositedEvents } from "../../receiver/svm.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../svm/index.ts";
import {
  MEMO_PROGRAM,
  requestIdMemoInstruction,
  SVM_SWAP_SOURCES,
  SYSTEM_PROGRAM,
  svmSwapSourceProgram,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from "../svm-route.ts";
import type { ChainAdapter, ChainObservation, TransferParams } from "./types.ts";

/** The committed `route-hop` program (programs/route-hop). */
export const ROUTE_HOP_SO = packageFile("programs/deploy/route-hop.so");

/** Solana's blockhash lifetime in slots (`MAX_PROCESSING_AGE`). */
export const SVM_BLOCKHASH_VALIDITY_SLOTS = 150;

const REQUEST_ID_TEXT = /^0x[0-9a-f]{64}$/;
const base58 = getBase58Decoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const TOKEN_PROGRAMS = new Set<string>([TOKEN_PROGRAM, TOKEN_2022_PROGRAM]);

/**
 * Loads `route-hop` at the program address of every swap source of the mock's simulated routes, so
 * quoted SVM route transactions execute as is. Returns those addresses.
 */
export function installSvmRouteHops(svm: LiteSVM, elf: Uint8Array = readFileSync(ROUTE_HOP_SO)): Address[] {
  return SVM_SWAP_SOURCES.map((source) => {
    const program = svmSwapSourceProgram(source);
    svm.addProgram(program, elf);
    return program;
  });
}

export interface SvmChainAdapterOptions {
  svm: LiteSVM;
  /** The solver's keypair on the SVM chain (pays fills). */
  solver: KeyPairSigner;
  chainId?: number;
  /** The attested receiver's program id: its `Deposited` events naming the solver are deposits. */
  receiverProgram?: Address;
  /** How many slots a blockhash stays valid (default `SVM_BLOCKHASH_VALIDITY_SLOTS`). */
  blockhashValiditySlots?: number;
  /**
   * Before each transaction, move the clock's unix timestamp forward to the wall clock (never back),
   * so deadlines computed from `Date.now()` hold onchain (default true; LiteSVM starts at 0).
   */
  wallClock?: boolean;
}

export interface SvmSubmitResult {
  signature: string;
  slot: number;
  /** Block time (unix seconds) the transaction ran at. */
  timestamp: number;
  logs: string[];
  /** Compute units the transaction consumed. */
  computeUnits: bigint;
}

export interface SvmChainAdapter extends ChainAdapter {
  /**
   * Runs a signed transaction on the chain; the only way transactions reach it.
   * @throws Error naming the blockhash problem, or the transaction error with the program logs.
   */
  submit(tx: Transaction): SvmSubmitResult;
  /** A blockhash to build transactions with (valid for `blockhashValiditySlots` slots). */
  latestBlockhash(): Blockhash;
}

type Deposit = Extract<ChainObservation, { kind: "deposit" }>;

interface Recorded extends SvmSubmitResult {
  deposits: Deposit[];
}

interface CompiledInstruction {
  programAddressIndex: number;
  accountIndices?: number[];
  data?: ReadonlyUint8Array;
}

/** Reads a token account's mint and owner (SPL Token layout, shared by Token-2022), or null. */
function tokenAccount(svm: LiteSVM, address: Address): { mint: Address; owner: Address } | null {
  const account = svm.getAccount(address);
  if (!account.exists || !TOKEN_PROGRAMS.has(account.programAddress)) return null;
  if (account.data.length < getTokenSize()) return null;
  const { mint, owner } = getTokenDecoder().decode(account.data);
  return { mint, owner };
}

/** A token transfer instruction's source authority, destination, amount and (checked) mint, or null. */
function tokenTransfer(
  data: ReadonlyUint8Array,
  accounts: (Address | undefined)[],
): { authority?: Address; destination?: Address; mint?: Address; amount: bigint } | null {
  try {
    const kind = identifyTokenInstruction(data);
    if (kind === TokenInstruction.Transfer && data.length === 9) {
      const { amount } = getTransferInstructionDataDecoder().decode(data);
      return { destination: accounts[1], authority: accounts[2], amount };
    }
    if (kind === TokenInstruction.TransferChecked && data.length === 10) {
      const { amount } = getTransferCheckedInstructionDataDecoder().decode(data);
      return { mint: accounts[1], destination: accounts[2], authority: accounts[3], amount };
    }
  } catch {
    // not a token instruction this adapter reads
  }
  return null;
}

/** The memo-tagged deposits (native and SPL) a transaction's top-level instructions make to `solver`. */
function transferDeposits(
  svm: LiteSVM,
  tx: Transaction,
  solver: Address,
): { requestId: string; from: string; currency: string; amount: bigint }[] {
  // Legacy and v0 messages share this shape; keys from lookup tables are not resolved.
  const message = messageDecoder.decode(tx.messageBytes) as unknown as {
    staticAccounts: Address[];
    instructions: CompiledInstruction[];
  };
  const keys = message.staticAccounts;
  let requestId: string | null = null;
  const transfers: { from: string; currency: string; amount: bigint }[] = [];
  for (const instruction of message.instructions) {
    const program = keys[instruction.programAddressIndex];
    const data = instruction.data ?? new Uint8Array();
    const accounts = (instruction.accountIndices ?? []).map((i) => keys[i]);
    if (program === MEMO_PROGRAM) {
      const text = new TextDecoder().decode(data as Uint8Array);
      if (REQUEST_ID_TEXT.test(text)) requestId = text;
    } else if (program === SYSTEM_PROGRAM && data.length === 12 && accounts.length >= 2) {
      if (identifySystemInstruction(data) === SystemInstruction.TransferSol && accounts[1] === solver) {
        const { amount } = getTransferSolInstructionDataDecoder().decode(data);
        transfers.push({ from: accounts[0] as string, currency: SVM_NATIVE_TOKEN, amount });
      }
    } else if (program !== undefined && TOKEN_PROGRAMS.has(program)) {
      const transfer = tokenTransfer(data, accounts);
      if (!transfer?.destination || !transfer.authority) continue;
      const destination = tokenAccount(svm, transfer.destination);
      if (destination === null || destination.owner !== solver) continue;
      if (transfer.mint !== undefined && transfer.mint !== destination.mint) continue;
      transfers.push({ from: transfer.authority, currency: destination.mint, amount: transfer.amount });
    }
  }
  return requestId === null ? [] : transfers.map((t) => ({ requestId: requestId as string, ...t }));
}

export function createSvmChainAdapter(options: SvmChainAdapterOptions): SvmChainAdapter {
  const { svm, solver, receiverProgram } = options;
  const chainId = options.chainId ?? SVM_CHAIN_ID;
  const validity = options.blockhashValiditySlots ?? SVM_BLOCKHASH_VALIDITY_SLOTS;
  const wallClock = options.wallClock ?? true;
  const log: Recorded[] = [];
  /** Blockhash -> the slot it was first handed out in. */
  const issued = new Map<string, number>();

  svm.withBlockhashCheck(false);
  const slot = () => Number(svm.getClock().slot);

  function latestBlockhash(): Blockhash {
    const blockhash = svm.latestBlockhash();
    if (!issued.has(blockhash)) issued.set(blockhash, slot());
    return blockhash;
  }

  function checkBlockhash(tx: Transaction): void {
    const { lifetimeToken } = messageDecoder.decode(tx.messageBytes);
    if (lifetimeToken === svm.latestBlockhash()) return;
    const since = issued.get(lifetimeToken);
    if (since === undefined) {
      throw new Error(`SVM transaction rejected: blockhash ${lifetimeToken} not found (BlockhashNotFound)`);
    }
    if (slot() - since > validity) {
      throw new Error(
        `SVM transaction rejected: blockhash ${lifetimeToken} expired (handed out at slot ${since}, now ${slot()}, valid for ${validity} slots)`,
      );
    }
  }

  function syncClock(): void {
    const clock = svm.getClock();
    const now = BigInt(Math.floor(Date.now() / 1000));
    if (clock.unixTimestamp < now) {
      clock.unixTimestamp = now;
      svm.setClock(clock);
    }
  }

  function depositsOf(
    tx: Transaction,
    logs: string[],
    at: { signature: string; slot: number; timestamp: number },
  ) {
    const base = { kind: "deposit" as const, txHash: at.signature, block: at.slot, timestamp: at.timestamp };
    const deposits: Deposit[] = transferDeposits(svm, tx, solver.address).map((d) => ({
      ...base,
      requestId: d.requestId,
      from: d.from,
      currency: d.currency,
      amount: d.amount.toString(),
      status: "success",
      via: "transfer",
    }));
    if (receiverProgram !== undefined) {
      for (const event of decodeSvmReceiverDepositedEvents(logs, receiverProgram)) {
        if (event.solver !== solver.address || event.originChainId !== BigInt(chainId)) continue;
        deposits.push({
          ...base,
          requestId: event.requestId,
          from: event.payer,
          currency: event.currency,
          amount: event.amount.toString(),
          status: "success",
          via: "receiver-event",
        });
      }
    }
    return deposits;
  }

  function submit(tx: Transaction): SvmSubmitResult {
    checkBlockhash(tx);
    if (wallClock) syncClock();
    const result = svm.sendTransaction(tx);
    if ("err" in result && typeof result.err === "function") {
      const logs = result.meta().logs();
      throw new Error(
        `SVM transaction failed: ${result.toString()}${logs.length > 0 ? `\n${logs.join("\n")}` : ""}`,
      );
    }
    const ok = result as TransactionMetadata;
    const at = {
      signature: base58.decode(ok.signature()),
      slot: slot(),
      timestamp: Number(svm.getClock().unixTimestamp),
      computeUnits: ok.computeUnitsConsumed(),
    };
    const logs = ok.logs();
    log.push({ ...at, logs, deposits: depositsOf(tx, logs, at) });
    // The transaction closes its slot: the next one runs in a new slot with a new blockhash.
    latestBlockhash();
    svm.warpToSlot(BigInt(at.slot + 1));
    svm.expireBlockhash();
    latestBlockhash();
    // Forget blockhashes long expired (kept twice the lifetime to report them as expired).
    for (const [blockhash, since] of issued) if (at.slot + 1 - since > 2 * validity) issued.delete(blockhash);
    return { ...at, logs };
  }

  async function send(instructions: Instruction[]): Promise<{ txHash: string; block: number }> {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(solver, m),
      (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    const { signature, slot } = submit(await signTransactionMessageWithSigners(message));
    return { txHash: signature, block: slot };
  }

  async function transfer(params: TransferParams): Promise<{ txHash: string; block: number }> {
    const to = params.to as Address;
    const memo = requestIdMemoInstruction(params.requestId, solver);
    if (params.currency === SVM_NATIVE_TOKEN) {
      return send([
        getTransferSolInstruction({ source: solver, destination: to, amount: params.amount }),
        memo,
      ]);
    }
    const mint = params.currency as Address;
    const account = svm.getAccount(mint);
    if (
      !account.exists ||
      !TOKEN_PROGRAMS.has(account.programAddress) ||
      account.data.length < getMintSize()
    ) {
      throw new Error(`cannot fill in ${mint}: not a mint of SPL Token or Token-2022 on chain ${chainId}`);
    }
    const tokenProgram = account.programAddress;
    const { decimals } = getMintDecoder().decode(account.data);
    const ata = async (owner: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram }))[0];
    const destination = await ata(to);
    return send([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: solver,
        ata: destination,
        owner: to,
        mint,
        tokenProgram,
      }),
      getTransferCheckedInstruction(
        {
          source: await ata(solver.address),
          mint,
          destination,
          authority: solver,
          amount: params.amount,
          decimals,
        },
        { programAddress: tokenProgram },
      ),
      memo,
    ]);
  }

  latestBlockhash();
  return {
    chainId,
    vm: "svm",
    solverAddress: solver.address,
    submit,
    latestBlockhash,
    /** The last closed slot: every submitted transaction closes its slot, so the current one is empty. */
    async head() {
      return slot() - 1;
    },
    async scan(from, to) {
      return log.filter((entry) => entry.slot >= from && entry.slot <= to).flatMap((entry) => entry.deposits);
    },
    transfer,
  };
}
