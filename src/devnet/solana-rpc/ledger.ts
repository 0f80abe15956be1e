/**
 * A LiteSVM chain run as a validator runs it: slots advance on a timer, each slot has its own
 * blockhash, a blockhash stays valid for 150 slots, and every transaction that executes is recorded
 * with its slot, block time, logs, inner instructions, fee, balances and token balances, so the RPC
 * answers history and status queries and PubSub notifies at each commitment level:
 * - processed: the transaction ran in the current (open) slot;
 * - confirmed: its slot closed (the next tick);
 * - finalized: `finalizationDepth` more slots closed after it.
 * Transactions rejected before execution (unknown or expired blockhash, bad signature, fee payer
 * that cannot pay) are not recorded, as on a validator; those that fail in a program are recorded with
 * their error and pay the fee. LiteSVM's own blockhash check is off: the ledger applies Solana's rule.
 * Account reads follow the same commitments (`accounts`): processed reads the latest state, confirmed
 * and finalized the state their slot left (`account-history.ts`), so an account a transaction wrote
 * reads as before until the transaction reaches the read's commitment, as on Agave. Accounts set
 * outside a transaction (cheatcodes: `setAccounts`) read as set at every commitment at once, as on
 * surfpool (a test sets an account and reads it at the default commitment).
 * SlotHashes is full (512 entries) from the first slot: the ledger starts at slot 512 or later, the
 * slots before it having hashes but no blocks, as on a validator started from a snapshot.
 */
import { createHash } from "node:crypto";
import {
  type Address,
  type Blockhash,
  type EncodedAccount,
  getBase58Decoder,
  getTransactionEncoder,
  type Transaction,
} from "@solana/kit";
import type {
  FailedTransactionMetadata,
  LiteSVM,
  SimulatedTransactionInfo,
  TransactionMetadata,
} from "litesvm";
import { isFailedTransaction } from "../peers.ts";
import { type AccountSource, createAccountHistory } from "./account-history.ts";
import {
  describeTransactionError,
  RpcError,
  SEND_TRANSACTION_PREFLIGHT_FAILURE,
  type TransactionErrorJson,
  transactionErrorJson,
} from "./errors.ts";
import type { LedgerHistory } from "./ledger-history.ts";
import {
  type DecodedMessage,
  type MessageAccounts,
  messageAccounts,
  messageFee,
  messageOf,
} from "./message.ts";
import {
  createSlotHashesSysvar,
  MAX_SLOT_HASHES,
  SLOT_HASHES_SYSVAR,
  type SlotHash,
} from "./slot-hashes-sysvar.ts";
import { type TokenBalance, tokenBalances } from "./token-accounts.ts";

/** Solana's blockhash lifetime in slots (`MAX_PROCESSING_AGE`). */
export const BLOCKHASH_VALIDITY_SLOTS = 150;
export const DEFAULT_SLOT_TIME_MS = 400;
const SYSTEM_PROGRAM = "11111111111111111111111111111111";
/** The sysvars a new slot rewrites (they read as of their slot at each commitment too). */
const SLOT_SYSVARS = ["SysvarC1ock11111111111111111111111111111111" as Address, SLOT_HASHES_SYSVAR];
/** Nonce account: version u32, state u32, authority (32 bytes), then the stored durable nonce. */
const NONCE_OFFSET = 40;
/** Slots between confirmed and finalized (a validator's root trails by about 32 slots). */
export const DEFAULT_FINALIZATION_DEPTH = 32;
/** 50,000 slots: about 5.5 hours of 400 ms slots. */
export const DEFAULT_HISTORY_SLOTS = 50_000;

export type Commitment = "processed" | "confirmed" | "finalized";

export interface InnerInstructionRecord {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
  stackHeight: number;
}

export interface LedgerTransaction {
  signature: string;
  slot: number;
  blockTime: number;
  /** The transaction as sent (wire bytes). */
  wire: Uint8Array;
  message: DecodedMessage;
  accounts: MessageAccounts;
  err: TransactionErrorJson | null;
  logs: string[];
  innerInstructions: { index: number; instructions: InnerInstructionRecord[] }[];
  computeUnits: number;
  fee: number;
  preBalances: number[];
  postBalances: number[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  returnData: { programId: Address; data: Uint8Array } | null;
}

export interface SimulationResult {
  err: TransactionErrorJson | null;
  /** Accounts as the transaction left them (empty when it did not run). */
  postAccounts: EncodedAccount[];
  logs: string[];
  unitsConsumed: number;
  returnData: { programId: Address; data: Uint8Array } | null;
  innerInstructions: LedgerTransaction["innerInstructions"];
}

export interface LedgerListener {
  /** A transaction executed (commitment `processed`). */
  transaction?(tx: LedgerTransaction): void;
  /** `addresses` were set outside a transaction in the open `slot`, at every commitment at once. */
  accountsSet?(event: { slot: number; addresses: readonly Address[] }): void;
  /** `closed` became confirmed, `finalized` (or null) finalized, and `opened` started. */
  slot?(event: { closed: number; finalized: number | null; opened: number }): void;
}

export interface SvmLedgerOptions {
  svm: LiteSVM;
  /** Slot length (default 400 ms, as on mainnet). */
  slotTimeMs?: number;
  finalizationDepth?: number;
  blockhashValiditySlots?: number;
  /**
   * Slots of block and transaction history kept (default `DEFAULT_HISTORY_SLOTS`); older blocks and
   * their transactions are pruned, as a validator's `--limit-ledger-size` prunes its ledger, so a
   * devnet left running keeps bounded memory.
   */
  historySlots?: number;
  /** The devnet's time in unix ms (default `Date.now`): block times and the Clock sysvar follow it. */
  now?: () => number;
}

export interface SvmLedger {
  readonly svm: LiteSVM;
  readonly slotTimeMs: number;
  readonly genesisHash: string;
  /** Highest slot at `commitment` (processed: the open slot). */
  slot(commitment?: Commitment): number;
  /** The accounts as of `commitment` (default finalized): processed reads the latest state. */
  accounts(commitment?: Commitment): AccountSource;
  /** The blockhash of the slot at `commitment`, and the last block height it is valid at. */
  latestBlockhash(commitment?: Commitment): {
    blockhash: Blockhash;
    lastValidBlockHeight: number;
    slot: number;
  };
  isBlockhashValid(blockhash: string): boolean;
  /** Runs a signed transaction in the open slot; throws an `RpcError` when it is rejected before execution. */
  submit(tx: Transaction): LedgerTransaction;
  /** Runs without committing; `sigVerify` false skips signatures, `replaceRecentBlockhash` the blockhash rule. */
  simulate(
    tx: Transaction,
    options?: { sigVerify?: boolean; replaceRecentBlockhash?: boolean },
  ): SimulationResult;
  transaction(signature: string): LedgerTransaction | undefined;
  /** The commitment a recorded transaction has reached. */
  commitmentOf(tx: LedgerTransaction): Commitment;
  /** The `limit` latest transactions still in the history, newest first. */
  latestTransactions(limit: number): readonly LedgerTransaction[];
  /** Transactions that mention `address`, newest first. */
  signaturesFor(address: string): readonly LedgerTransaction[];
  transactionsInSlot(slot: number): readonly LedgerTransaction[];
  blockTime(slot: number): number | null;
  /** The slot the ledger started at (its first block). */
  readonly firstSlot: number;
  /** The oldest slot whose block and transactions are still kept (history before it is pruned). */
  firstAvailableSlot(): number;
  /** The block of `slot` (every slot the ledger ran has one), or null outside its history. */
  block(slot: number): { blockhash: Blockhash; blockTime: number } | null;
  /** Transactions recorded since the start (pruned ones included). */
  transactionCount(): number;
  /**
   * Writes `accounts` outside a transaction (cheatcodes) in the open slot: reads at every commitment
   * see them at once, and listeners hear `accountsSet`.
   */
  setAccounts(accounts: readonly EncodedAccount[]): void;
  subscribe(listener: LedgerListener): () => void;
  /** Stops slot production (the devnet clock's pause): transactions keep landing in the open slot. */
  pause(): void;
  /** Restarts slot production. */
  resume(): void;
  /**
   * Time travel: `slots` slots pass at once, stamped with the current time. The first ones close as
   * the timer would close them (so everything pending is confirmed and finalized); the rest are skipped.
   */
  travel(slots: number): void;
  /** The chain's history and clock as plain data (snapshots, saved state: `ledger-history.ts`). */
  history(): LedgerHistory<LedgerTransaction>;
  /** Puts the chain back to `history`: slot, clock, blocks and transactions recorded after it are gone. */
  restoreHistory(history: LedgerHistory<LedgerTransaction>): void;
  /** Stops the slot timer. */
  close(): void;
}

const base58 = getBase58Decoder();

function innerInstructionsOf(meta: TransactionMetadata): LedgerTransaction["innerInstructions"] {
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const compiled = inner.instruction();
        return {
          programIdIndex: compiled.programIdIndex(),
          accounts: [...compiled.accounts()],
          data: compiled.data(),
          stackHeight: inner.stackHeight(),
        };
      }),
    }))
    .filter((entry) => entry.instructions.length > 0);
}

function returnDataOf(meta: TransactionMetadata): LedgerTransaction["returnData"] {
  const returned = meta.returnData();
  const data = returned.data();
  return data.length === 0 ? null : { programId: base58.decode(returned.programId()) as Address, data };
}

/** Errors that stop a transaction before execution: it is not recorded and pays no fee. */
function landsInBlock(err: TransactionErrorJson): boolean {
  return typeof err === "object" && ("InstructionError" in err || "InsufficientFundsForRent" in err);
}

function rejection(err: TransactionErrorJson, logs: string[] = []): RpcError {
  const text = describeTransactionError(err);
  return new RpcError(SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${text}`, {
    err,
    logs,
    accounts: null,
    unitsConsumed: 0,
    returnData: null,
  });
}

export function createSvmLedger(options: SvmLedgerOptions): SvmLedger {
  const { svm } = options;
  const slotTimeMs = options.slotTimeMs ?? DEFAULT_SLOT_TIME_MS;
  const depth = options.finalizationDepth ?? DEFAULT_FINALIZATION_DEPTH;
  const validity = options.blockhashValiditySlots ?? BLOCKHASH_VALIDITY_SLOTS;
  const historySlots = options.historySlots ?? DEFAULT_HISTORY_SLOTS;
  const now = options.now ?? Date.now;
  // Pruning must never drop a slot whose blockhash can still land a transaction.
  if (!Number.isInteger(historySlots) || historySlots < 2 * validity) {
    throw new RangeError(`historySlots must be an integer of at least ${2 * validity}`);
  }
  const listeners = new Set<LedgerListener>();
  const bySignature = new Map<string, LedgerTransaction>();
  const byAddress = new Map<string, LedgerTransaction[]>();
  const bySlot = new Map<number, LedgerTransaction[]>();
  /** Blockhash -> the slot it belongs to; slot -> blockhash and block time. */
  const blockhashSlot = new Map<string, number>();
  const slots = new Map<number, { blockhash: Blockhash; blockTime: number }>();
  svm.withBlockhashCheck(false);

  const history = createAccountHistory(svm);
  const current = () => Number(svm.getClock().slot);
  const slotAt = (commitment: Commitment = "finalized") => {
    const open = current();
    if (commitment === "processed") return open;
    const confirmed = Math.max(0, open - 1);
    return commitment === "confirmed" ? confirmed : Math.max(firstSlot, confirmed - depth);
  };
  /** The last closed slot a `confirmed` or `finalized` read sees (never the open one). */
  const closedSlotAt = (commitment: Commitment) => Math.min(slotAt(commitment), current() - 1);

  function syncClock(): number {
    const clock = svm.getClock();
    const at = BigInt(Math.floor(now() / 1000));
    if (clock.unixTimestamp < at) {
      clock.unixTimestamp = at;
      svm.setClock(clock);
    }
    return Number(svm.getClock().unixTimestamp);
  }

  /** SlotHashes, newest first: the slots' hashes a validator keeps for address lookup tables & co. */
  const earlier: SlotHash[] = [];
  if (current() < MAX_SLOT_HASHES) svm.warpToSlot(BigInt(MAX_SLOT_HASHES));
  for (let slot = current() - 1; earlier.length < MAX_SLOT_HASHES - 1; slot--) {
    const hash = base58.decode(createHash("sha256").update(`attestkit devnet slot ${slot}`).digest());
    earlier.push({ slot: BigInt(slot), hash });
  }
  const slotHashes = createSlotHashesSysvar(svm, earlier);
  /** A slot's prior sysvar states, SlotHashes' from the copy the ledger holds. */
  const sysvarBeforeSlot = (address: Address) =>
    address === SLOT_HASHES_SYSVAR ? slotHashes.account() : svm.getAccount(address);

  function openSlot(slot: number): void {
    const blockhash = svm.latestBlockhash();
    blockhashSlot.set(blockhash, slot);
    slots.set(slot, { blockhash, blockTime: syncClock() });
    slotHashes.push(slot, blockhash);
  }

  let firstSlot = current();
  openSlot(firstSlot);
  let genesisHash = svm.latestBlockhash();
  let firstAvailable = firstSlot;
  let recorded = 0;

  function emit(event: (listener: LedgerListener) => void): void {
    for (const listener of listeners) {
      try {
        event(listener);
      } catch {
        // a listener's failure (a closed socket) never stops the chain
      }
    }
  }

  function tick(): void {
    const closed = current();
    history.beforeWrite(closed + 1, SLOT_SYSVARS, sysvarBeforeSlot);
    svm.warpToSlot(BigInt(closed + 1));
    svm.expireBlockhash();
    openSlot(closed + 1);
    const stale = closed + 1 - 2 * validity;
    const old = slots.get(stale);
    if (old) blockhashSlot.delete(old.blockhash);
    while (closed + 1 - firstAvailable >= historySlots) prune(firstAvailable++);
    history.forgetThrough(closedSlotAt("finalized"));
    const finalized = closed - depth >= firstSlot ? closed - depth : null;
    emit((l) => l.slot?.({ closed, finalized, opened: closed + 1 }));
  }

  function setAccounts(accounts: readonly EncodedAccount[]): void {
    const slot = current();
    const addresses = accounts.map((account) => account.address);
    for (const account of accounts) svm.setAccount(account);
    history.overwrite(addresses);
    emit((l) => l.accountsSet?.({ slot, addresses }));
  }
  const startTimer = () => {
    const started = setInterval(tick, slotTimeMs);
    started.unref();
    return started;
  };
  let timer: NodeJS.Timeout | null = startTimer();

  /** Opens `target` directly: the slots between are skipped, history out of reach is dropped. */
  function jump(target: number): void {
    const closed = current();
    svm.warpToSlot(BigInt(target));
    const clock = svm.getClock();
    clock.epoch = BigInt(target) / svm.getEpochSchedule().slotsPerEpoch;
    svm.setClock(clock);
    svm.expireBlockhash();
    openSlot(target);
    for (const [hash, slot] of blockhashSlot) if (target - slot >= 2 * validity) blockhashSlot.delete(hash);
    const keepFrom = target + 1 - historySlots;
    if (keepFrom > firstAvailable) {
      for (const slot of [...slots.keys()]) if (slot < keepFrom) prune(slot);
      firstAvailable = keepFrom;
    }
    emit((l) =>
      l.slot?.({ closed, finalized: closed - depth >= firstSlot ? closed - depth : null, opened: target }),
    );
  }

  function travel(count: number): void {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`not a slot count: ${count}`);
    const ticks = Math.min(count, depth + 1);
    for (let i = 0; i < ticks; i++) tick();
    if (count > ticks) jump(current() + count - ticks);
    else syncClock();
  }

  function blockhashValid(blockhash: string): boolean {
    const issued = blockhashSlot.get(blockhash);
    return issued !== undefined && current() - issued <= validity;
  }

  /**
   * A durable-nonce transaction: its first instruction advances a nonce account (System instruction 4)
   * whose stored nonce is the message's blockhash.
   */
  function nonceValid(message: DecodedMessage): boolean {
    const first = message.instructions[0];
    const data = first?.data;
    if (
      !first ||
      !data ||
      data.length < 4 ||
      message.staticAccounts[first.programAddressIndex] !== SYSTEM_PROGRAM
    )
      return false;
    if (new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true) !== 4) return false;
    const nonceKey = message.staticAccounts[first.accountIndices?.[0] ?? -1];
    if (nonceKey === undefined) return false;
    const nonce = svm.getAccount(nonceKey);
    if (!nonce.exists || nonce.programAddress !== SYSTEM_PROGRAM || nonce.data.length < NONCE_OFFSET + 32)
      return false;
    return base58.decode(nonce.data.subarray(NONCE_OFFSET, NONCE_OFFSET + 32)) === message.lifetimeToken;
  }

  const lifetimeValid = (message: DecodedMessage) =>
    blockhashValid(message.lifetimeToken) || nonceValid(message);

  function checkBlockhash(message: DecodedMessage): void {
    if (!lifetimeValid(message)) throw rejection("BlockhashNotFound");
  }

  function balancesOf(keys: readonly Address[]): number[] {
    return keys.map((key) => Number(svm.getBalance(key) ?? 0n));
  }

  /** Drops `slot`'s block and its transactions from every index (lists are newest first). */
  function prune(slot: number): void {
    slots.delete(slot);
    for (const tx of bySlot.get(slot) ?? []) {
      bySignature.delete(tx.signature);
      for (const key of new Set(tx.accounts.keys)) {
        const list = byAddress.get(key);
        while (list?.length && (list.at(-1)?.slot ?? Number.POSITIVE_INFINITY) <= slot) list.pop();
        if (list?.length === 0) byAddress.delete(key);
      }
    }
    bySlot.delete(slot);
  }

  function record(tx: LedgerTransaction): void {
    recorded++;
    bySignature.set(tx.signature, tx);
    const inSlot = bySlot.get(tx.slot) ?? [];
    inSlot.push(tx);
    bySlot.set(tx.slot, inSlot);
    for (const key of new Set(tx.accounts.keys)) {
      const list = byAddress.get(key) ?? [];
      list.unshift(tx);
      byAddress.set(key, list);
    }
  }

  function submit(tx: Transaction): LedgerTransaction {
    const message = messageOf(tx);
    checkBlockhash(message);
    const signatureBytes = Object.values(tx.signatures)[0];
    if (!signatureBytes) throw rejection("MissingSignatureForFee");
    if (bySignature.has(base58.decode(signatureBytes))) throw rejection("AlreadyProcessed");
    syncClock();
    const accounts = messageAccounts(svm, message);
    const preBalances = balancesOf(accounts.keys);
    const preTokenBalances = tokenBalances(svm, accounts.keys);
    history.beforeWrite(
      current(),
      accounts.keys.filter((_, i) => accounts.writable[i]),
    );
    const result = svm.sendTransaction(tx);
    const failed = isFailedTransaction<FailedTransactionMetadata>(result);
    const meta = failed ? result.meta() : (result as TransactionMetadata);
    const err = failed ? transactionErrorJson(result.err()) : null;
    if (err !== null && !landsInBlock(err)) throw rejection(err, meta.logs());
    const slot = current();
    const entry: LedgerTransaction = {
      signature: base58.decode(meta.signature()),
      slot,
      blockTime: slots.get(slot)?.blockTime ?? syncClock(),
      wire: new Uint8Array(getTransactionEncoder().encode(tx)),
      message,
      accounts,
      err,
      logs: meta.logs(),
      innerInstructions: innerInstructionsOf(meta),
      computeUnits: Number(meta.computeUnitsConsumed()),
      fee: Number(messageFee(message)),
      preBalances,
      postBalances: balancesOf(accounts.keys),
      preTokenBalances,
      postTokenBalances: tokenBalances(svm, accounts.keys),
      returnData: returnDataOf(meta),
    };
    record(entry);
    emit((l) => l.transaction?.(entry));
    return entry;
  }

  function simulate(
    tx: Transaction,
    simulation: { sigVerify?: boolean; replaceRecentBlockhash?: boolean } = {},
  ): SimulationResult {
    const message = messageOf(tx);
    if (!simulation.replaceRecentBlockhash && !lifetimeValid(message)) {
      return {
        err: "BlockhashNotFound",
        postAccounts: [],
        logs: [],
        unitsConsumed: 0,
        returnData: null,
        innerInstructions: [],
      };
    }
    const sigVerify = simulation.sigVerify ?? false;
    if (!sigVerify) svm.withSigverify(false);
    try {
      const result = svm.simulateTransaction(tx);
      const failed = isFailedTransaction<FailedTransactionMetadata>(result);
      const meta = result.meta();
      return {
        err: failed ? transactionErrorJson(result.err()) : null,
        postAccounts: failed ? [] : (result as SimulatedTransactionInfo).postAccounts(),
        logs: meta.logs(),
        unitsConsumed: Number(meta.computeUnitsConsumed()),
        returnData: returnDataOf(meta),
        innerInstructions: innerInstructionsOf(meta),
      };
    } finally {
      if (!sigVerify) svm.withSigverify(true);
    }
  }

  return {
    svm,
    slotTimeMs,
    get genesisHash() {
      return genesisHash;
    },
    slot: slotAt,
    accounts: (commitment = "finalized") =>
      commitment === "processed" ? svm : history.asOf(closedSlotAt(commitment)),
    latestBlockhash(commitment) {
      const slot = slotAt(commitment);
      const info = slots.get(slot) ?? slots.get(current());
      if (!info) throw new Error(`no blockhash recorded for slot ${slot}`);
      return { blockhash: info.blockhash, lastValidBlockHeight: slot + validity, slot };
    },
    isBlockhashValid: blockhashValid,
    submit,
    simulate,
    transaction: (signature) => bySignature.get(signature),
    commitmentOf(tx) {
      if (tx.slot <= slotAt("finalized") && current() - 1 - depth >= tx.slot) return "finalized";
      return tx.slot <= slotAt("confirmed") && tx.slot < current() ? "confirmed" : "processed";
    },
    latestTransactions: (limit) => [...bySignature.values()].reverse().slice(0, limit),
    signaturesFor: (address) => byAddress.get(address) ?? [],
    transactionsInSlot: (slot) => bySlot.get(slot) ?? [],
    blockTime: (slot) => slots.get(slot)?.blockTime ?? null,
    get firstSlot() {
      return firstSlot;
    },
    firstAvailableSlot: () => firstAvailable,
    block: (slot) => slots.get(slot) ?? null,
    transactionCount: () => recorded,
    setAccounts,
    pause() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    resume() {
      timer ??= startTimer();
    },
    travel,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // --- snapshots and saved state (ledger-history.ts)
    history() {
      const clock = svm.getClock();
      return {
        genesisHash,
        firstSlot,
        firstAvailable,
        recorded,
        clock: {
          slot: clock.slot,
          epoch: clock.epoch,
          epochStartTimestamp: clock.epochStartTimestamp,
          leaderScheduleEpoch: clock.leaderScheduleEpoch,
          unixTimestamp: clock.unixTimestamp,
        },
        slots: [...slots],
        slotHashes: slotHashes.entries(),
        transactions: [...bySignature.values()],
      };
    },
    restoreHistory(saved) {
      ({ genesisHash, firstSlot, firstAvailable } = saved);
      const clock = svm.getClock();
      Object.assign(clock, saved.clock);
      svm.warpToSlot(saved.clock.slot);
      svm.setClock(clock);
      slotHashes.reset(saved.slotHashes);
      slots.clear();
      blockhashSlot.clear();
      for (const [slot, block] of saved.slots) {
        slots.set(slot, block);
        if (slot > Number(saved.clock.slot) - 2 * validity) blockhashSlot.set(block.blockhash, slot);
      }
      bySignature.clear();
      byAddress.clear();
      bySlot.clear();
      for (const tx of saved.transactions) record(tx);
      recorded = saved.recorded;
      // Prior states kept since are of a timeline that is gone: the restored accounts read the same at
      // every commitment.
      history.forgetThrough(Number.POSITIVE_INFINITY);
    },
    close() {
      if (timer) clearInterval(timer);
      timer = null;
      listeners.clear();
    },
  };
}
