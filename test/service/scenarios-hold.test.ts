/**
 * A scenario's hold is measured on the service's clock, not on timers: a timer that fires before the
 * clock has moved the full delay, or a clock that does not move at all (a paused devnet clock),
 * keeps the request held; moving the clock on ends the hold.
 */
import { expect } from "chai";
import { ScenarioBook } from "../../src/service/scenarios/book.ts";
import { ScenarioClosedError, ScenarioDirector } from "../../src/service/scenarios/director.ts";
import { Store } from "../../src/service/store.ts";

function directorOn(now: () => number): ScenarioDirector {
  return new ScenarioDirector({
    book: new ScenarioBook(new Store(), now),
    adapters: new Map(),
    now,
    onError: (error) => {
      throw error;
    },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("service: a scenario's hold runs on the service's clock", () => {
  it("a paused clock holds past the wall-clock delay; moving it on by the delay ends the hold", async () => {
    let clock = 1_000_000;
    const director = directorOn(() => clock);
    let done = false;
    const held = director.hold("0xa", "pending", 40).then(() => (done = true));
    await sleep(150);
    expect(done, "released while the clock stood still").to.equal(false);
    clock += 39;
    await sleep(100);
    expect(done, "released 1 ms short of the delay").to.equal(false);
    clock += 1;
    await held;
    expect(done).to.equal(true);
    director.close();
  });

  it("a clock running behind the timers (they fire early by its reading) still holds the full delay", async () => {
    const start = Date.now();
    // Reads 30 ms behind the wall clock once the hold has started, as a clock a timer outruns would.
    let lag = 0;
    const director = directorOn(() => Date.now() - lag);
    const began = director.hold("0xb", "pending", 60).then(() => Date.now() - start);
    lag = 30;
    expect(await began).to.be.at.least(90);
    director.close();
  });

  it("close() ends a held wait with ScenarioClosedError", async () => {
    const director = directorOn(() => 0);
    const held = director.hold("0xc", "pending", 10_000);
    director.close();
    const error = await held.catch((reason: unknown) => reason);
    expect(error).to.be.instanceOf(ScenarioClosedError);
  });
});
