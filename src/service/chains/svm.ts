/**
 * SVM chain adapter over Solana JSON-RPC (kit's `createSolanaRpc`): the mock service reaches the devnet, another local network or a
 * public cluster the same way, at `confirmed` commitment by default.
 *
 * Deposits the indexer recognizes, each worth what the solver's own accounts gained in the
 * transaction (`svmCredits`: its lamports, and the token accounts it owned before and after;
 * Token-2022 fee mints net), never what an instruction, memo or log claims. The solver's accounts
 * are those of its current key and of the service's earlier keys (`addFormerSolvers`, its key
 * history): a deposit paid to the key that was current in its slot is the service's after a rotation.
 * - through the attested receiver (`receiverProgram`): its `Deposited` event naming one of those keys
 *   identifies the request and the payer it bound; it claims at most what arrived in its currency;
 * - tagged: what is left is for the request named by the transaction's one request-id memo (a
 *   top-level Memo instruction), paid by the account whose balance fell (`svm-payers.ts`: the token
 *   account's owner, or the account whose lamports fell beyond the fee), whoever paid the fee;
 * - into the protocol depository (`depositoryProgram`): its `deposit_native` / `deposit_token`
 *   instructions, top-level or inner (made by CPI, e.g. by the order depositor), name the order, the
 *   depositor (the caller's free choice) and the paying sender (the signer whose funds move), each
 *   worth what the depository's vault (or its token account) gained in the transaction
 *   (`depository-svm.ts`).
 * Successful transactions not signed by any of the service's keys only (keys from lookup tables
 * resolved by the node). `scan` reads the history of each key, its token accounts and the receiver
 * program (`getSignaturesForAddress`, then `getTransaction`).
 *
 * Fills and refunds: native SOL by System transfer; tokens by `TransferChecked` from the solver's
 * associated token account to the recipient's (a fill creates it idempotently in the same
 * transaction; a refund creates nothing and pays the deposit's source token account, `svm-refund.ts`); both
 * with the request id memo; signed, handed to the caller's outbox, then sent and its status polled
 * until it lands or its blockhash expires (`resume` does the same after a restart).
 */
import { readFileSync } from "node:fs";
import {
  type Address,
  appendTransactionMessageInstructions,
  type Base64EncodedWireTransaction,
  type Blockhash,
  type Commitment,
  createSolanaRpc,
  createSolanaRpcFromTransport,
  createTransactionMessage,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type Instruction,
  isAddress,
  type KeyPairSigner,
  pipe,
  type ReadonlyUint8Array,
  type RpcTransport,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintDecoder,
  getMintSize,
  getTransferCheckedInstruction,
} from "@solana-program/token";
import type { LiteSVM } from "litesvm";
import { svmCredits } from "../../credit/svm.ts";
import { describeChainError } from "../../describe.ts";
import { packageFile } from "../../package-files.ts";
import { decodeSvmReceiverDepositedEvents } from "../../receiver/svm.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../svm/index.ts";
import { crashPoint } from "../crash-points.ts";
import {
  MEMO_PROGRAM,
  requestIdMemoInstruction,
  SVM_SWAP_SOURCES,
  svmSwapSourceProgram,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from "../svm-route.ts";
import { depositoryAccounts, depositoryDepositsOf } from "./depository-svm.ts";
import { chainRead, isolateTransaction, settleQuarantined } from "./quarantine.ts";
import { createSvmDepositAddresses, type SvmDepositAddressOptions } from "./svm-deposit-addresses.ts";
import { svmTransferPayer } from "./svm-payers.ts";
import { svmTokenRefundDestination } from "./svm-refund.ts";
import {
  type ChainAdapter,
  type ChainObservation,
  RevertedTransferError,
  type SignedTransfer,
  type TransferParams,
} from "./types.ts";

/** A memo that is not UTF-8: the Memo program fails the transaction it is in. */
const REVERTING_MEMO: Instruction = { programAddress: MEMO_PROGRAM, data: new Uint8Array([0xff]) };

/** The committed `route-hop` program (programs/route-hop). */
export const ROUTE_HOP_SO = packageFile("programs/deploy/route-hop.so");

const REQUEST_ID_TEXT = /^0x[0-9a-f]{64}$/;
const messageDecoder = getCompiledTransactionMessageDecoder();
const transactionDecoder = getTransactionDecoder();
const base64 = getBase64Encoder();
const base58 = getBase58Encoder();
const TOKEN_PROGRAMS = new Set<string>([TOKEN_PROGRAM, TOKEN_2022_PROGRAM]);
/** `getSignaturesForAddress` page size (the node's maximum). */
const PAGE = 1000;

/**
 * Loads `route-hop` at the program address of every swap source of the mock's simulated routes, so
 * quoted SVM route transactions execute as is (on a LiteSVM chain the caller runs). Returns those addresses.
 */
export function installSvmRouteHops(svm: LiteSVM, elf: Uint8Array = readFileSync(ROUTE_HOP_SO)): Address[] {
  return SVM_SWAP_SOURCES.map((source) => {
    const program = svmSwapSourceProgram(source);
    svm.addProgram(program, elf);
    return program;
  });
}

export interface SvmChainAdapterOptions {
  /** Solana JSON-RPC URL (http or https). */
  rpcUrl: string;
  /** Reach the node through this transport instead of HTTP to `rpcUrl` (the devnet's chain in process). */
  transport?: RpcTransport;
  /** PubSub URL: accepted for existing callers; the adapter polls statuses over `rpcUrl` instead. */
  wsUrl?: string;
  /** The solver's keypair on the SVM chain (pays fills). */
  solver: KeyPairSigner;
  chainId?: number;
  /** The attested receiver's program id: its `Deposited` events naming the solver are deposits. */
  receiverProgram?: Address;
  /** The protocol depository program: its deposit instructions are order deposits. */
  depositoryProgram?: Address;
  /** Commitment for reads, `head()` and fills (default `confirmed`). */
  commitment?: Exclude<Commitment, "processed">;
  /** The deposit-address program and the sweeper of its addresses, when the chain has one. */
  depositAddresses?: SvmDepositAddressOptions;
}

export interface SvmChainAdapter extends ChainAdapter {
  /** A blockhash to build transactions with (valid for 150 slots on Solana). */
  latestBlockhash(): Promise<string>;
  nativeDepositMinimum(): Promise<bigint>;
  tokenProgramOf(mint: string): Promise<string | null>;
  close(): void;
}

interface CompiledInstruction {
  programAddressIndex: number;
  accountIndices?: number[];
  data?: ReadonlyUint8Array;
}

/** The PubSub URL Solana clients derive from an RPC URL: ws(s), port + 1 when a port is given. */
export function defaultWsUrl(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  if (url.port !== "") url.port = String(Number(url.port) + 1);
  return url.toString();
}

/** The request ids a transaction's top-level memos name; a deposit is tagged only by exactly one. */
function memoRequestIds(
  message: { instructions: CompiledInstruction[] },
  keys: readonly string[],
): Set<string> {
  const ids = new Set<string>();
  for (const instruction of message.instructions) {
    if (keys[instruction.programAddressIndex] !== MEMO_PROGRAM) continue;
    const text = new TextDecoder().decode((instruction.data ?? new Uint8Array()) as Uint8Array);
    if (REQUEST_ID_TEXT.test(text)) ids.add(text);
  }
  return ids;
}

/** Token amounts and owners by account index, from a transaction's token balances. */
function tokenAmounts(
  balances: readonly { accountIndex: number; owner?: string; uiTokenAmount: { amount: string } }[],
): Map<number, { amount: bigint; owner?: string }> {
  return new Map(
    balances.map((balance) => [
      balance.accountIndex,
      {
        amount: BigInt(balance.uiTokenAmount.amount),
        ...(balance.owner === undefined ? {} : { owner: balance.owner }),
      },
    ]),
  );
}

export function createSvmChainAdapter(options: SvmChainAdapterOptions): SvmChainAdapter {
  const { solver, receiverProgram, depositoryProgram } = options;
  const chainId = options.chainId ?? SVM_CHAIN_ID;
  const commitment = options.commitment ?? "confirmed";
  const rpc = options.transport
    ? createSolanaRpcFromTransport(options.transport)
    : createSolanaRpc(options.rpcUrl);
  const abort = new AbortController();
  const depository =
    depositoryProgram === undefined
      ? undefined
      : { program: depositoryProgram, accounts: depositoryAccounts(depositoryProgram) };
  /** Every key the service controls here, the current one first: deposits paid to any of them are its own. */
  const keys: Address[] = [solver.address];
  function addFormerSolvers(addresses: readonly string[]): void {
    for (const address of addresses) if (!keys.includes(address as Address)) keys.push(address as Address);
  }

  /** Signatures of successful transactions mentioning `address` in slots `from..to`, with their slots. */
  async function signaturesIn(address: Address, from: number, to: number): Promise<[Signature, number][]> {
    const out: [Signature, number][] = [];
    let before: Signature | undefined;
    for (;;) {
      const page = await rpc
        .getSignaturesForAddress(address, { commitment, limit: PAGE, ...(before ? { before } : {}) })
        .send({ abortSignal: abort.signal });
      for (const entry of page) {
        const slot = Number(entry.slot);
        if (slot >= from && slot <= to && entry.err === null) out.push([entry.signature, slot]);
      }
      const last = page.at(-1);
      if (page.length < PAGE || last === undefined || Number(last.slot) < from) return out;
      before = last.signature;
    }
  }

  /** The token accounts every key of the service owns now. */
  async function solverTokenAccounts(): Promise<Address[]> {
    const lists = await Promise.all(
      keys.flatMap((owner) =>
        [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((programId) =>
          rpc
            .getTokenAccountsByOwner(owner, { programId }, { commitment, encoding: "base64" })
            .send({ abortSignal: abort.signal }),
        ),
      ),
    );
    return lists.flatMap((list) => list.value.map((entry) => entry.pubkey));
  }

  /**
   * The deposits of one transaction, each worth what the solver's own accounts gained in it
   * (`svmCredits`). The receiver's `Deposited` events claim their share first (the receiver bound
   * their payer); what is left is tagged by the transaction's one request-id memo, if any.
   */
  async function depositsOf(signature: Signature): Promise<ChainObservation[]> {
    const tx = await chainRead(`transaction ${signature}`, () =>
      rpc
        .getTransaction(signature, { commitment, encoding: "base64", maxSupportedTransactionVersion: 0 })
        .send({ abortSignal: abort.signal }),
    );
    if (tx === null || tx.meta === null || tx.meta.err !== null) return [];
    const wire = transactionDecoder.decode(base64.encode(tx.transaction[0]));
    const message = messageDecoder.decode(wire.messageBytes) as unknown as {
      header: { numSignerAccounts: number };
      staticAccounts: string[];
      instructions: CompiledInstruction[];
    };
    const loaded = tx.meta.loadedAddresses;
    const accountKeys = [...message.staticAccounts, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
    const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts);
    // The service's own transactions (fills, refunds, moving funds between its keys) are never deposits.
    if (signers.some((signer) => keys.includes(signer as Address))) return [];
    const postTokenBalances = tx.meta.postTokenBalances ?? [];
    const balances = {
      accountKeys,
      preBalances: tx.meta.preBalances,
      postBalances: tx.meta.postBalances,
      preTokenBalances: tx.meta.preTokenBalances ?? [],
      postTokenBalances,
    };
    const remaining = new Map<string, bigint>();
    for (const wallet of keys) {
      for (const credit of svmCredits(balances, { wallet }, SVM_NATIVE_TOKEN))
        remaining.set(credit.currency, (remaining.get(credit.currency) ?? 0n) + credit.amount);
    }
    const base = {
      kind: "deposit" as const,
      txHash: signature as string,
      block: Number(tx.slot),
      timestamp: Number(tx.blockTime ?? 0n),
      status: "success" as const,
    };
    const inner = (tx.meta.innerInstructions ?? []).flatMap((entry) =>
      entry.instructions.map((instruction) => ({
        programAddressIndex: instruction.programIdIndex,
        accountIndices: instruction.accounts,
        data: base58.encode(instruction.data),
      })),
    );
    const deposits: ChainObservation[] =
      depository === undefined
        ? []
        : depositoryDepositsOf(
            {
              ...base,
              keys: accountKeys,
              instructions: [...message.instructions, ...inner],
              preBalances: tx.meta.preBalances.map(BigInt),
              postBalances: tx.meta.postBalances.map(BigInt),
              preTokenBalances: tokenAmounts(tx.meta.preTokenBalances ?? []),
              postTokenBalances: tokenAmounts(postTokenBalances),
            },
            depository.program,
            (await depository.accounts).vault,
          );
    if (receiverProgram !== undefined) {
      const success = { err: null, logs: [...(tx.meta.logMessages ?? [])] };
      for (const [index, event] of decodeSvmReceiverDepositedEvents(success, receiverProgram).entries()) {
        if (!keys.includes(event.solver as Address) || event.originChainId !== BigInt(chainId)) continue;
        const left = remaining.get(event.currency) ?? 0n;
        const amount = event.amount < left ? event.amount : left;
        if (amount === 0n) continue;
        remaining.set(event.currency, left - amount);
        deposits.push({
          ...base,
          requestId: event.requestId,
          from: event.payer,
          currency: event.currency,
          amount: amount.toString(),
          via: "receiver-event",
          position: `event:${index}`,
        });
      }
    }
    const ids = memoRequestIds(message, accountKeys);
    if (ids.size !== 1) return deposits;
    const [requestId] = [...ids];
    for (const [currency, amount] of remaining) {
      if (amount === 0n) continue;
      const payer = svmTransferPayer(
        { ...balances, fee: tx.meta.fee },
        solver.address,
        currency,
        SVM_NATIVE_TOKEN,
      );
      if (payer === null) throw new Error(`no payer found in ${signature} for its ${currency} transfer`);
      deposits.push({
        ...base,
        requestId: requestId as string,
        from: payer,
        currency,
        amount: amount.toString(),
        via: "transfer",
        position: "tx",
      });
    }
    return deposits;
  }

  /** `mint`'s token program and data, or null when it is not a mint of SPL Token or Token-2022. */
  async function mintAccount(
    mint: Address,
  ): Promise<{ tokenProgram: Address; data: ReadonlyUint8Array } | null> {
    const { value: account } = await rpc
      .getAccountInfo(mint, { commitment, encoding: "base64" })
      .send({ abortSignal: abort.signal });
    const data = account ? base64.encode(account.data[0]) : new Uint8Array();
    if (account === null || !TOKEN_PROGRAMS.has(account.owner) || data.length < getMintSize()) return null;
    return { tokenProgram: account.owner, data };
  }

  async function latestBlockhash() {
    return (await rpc.getLatestBlockhash({ commitment }).send({ abortSignal: abort.signal })).value;
  }

  /**
   * Signs, hands the signed transaction to `onSigned`, then sends it and waits for its commitment.
   * `skipPreflight` lets a transaction that fails land on chain (a scenario's reverting fill).
   */
  async function send(
    instructions: Instruction[],
    onSigned?: (signed: SignedTransfer) => void,
    skipPreflight = false,
    payer: KeyPairSigner = solver,
  ): Promise<{ txHash: string; block: number }> {
    const lifetime = await latestBlockhash();
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
      (m) => signTransactionMessageWithSigners(m),
    );
    const signed: SignedTransfer = {
      txHash: getSignatureFromTransaction(tx),
      raw: getBase64EncodedWireTransaction(tx),
      lifetime: lifetime.blockhash,
    };
    onSigned?.(signed);
    const landed = await resume(signed, skipPreflight);
    if (landed === null) throw new Error(`SVM transaction ${signed.txHash} expired before it landed`);
    return landed;
  }

  /**
   * The slot a transaction landed in at the adapter's commitment, or null. Throws
   * `RevertedTransferError` when it landed and failed.
   */
  async function landedAt(signature: Signature): Promise<number | null> {
    const { value } = await rpc
      .getSignatureStatuses([signature], { searchTransactionHistory: true })
      .send({ abortSignal: abort.signal });
    const status = value[0];
    if (!status) return null;
    const reached =
      status.confirmationStatus === "finalized" ||
      (commitment === "confirmed" && status.confirmationStatus === "confirmed");
    if (!reached) return null;
    if (status.err !== null)
      throw new RevertedTransferError(signature, Number(status.slot), describeChainError(status.err));
    return Number(status.slot);
  }

  /**
   * A transaction signed earlier lands only while its blockhash is valid: found, it is done; not
   * found and its blockhash still valid, it is sent again and awaited; otherwise it never lands.
   */
  async function resume(
    signed: SignedTransfer,
    skipPreflight = false,
  ): Promise<{ txHash: string; block: number } | null> {
    const signature = signed.txHash as Signature;
    for (let attempt = 0; attempt < 2400; attempt++) {
      const slot = await landedAt(signature);
      if (slot !== null) return { txHash: signed.txHash, block: slot };
      const { value: valid } = await rpc
        .isBlockhashValid(signed.lifetime as Blockhash, { commitment: "processed" })
        .send({ abortSignal: abort.signal });
      if (!valid) {
        const late = await landedAt(signature);
        return late === null ? null : { txHash: signed.txHash, block: late };
      }
      if (attempt % 20 === 0) {
        // Refused (it would fail): that error is the transfer's; a resend of a landed one is harmless.
        const refused = await rpc
          .sendTransaction(signed.raw as Base64EncodedWireTransaction, { encoding: "base64", skipPreflight })
          .send({ abortSignal: abort.signal })
          .then(
            () => null,
            (error: unknown) => error,
          );
        if (refused !== null && !/AlreadyProcessed/.test(String((refused as Error).message ?? refused))) {
          if ((await landedAt(signature)) === null) throw refused;
        }
        crashPoint("transfer-sent");
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`SVM transaction ${signature} neither landed nor expired in 120 s`);
  }

  async function transfer(
    params: TransferParams,
    onSigned?: (signed: SignedTransfer) => void,
  ): Promise<{ txHash: string; block: number }> {
    const to = params.to as Address;
    const memo = requestIdMemoInstruction(params.tag ?? params.requestId, solver);
    // A reverting fill ends with a memo that is not UTF-8: the Memo program fails it, so the
    // transaction lands tagged, failed, and moves nothing.
    const end = params.revert ? [memo, REVERTING_MEMO] : [memo];
    if (params.currency === SVM_NATIVE_TOKEN) {
      return send(
        [getTransferSolInstruction({ source: solver, destination: to, amount: params.amount }), ...end],
        onSigned,
        params.revert,
      );
    }
    const mint = params.currency as Address;
    const found = await mintAccount(mint);
    if (found === null) {
      throw new Error(`cannot fill in ${mint}: not a mint of SPL Token or Token-2022 on chain ${chainId}`);
    }
    const { tokenProgram, data } = found;
    const { decimals } = getMintDecoder().decode(data);
    const ata = async (owner: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram }))[0];
    // A fill creates the recipient's token account when needed; a refund creates nothing.
    const destination =
      params.refundOf === undefined
        ? await ata(to)
        : await svmTokenRefundDestination(
            { rpc, commitment, abortSignal: abort.signal, solver: solver.address },
            { depositTx: params.refundOf, recipient: to, mint, tokenProgram },
          );
    const create =
      params.refundOf === undefined
        ? [
            getCreateAssociatedTokenIdempotentInstruction({
              payer: solver,
              ata: destination,
              owner: to,
              mint,
              tokenProgram,
            }),
          ]
        : [];
    return send(
      [
        ...create,
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
        ...end,
      ],
      onSigned,
      params.revert,
    );
  }

  /** What the solver's wallet lacks to be rent-exempt (an account without data). */
  async function nativeDepositMinimum(): Promise<bigint> {
    const [minimum, { value: balance }] = await Promise.all([
      rpc.getMinimumBalanceForRentExemption(0n, { commitment }).send({ abortSignal: abort.signal }),
      rpc.getBalance(solver.address, { commitment }).send({ abortSignal: abort.signal }),
    ]);
    return balance >= minimum ? 0n : minimum - balance;
  }

  const tokenProgramOf = async (mint: string) =>
    isAddress(mint) ? ((await mintAccount(mint))?.tokenProgram ?? null) : null;

  return {
    chainId,
    vm: "svm",
    solverAddress: solver.address,
    latestBlockhash: async () => (await latestBlockhash()).blockhash,
    nativeDepositMinimum,
    tokenProgramOf,
    /** The highest slot at the adapter's commitment: no transaction lands in it any more. */
    async head() {
      return Number(await rpc.getSlot({ commitment }).send({ abortSignal: abort.signal }));
    },
    async scan(from, to) {
      const watched: Address[] = [...keys, ...(await solverTokenAccounts())];
      if (receiverProgram !== undefined) watched.push(receiverProgram);
      if (depositoryProgram !== undefined) watched.push(depositoryProgram);
      const signatures = new Map<Signature, number>();
      for (const address of watched) {
        for (const [signature, slot] of await signaturesIn(address, from, to))
          signatures.set(signature, slot);
      }
      const found: ChainObservation[] = [];
      for (const [signature, slot] of signatures) {
        found.push(
          ...(await isolateTransaction({ txHash: signature, block: slot }, () => depositsOf(signature))),
        );
      }
      return settleQuarantined(found).sort((a, b) => a.block - b.block);
    },
    addFormerSolvers,
    transfer,
    resume,
    legSource: (signature) => ({ vm: "solana-vm", signature, rpc }),
    ...(options.depositAddresses === undefined
      ? {}
      : {
          depositAddresses: createSvmDepositAddresses(options.depositAddresses, {
            rpc,
            commitment,
            abortSignal: abort.signal,
            tokenProgramOf,
            signaturesIn,
            send: (instructions, payer) => send(instructions, undefined, false, payer),
          }),
        }),
    close() {
      abort.abort();
    },
  };
}
