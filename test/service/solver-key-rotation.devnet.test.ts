/**
 * "A deposit paid under the key that was current in its block is credited after any rotation", on
 * both VMs, with no configuration, over HTTP through the typed client. Each VM runs the same story
 * on one database: the service runs key A; a payer pays key B (the next key) in a block (slot) the
 * service scans past on A; a payer pays A and the service stops before indexing it; the service
 * restarts on B; a payer pays A again after the rotation. Every one of the three deposits is filled
 * once: A and B were both the service's keys, and the key history (`solver-keys.ts`) keeps A.
 * On SVM the chain is the devnet's (LiteSVM behind its Solana JSON-RPC), deposits are SOL transfers
 * tagged by a request-id memo; on EVM an in-process EDR chain, native transfers tagged by calldata.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Address, generateKeyPairSigner, type KeyPairSigner, lamports } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import { network } from "hardhat";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createServiceClient, type ServiceClient } from "../../src/client/index.ts";
import { eventually } from "../../src/devnet/poll.ts";
import { type SvmDevChain, startSvmDevChain } from "../../src/devnet/svm-chain.ts";
import { submitSvmInstructions } from "../../src/devnet/svm-user.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../src/index.ts";
import { createEvmChainAdapter } from "../../src/service/chains/evm.ts";
import { createSvmChainAdapter } from "../../src/service/chains/svm.ts";
import { depositsOf } from "../../src/service/deposits.ts";
import type { Service } from "../../src/service/index.ts";
import { requestIdMemoInstruction } from "../../src/service/svm-route.ts";
import { API_KEY, BASE_USDC, EDR_ORIGIN_CHAIN_ID, ETH, EVM_RECIPIENT, testService } from "./helpers.ts";

/** One VM's side of the story: its keys, a service on a key, and a tagged payment to any key. */
interface Side {
  vm: string;
  chainId: number;
  currency: string;
  amount: bigint;
  user(): string;
  /** A new key of the service on this VM, ready to be paid. */
  newKey(): Promise<string>;
  /** A service on `db` running `key`, its indexer ticked by the test only. */
  service(db: string, key: string, newDb: boolean): Service;
  /** Pays `key` the amount tagged with `requestId`, waits until the indexer can see it. */
  pay(key: string, requestId: string): Promise<{ txHash: string; block: number }>;
}

let svmChain: SvmDevChain;
const svmKeys = new Map<string, KeyPairSigner>();
const svm: Side = {
  vm: "SVM",
  chainId: SVM_CHAIN_ID,
  currency: SVM_NATIVE_TOKEN,
  amount: 200_000_000n,
  user: () => svmChain.accounts.alice.address,
  async newKey() {
    const key = await generateKeyPairSigner();
    // Rent-exempt first: a smaller native deposit into it could not land.
    svmChain.svm.airdrop(key.address, lamports(svmChain.svm.minimumBalanceForRentExemption(0n)));
    svmKeys.set(key.address, key);
    return key.address;
  },
  service: (db, key, newDb) =>
    testService({
      db,
      newDb,
      chains: [createSvmChainAdapter({ rpcUrl: svmChain.rpcUrl, solver: svmKeys.get(key)! })],
      svmSolverAddress: key,
      indexerIntervalMs: 0,
    }),
  async pay(key, requestId) {
    const alice = svmChain.accounts.alice;
    const paid = await submitSvmInstructions(svmChain, alice, [
      getTransferSolInstruction({ source: alice, destination: key as Address, amount: svm.amount }),
      requestIdMemoInstruction(requestId, alice),
    ]);
    // The adapters read at `confirmed`: the payment's slot must be confirmed to be seen.
    await eventually(async () => {
      const head = Number(await svmChain.adapter.head());
      return head >= paid.slot ? head : undefined;
    }, "the payment's slot confirmed");
    return { txHash: paid.signature, block: paid.slot };
  },
};

const origin = await network.create({ override: { chainId: EDR_ORIGIN_CHAIN_ID } });
const evmPublic = await origin.viem.getPublicClient();
const [evmPayer] = await origin.viem.getWalletClients();
const evmKeys = new Map<string, Hex>();
const evm: Side = {
  vm: "EVM",
  chainId: EDR_ORIGIN_CHAIN_ID,
  currency: ETH,
  amount: 100_000_000_000_000_000n,
  user: () => evmPayer!.account.address,
  async newKey() {
    const key = generatePrivateKey();
    const { address } = privateKeyToAccount(key);
    evmKeys.set(address, key);
    return address;
  },
  service: (db, key, newDb) =>
    testService({
      db,
      newDb,
      solverPrivateKey: evmKeys.get(key)!,
      chains: [
        createEvmChainAdapter({
          chainId: EDR_ORIGIN_CHAIN_ID,
          provider: origin.provider,
          solverPrivateKey: evmKeys.get(key)!,
        }),
      ],
      indexerIntervalMs: 0,
    }),
  async pay(key, requestId) {
    const hash = await evmPayer!.sendTransaction({
      to: key as Hex,
      value: evm.amount,
      data: requestId as Hex,
    });
    const receipt = await evmPublic.waitForTransactionReceipt({ hash });
    expect(receipt.status).to.equal("success");
    return { txHash: hash, block: Number(receipt.blockNumber) };
  },
};

/** A listening service and a typed client to it. */
async function running(service: Service): Promise<{ service: Service; client: ServiceClient }> {
  return { service, client: createServiceClient({ baseUrl: await service.listen(0), apiKey: API_KEY }) };
}

describe("service: deposits paid to the key current in their block, after a rotation, on both VMs (over HTTP)", function () {
  this.timeout(120_000);
  before(async () => {
    svmChain = await startSvmDevChain({
      solverEvm: privateKeyToAccount(generatePrivateKey()).address,
      whitelist: [],
      maxDeadlineWindow: 3600,
      slotTimeMs: 50,
    });
  });
  after(async () => svmChain?.close());

  for (const side of [svm, evm]) {
    it(`${side.vm}: a deposit to the next key scanned past on the former one, a deposit to the former key not indexed before the restart, and one paid to the former key after the rotation are each filled once`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "attestkit-key-rotation-"));
      const db = join(dir, "service.sqlite");
      const [former, next] = [await side.newKey(), await side.newKey()];
      const quoteFor = async (client: ServiceClient) =>
        (
          await client.quoteV2({
            user: side.user(),
            recipient: EVM_RECIPIENT,
            originChainId: side.chainId,
            destinationChainId: 8453,
            originCurrency: side.currency,
            destinationCurrency: BASE_USDC,
            amount: side.amount.toString(),
            tradeType: "EXACT_INPUT",
          })
        ).steps[0]?.requestId as string;
      /** Each deposit by what it was paid to: its request id and transaction. */
      const paid = new Map<string, { requestId: string; txHash: string }>();
      try {
        const first = await running(side.service(db, former, true));
        try {
          const early = await quoteFor(first.client);
          const unindexed = await quoteFor(first.client);
          const toNext = await side.pay(next, early);
          paid.set("next key, before the service ran it", { requestId: early, txHash: toNext.txHash });
          await first.service.indexer!.tick();
          await first.service.lifecycle.idle();
          // The service scanned past the block (slot) of the deposit to its next key, without it.
          const cursor = first.service.store
            .prepare("SELECT next_block FROM indexer_cursors WHERE chain_id = ?")
            .get(side.chainId) as { next_block: string };
          expect(Number(cursor.next_block)).to.be.greaterThan(toNext.block);
          expect((await first.client.getStatus(early)).status).to.equal("waiting");
          paid.set("former key, not indexed before the restart", {
            requestId: unindexed,
            txHash: (await side.pay(former, unindexed)).txHash,
          });
        } finally {
          await first.service.close();
        }

        const second = await running(side.service(db, next, false));
        try {
          const late = await quoteFor(second.client);
          paid.set("former key, after the rotation", {
            requestId: late,
            txHash: (await side.pay(former, late)).txHash,
          });
          await second.service.indexer!.tick();
          await second.service.lifecycle.idle();
          const seen: Record<string, unknown> = {};
          const expected: Record<string, unknown> = {};
          for (const [paidTo, { requestId, txHash }] of paid) {
            const { status, inTxHashes } = await second.client.getStatus(requestId);
            const booked = depositsOf(second.service.store, requestId).map((d) => [d.txHash, d.kind]);
            seen[paidTo] = { status, inTxHashes, booked };
            expected[paidTo] = { status: "success", inTxHashes: [txHash], booked: [[txHash, "fill"]] };
          }
          expect(seen).to.deep.equal(expected);
        } finally {
          await second.service.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
