// The Solidity test command's fast path: the constructor shim that lets a project compile once and run
// each mutant's creation code from the environment. Which changes the shim runs exactly (the contract's
// functions and constructor body) and which it sends back to a compile (code that runs before the
// constructor body); the runner keeps the shim only when the control run proves the tests go through it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import { commandRunner } from "../../src/mutate/command-runner.ts";
import {
  type ConstructorShim,
  constructorShim,
  MUTANT_CREATION_CODE_ENV,
  shimRuns,
} from "../../src/mutate/constructor-shim.ts";
import { compileSolidity } from "../../src/mutate/solc.ts";

const ROOT = "test/mutate/fixtures";
const FILE = "Vault.sol";
const ORIGINAL = readFileSync(join(ROOT, FILE), "utf8");

function shimOf(text = ORIGINAL): ConstructorShim {
  const shim = constructorShim(ROOT, FILE, "Vault", text);
  if ("reason" in shim) throw new Error(shim.reason);
  return shim;
}

/** The original with one textual change, as a mutation tool writes it. */
function mutant(from: string, to: string): string {
  expect(ORIGINAL, `setup: ${from} is in the fixture`).to.include(from);
  return ORIGINAL.replace(from, to);
}

describe("attestkit mutate: the constructor shim", () => {
  it("starts Vault's constructor with the run of the environment's creation code, and still compiles", () => {
    const { text } = shimOf();
    expect(text).to.include(`envBytes("${MUTANT_CREATION_CODE_ENV}"), abi.encode(keeper_))`);
    expect(text).to.include("delegatecall(gas(), attestkitRunner_");
    // The original body is kept after it (its immutable assignment must stay in sight of the compiler).
    expect(text.indexOf("delegatecall")).to.be.below(text.indexOf("keeper = keeper_;"));
    expect(
      compileSolidity({ root: ROOT, sources: { [FILE]: text }, file: FILE, contract: "Vault" }).ok,
    ).to.equal(true);
  });

  it("runs changes to functions and the constructor's body; compiles those that run before the body", () => {
    const shim = shimOf();
    const runs = (from: string, to: string) => shimRuns(shim, ORIGINAL, mutant(from, to));
    expect(runs("amount <= limit", "amount < limit")).to.equal(true);
    expect(runs('require(keeper_ != address(0), "zero keeper");', "")).to.equal(true);
    expect(runs("keeper = keeper_;", "keeper = address(1);")).to.equal(true);
    // A state variable's initialiser, a base constructor and its argument, the constructor's header.
    expect(runs("owner = msg.sender", "owner = address(1)")).to.equal(false);
    expect(runs("limit = limit_;", "limit = 0;")).to.equal(false);
    expect(runs("Owned(10)", "Owned(11)")).to.equal(false);
    expect(runs("constructor(address keeper_)", "constructor(address keeper_) payable")).to.equal(false);
  });

  it("gives a reason instead of a shim for a contract it cannot deploy", () => {
    expect(constructorShim(ROOT, FILE, "Owned", ORIGINAL)).to.deep.equal({
      reason: "no deployable contract Owned in Vault.sol",
    });
  });
});

describe("attestkit mutate: the test command through the shim", function () {
  this.timeout(60_000);
  const original = { name: "original", artifact: "0x6001" as const };

  /** A one-worker runner on the fixture; `command` sees the creation code in its environment. */
  async function started(command: string) {
    const runner = commandRunner({ root: ROOT, file: FILE, original: ORIGINAL, command, shim: shimOf() });
    await runner.start?.(1);
    return runner;
  }

  it("keeps the shim when the tests fail on reverting creation code, and runs mutants with their code", async () => {
    // Stands for a test that deploys the contract: it fails when the creation code reverts at once.
    const runner = await started(
      `test "$${MUTANT_CREATION_CODE_ENV}" != 0x5f5ffd && test "$${MUTANT_CREATION_CODE_ENV}" != 0x6002`,
    );
    try {
      expect(await runner.run(original, 0)).to.deep.include({ failed: [] });
      expect(runner.shimmed()).to.equal(true);
      const inWorker = () => readFileSync(join(runner.workDirs[0] as string, FILE), "utf8");
      expect(inWorker()).to.equal(shimOf().text);
      const killed = await runner.run(
        {
          name: "mutant 1",
          change: { file: FILE, text: mutant("amount <= limit", "amount < limit") },
          artifact: "0x6002",
        },
        0,
      );
      expect(killed.failed).to.have.length(1);
      expect(inWorker(), "a mutant the shim runs is not compiled into the project").to.equal(shimOf().text);
      const compiled = mutant("owner = msg.sender", "owner = address(1)");
      await runner.run({ name: "mutant 2", change: { file: FILE, text: compiled }, artifact: "0x6003" }, 0);
      expect(inWorker(), "a change before the constructor's body is compiled into the project").to.equal(
        compiled,
      );
    } finally {
      await runner.stop?.();
    }
  });

  it("drops the shim when the tests pass on reverting creation code (they do not deploy through it)", async () => {
    const runner = await started("true");
    try {
      expect(await runner.run(original, 0)).to.deep.include({ failed: [] });
      expect(runner.shimmed()).to.equal(false);
      expect(readFileSync(join(runner.workDirs[0] as string, FILE), "utf8")).to.equal(ORIGINAL);
      const text = mutant("amount <= limit", "amount < limit");
      await runner.run({ name: "mutant 1", change: { file: FILE, text }, artifact: "0x6002" }, 0);
      expect(readFileSync(join(runner.workDirs[0] as string, FILE), "utf8")).to.equal(text);
    } finally {
      await runner.stop?.();
    }
  });
});
