// A progress line for quiet work that the user waits on (solc-js compiling the shipped contracts on a first
// run): said first after `firstMs`, then every `everyMs`, each with the time since the work began by the
// clock (not a count of ticks, which a busy event loop would stretch). Both well inside the promise the
// caller keeps (the demo speaks at least every 10 s), so a slow start shows progress early and a late tick
// never lands on the promise's edge.

export type HeartbeatSchedule = { firstMs: number; everyMs: number };

/** Starts calling `say(elapsedMs)` on `schedule`; the returned function stops it. */
export function startHeartbeat(
  say: (elapsedMs: number) => void,
  { firstMs, everyMs }: HeartbeatSchedule,
): () => void {
  const started = performance.now();
  let beats = 0;
  let timer: NodeJS.Timeout;
  const schedule = () => {
    // Due times are fixed from the start, so a tick that ran late does not push back the ones after it.
    const due = firstMs + beats * everyMs;
    timer = setTimeout(
      () => {
        beats++;
        say(performance.now() - started);
        schedule();
      },
      Math.max(0, due - (performance.now() - started)),
    );
  };
  schedule();
  return () => clearTimeout(timer);
}
