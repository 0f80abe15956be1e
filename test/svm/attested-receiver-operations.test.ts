// Operating the attested receiver through the kit client (src/receiver/svm-admin.ts) on LiteSVM:
// invalidating request ids (owner and solver; stale quotes cannot be paid), changing the maximum
// deadline window after initialize, and solver rotation whose grace window ends exclusively
// (grace 0 revokes the outgoing key at once) and is capped at 30 days.
import { generateKeyPairSigner, getAddressEncoder, type KeyPairSigner, lamports } from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { bytesToHex, type Hex, hexToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  buildSvmReceiverInvalidateRequestsInstructions,
  buildSvmReceiverSetMaxDeadlineWindowInstruction,
  decodeSvmReceiverInvalidateOutcomes,
  decodeSvmReceiverInvalidationTooLateEvents,
  decodeSvmReceiverRequestInvalidatedEvents,
  SVM_RECEIVER_MAX_INVALIDATE_BATCH,
} from "../../src/receiver/index.ts";
import { BN, expectError, expectOk, Fixture, MAX_WINDOW, OTHER_KEY, web3 } from "./receiver-fixture.ts";

interface ConfigView {
  solverEvm: number[];
  previousSolverValidUntil: InstanceType<typeof BN>;
}

const randomId = (): Hex => bytesToHex(crypto.getRandomValues(new Uint8Array(32)));

describe("svm: operating the attested receiver through the kit client", function () {
  this.timeout(120_000);
  let f: Fixture;
  let mallory: KeyPairSigner;

  beforeEach(async () => {
    f = await Fixture.create();
    mallory = await generateKeyPairSigner();
    f.svm.airdrop(mallory.address, lamports(10_000_000_000n));
  });

  const invalidate = async (authority: KeyPairSigner, requestIds: Hex[]) =>
    f.send(
      await buildSvmReceiverInvalidateRequestsInstructions({
        programId: f.programId,
        authority,
        requestIds,
      }),
      authority,
    );
  /** Index of `invalidate_requests` in the builder's transaction (after SetComputeUnitLimit). */
  const INVALIDATE_IX = 1;

  describe("invalidate_requests", () => {
    for (const who of ["owner", "solver"] as const) {
      it(`stale quote withdrawn by the ${who}: a batch of 3 ids, one RequestInvalidated each; deposits then fail with RequestInvalidated`, async () => {
        const authority = who === "owner" ? f.owner : f.solver;
        const quotes = [await f.attest(), await f.attest(), await f.attest()];
        const ids = quotes.map((q) => bytesToHex(q.requestId));
        const result = expectOk(await invalidate(authority, ids));
        const events = decodeSvmReceiverRequestInvalidatedEvents(
          { err: null, logs: result.logs() },
          f.programId,
        );
        expect(events).to.deep.equal(ids.map((requestId) => ({ requestId, by: authority.address })));
        for (const q of quotes) {
          const [replay] = await f.replayPda(q.requestId);
          const record = f.decode<{ status: number; by: InstanceType<typeof web3.PublicKey> }>(
            "PaidRequest",
            replay,
          );
          expect(record.status).to.equal(2);
          expect(record.by.toBase58()).to.equal(authority.address);
          // The attack: a payer still holding the signed quote tries to pay it.
          const solverBefore = f.lamports(f.solver.address);
          expectError(await f.send([await f.depositNative(q)]), "RequestInvalidated");
          expect(f.lamports(f.solver.address)).to.equal(solverBefore);
        }
      });
    }

    it("14 ids, the most a transaction without a lookup table holds with its compute-budget instruction, land in one transaction", async () => {
      const ids = Array.from({ length: 14 }, randomId);
      const result = expectOk(await invalidate(f.owner, ids));
      const events = decodeSvmReceiverRequestInvalidatedEvents(
        { err: null, logs: result.logs() },
        f.programId,
      );
      expect(events.map((e) => e.requestId)).to.deep.equal(ids);
    });

    it("someone else (neither owner nor solver): NotOwnerOrSolver, nothing recorded", async () => {
      const q = await f.attest();
      expectError(await invalidate(mallory, [bytesToHex(q.requestId)]), "NotOwnerOrSolver", INVALIDATE_IX);
      const [replay] = await f.replayPda(q.requestId);
      expect(f.svm.getAccount(replay).exists).to.equal(false);
      expectOk(await f.send([await f.depositNative(q)]));
    });

    it("an invalidation that loses the race to the deposit is reported: InvalidationTooLate event and outcome 'alreadyPaid'; the id stays paid", async () => {
      const paid = await f.attest();
      expectOk(await f.send([await f.depositNative(paid)]));
      const [paidReplay] = await f.replayPda(paid.requestId);
      expect(f.decode<{ status: number }>("PaidRequest", paidReplay).status).to.equal(1); // the deposit won
      const fresh = randomId();
      const invalidatedBefore = randomId();
      expectOk(await invalidate(f.owner, [invalidatedBefore]));
      const result = expectOk(
        await invalidate(f.owner, [bytesToHex(paid.requestId), fresh, invalidatedBefore]),
      );
      const logs = { err: null, logs: result.logs() };
      expect(
        decodeSvmReceiverRequestInvalidatedEvents(logs, f.programId).map((e) => e.requestId),
      ).to.deep.equal([fresh]);
      expect(decodeSvmReceiverInvalidationTooLateEvents(logs, f.programId)).to.deep.equal([
        { requestId: bytesToHex(paid.requestId), by: f.owner.address },
      ]);
      const returned = result.returnData();
      expect(returned.programId()).to.deep.equal(getAddressEncoder().encode(f.programId));
      expect(decodeSvmReceiverInvalidateOutcomes(returned.data())).to.deep.equal([
        "alreadyPaid",
        "invalidated",
        "alreadyInvalidated",
      ]);
      expect(f.decode<{ status: number }>("PaidRequest", paidReplay).status).to.equal(1);
      expectError(await f.send([await f.depositNative(paid)]), "RequestAlreadyPaid");
    });

    it("attack: the rotated-out solver (its EVM key still verifying inside the grace) invalidates the new solver's quote: NotOwnerOrSolver", async () => {
      const outgoing = f.solver;
      const incoming = await generateKeyPairSigner();
      f.svm.airdrop(incoming.address, lamports(10_000_000_000n));
      expectOk(
        await f.send(
          [
            await f.ownerIx("rotateSolver", [
              Array.from(hexToBytes(privateKeyToAccount(OTHER_KEY).address)),
              new web3.PublicKey(incoming.address),
              new BN(3600),
            ]),
          ],
          f.owner,
        ),
      );
      f.solver = incoming;
      // Setup: the outgoing key is inside its grace (its quotes still pay) and the new solver quoted.
      expectOk(await f.send([await f.depositNative(await f.attest())]));
      const fresh = await f.attest({}, OTHER_KEY);
      expectError(
        await invalidate(outgoing, [bytesToHex(fresh.requestId)]),
        "NotOwnerOrSolver",
        INVALIDATE_IX,
      );
      const [replay] = await f.replayPda(fresh.requestId);
      expect(f.svm.getAccount(replay).exists).to.equal(false);
      expectOk(await f.send([await f.depositNative(fresh)]));
      // The current solver keeps the right.
      expectOk(await invalidate(incoming, [randomId()]));
    });

    it("replay accounts that do not match the ids: InvalidPdaAddress; fewer accounts than ids: InvalidRequestBatch", async () => {
      const [limit, ix] = await buildSvmReceiverInvalidateRequestsInstructions({
        programId: f.programId,
        authority: f.owner,
        requestIds: [randomId(), randomId()],
      });
      const accounts = [...(ix.accounts ?? [])];
      const swapped = [...accounts.slice(0, 3), accounts[4]!, accounts[3]!];
      expectError(
        await f.send([limit, { ...ix, accounts: swapped }], f.owner),
        "InvalidPdaAddress",
        INVALIDATE_IX,
      );
      expectError(
        await f.send([limit, { ...ix, accounts: accounts.slice(0, 4) }], f.owner),
        "InvalidRequestBatch",
        INVALIDATE_IX,
      );
    });

    it("the client refuses empty, oversized and duplicate batches and malformed ids", async () => {
      const build = (requestIds: Hex[]) =>
        buildSvmReceiverInvalidateRequestsInstructions({
          programId: f.programId,
          authority: f.owner,
          requestIds,
        });
      const codeOf = async (requestIds: Hex[]) =>
        build(requestIds).then(
          () => "built",
          (e: { code?: string }) => e.code,
        );
      expect(await codeOf([])).to.equal("INVALID_SVM_ARGUMENT");
      const id = randomId();
      expect(await codeOf([id, id])).to.equal("INVALID_SVM_ARGUMENT");
      expect(await codeOf(["0x12"])).to.equal("INVALID_REQUEST_ID");
      const many = Array.from({ length: SVM_RECEIVER_MAX_INVALIDATE_BATCH + 1 }, randomId);
      expect(await codeOf(many)).to.equal("INVALID_SVM_ARGUMENT");
      expect(await codeOf(many.slice(1))).to.equal("built");
    });

    it("encodes any batch as Borsh vec<[u8; 32]> with one writable replay PDA per id (property)", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.uint8Array({ minLength: 32, maxLength: 32 }), {
            minLength: 1,
            maxLength: 5,
            selector: (b) => bytesToHex(b),
          }),
          async (ids) => {
            const [, ix] = await buildSvmReceiverInvalidateRequestsInstructions({
              programId: f.programId,
              authority: f.owner.address,
              requestIds: ids.map((b) => bytesToHex(b)),
            });
            const anchorIx = await f.program.methods.invalidateRequests!(ids.map((b) => Array.from(b)))
              .accountsStrict({
                authority: new web3.PublicKey(f.owner.address),
                config: new web3.PublicKey(f.config),
                systemProgram: new web3.PublicKey("11111111111111111111111111111111"),
              })
              .instruction();
            expect(bytesToHex(ix.data as Uint8Array)).to.equal(bytesToHex(anchorIx.data));
            const replays = await Promise.all(ids.map(async (b) => (await f.replayPda(b))[0]));
            expect((ix.accounts ?? []).slice(3).map((a) => a.address)).to.deep.equal(replays);
          },
        ),
        { numRuns: 20 },
      );
    });
  });

  describe("set_max_deadline_window", () => {
    it("the owner shortens the window after initialize: a deadline inside the old window is refused, inside the new one accepted", async () => {
      const setWindow = async (owner: KeyPairSigner, maxDeadlineWindow: bigint) =>
        f.send(
          [
            await buildSvmReceiverSetMaxDeadlineWindowInstruction({
              programId: f.programId,
              owner,
              maxDeadlineWindow,
            }),
          ],
          owner,
        );
      const a = await f.attest();
      expectOk(await f.send([await f.depositNative(a, { deadline: f.now() + MAX_WINDOW })]));
      expectOk(await setWindow(f.owner, 60n));
      expect(
        f
          .decode<{ maxDeadlineWindow: InstanceType<typeof BN> }>("Config", f.config)
          .maxDeadlineWindow.toString(),
      ).to.equal("60");
      expectError(
        await f.send([await f.depositNative(await f.attest(), { deadline: f.now() + 61n })]),
        "DeadlineBeyondMaxWindow",
      );
      expectOk(await f.send([await f.depositNative(await f.attest(), { deadline: f.now() + 60n })]));
      expectError(await setWindow(mallory, 7200n), "Unauthorized");
      const zero = await buildSvmReceiverSetMaxDeadlineWindowInstruction({
        programId: f.programId,
        owner: f.owner,
        maxDeadlineWindow: 1n,
      });
      const data = Uint8Array.from(zero.data as Uint8Array);
      data.fill(0, 8); // window 0, which the client refuses to build
      expectError(await f.send([{ ...zero, data }], f.owner), "InvalidWindow");
    });
  });

  describe("rotate_solver grace window (end exclusive, at most 30 days)", () => {
    const MAX_GRACE_PERIOD = 30n * 24n * 60n * 60n;
    const rotation = async (grace: bigint, next: KeyPairSigner) =>
      f.send(
        [
          await f.ownerIx("rotateSolver", [
            Array.from(hexToBytes(privateKeyToAccount(OTHER_KEY).address)),
            new web3.PublicKey(next.address),
            new BN(grace.toString()),
          ]),
        ],
        f.owner,
      );
    const rotate = async (grace: bigint) => {
      const next = await generateKeyPairSigner();
      expectOk(await rotation(grace, next));
      f.solver = next;
    };
    const config = () => f.decode<ConfigView>("Config", f.config);

    it("attack: a rotation keeping the outgoing (compromised) key alive past 30 days is refused with GracePeriodTooLong", async () => {
      const before = config();
      const next = await generateKeyPairSigner();
      for (const grace of [MAX_GRACE_PERIOD + 1n, (1n << 63n) - 1n]) {
        expectError(await rotation(grace, next), "GracePeriodTooLong");
      }
      // Nothing changed: the solver is the old one, and no previous solver lingers.
      const after = config();
      expect(after.solverEvm).to.deep.equal(before.solverEvm);
      expect(after.previousSolverValidUntil.toString()).to.equal(before.previousSolverValidUntil.toString());
      // 30 days exactly is accepted, ending exactly 30 days on.
      expectOk(await rotation(MAX_GRACE_PERIOD, next));
      expect(config().previousSolverValidUntil.toString()).to.equal((f.now() + MAX_GRACE_PERIOD).toString());
    });

    it("property: any grace up to 30 days sets the window end to now + grace; any longer one is refused", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.bigInt({ min: 0n, max: (1n << 63n) - 1n }),
          fc.boolean(),
          async (wide, within) => {
            const grace = within
              ? wide % (MAX_GRACE_PERIOD + 1n)
              : MAX_GRACE_PERIOD + 1n + (wide % (1n << 62n));
            const before = config().previousSolverValidUntil.toString();
            const result = await rotation(grace, await generateKeyPairSigner());
            if (!within) {
              expectError(result, "GracePeriodTooLong");
              expect(config().previousSolverValidUntil.toString()).to.equal(before);
              return;
            }
            expectOk(result);
            const end = grace === 0n ? -(1n << 63n) : f.now() + grace; // grace 0: no previous solver
            expect(config().previousSolverValidUntil.toString()).to.equal(end.toString());
          },
        ),
        { numRuns: 30 },
      );
    });

    it("grace 0 revokes the outgoing key in the rotation's own second: SignerMismatch, same clock", async () => {
      const stale = await f.attest(); // signed by the outgoing key before the rotation
      const now = f.now();
      await rotate(0n);
      expect(f.now()).to.equal(now);
      expectError(await f.send([await f.depositNative(stale)]), "SignerMismatch");
      expectOk(await f.send([await f.depositNative(await f.attest({}, OTHER_KEY))]));
    });

    it("grace G: the outgoing key verifies at rotation + G - 1 and is refused at rotation + G", async () => {
      const start = f.now();
      await rotate(100n);
      const at = (t: bigint) => {
        const clock = f.svm.getClock();
        clock.unixTimestamp = t;
        f.svm.setClock(clock);
      };
      at(start + 99n);
      expectOk(await f.send([await f.depositNative(await f.attest())]));
      at(start + 100n);
      expectError(await f.send([await f.depositNative(await f.attest())]), "SignerMismatch");
    });
  });
});
