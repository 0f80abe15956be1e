/**
 * A deposit honestly paid to the key that was current in its block is credited after any rotation,
 * with no configuration: here the receiver's owner rotated to the service's next key with no grace
 * before the service ran it, a payer paid that key, and the service (still on its former key)
 * scanned past the block. Once the service runs the next key on its database, it credits that
 * deposit, and each earlier deposit is still booked once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { network } from "hardhat";
import type { Hex } from "viem";
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
});
