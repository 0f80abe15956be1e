/**
 * The embedded SVM chain's state: LiteSVM cannot copy itself or list its accounts, so every address
 * a write can reach is tracked as it happens (each executed transaction's account keys, lookup
 * tables resolved, airdrops, accounts and programs set directly) and the state is those accounts
 * plus the ledger's history and clock. Transactions write only accounts they name, so the tracked
 * set holds every account that exists except the builtins and sysvars LiteSVM starts with (never
 * written by a transaction) and LiteSVM's internal airdrop payer.
 */
import { type Address, type EncodedAccount, lamports, type Transaction } from "@solana/kit";
import type { LiteSVM } from "litesvm";
import type { LedgerTransaction, SvmLedger } from "./solana-rpc/ledger.ts";
import type { LedgerHistory } from "./solana-rpc/ledger-history.ts";
import { messageAccounts, messageOf } from "./solana-rpc/message.ts";

/** Accounts by address; null: the account did not exist. */
export type SvmAccounts = [Address, EncodedAccount | null][];

export interface SvmChainState {
  accounts: SvmAccounts;
  history: LedgerHistory<LedgerTransaction>;
}

/** LiteSVM's own transaction history: refused as `AlreadyProcessed` unless cleared after a restore. */
const LITESVM_HISTORY = 10_000n;
const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;

/** The addresses written so far on `svm`, tracked from now on (call before any setup). */
export function trackSvmAccounts(svm: LiteSVM): Set<Address> {
  const touched = new Set<Address>();
  const sendTransaction = svm.sendTransaction.bind(svm);
  svm.sendTransaction = (tx: Transaction) => {
    const message = messageOf(tx);
    const result = sendTransaction(tx);
    for (const key of messageAccounts(svm, message).keys) touched.add(key);
    return result;
  };
  const airdrop = svm.airdrop.bind(svm);
  svm.airdrop = (address, amount) => {
    touched.add(address);
    return airdrop(address, amount);
  };
  const setAccount = svm.setAccount.bind(svm);
  svm.setAccount = (account) => {
    touched.add(account.address);
    setAccount(account);
  };
  const addProgram = svm.addProgram.bind(svm);
  svm.addProgram = (programId, bytes) => {
    touched.add(programId);
    addProgram(programId, bytes);
  };
  const addProgramWithLoader = svm.addProgramWithLoader.bind(svm);
  svm.addProgramWithLoader = (programId, bytes, loader) => {
    touched.add(programId);
    addProgramWithLoader(programId, bytes, loader);
  };
  const addProgramFromFile = svm.addProgramFromFile.bind(svm);
  svm.addProgramFromFile = (programId, path) => {
    touched.add(programId);
    addProgramFromFile(programId, path);
  };
  return touched;
}

function readAccount(svm: LiteSVM, address: Address): EncodedAccount | null {
  const account = svm.getAccount(address);
  if (!account.exists) return null;
  const { exists: _, ...encoded } = account;
  return encoded;
}

function sameAccount(a: EncodedAccount | null, b: EncodedAccount | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.lamports === b.lamports &&
    a.executable === b.executable &&
    a.programAddress === b.programAddress &&
    Buffer.compare(a.data as Uint8Array, b.data as Uint8Array) === 0
  );
}

/** An account that no longer exists: LiteSVM drops an account left with no lamports. */
const emptyAccount = (address: Address) =>
  ({
    address,
    lamports: lamports(0n),
    data: new Uint8Array(),
    programAddress: SYSTEM_PROGRAM,
    executable: false,
    space: 0n,
  }) satisfies EncodedAccount;

export function captureSvmState(ledger: SvmLedger, touched: ReadonlySet<Address>): SvmChainState {
  return {
    accounts: [...touched].map((address) => [address, readAccount(ledger.svm, address)]),
    history: ledger.history(),
  };
}

/**
 * Puts `state` back: accounts that differ are rewritten (program data before the programs that load
 * it), accounts created since are removed, and the ledger returns to the saved slot and history.
 */
export function restoreSvmState(ledger: SvmLedger, touched: Set<Address>, state: SvmChainState): void {
  const { svm } = ledger;
  const saved = new Map(state.accounts);
  for (const address of saved.keys()) touched.add(address);
  const changed: EncodedAccount[] = [];
  for (const address of touched) {
    const target = saved.get(address) ?? null;
    if (!sameAccount(readAccount(svm, address), target)) changed.push(target ?? emptyAccount(address));
  }
  changed.sort((a, b) => Number(a.executable) - Number(b.executable));
  for (const account of changed) svm.setAccount(account);
  ledger.restoreHistory(state.history);
  svm.withTransactionHistory(0n);
  svm.withTransactionHistory(LITESVM_HISTORY);
}

/** The embedded SVM chain as a snapshot participant. */
export function svmSnapshotParticipant(ledger: SvmLedger, touched: Set<Address>) {
  return {
    name: "svm",
    capture: () => captureSvmState(ledger, touched),
    restore: (state: SvmChainState) => restoreSvmState(ledger, touched, state),
  };
}
