// The progress line of quiet work (scripts/package/heartbeat.ts), at a small scale on the real clock: said
// first after its first delay, then on its period, each with the time by the clock since the work began;
// a tick the event loop held up does not push back the ones after it; stopped, it says nothing more. And
// the compile of the shipped contracts speaks early and well inside the demo's promise of no silence over
// 10 s (the old fixed 10 s interval put its first line on that edge: 10,007 ms in bench/results/demo-cold.json).
import { expect } from "chai";
import { startHeartbeat } from "../../scripts/package/heartbeat.ts";
import { COMPILE_PROGRESS } from "../../scripts/package/shipped-contracts.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How late a timer may fire on a loaded 2-core machine, and how early (Node rounds to whole ms). */
const LATE_MS = 150;
const EARLY_MS = 2;
const near = (ms: number) => [ms - EARLY_MS, ms + LATE_MS] as const;

describe("package: heartbeat", () => {
  it("says first after firstMs, then every everyMs, with the elapsed time by the clock", async () => {
    const started = performance.now();
    const said: { at: number; elapsedMs: number }[] = [];
    const stop = startHeartbeat((elapsedMs) => said.push({ at: performance.now() - started, elapsedMs }), {
      firstMs: 100,
      everyMs: 300,
    });
    await sleep(1_150);
    stop();
    expect(said).to.have.length(4);
    for (const [i, { at, elapsedMs }] of said.entries()) {
      expect(elapsedMs).to.be.within(...near(100 + 300 * i));
      expect(at - elapsedMs).to.be.within(0, 5);
    }
  });

  it("a tick the event loop held up does not push back the next ones", async () => {
    const said: number[] = [];
    const stop = startHeartbeat(
      (elapsedMs) => {
        said.push(elapsedMs);
        if (said.length === 1) {
          const until = performance.now() + 600; // a busy loop: the tick due at 500 ms cannot run
          while (performance.now() < until);
        }
      },
      { firstMs: 100, everyMs: 400 },
    );
    await sleep(1_000);
    stop();
    expect(said).to.have.length(3);
    const [, late, next] = said as [number, number, number];
    // Run as soon as the loop frees (700 ms), the late tick leaves the next one at its due 900 ms, not 1,100.
    expect(late).to.be.within(...near(700));
    expect(next).to.be.within(...near(900));
  });

  it("stopped, it says nothing more", async () => {
    let said = 0;
    let firstSaid: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      firstSaid = resolve;
    });
    const stop = startHeartbeat(
      () => {
        said++;
        firstSaid();
      },
      { firstMs: 50, everyMs: 100 },
    );
    await first;
    stop();
    await sleep(350);
    expect(said).to.equal(1);
  });

  it("the shipped contracts' compile speaks within 3 s and at most every 5 s", () => {
    expect(COMPILE_PROGRESS.firstMs).to.be.at.most(3_000);
    expect(COMPILE_PROGRESS.everyMs).to.be.at.most(5_000);
  });
});
