/**
 * SVM chain adapter over a LiteSVM instance (the local validator: no RPC, no block history API).
 * Transactions reach the chain through `submit()`, which runs them in LiteSVM, records the successful
 * ones with their slot, and advances the slot; `scan()` reads that record. The indexer recognizes a
 * native deposit: a System transfer to the solver together with a Memo instruction whose data is the
 * request id (the shape of the mock's quoted SVM deposit). The solver fills native SOL with the same
 * shape. SPL token deposits and fills are not recognized yet.
 */
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
  type Transaction,
} from "@solana/kit";
import type { LiteSVM } from "litesvm";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../svm/index.ts";
import { MEMO_PROGRAM, SYSTEM_PROGRAM } from "../svm-route.ts";
import type { ChainAdapter, ChainObservation, TransferParams } from "./types.ts";

const REQUEST_ID_TEXT = /^0x[0-9a-f]{64}$/;
const base58 = getBase58Decoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

export interface SvmChainAdapterOptions {
  svm: LiteSVM;
  /** The solver's keypair on the SVM chain (pays fills). */
  solver: KeyPairSigner;
  chainId?: number;
}

export interface SvmChainAdapter extends ChainAdapter {
  /** Runs a signed transaction on the chain; throws with the program error when it fails. */
  submit(tx: Transaction): { signature: string; slot: number };
}

interface Recorded {
  signature: string;
  slot: number;
  tx: Transaction;
}

/** Reads the native deposits a transaction makes to `solver`, tagged by a memo with the request id. */
function depositsIn(tx: Transaction, solver: string): { requestId: string; from: string; amount: bigint }[] {
  // Legacy and v0 messages (what the mock and the solver build) share this shape.
  const message = messageDecoder.decode(tx.messageBytes) as unknown as {
    staticAccounts: string[];
    instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
  };
  const accounts = message.staticAccounts;
  let requestId: string | null = null;
  const transfers: { from: string; amount: bigint }[] = [];
  for (const instruction of message.instructions) {
    const program = accounts[instruction.programAddressIndex];
    const data = instruction.data ?? new Uint8Array();
    const indices = instruction.accountIndices ?? [];
    if (program === MEMO_PROGRAM) {
      const text = new TextDecoder().decode(data);
      if (REQUEST_ID_TEXT.test(text)) requestId = text;
    } else if (program === SYSTEM_PROGRAM && data.length === 12 && indices.length >= 2) {
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (view.getUint32(0, true) === 2 && accounts[indices[1] as number] === solver) {
        transfers.push({
          from: accounts[indices[0] as number] as string,
          amount: view.getBigUint64(4, true),
        });
      }
    }
  }
  return requestId === null ? [] : transfers.map((t) => ({ requestId: requestId as string, ...t }));
}

export function createSvmChainAdapter(options: SvmChainAdapterOptions): SvmChainAdapter {
  const { svm, solver } = options;
  const log: Recorded[] = [];

  function submit(tx: Transaction): { signature: string; slot: number } {
    const result = svm.sendTransaction(tx);
    if ("err" in result && typeof result.err === "function") {
      throw new Error(`SVM transaction failed: ${result.toString()}`);
    }
    const slot = Number(svm.getClock().slot);
    const first = Object.values(tx.signatures)[0];
    const signature = first ? base58.decode(first) : `slot-${slot}-${log.length}`;
    log.push({ signature, slot, tx });
    svm.warpToSlot(BigInt(slot + 1));
    svm.expireBlockhash();
    return { signature, slot };
  }

  async function transfer(params: TransferParams): Promise<{ txHash: string; block: number }> {
    if (params.currency !== SVM_NATIVE_TOKEN) {
      throw new Error("the LiteSVM adapter fills native SOL only (SPL fills are not implemented)");
    }
    const data = new DataView(new ArrayBuffer(12));
    data.setUint32(0, 2, true);
    data.setBigUint64(4, params.amount, true);
    const instructions: Instruction[] = [
      {
        programAddress: SYSTEM_PROGRAM,
        accounts: [
          { address: solver.address, role: AccountRole.WRITABLE_SIGNER },
          { address: params.to as Address, role: AccountRole.WRITABLE },
        ],
        data: new Uint8Array(data.buffer),
      },
      {
        programAddress: MEMO_PROGRAM,
        accounts: [{ address: solver.address, role: AccountRole.READONLY_SIGNER }],
        data: new TextEncoder().encode(params.requestId.toLowerCase()),
      },
    ];
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(solver, m),
      (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    const signed = await signTransactionMessageWithSigners(message);
    const { signature, slot } = submit(signed);
    return { txHash: signature, block: slot };
  }

  return {
    chainId: options.chainId ?? SVM_CHAIN_ID,
    vm: "svm",
    solverAddress: solver.address,
    submit,
    async head() {
      return Number(svm.getClock().slot);
    },
    async scan(from, to) {
      const observations: ChainObservation[] = [];
      for (const entry of log) {
        if (entry.slot < from || entry.slot > to) continue;
        for (const deposit of depositsIn(entry.tx, solver.address)) {
          observations.push({
            kind: "deposit",
            requestId: deposit.requestId,
            txHash: entry.signature,
            block: entry.slot,
            timestamp: Number(svm.getClock().unixTimestamp),
            from: deposit.from,
            currency: SVM_NATIVE_TOKEN,
            amount: deposit.amount.toString(),
            status: "success",
            via: "transfer",
          });
        }
      }
      return observations;
    },
    transfer,
  };
}
