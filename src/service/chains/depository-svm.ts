/**
 * The SVM depository program's deposit instructions (Anchor layout: 8-byte discriminator
 * `sha256("global:<name>")[..8]`, `amount` u64 little-endian, `id` 32 bytes), built for quotes and
 * read back by the indexer. Accounts, in order:
 * - `deposit_native`: config PDA ("relay_depository"), sender (signer, writable), depositor, vault PDA
 *   ("vault", writable), System program;
 * - `deposit_token`: config PDA, sender (signer, writable), depositor, vault PDA, mint, sender's
 *   token account (writable), vault's associated token account (writable), token program,
 *   Associated Token program, System program.
 * The indexer reads these instructions top-level and inner (a program such as the order depositor
 * deposits by CPI) and credits each from the balance change of the vault (lamports) or of the vault's
 * token account in that transaction (`depository-credit.ts`), never from the instruction's amount.
 */
import {
  AccountRole,
  type Address,
  getProgramDerivedAddress,
  type Instruction,
  type ReadonlyUint8Array,
  type TransactionSigner,
} from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { bytesToHex, type Hex, hexToBytes } from "viem";
import { decodeSvmDepositInstruction, encodeSvmDepositData } from "../../orders/index.ts";
import { SVM_NATIVE_TOKEN } from "../../svm/index.ts";
import { creditFromBalanceChange } from "./depository-credit.ts";
import type { ChainObservation } from "./types.ts";

const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;
const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL" as Address;

/** Where a deposit's money lands: the vault (native), or the vault's token account. */
const CREDITED_ACCOUNT = { native: 3, token: 6 } as const;
/** The signer paying a deposit, in both instructions. */
const SENDER_ACCOUNT = 1;

/** The depository's config PDA and its vault PDA. */
export async function depositoryAccounts(program: Address): Promise<{ config: Address; vault: Address }> {
  const seed = (text: string) => new TextEncoder().encode(text);
  const [config] = await getProgramDerivedAddress({
    programAddress: program,
    seeds: [seed("relay_depository")],
  });
  const [vault] = await getProgramDerivedAddress({ programAddress: program, seeds: [seed("vault")] });
  return { config, vault };
}

/**
 * The deposit of `amount` of `currency` (the native constant, or a mint of `tokenProgram`) by
 * `sender` for `depositor` under `id`.
 */
export async function buildDepositoryDepositInstruction(params: {
  program: Address;
  sender: TransactionSigner;
  depositor: Address;
  currency: string;
  amount: bigint;
  id: Hex;
  tokenProgram?: Address;
}): Promise<Instruction> {
  const { config, vault } = await depositoryAccounts(params.program);
  const sender = { address: params.sender.address, role: AccountRole.WRITABLE_SIGNER, signer: params.sender };
  const depositor = { address: params.depositor, role: AccountRole.READONLY };
  if (params.currency === SVM_NATIVE_TOKEN) {
    return {
      programAddress: params.program,
      accounts: [
        { address: config, role: AccountRole.READONLY },
        sender,
        depositor,
        { address: vault, role: AccountRole.WRITABLE },
        { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
      ],
      data: hexToBytes(encodeSvmDepositData("native", params.amount, params.id)),
    };
  }
  const mint = params.currency as Address;
  const tokenProgram = params.tokenProgram ?? TOKEN_PROGRAM_ADDRESS;
  const ata = async (owner: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram }))[0];
  return {
    programAddress: params.program,
    accounts: [
      { address: config, role: AccountRole.READONLY },
      sender,
      depositor,
      { address: vault, role: AccountRole.READONLY },
      { address: mint, role: AccountRole.READONLY },
      { address: await ata(params.sender.address), role: AccountRole.WRITABLE },
      { address: await ata(vault), role: AccountRole.WRITABLE },
      { address: tokenProgram, role: AccountRole.READONLY },
      { address: ASSOCIATED_TOKEN_PROGRAM, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
    ],
    data: hexToBytes(encodeSvmDepositData("token", params.amount, params.id)),
  };
}

/** A depository deposit instruction as the transaction carries it: what it names, and where the money lands. */
export interface DecodedDepositoryDeposit {
  id: Hex;
  amount: bigint;
  depositor: string;
  /** The account that paid it (the instruction's signing sender). */
  sender: string;
  /** The native constant or the mint. */
  currency: string;
  /** Index (in the transaction's keys) of the account whose balance the deposit raises. */
  creditedAccount: number;
}

/** Decodes one compiled instruction to the depository, or null when it is not a deposit. */
export function decodeDepositoryDeposit(
  data: ReadonlyUint8Array,
  accounts: readonly number[],
  keys: readonly string[],
): DecodedDepositoryDeposit | null {
  const decoded = decodeSvmDepositInstruction({
    programId: "",
    keys: accounts.map((index) => ({ pubkey: keys[index] ?? "" })),
    data: bytesToHex(data as Uint8Array),
  });
  const credited = decoded === null ? undefined : accounts[CREDITED_ACCOUNT[decoded.kind]];
  const sender = keys[accounts[SENDER_ACCOUNT] ?? -1];
  if (decoded === null || credited === undefined || keys[credited] === undefined || sender === undefined)
    return null;
  return {
    id: decoded.id,
    amount: decoded.amount,
    depositor: decoded.depositor,
    sender,
    currency: decoded.mint ?? SVM_NATIVE_TOKEN,
    creditedAccount: credited,
  };
}

type OrderDeposit = Extract<ChainObservation, { kind: "order-deposit" }>;

/** One instruction of a transaction, top-level or inner (a CPI), with indices into its keys. */
export interface CompiledDepositoryInstruction {
  programAddressIndex: number;
  accountIndices?: readonly number[];
  data?: ReadonlyUint8Array;
}

/** What the indexer needs of a fetched, successful transaction. */
export interface DepositoryTransaction {
  txHash: string;
  block: number;
  timestamp: number;
  keys: readonly string[];
  /** Top-level instructions, then the inner ones (deposits made by CPI from another program). */
  instructions: readonly CompiledDepositoryInstruction[];
  preBalances: readonly bigint[];
  postBalances: readonly bigint[];
  /** Token balances by account index (amount in smallest units, and the account's owner). */
  preTokenBalances: ReadonlyMap<number, { amount: bigint; owner?: string }>;
  postTokenBalances: ReadonlyMap<number, { amount: bigint; owner?: string }>;
}

/**
 * The deposits into `program` in one successful transaction, top-level or made by CPI (the order
 * depositor's), each credited from the transaction's balance change of the account it pays, and only
 * when that account is the depository's: its `vault` (lamports), or a token account the vault owns
 * before and after (shared pro rata when several deposits pay one account).
 */
export function depositoryDepositsOf(
  tx: DepositoryTransaction,
  program: string,
  vault: string,
): OrderDeposit[] {
  const byAccount = new Map<number, (DecodedDepositoryDeposit & { index: number })[]>();
  tx.instructions.forEach((instruction, index) => {
    if (tx.keys[instruction.programAddressIndex] !== program) return;
    const decoded = decodeDepositoryDeposit(
      instruction.data ?? new Uint8Array(),
      instruction.accountIndices ?? [],
      tx.keys,
    );
    if (decoded === null || !paysVault(tx, decoded, vault)) return;
    const payingIt = byAccount.get(decoded.creditedAccount) ?? [];
    byAccount.set(decoded.creditedAccount, [...payingIt, { ...decoded, index }]);
  });
  const out: OrderDeposit[] = [];
  for (const [account, deposits] of byAccount) {
    const native = deposits[0]?.currency === SVM_NATIVE_TOKEN;
    const change = native
      ? (tx.postBalances[account] ?? 0n) - (tx.preBalances[account] ?? 0n)
      : (tx.postTokenBalances.get(account)?.amount ?? 0n) - (tx.preTokenBalances.get(account)?.amount ?? 0n);
    const credits = creditFromBalanceChange(deposits, change);
    deposits.forEach((deposit, i) => {
      out.push({
        kind: "order-deposit",
        orderId: deposit.id,
        depositor: deposit.depositor,
        from: deposit.sender,
        position: `ix:${deposit.index}`,
        txHash: tx.txHash,
        block: tx.block,
        timestamp: tx.timestamp,
        currency: deposit.currency,
        amount: (credits[i] ?? 0n).toString(),
        status: "success",
      });
    });
  }
  return out;
}

/** Whether the account a deposit pays is the depository's vault, or a token account the vault owns. */
function paysVault(tx: DepositoryTransaction, deposit: DecodedDepositoryDeposit, vault: string): boolean {
  if (deposit.currency === SVM_NATIVE_TOKEN) return tx.keys[deposit.creditedAccount] === vault;
  const before = tx.preTokenBalances.get(deposit.creditedAccount);
  const after = tx.postTokenBalances.get(deposit.creditedAccount);
  return after?.owner === vault && (before === undefined || before.owner === vault);
}
