/**
 * The chains of the crash trials, which keep running in the trial's own process while the service
 * runs (and dies) as a child: two Hardhat EDR chains over JSON-RPC on 127.0.0.1 (the origin 31337,
 * and 8453 with OpenZeppelin ERC-20 code at USDC's address so app balance funding is a real token
 * transfer) and a LiteSVM ledger over Solana JSON-RPC, with the service's SVM dev solver funded.
 * Also reads what the service's solver did on them: its transfers tagged with a request id.
 */
import {
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  lamports as toLamports,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { network } from "hardhat";
import { LiteSVM } from "litesvm";
import { getAddress } from "viem";
import { svmDevKeypair } from "../../src/devnet/accounts.ts";
import { serveJsonRpc } from "../../src/devnet/json-rpc-server.ts";
import { createSvmLedger, type SvmLedger, serveSolanaRpc } from "../../src/devnet/solana-rpc/index.ts";
import { submitToLedger } from "../../src/devnet/svm-chain.ts";
import { APP_BALANCE_CHAIN_ID } from "../../src/index.ts";
import { requestIdMemoInstruction } from "../../src/service/svm-route.ts";
import { BASE_USDC, SOLVER } from "../service/helpers.ts";

export const ORIGIN = 31337;

export type EvmChain = Awaited<ReturnType<typeof network.create>>;

/** A transfer of the service's EVM solver tagged with a request id (a fill or a refund). */
export interface SolverTransfer {
  to: string;
  value: bigint;
}

export interface TrialChains {
  origin: EvmChain;
  destination: EvmChain;
  /** JSON-RPC URLs of the origin and the destination chain. */
  originUrl: string;
  destinationUrl: string;
  svm: LiteSVM;
  ledger: SvmLedger;
  svmRpcUrl: string;
  /** Mines one origin block. */
  mine(): Promise<unknown>;
  /**
   * The service solver's transactions on `chain` whose calldata is a request id, by that id
   * (lowercase), read block by block from `fromBlock` (0) to the head.
   */
  solverTransfers(chain: EvmChain, fromBlock?: number): Promise<Map<string, SolverTransfer[]>>;
  /** A signed v0 SOL transfer of `amount` from `payer` to the service's SVM solver with the `requestId` memo. */
  svmDeposit(payer: KeyPairSigner, requestId: string, amount: bigint): Promise<void>;
  close(): Promise<void>;
}

export async function startTrialChains(): Promise<TrialChains> {
  const origin = await network.create({ override: { chainId: ORIGIN } });
  const destination = await network.create({ override: { chainId: APP_BALANCE_CHAIN_ID } });
  const servers = [await serveJsonRpc(origin.provider), await serveJsonRpc(destination.provider)];
  const usdc = await destination.viem.deployContract("MockERC20", ["USD Coin", "USDC", 6]);
  const code = await (await destination.viem.getPublicClient()).getCode({ address: usdc.address });
  await destination.provider.request({ method: "hardhat_setCode", params: [BASE_USDC, code] });
  const svm = new LiteSVM();
  const solver = await svmDevKeypair("solver");
  svm.airdrop(solver.address, toLamports(1_000_000_000_000n));
  const ledger = createSvmLedger({ svm, slotTimeMs: 25 });
  const svmRpc = await serveSolanaRpc({ ledger });

  return {
    origin,
    destination,
    originUrl: servers[0]!.url,
    destinationUrl: servers[1]!.url,
    svm,
    ledger,
    svmRpcUrl: svmRpc.rpcUrl,
    mine: () => origin.provider.request({ method: "evm_mine", params: [] }),
    async solverTransfers(chain, fromBlock = 0) {
      const client = await chain.viem.getPublicClient();
      const head = Number(await client.getBlockNumber());
      const found = new Map<string, SolverTransfer[]>();
      for (let n = fromBlock; n <= head; n++) {
        const block = await client.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
        for (const tx of block.transactions) {
          if (typeof tx === "string" || getAddress(tx.from) !== SOLVER || !/^0x[0-9a-f]{64}$/i.test(tx.input))
            continue;
          const id = tx.input.toLowerCase();
          found.set(id, [...(found.get(id) ?? []), { to: getAddress(tx.to!), value: tx.value }]);
        }
      }
      return found;
    },
    async svmDeposit(payer, requestId, amount) {
      const { blockhash } = ledger.latestBlockhash("confirmed");
      const tx = await pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: blockhash as Blockhash, lastValidBlockHeight: 0n },
            m,
          ),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getTransferSolInstruction({ source: payer, destination: solver.address, amount }),
              requestIdMemoInstruction(requestId, payer),
            ],
            m,
          ),
        (m) => signTransactionMessageWithSigners(m),
      );
      submitToLedger(ledger, tx);
    },
    async close() {
      for (const server of servers) await server.close();
      await svmRpc.close();
      ledger.close();
    },
  };
}
