/**
 * Fill and refund evidence built in memory, as a node would return it (`EvmLegEvidence`,
 * `SvmLegEvidence`), for the leg verifiers' unit tests and bench: no network.
 */
import { base58 } from "@scure/base";
import {
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { encodeAbiParameters, encodeEventTopics, type Hex, keccak256, pad } from "viem";
import {
  ERC20_TRANSFER_TOPIC,
  type EvmLegEvidence,
  type EvmLegLog,
  LEG_EVENTS_ABI,
  NATIVE_CURRENCY,
  type Order,
  SOLVER_CALL_EXECUTED_V3_2_ABI,
  SVM_MEMO_PROGRAM,
  type SvmLegEvidence,
} from "../../src/index.ts";
import { EVM_TOKEN, NOW, orderFor } from "./quote-fixture.ts";

/** An order filled on base (EVM) to `EVM_RECIPIENT`, in native ETH or `EVM_TOKEN`. */
export function evmOutputOrder(currency: "native" | "token", minimumAmount = "990000"): Order {
  const order = orderFor("svm-native");
  const payment = order.output.payments[0] as Order["output"]["payments"][number];
  payment.currency = currency === "native" ? NATIVE_CURRENCY["ethereum-vm"] : EVM_TOKEN;
  payment.minimumAmount = minimumAmount;
  return order;
}

/** An ERC-20 `Transfer` log of `token`; `extraTopic` gives it ERC-721's shape (the value indexed). */
export function transferLog(
  token: string,
  from: string,
  to: string,
  value: bigint,
  extraTopic = false,
): EvmLegLog {
  const topics = [ERC20_TRANSFER_TOPIC, pad(from as Hex), pad(to as Hex)] as Hex[];
  if (extraTopic) return { address: token, topics: [...topics, pad(`0x${value.toString(16)}`)], data: "0x" };
  return { address: token, topics, data: pad(`0x${value.toString(16)}`) };
}

/** `extraData` naming `fillContract`, as an order carries it: `abi.encode(address)`. */
export const fillContractExtraData = (fillContract: string) =>
  encodeAbiParameters([{ type: "address" }], [fillContract as Hex]);

/** An order call: `abi.encode(address to, bytes data, uint256 value)`. */
export const orderCall = (to: string, data: Hex, value: bigint) =>
  encodeAbiParameters(
    [{ type: "address" }, { type: "bytes" }, { type: "uint256" }],
    [to as Hex, data, value],
  );

/** A fill contract's `SolverNativeTransfer(address to, uint256 amount)` (no argument indexed). */
export function nativeTransferLog(fillContract: string, to: string, amount: bigint): EvmLegLog {
  return {
    address: fillContract,
    topics: encodeEventTopics({ abi: LEG_EVENTS_ABI, eventName: "SolverNativeTransfer" }) as Hex[],
    data: encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [to as Hex, amount]),
  };
}

/** A fill contract's `SolverCallExecuted`: Router 3.1 logs the call data, 3.2 its keccak256. */
export function callExecutedLog(
  fillContract: string,
  router: "3.1" | "3.2",
  to: string,
  data: Hex,
  amount: bigint,
): EvmLegLog {
  if (router === "3.1") {
    return {
      address: fillContract,
      topics: encodeEventTopics({ abi: LEG_EVENTS_ABI, eventName: "SolverCallExecuted" }) as Hex[],
      data: encodeAbiParameters(
        [{ type: "address" }, { type: "bytes" }, { type: "uint256" }],
        [to as Hex, data, amount],
      ),
    };
  }
  return {
    address: fillContract,
    topics: encodeEventTopics({
      abi: SOLVER_CALL_EXECUTED_V3_2_ABI,
      eventName: "SolverCallExecuted",
    }) as Hex[],
    data: encodeAbiParameters(
      [{ type: "address" }, { type: "bytes32" }, { type: "uint256" }],
      [to as Hex, keccak256(data), amount],
    ),
  };
}

/** A successful EVM transaction at `NOW - 60`, in block 100; the head is 10 blocks and 60 s on (final by the service's defaults). */
export function evmEvidence(parts: {
  to: string;
  input: Hex;
  value?: bigint;
  logs?: EvmLegLog[];
  status?: "success" | "reverted";
  blockTimestamp?: number;
  headBlockNumber?: bigint;
  headBlockTimestamp?: number;
  /** The chain id it is signed for (default 8453, base); null: none stated (pre-EIP-155). */
  chainId?: number | null;
}): EvmLegEvidence {
  return {
    vm: "ethereum-vm",
    transaction: {
      hash: `0x${"cd".repeat(32)}`,
      to: parts.to,
      input: parts.input,
      value: parts.value ?? 0n,
      ...(parts.chainId === null ? {} : { chainId: parts.chainId ?? 8453 }),
    },
    receipt: { status: parts.status ?? "success", blockNumber: 100n, logs: parts.logs ?? [] },
    blockTimestamp: parts.blockTimestamp ?? NOW - 60,
    headBlockNumber: parts.headBlockNumber ?? 110n,
    headBlockTimestamp: parts.headBlockTimestamp ?? (parts.blockTimestamp ?? NOW - 60) + 60,
  };
}

/** The Memo program's account index; a CPI memo needs it among the transaction's keys. */
function innerMemoProgram(accounts: readonly string[]): number {
  const index = accounts.indexOf(SVM_MEMO_PROGRAM);
  if (index < 0) throw new Error("an inner memo needs the Memo program among the transaction's accounts");
  return index;
}

/** A memo instruction with `text`, signed by `signer`. */
export function memo(text: string, signer: KeyPairSigner): Instruction {
  return {
    programAddress: SVM_MEMO_PROGRAM as never,
    accounts: [{ address: signer.address, role: 2 /* readonly signer */ }],
    data: new TextEncoder().encode(text),
  } as Instruction;
}

/**
 * An SVM transaction signed by `payer` with `instructions`, its meta saying how the lamports of its
 * accounts (`lamports`: key → [pre, post], others unchanged) and its token accounts changed.
 */
export async function svmEvidence(parts: {
  payer: KeyPairSigner;
  instructions: Instruction[];
  lamports?: Record<string, [bigint, bigint]>;
  tokens?: { account: string; mint: string; owner: string; pre: bigint | null; post: bigint }[];
  commitment?: SvmLegEvidence["commitment"];
  blockTime?: number | null;
  err?: unknown;
  /** Memo texts run by cross-program invocation (inner instructions of instruction 0). */
  innerMemos?: string[];
}): Promise<SvmLegEvidence> {
  const signed = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(parts.payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: "11111111111111111111111111111111" as Blockhash, lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(parts.instructions, m),
    (m) => signTransactionMessageWithSigners(m),
  );
  // Account indices as the node numbers them: the compiled message's static keys.
  const { staticAccounts } = getCompiledTransactionMessageDecoder().decode(signed.messageBytes);
  const accounts = staticAccounts.map(String);
  const balance = (key: string, at: 0 | 1) => parts.lamports?.[key]?.[at] ?? 1_000_000n;
  const index = (account: string) => accounts.indexOf(account);
  return {
    vm: "solana-vm",
    signature: "sig",
    commitment: parts.commitment ?? "finalized",
    transaction: {
      slot: 10n,
      blockTime:
        parts.blockTime === undefined
          ? BigInt(NOW - 60)
          : parts.blockTime === null
            ? null
            : BigInt(parts.blockTime),
      transaction: [getBase64EncodedWireTransaction(signed), "base64"],
      meta: {
        err: parts.err ?? null,
        preBalances: accounts.map((key) => balance(key, 0)),
        postBalances: accounts.map((key) => balance(key, 1)),
        preTokenBalances: (parts.tokens ?? []).flatMap((token) =>
          token.pre === null
            ? []
            : [
                {
                  accountIndex: index(token.account),
                  mint: token.mint,
                  owner: token.owner,
                  uiTokenAmount: { amount: String(token.pre) },
                },
              ],
        ),
        postTokenBalances: (parts.tokens ?? []).map((token) => ({
          accountIndex: index(token.account),
          mint: token.mint,
          owner: token.owner,
          uiTokenAmount: { amount: String(token.post) },
        })),
        loadedAddresses: { writable: [], readonly: [] },
        innerInstructions:
          parts.innerMemos === undefined
            ? []
            : [
                {
                  index: 0,
                  instructions: parts.innerMemos.map((text) => ({
                    programIdIndex: innerMemoProgram(accounts),
                    data: base58.encode(new TextEncoder().encode(text)),
                  })),
                },
              ],
      },
    },
  };
}
