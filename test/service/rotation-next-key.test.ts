/**
 * A deposit honestly paid to the key that was current in its block is credited after any rotation,
 * with no configuration: here the receiver's owner rotated to the service's next key with no grace
 * before the service ran it, a payer paid that key, and the service (still on its former key)
 * scanned past the block. Once the service runs the next key on its database, it credits that
 * deposit, and each earlier deposit is still booked once. The property runs random rotation
 * histories: each deposit paid to the key current in its block (the service's, or already its next
 * one), the indexer passing at random moments, every request filled once in the end.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import fc from "fast-check";
import { network } from "hardhat";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createEvmChainAdapter } from "../../src/service/chains/evm.ts";
import { depositsOf } from "../../src/service/deposits.ts";
import { getRequest } from "../../src/service/requests-repo.ts";
import { STRANGER_KEY } from "../evm/helpers.ts";
import { createRequest, EDR_ORIGIN_CHAIN_ID, SOLVER, SOLVER_KEY, testService } from "./helpers.ts";

const origin = await network.create({ override: { chainId: EDR_ORIGIN_CHAIN_ID } });
const publicClient = await origin.viem.getPublicClient();
const [payer] = await origin.viem.getWalletClients();
if (!payer) throw new Error("need a payer");
const AMOUNT = 100_000_000_000_000_000n;

/** A service on `db` running `key`, indexing the origin chain when ticked. */
const serviceWith = (db: string, key: Hex, newDb: boolean) =>
  testService({
    db,
    newDb,
    solverPrivateKey: key,
    chains: [
      createEvmChainAdapter({
        chainId: EDR_ORIGIN_CHAIN_ID,
        provider: origin.provider,
        solverPrivateKey: key,
      }),
    ],
    indexerIntervalMs: 0,
  });

/** The payer pays `to` the quoted amount tagged with `requestId`; returns the transaction hash. */
async function pay(to: Hex, requestId: string): Promise<Hex> {
  const hash = await payer!.sendTransaction({ to, value: AMOUNT, data: requestId as Hex });
  expect((await publicClient.waitForTransactionReceipt({ hash })).status).to.equal("success");
  return hash;
}

describe("service: deposits paid to the key current in their block, after a rotation", () => {
  it("a deposit paid to the next key (rotated to with no grace) in a block the service scanned on its former key is credited once the service runs that key", async () => {
    const dir = mkdtempSync(join(tmpdir(), "attestkit-next-key-"));
    const db = join(dir, "service.sqlite");
    try {
      const former = serviceWith(db, STRANGER_KEY, true);
      const quote = {
        originChainId: EDR_ORIGIN_CHAIN_ID,
        user: payer.account.address,
        amount: AMOUNT.toString(),
      };
      const early = await createRequest(former, quote);
      const next = await createRequest(former, quote);
      const earlyTx = await pay(former.solverAddress as Hex, early);
      // The next key is current from here on: the payer pays it, and the former service scans past.
      const nextTx = await pay(SOLVER, next);
      await former.indexer!.tick();
      await former.lifecycle.idle();
      expect(getRequest(former.store, early)?.record.status).to.equal("success");
      expect(getRequest(former.store, next)?.record.status).to.equal("waiting");
      await former.close();

      const rotated = serviceWith(db, SOLVER_KEY, false);
      try {
        await rotated.indexer!.tick();
        await rotated.lifecycle.idle();
        const request = getRequest(rotated.store, next);
        expect(request?.record.status).to.equal("success");
        expect(request?.record.data.inTxs.map((tx) => tx.txHash)).to.deep.equal([nextTx]);
        // Scanning those blocks again books nothing twice.
        expect(depositsOf(rotated.store, early).map((d) => [d.txHash, d.kind])).to.deep.equal([
          [earlyTx, "fill"],
        ]);
        expect(depositsOf(rotated.store, next).map((d) => [d.txHash, d.kind])).to.deep.equal([
          [nextTx, "fill"],
        ]);
      } finally {
        await rotated.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("property: over random rotation histories, every deposit paid to the key current in its block is filled once", async () => {
    const period = fc.record({
      /** Deposits paid while the service runs this period's key. */
      deposits: fc.integer({ min: 0, max: 2 }),
      /** Deposits paid to the next key before the service runs it (the receiver rotated first, no grace). */
      early: fc.integer({ min: 0, max: 2 }),
      /** Whether the indexer passes before the rotation (so it scanned past the early deposits). */
      tickBefore: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(period, { minLength: 1, maxLength: 3 }), async (periods) => {
        const dir = mkdtempSync(join(tmpdir(), "attestkit-rotations-"));
        const db = join(dir, "service.sqlite");
        const keys = [...periods, null].map(() => generatePrivateKey());
        const paid: { requestId: string; txHash: Hex }[] = [];
        try {
          for (const [i, shape] of periods.entries()) {
            const service = serviceWith(db, keys[i]!, i === 0);
            try {
              const quote = {
                originChainId: EDR_ORIGIN_CHAIN_ID,
                user: payer.account.address,
                amount: AMOUNT.toString(),
              };
              for (let n = 0; n < shape.deposits + shape.early; n++) {
                const requestId = await createRequest(service, quote);
                const key = privateKeyToAccount(keys[n < shape.deposits ? i : i + 1]!).address;
                paid.push({ requestId, txHash: await pay(key, requestId) });
              }
              if (shape.tickBefore) await service.indexer!.tick();
              await service.lifecycle.idle();
            } finally {
              await service.close();
            }
          }
          const last = serviceWith(db, keys[periods.length]!, false);
          try {
            await last.indexer!.tick();
            await last.lifecycle.idle();
            for (const { requestId, txHash } of paid) {
              expect(getRequest(last.store, requestId)?.record.status, requestId).to.equal("success");
              expect(depositsOf(last.store, requestId).map((d) => [d.txHash, d.kind])).to.deep.equal([
                [txHash, "fill"],
              ]);
            }
          } finally {
            await last.close();
          }
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 12 },
    );
  });
});
