// A snapshot of a LiteSVM for the catalogue runner: every property starts from the state the adapter's setup
// left, so what one property changed (a stranger's pause, a planted account, the clock) never reaches the next.
// LiteSVM has no clone, so writes are journaled instead: the first time a snapshot sees an account about to be
// written (a transaction's writable accounts, `setAccount`, `airdrop`, `addProgram`), it keeps its prior state,
// and restoring writes those states back (an account that did not exist is emptied, which removes it).
import {
  type Address,
  type CompiledTransactionMessage,
  getCompiledTransactionMessageDecoder,
  lamports,
  type Transaction,
} from "@solana/kit";
import type { Clock, LiteSVM } from "litesvm";

/** A LiteSVM whose writes a snapshot can undo, and the way to take one. */
export interface JournaledLiteSvm {
  /** The LiteSVM to write through (every write made through it is journaled). */
  readonly svm: LiteSVM;
  /** Starts a snapshot; the returned function restores the accounts and clock as they were. */
  snapshot(): () => void;
}

const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;
const decoder = getCompiledTransactionMessageDecoder();

/** The accounts a transaction may write: its writable signers and writable non-signers. */
export function writableAccounts(tx: Transaction): Address[] {
  const message = decoder.decode(tx.messageBytes) as CompiledTransactionMessage;
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const total = message.staticAccounts.length;
  return message.staticAccounts.filter(
    (_, i) =>
      i < numSignerAccounts - numReadonlySignerAccounts ||
      (i >= numSignerAccounts && i < total - numReadonlyNonSignerAccounts),
  );
}

/** Wraps `svm` so its writes can be undone by a snapshot. Writes made on `svm` itself are not journaled. */
export function journaledLiteSvm(svm: LiteSVM): JournaledLiteSvm {
  let saved: Map<Address, ReturnType<LiteSVM["getAccount"]>> | undefined;
  const remember = (address: Address) => {
    if (saved && !saved.has(address)) saved.set(address, svm.getAccount(address));
  };
  const journaled: Partial<Record<keyof LiteSVM, unknown>> = {
    sendTransaction: (tx: Transaction) => {
      for (const address of writableAccounts(tx)) remember(address);
      return svm.sendTransaction(tx);
    },
    setAccount: (account: Parameters<LiteSVM["setAccount"]>[0]) => {
      remember(account.address);
      svm.setAccount(account);
    },
    airdrop: (address: Address, amount: Parameters<LiteSVM["airdrop"]>[1]) => {
      remember(address);
      return svm.airdrop(address, amount);
    },
    addProgram: (programId: Address, bytes: Uint8Array) => {
      remember(programId);
      svm.addProgram(programId, bytes);
    },
    addProgramWithLoader: (programId: Address, bytes: Uint8Array, loader: Address) => {
      remember(programId);
      svm.addProgramWithLoader(programId, bytes, loader);
    },
    addProgramFromFile: (programId: Address, path: string) => {
      remember(programId);
      svm.addProgramFromFile(programId, path);
    },
  };
  const proxy = new Proxy(svm, {
    get(target, property, receiver) {
      if (property in journaled) return journaled[property as keyof LiteSVM];
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    svm: proxy,
    snapshot() {
      const accounts = new Map<Address, ReturnType<LiteSVM["getAccount"]>>();
      const clock: Clock = svm.getClock();
      saved = accounts;
      return () => {
        saved = undefined;
        for (const [address, account] of accounts) {
          svm.setAccount(
            account.exists
              ? account
              : {
                  address,
                  lamports: lamports(0n),
                  data: new Uint8Array(),
                  programAddress: SYSTEM_PROGRAM,
                  executable: false,
                  space: 0n,
                },
          );
        }
        svm.setClock(clock);
      };
    },
  };
}
