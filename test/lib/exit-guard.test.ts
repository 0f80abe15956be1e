/**
 * The suite's exit guard (test/exit-guard.ts): a process kept alive by a leaked child is ended with
 * exit code 1 and the child's command named; a process with nothing left exits on its own at once.
 */
import { spawnSync } from "node:child_process";
import { expect } from "chai";

const GUARD = new URL("../exit-guard.ts", import.meta.url).href;

function runScript(body: string): { status: number | null; stderr: string; ms: number } {
  const script = `import { armExitGuard } from ${JSON.stringify(GUARD)};\n${body}`;
  const started = Date.now();
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: run.status, stderr: run.stderr, ms: Date.now() - started };
}

describe("the test suite's exit guard", () => {
  it("a leaked child process keeps the test process alive: the guard names its command, kills it and exits 1", () => {
    const run = runScript(`
      import { spawn } from "node:child_process";
      const leaked = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000) // leaked-child-marker"], { stdio: ["ignore", "pipe", "pipe"] });
      process.on("exit", () => console.error("child killed: " + leaked.killed));
      armExitGuard(300);
    `);
    expect(run.status).to.equal(1);
    expect(run.stderr).to.match(/still alive 0\.3 s after the last test/);
    expect(run.stderr).to.include("leaked-child-marker");
    expect(run.stderr).to.include("child killed: true");
  });

  it("nothing left running: the process exits 0 without waiting for the guard", () => {
    const run = runScript("armExitGuard(15_000);");
    expect(run.status).to.equal(0);
    expect(run.stderr).to.equal("");
    expect(run.ms).to.be.lessThan(10_000);
  });
});
