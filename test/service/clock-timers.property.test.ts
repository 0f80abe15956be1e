/**
 * ClockTimers fire by the clock they are given, not by wall time: after any sequence of clock
 * jumps, exactly the timers due at or before the clock's reading have fired, each once; a paused
 * set fires none until resumed; a cancelled timer never fires.
 */
import { expect } from "chai";
import fc from "fast-check";
import { ClockTimers } from "../../src/service/clock-timers.ts";

const START = 1_000_000_000_000;

describe("service: timers on the service's clock", () => {
  it("property: after jumps of the clock, the timers due by it have fired once and no other", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 10 }),
        (dues, jumps) => {
          let clock = START;
          const timers = new ClockTimers(() => clock);
          const fired = dues.map(() => 0);
          dues.forEach((due, index) => {
            timers.at(START + due, () => {
              fired[index] = (fired[index] as number) + 1;
            });
          });
          for (const jump of jumps) {
            clock += jump;
            timers.moved();
            dues.forEach((due, index) => {
              expect(fired[index]).to.equal(START + due <= clock ? 1 : 0);
            });
          }
          timers.clear();
        },
      ),
    );
  });

  it("paused, a due timer waits for resumed; a cancelled one never fires", () => {
    let clock = START;
    const timers = new ClockTimers(() => clock);
    let fired = 0;
    let cancelledFired = 0;
    timers.at(START + 10, () => fired++);
    const cancel = timers.at(START + 10, () => cancelledFired++);
    timers.paused();
    cancel();
    clock += 20;
    expect(fired).to.equal(0);
    timers.resumed();
    expect(fired).to.equal(1);
    expect(cancelledFired).to.equal(0);
    expect(timers.size).to.equal(0);
  });
});
