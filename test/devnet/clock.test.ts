/** The devnet clock alone: moves, pause, veto, order of operations, state and restore. */
import { expect } from "chai";
import fc from "fast-check";
import { type ClockMove, createDevnetClock, DevnetClockError } from "../../src/devnet/clock.ts";

/** A clock on a wall clock the test sets. */
function testClock(start = 1_800_000_000_000) {
  const wall = { ms: start };
  return { wall, clock: createDevnetClock(() => wall.ms) };
}

describe("devnet clock", () => {
  it("runs with the wall clock from its offset, holds still while paused and resumes from where it held", async () => {
    const { wall, clock } = testClock();
    await clock.increase(60);
    expect(clock.now()).to.equal(wall.ms + 60_000);
    await clock.pause();
    const held = clock.now();
    wall.ms += 5_000;
    expect(clock.now()).to.equal(held);
    expect(clock.time()).to.include({ paused: true, now: held });
    await clock.increase(10);
    expect(clock.now()).to.equal(held + 10_000);
    await clock.resume();
    wall.ms += 1_000;
    expect(clock.now()).to.equal(held + 11_000);
  });

  it("property: any sequence of increases moves it by their sum, and every participant sees each move in order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 20 }),
        async (steps) => {
          const { clock } = testClock();
          const seen: ClockMove[] = [];
          clock.join({ moved: (move) => void seen.push(move) });
          const start = clock.now();
          await Promise.all(steps.map((seconds) => clock.increase(seconds)));
          const total = steps.reduce((sum, seconds) => sum + seconds, 0);
          expect(clock.now()).to.equal(start + total * 1000);
          expect(seen.map((move) => move.toMs - move.fromMs)).to.deep.equal(steps.map((s) => s * 1000));
        },
      ),
      { numRuns: 50 },
    );
  });

  it("property: never goes back; a bad step or timestamp is refused with DevnetClockError and moves nothing", async () => {
    const bad = fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true }), fc.constant(Number.NaN));
    await fc.assert(
      fc.asyncProperty(bad, async (value) => {
        const { clock } = testClock();
        const before = clock.state();
        for (const operation of [
          () => clock.increase(value),
          () => clock.setNext(value),
          () => clock.travelTo(value),
        ]) {
          try {
            await operation();
            expect.fail(`accepted ${value}`);
          } catch (error) {
            expect(error).to.be.instanceOf(DevnetClockError);
          }
        }
        expect(clock.state()).to.deep.equal(before);
      }),
      { numRuns: 50 },
    );
    const { clock } = testClock();
    for (const operation of [
      () => clock.increase(100 * 365 * 24 * 3600 + 1),
      () => clock.setNext(clock.seconds() - 1),
    ]) {
      try {
        await operation();
        expect.fail("moved");
      } catch (error) {
        expect((error as DevnetClockError).code).to.equal(-32602);
      }
    }
  });

  it("a participant's veto stops a move before anyone is told", async () => {
    const { clock } = testClock();
    const moved: number[] = [];
    clock.join({ moved: ({ toMs }) => void moved.push(toMs) });
    clock.join({
      check: () => {
        throw Object.assign(new Error("the chain refuses"), { code: -32000 });
      },
    });
    const before = clock.now();
    try {
      await clock.increase(5);
      expect.fail("moved despite the veto");
    } catch (error) {
      expect((error as Error).message).to.equal("the chain refuses");
    }
    expect(clock.now()).to.equal(before);
    expect(moved).to.deep.equal([]);
  });

  it("a move reads the running clock once: on a wall that ticks a millisecond at every read, increase(0), setNext(now) and catchUp all land", async () => {
    let ms = 1_800_000_000_000;
    const clock = createDevnetClock(() => ms++);
    const before = clock.now();
    expect((await clock.increase(0)).now).to.be.at.least(before);
    await clock.setNext(clock.seconds());
    const target = clock.now() + 1;
    expect((await clock.catchUp(target)).now).to.be.at.least(target);
  });

  it("time() reports the offset it keeps, on a wall that ticks a millisecond at every read", async () => {
    let ms = 1_800_000_000_000;
    const clock = createDevnetClock(() => ms++);
    expect(clock.time().offsetMs).to.equal(0);
    await clock.increase(86_400);
    const { offsetMs } = clock.time();
    expect(clock.time().offsetMs).to.equal(offsetMs);
    expect(clock.state().offsetMs).to.equal(offsetMs);
  });

  it("catchUp moves forward to a target ahead of it, and is a no-op when the clock ran past the target while the call waited its turn", async () => {
    const { wall, clock } = testClock();
    const moved: number[] = [];
    let release = () => {};
    const holding = new Promise<void>((held) => {
      // A participant that holds the first move, so later calls wait their turn while the wall runs on.
      clock.join({
        moved: async ({ toMs }) => {
          moved.push(toMs);
          if (moved.length > 1) return;
          held();
          await new Promise<void>((resolve) => (release = resolve));
        },
      });
    });
    const first = clock.increase(1);
    await holding;
    const target = clock.now() + 500;
    const caughtUp = clock.catchUp(target);
    const travelled = clock.travelTo(target).catch((error: unknown) => error);
    wall.ms += 2_000;
    release();
    await first;
    expect((await caughtUp).now).to.be.at.least(target);
    // travelTo in the same race is refused: the clock never goes back.
    expect(await travelled).to.be.instanceOf(DevnetClockError);
    expect(moved).to.have.length(1);
    const ahead = clock.now() + 3_000;
    expect((await clock.catchUp(ahead)).now).to.equal(ahead);
    expect(moved.at(-1)).to.equal(ahead);
  });

  it("setNext lands on the timestamp exactly and tells the participants the move is exact", async () => {
    const { clock } = testClock(1_800_000_000_250);
    const seen: ClockMove[] = [];
    clock.join({ moved: (move) => void seen.push(move) });
    await clock.setNext(1_800_000_100);
    expect(clock.seconds()).to.equal(1_800_000_100);
    expect(seen).to.deep.equal([{ fromMs: 1_800_000_000_250, toMs: 1_800_000_100_000, exact: true }]);
  });

  it("state() is plain JSON and restore() puts the clock back to it, telling participants of the pause it implies", async () => {
    const { wall, clock } = testClock();
    await clock.increase(30);
    await clock.pause();
    const saved = JSON.parse(JSON.stringify(clock.state()));
    const at = clock.now();
    await clock.resume();
    await clock.increase(1000);
    wall.ms += 10_000;
    const told: string[] = [];
    clock.join({ paused: () => void told.push("paused"), resumed: () => void told.push("resumed") });
    await clock.restore(saved);
    expect(clock.paused).to.equal(true);
    expect(clock.now()).to.equal(at);
    expect(told).to.deep.equal(["paused"]);
    try {
      await clock.restore({ offsetMs: "1", frozenAtMs: null } as never);
      expect.fail("restored a malformed state");
    } catch (error) {
      expect(error).to.be.instanceOf(DevnetClockError);
    }
    expect(clock.now()).to.equal(at);
  });
});
