/**
 * A transaction whose processing fails is quarantined and the books of its chain go on. On an
 * in-process Hardhat EDR chain, the node hands the indexer a receipt without its logs for one tagged
 * ERC-20 deposit (a receipt nothing can credit): that transaction is quarantined (logged with its
 * chain, hash and reason; in the activity feed; listed by GET /_mock/health; kept in the database
 * across a restart), the cursor moves past it, and a later deposit on the same chain is credited.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { network } from "hardhat";
import { getAddress, type Hex, parseEther } from "viem";
import { APP_BALANCE_CHAIN_ID } from "../../src/index.ts";
import { type ActivityEvent, formatActivity } from "../../src/service/activity.ts";
import { createEvmChainAdapter } from "../../src/service/chains/evm.ts";
import {
  EDR_ORIGIN_CHAIN_ID,
  ETH,
  EVM_RECIPIENT,
  expectError,
  get,
  post,
  SOLVER,
  SOLVER_KEY,
  testService,
} from "./helpers.ts";

const ORIGIN = EDR_ORIGIN_CHAIN_ID;
const TOKEN = "0x00000000000000000000000000000000000C0FFE";

interface Health {
  status: string;
  chains: { chainId: number; nextBlock: number; quarantined: number }[];
  quarantined: { chainId: number; txHash: string; block: number; reason: string; quarantinedAt: string }[];
}

describe("indexer quarantine: one transaction that cannot be processed never stops its chain", function () {
  this.timeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "attestkit-quarantine-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("quarantines the transaction (log, activity, health, database), moves the cursor on, and credits a later deposit", async () => {
    const origin = await network.create({ override: { chainId: ORIGIN } });
    const destination = await network.create({ override: { chainId: APP_BALANCE_CHAIN_ID } });
    /** Receipts the origin node returns without their logs. */
    const logless = new Set<string>();
    const faultyNode = {
      async request(args: { method: string; params?: unknown }) {
        const result = await origin.provider.request(args as Parameters<typeof origin.provider.request>[0]);
        const hash = (args.params as unknown[] | undefined)?.[0];
        if (args.method !== "eth_getTransactionReceipt" || !logless.has(String(hash))) return result;
        const { logs: _dropped, ...rest } = result as Record<string, unknown>;
        return rest;
      },
    };
    const logLines: string[] = [];
    const db = join(dir, "service.sqlite");
    const service = testService({
      db,
      newDb: true,
      chains: [
        createEvmChainAdapter({ chainId: ORIGIN, provider: faultyNode, solverPrivateKey: SOLVER_KEY }),
        createEvmChainAdapter({
          chainId: APP_BALANCE_CHAIN_ID,
          provider: destination.provider,
          solverPrivateKey: SOLVER_KEY,
        }),
      ],
      indexerIntervalMs: 0,
      logger: { level: "warn", stream: { write: (line) => logLines.push(line) } },
    });
    const activity: ActivityEvent[] = [];
    service.onActivity((event) => activity.push(event));
    const [user] = await origin.viem.getWalletClients();
    const originPublic = await origin.viem.getPublicClient();
    const quote = async (currency: string, amount: bigint) => {
      const res = await post(service, "/quote/v2", {
        user: user!.account.address,
        originChainId: ORIGIN,
        destinationChainId: APP_BALANCE_CHAIN_ID,
        originCurrency: currency,
        destinationCurrency: ETH,
        recipient: EVM_RECIPIENT,
        tradeType: "EXACT_INPUT",
        amount: amount.toString(),
      });
      expect(res.status, res.raw).to.equal(200);
      return (
        res.body as {
          steps: { requestId: string; items: { data: { to: Hex; data: Hex; value?: string } }[] }[];
        }
      ).steps[0]!;
    };
    const pay = async (step: Awaited<ReturnType<typeof quote>>) => {
      const item = step.items[0]!.data;
      const hash = await user!.sendTransaction({
        to: item.to,
        data: item.data,
        value: BigInt(item.value ?? "0"),
      });
      return { hash, block: Number((await originPublic.waitForTransactionReceipt({ hash })).blockNumber) };
    };
    const settle = async () => {
      await origin.provider.request({ method: "evm_mine", params: [] });
      await service.indexer!.tick();
      await service.lifecycle.idle();
    };
    const statusOf = async (id: string) =>
      ((await get(service, `/intents/status/v3?requestId=${id}`)).body as { status: string }).status;
    const health = async (query = "") => {
      const res = await get(service, `/_mock/health${query}`);
      expect(res.status, res.raw).to.equal(200);
      return res.body as Health;
    };

    try {
      // A tagged ERC-20 deposit the solver really received, whose receipt reaches the indexer without logs.
      const deployed = await origin.viem.deployContract("MockERC20", ["Token", "TKN", 6]);
      const code = await originPublic.getCode({ address: deployed.address });
      await origin.provider.request({ method: "hardhat_setCode", params: [TOKEN, code] });
      const token = await origin.viem.getContractAt("MockERC20", getAddress(TOKEN));
      await token.write.mint([user!.account.address, parseEther("100")]);
      const poisoned = await quote(TOKEN, parseEther("100"));
      logless.add((await pay(poisoned)).hash);
      const [poisonedHash] = [...logless];
      expect(await token.read.balanceOf([SOLVER])).to.equal(parseEther("100"));
      await settle();

      const head = Number(await originPublic.getBlockNumber());
      const report = await health();
      expect(report.status).to.equal("degraded");
      expect(report.chains).to.deep.include({ chainId: ORIGIN, nextBlock: head + 1, quarantined: 1 });
      expect(report.quarantined).to.have.length(1);
      const [record] = report.quarantined;
      expect(record).to.include({ chainId: ORIGIN, txHash: poisonedHash });
      expect(record!.block).to.be.lessThan(head + 1);
      expect(record!.reason).to.match(/^TypeError: /);
      expect(await statusOf(poisoned.requestId)).to.equal("waiting");
      expect(activity.filter((event) => event.kind === "quarantine")).to.deep.equal([
        {
          kind: "quarantine",
          chainId: ORIGIN,
          txHash: poisonedHash,
          block: record!.block,
          reason: record!.reason,
        },
      ]);
      expect(formatActivity(activity.find((event) => event.kind === "quarantine")!)).to.equal(
        `quarantine tx ${poisonedHash} on ${ORIGIN} (block ${record!.block}) not booked: ${record!.reason}`,
      );
      const logged = logLines.map((line) => JSON.parse(line)).find((line) => line.txHash === poisonedHash);
      expect(logged).to.deep.include({ chainId: ORIGIN, block: record!.block, reason: record!.reason });

      // The chain's books go on: a later native deposit is credited and filled.
      const later = await quote(ETH, parseEther("1"));
      await pay(later);
      await settle();
      expect(await statusOf(later.requestId)).to.equal("success");
      await settle();
      expect((await health()).quarantined).to.have.length(1);

      // Bad health queries are refused with a typed error.
      expectError(await get(service, "/_mock/health?limit=0"), 400, "INVALID_QUERY");
      expectError(await get(service, "/_mock/health?chainId=abc"), 400, "INVALID_QUERY");
      expectError(await get(service, "/_mock/health?verbose=true"), 400, "INVALID_QUERY");
      expect((await health(`?chainId=${APP_BALANCE_CHAIN_ID}`)).quarantined).to.deep.equal([]);
    } finally {
      await service.close();
      await origin.close?.();
      await destination.close?.();
    }

    // The record survives a restart.
    const reopened = testService({ db });
    try {
      const res = await get(reopened, "/_mock/health");
      const report = res.body as Health;
      expect(report.status).to.equal("degraded");
      expect(report.quarantined.map((tx) => tx.txHash)).to.deep.equal([...logless]);
    } finally {
      await reopened.close();
    }
  });
});
