/**
 * How a fast fill's hold ends when things go wrong (in process, simulated chains, a fixed clock): a
 * solver that cannot fill leaves the request to its deposit; a fast fill cut short after its hold
 * was released or debited is completed by the next start-up.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { privateKeyToAccount } from "viem/accounts";
import { encodeAppBalanceFundingCalldata } from "../../src/index.ts";
import type { Service } from "../../src/service/index.ts";
import { type Solver, simulatedSolver } from "../../src/service/lifecycle.ts";
import {
  API_KEY,
  BASE_USDC,
  createRequest,
  get,
  linkSponsorshipWallet,
  post,
  SOLVER,
  SPONSOR_KEY,
  testService,
} from "./helpers.ts";

const sponsor = privateKeyToAccount(SPONSOR_KEY);
const FUNDED = 1_000_000_000n;
/** The default quote (0.1 ETH at the mock's 3000 USD), in micro-USD. */
const HOLD = 300_000_000n;
const HOLD_TIMEOUT_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("fast fill settlement", () => {
  let service: Service;
  let clock: number;
  let fills: string[];
  /** How many of the next fills fail (say, the solver's RPC is down). */
  let failing: number;

  const flakySolver: Solver = {
    async fill(request, amount) {
      fills.push(request.record.id);
      if (failing-- > 0) throw new Error("solver RPC unreachable");
      return simulatedSolver.fill(request, amount);
    },
    refund: simulatedSolver.refund,
  };

  /** The sponsor's wallet linked to API_KEY and funded with FUNDED. */
  async function sponsorReady(target: Service): Promise<void> {
    await linkSponsorshipWallet(target, sponsor);
    const funding = await post(
      target,
      "/_mock/funding",
      {
        txHash: `0x${"1".repeat(64)}`,
        from: sponsor.address,
        to: BASE_USDC,
        input: encodeAppBalanceFundingCalldata({ solver: SOLVER, amount: FUNDED }),
      },
      { "x-api-key": API_KEY },
    );
    expect(funding.status, funding.raw).to.equal(200);
  }

  beforeEach(async () => {
    clock = Date.UTC(2026, 5, 1);
    fills = [];
    failing = 0;
    service = testService({ now: () => clock, holdTimeoutMs: HOLD_TIMEOUT_MS, solver: flakySolver });
    await sponsorReady(service);
  });
  afterEach(() => service.close());

  const deposit = async (id: string, final: boolean) => {
    const res = await post(service, `/_mock/requests/${id}/deposit`, { final }, { "x-api-key": API_KEY });
    await service.lifecycle.idle();
    return (res.body as { status: string }).status;
  };
  const fastFill = (id: string) => post(service, "/fast-fill", { requestId: id }, { "x-api-key": API_KEY });
  const available = async () =>
    BigInt(((await get(service, `/app-fees/${sponsor.address}/balances`)).body as { amount: string }).amount);
  const status = async (id: string, target = service) =>
    ((await get(target, `/intents/status/v3?requestId=${id}`)).body as { status: string }).status;

  it("the solver cannot fill (503): the hold is cancelled and the deposit, once final, is filled", async () => {
    failing = 1;
    const id = await createRequest(service);
    expect(await deposit(id, false)).to.equal("depositing");
    const res = await fastFill(id);
    expect(res.status, res.raw).to.equal(503);
    expect((res.body as { errorCode: string }).errorCode).to.equal("SOLVER_UNAVAILABLE");
    expect(fills, "the fast fill was attempted").to.deep.equal([id]);
    expect(service.ledger.getHold(id)?.status).to.equal("cancelled");
    await deposit(id, true);
    expect(await status(id)).to.equal("success");
    expect(fills).to.deep.equal([id, id]);
    expect(await available()).to.equal(FUNDED);
  });

  it("the solver fails after the deposit arrived and settled the hold: the deposit is filled at once", async () => {
    let reject: (error: Error) => void = () => {};
    const fillsLeft: Solver = {
      fill: (request, amount) =>
        fills.push(request.record.id) === 1
          ? new Promise((_, fail) => (reject = fail))
          : simulatedSolver.fill(request, amount),
      refund: simulatedSolver.refund,
    };
    const local = testService({ now: () => clock, holdTimeoutMs: HOLD_TIMEOUT_MS, solver: fillsLeft });
    try {
      await sponsorReady(local);
      const id = await createRequest(local);
      await post(local, `/_mock/requests/${id}/deposit`, { final: false }, { "x-api-key": API_KEY });
      const answer = post(local, "/fast-fill", { requestId: id }, { "x-api-key": API_KEY });
      for (let i = 0; i < 100 && fills.length === 0; i++) await sleep(10);
      await post(local, `/_mock/requests/${id}/deposit`, { final: true }, { "x-api-key": API_KEY });
      expect(local.ledger.getHold(id)?.status, "the deposit settled the hold").to.equal("released");
      reject(new Error("solver RPC unreachable"));
      expect((await answer).status).to.equal(503);
      await local.lifecycle.idle();
      expect(fills).to.deep.equal([id, id]);
      expect(await status(id, local)).to.equal("success");
    } finally {
      reject(new Error("test over"));
      await local.close();
    }
  });

  /**
   * A fast fill whose fill is out (the solver never answers) when `meanwhile` happens to its hold,
   * and then the process is gone: a second service on the same file must complete the fill.
   */
  async function cutShort(meanwhile: (first: Service, id: string) => Promise<void>) {
    const dir = mkdtempSync(join(tmpdir(), "attestkit-fast-fill-"));
    const db = join(dir, "service.sqlite");
    let unblock: (error: Error) => void = () => {};
    const stuck: Solver = {
      fill: () => new Promise((_, reject) => (unblock = reject)),
      refund: simulatedSolver.refund,
    };
    const first = testService({
      db,
      newDb: true,
      now: () => clock,
      holdTimeoutMs: HOLD_TIMEOUT_MS,
      solver: stuck,
    });
    const restarted: Service[] = [];
    try {
      await sponsorReady(first);
      const id = await createRequest(first);
      await post(first, `/_mock/requests/${id}/deposit`, { final: false }, { "x-api-key": API_KEY });
      const answer = post(first, "/fast-fill", { requestId: id }, { "x-api-key": API_KEY });
      for (let i = 0; i < 100 && first.ledger.getHold(id) === null; i++) await sleep(10);
      expect(first.ledger.getHold(id)?.status, "the fast fill placed its hold").to.equal("active");
      await meanwhile(first, id);
      expect(await status(id, first)).to.equal("depositing");

      const second = testService({
        db,
        now: () => clock,
        holdTimeoutMs: HOLD_TIMEOUT_MS,
        solver: flakySolver,
      });
      restarted.push(second);
      await second.ready;
      expect(fills).to.deep.equal([id]);
      expect(await status(id, second)).to.equal("success");
      unblock(new Error("the first process is gone"));
      await answer;
    } finally {
      unblock(new Error("the first process is gone"));
      for (const s of restarted) await s.close();
      await first.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("a fast fill cut short after its deposit settled the hold: the next start on the same file completes it", async () => {
    await cutShort(async (first, id) => {
      await post(first, `/_mock/requests/${id}/deposit`, { final: true }, { "x-api-key": API_KEY });
      expect(first.ledger.getHold(id)?.status).to.equal("released");
    });
  });

  it("a fast fill cut short after its hold expired into a debit: the next start makes the fill the debit paid for", async () => {
    await cutShort(async (first, id) => {
      clock += HOLD_TIMEOUT_MS + 1;
      expect((await post(first, "/_mock/holds/settle", {}, { "x-api-key": API_KEY })).body).to.deep.equal({
        debited: [id],
      });
      expect(first.ledger.snapshot(sponsor.address).debited).to.equal(HOLD);
    });
  });
});
