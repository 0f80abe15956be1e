/**
 * SVM chain adapter over Solana JSON-RPC and PubSub (kit's `createSolanaRpc` /
 * `createSolanaRpcSubscriptions`): the mock service reaches the devnet, another local network or a
 * public cluster the same way, at `confirmed` commitment by default.
 *
 * Deposits the indexer recognizes (each to this adapter's solver):
 * - native: a System transfer to the solver, tagged by a Memo instruction whose text is the request
 *   id (the shape of the mock's quoted SVM deposit);
 * - SPL Token / Token-2022: a `Transfer` or `TransferChecked` into a token account the solver owns
 *   (read from the transaction's token balances), tagged the same way; currency = the mint;
 * - through the attested receiver (`receiverProgram`): its `Deposited` event in the logs, logged
 *   by that program and naming this solver; currency = the native constant or the mint;
 * - into the protocol depository (`depositoryProgram`): its `deposit_native` / `deposit_token`
 *   instructions, credited from the vault's balance change (`depository-svm.ts`).
 * Successful transactions only, top-level instructions only (keys from lookup tables resolved by the
 * node). `scan` reads the history of the solver, its token accounts and the receiver program
 * (`getSignaturesForAddress`, then `getTransaction`).
 *
 * Fills and refunds: native SOL by System transfer; tokens by `TransferChecked` from the solver's
 * associated token account to the recipient's, created idempotently in the same transaction; both
 * with the request id memo; sent and confirmed over PubSub.
 */
import { readFileSync } from "node:fs";
import {
  type Address,
  appendTransactionMessageInstructions,
  type Commitment,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  type ReadonlyUint8Array,
  type Signature,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
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
  getTransferCheckedInstruction,
  getTransferCheckedInstructionDataDecoder,
  getTransferInstructionDataDecoder,
  identifyTokenInstruction,
  TokenInstruction,
} from "@solana-program/token";
import type { LiteSVM } from "litesvm";
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
import { depositoryDepositsOf } from "./depository-svm.ts";
import type { ChainAdapter, ChainObservation, TransferParams } from "./types.ts";

/** The committed `route-hop` program (programs/route-hop). */
export const ROUTE_HOP_SO = packageFile("programs/deploy/route-hop.so");

const REQUEST_ID_TEXT = /^0x[0-9a-f]{64}$/;
const messageDecoder = getCompiledTransactionMessageDecoder();
const transactionDecoder = getTransactionDecoder();
const base64 = getBase64Encoder();
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
  /** PubSub URL (ws or wss); default the RPC URL's host with the next port, as Solana clients derive it. */
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
}

export interface SvmChainAdapter extends ChainAdapter {
  /** A blockhash to build transactions with (valid for 150 slots on Solana). */
  latestBlockhash(): Promise<string>;
  close(): void;
}

interface CompiledInstruction {
  programAddressIndex: number;
  accountIndices?: number[];
  data?: ReadonlyUint8Array;
}

/** A token account's mint and owner, by account index, from the transaction's token balances. */
type TokenOwners = Map<number, { mint: string; owner: string }>;

/** The PubSub URL Solana clients derive from an RPC URL: ws(s), port + 1 when a port is given. */
export function defaultWsUrl(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  if (url.port !== "") url.port = String(Number(url.port) + 1);
  return url.toString();
}

/** A token transfer instruction's source authority, destination index, amount and (checked) mint, or null. */
function tokenTransfer(
  data: ReadonlyUint8Array,
  accounts: number[],
  keys: readonly string[],
): { authority?: string; destination?: number; mint?: string; amount: bigint } | null {
  try {
    const kind = identifyTokenInstruction(data);
    if (kind === TokenInstruction.Transfer && data.length === 9) {
      const { amount } = getTransferInstructionDataDecoder().decode(data);
      return { destination: accounts[1], authority: keys[accounts[2] ?? -1], amount };
    }
    if (kind === TokenInstruction.TransferChecked && data.length === 10) {
      const { amount } = getTransferCheckedInstructionDataDecoder().decode(data);
      return {
        mint: keys[accounts[1] ?? -1],
        destination: accounts[2],
        authority: keys[accounts[3] ?? -1],
        amount,
      };
    }
  } catch {
    // not a token instruction this adapter reads
  }
  return null;
}

/** The memo-tagged deposits (native and SPL) a transaction's top-level instructions make to `solver`. */
function transferDeposits(
  message: { instructions: CompiledInstruction[] },
  keys: readonly string[],
  tokenOwners: TokenOwners,
  solver: string,
): { requestId: string; from: string; currency: string; amount: bigint }[] {
  let requestId: string | null = null;
  const transfers: { from: string; currency: string; amount: bigint }[] = [];
  for (const instruction of message.instructions) {
    const program = keys[instruction.programAddressIndex];
    const data = instruction.data ?? new Uint8Array();
    const indices = instruction.accountIndices ?? [];
    if (program === MEMO_PROGRAM) {
      const text = new TextDecoder().decode(data as Uint8Array);
      if (REQUEST_ID_TEXT.test(text)) requestId = text;
    } else if (program === SYSTEM_PROGRAM && data.length === 12 && indices.length >= 2) {
      const to = keys[indices[1] ?? -1];
      if (identifySystemInstruction(data) === SystemInstruction.TransferSol && to === solver) {
        const { amount } = getTransferSolInstructionDataDecoder().decode(data);
        transfers.push({ from: keys[indices[0] ?? -1] as string, currency: SVM_NATIVE_TOKEN, amount });
      }
    } else if (program !== undefined && TOKEN_PROGRAMS.has(program)) {
      const transfer = tokenTransfer(data, indices, keys);
      if (transfer?.destination === undefined || !transfer.authority) continue;
      const destination = tokenOwners.get(transfer.destination);
      if (destination === undefined || destination.owner !== solver) continue;
      if (transfer.mint !== undefined && transfer.mint !== destination.mint) continue;
      transfers.push({ from: transfer.authority, currency: destination.mint, amount: transfer.amount });
    }
  }
  return requestId === null ? [] : transfers.map((t) => ({ requestId: requestId as string, ...t }));
}

export function createSvmChainAdapter(options: SvmChainAdapterOptions): SvmChainAdapter {
  const { solver, receiverProgram, depositoryProgram } = options;
  const chainId = options.chainId ?? SVM_CHAIN_ID;
  const commitment = options.commitment ?? "confirmed";
  const rpc = createSolanaRpc(options.rpcUrl);
  const abort = new AbortController();
  const rpcSubscriptions = createSolanaRpcSubscriptions(options.wsUrl ?? defaultWsUrl(options.rpcUrl));
  const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions });

  /** Signatures of successful transactions mentioning `address` in slots `from..to`. */
  async function signaturesIn(address: Address, from: number, to: number): Promise<Signature[]> {
    const out: Signature[] = [];
    let before: Signature | undefined;
    for (;;) {
      const page = await rpc
        .getSignaturesForAddress(address, { commitment, limit: PAGE, ...(before ? { before } : {}) })
        .send({ abortSignal: abort.signal });
      for (const entry of page) {
        const slot = Number(entry.slot);
        if (slot >= from && slot <= to && entry.err === null) out.push(entry.signature);
      }
      const last = page.at(-1);
      if (page.length < PAGE || last === undefined || Number(last.slot) < from) return out;
      before = last.signature;
    }
  }

  async function solverTokenAccounts(): Promise<Address[]> {
    const lists = await Promise.all(
      [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((programId) =>
        rpc
          .getTokenAccountsByOwner(solver.address, { programId }, { commitment, encoding: "base64" })
          .send({ abortSignal: abort.signal }),
      ),
    );
    return lists.flatMap((list) => list.value.map((entry) => entry.pubkey));
  }

  async function depositsOf(signature: Signature): Promise<ChainObservation[]> {
    const tx = await rpc
      .getTransaction(signature, { commitment, encoding: "base64", maxSupportedTransactionVersion: 0 })
      .send({ abortSignal: abort.signal });
    if (tx === null || tx.meta === null || tx.meta.err !== null) return [];
    const wire = transactionDecoder.decode(base64.encode(tx.transaction[0]));
    const message = messageDecoder.decode(wire.messageBytes) as unknown as {
      staticAccounts: string[];
      instructions: CompiledInstruction[];
    };
    const loaded = tx.meta.loadedAddresses;
    const keys = [...message.staticAccounts, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
    const tokenOwners: TokenOwners = new Map();
    const postTokens = new Map<number, bigint>();
    for (const balance of tx.meta.postTokenBalances ?? []) {
      postTokens.set(balance.accountIndex, BigInt(balance.uiTokenAmount.amount));
      if (balance.owner !== undefined) {
        tokenOwners.set(balance.accountIndex, { mint: balance.mint, owner: balance.owner });
      }
    }
    const logs = [...(tx.meta.logMessages ?? [])];
    const base = {
      kind: "deposit" as const,
      txHash: signature as string,
      block: Number(tx.slot),
      timestamp: Number(tx.blockTime ?? 0n),
    };
    const deposits: ChainObservation[] = transferDeposits(message, keys, tokenOwners, solver.address).map(
      (d) => ({
        ...base,
        requestId: d.requestId,
        from: d.from,
        currency: d.currency,
        amount: d.amount.toString(),
        status: "success",
        via: "transfer",
      }),
    );
    if (receiverProgram !== undefined) {
      // Only successful transactions get here (submit throws on a failed one).
      const success = { err: null, logs };
      for (const event of decodeSvmReceiverDepositedEvents(success, receiverProgram)) {
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
    if (depositoryProgram !== undefined) {
      const preTokens = new Map<number, bigint>(
        (tx.meta.preTokenBalances ?? []).map((b) => [b.accountIndex, BigInt(b.uiTokenAmount.amount)]),
      );
      deposits.push(
        ...depositoryDepositsOf(
          {
            ...base,
            keys,
            instructions: message.instructions,
            preBalances: tx.meta.preBalances.map(BigInt),
            postBalances: tx.meta.postBalances.map(BigInt),
            preTokenBalances: preTokens,
            postTokenBalances: postTokens,
          },
          depositoryProgram,
        ),
      );
    }
    return deposits;
  }

  async function latestBlockhash() {
    return (await rpc.getLatestBlockhash({ commitment }).send({ abortSignal: abort.signal })).value;
  }

  async function send(instructions: Instruction[]): Promise<{ txHash: string; block: number }> {
    const lifetime = await latestBlockhash();
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(solver, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
      (m) => signTransactionMessageWithSigners(m),
    );
    await sendAndConfirm(tx as Parameters<typeof sendAndConfirm>[0], {
      commitment,
      abortSignal: abort.signal,
    });
    const signature = getSignatureFromTransaction(tx);
    const { value } = await rpc.getSignatureStatuses([signature]).send({ abortSignal: abort.signal });
    const status = value[0];
    if (!status) throw new Error(`SVM transaction ${signature} confirmed but has no status`);
    return { txHash: signature, block: Number(status.slot) };
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
    const { value: account } = await rpc
      .getAccountInfo(mint, { commitment, encoding: "base64" })
      .send({ abortSignal: abort.signal });
    const data = account ? base64.encode(account.data[0]) : new Uint8Array();
    if (account === null || !TOKEN_PROGRAMS.has(account.owner) || data.length < getMintSize()) {
      throw new Error(`cannot fill in ${mint}: not a mint of SPL Token or Token-2022 on chain ${chainId}`);
    }
    const tokenProgram = account.owner;
    const { decimals } = getMintDecoder().decode(data);
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

  return {
    chainId,
    vm: "svm",
    solverAddress: solver.address,
    latestBlockhash: async () => (await latestBlockhash()).blockhash,
    /** The highest slot at the adapter's commitment: no transaction lands in it any more. */
    async head() {
      return Number(await rpc.getSlot({ commitment }).send({ abortSignal: abort.signal }));
    },
    async scan(from, to) {
      const watched: Address[] = [solver.address, ...(await solverTokenAccounts())];
      if (receiverProgram !== undefined) watched.push(receiverProgram);
      if (depositoryProgram !== undefined) watched.push(depositoryProgram);
      const signatures = new Set<Signature>();
      for (const address of watched) for (const s of await signaturesIn(address, from, to)) signatures.add(s);
      const found: ChainObservation[] = [];
      for (const signature of signatures) found.push(...(await depositsOf(signature)));
      return found.sort((a, b) => a.block - b.block);
    },
    transfer,
    close() {
      abort.abort();
    },
  };
}
