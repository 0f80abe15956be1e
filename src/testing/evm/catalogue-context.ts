import { type Abi, type Address, encodeFunctionData } from "viem";
import { type RefusalClass, refusalMismatch } from "../refusal.ts";
import { conformanceTokenArtifact } from "./conformance-token.ts";
import { type Attempt, type EvmConformanceEnv, errorName } from "./env.ts";
import type { EvmCall } from "./types.ts";

/** Thrown inside a property: the property does not apply (the report shows the reason). */
export class NotApplicable extends Error {
  override name = "NotApplicable";
}

/**
 * Thrown inside a property: it does not apply only because the adapter left out an optional hook (or
 * declaration). Reported not applicable, or failed in strict mode, where every property must be tested or
 * declared not applicable with a reason.
 */
export class HookMissing extends NotApplicable {
  override name = "HookMissing";
  readonly hook: string;

  constructor(hook: string, what = "has no") {
    super(`adapter ${what} ${hook}`);
    this.hook = hook;
  }
}

/** The result of a not-applicable property in a run: failed in strict mode when only a hook was missing. */
export function notApplicableOutcome(
  error: NotApplicable,
  strict: boolean | undefined,
): { status: "not-applicable" | "fail"; reason: string } {
  if (strict && error instanceof HookMissing)
    return {
      status: "fail",
      reason: `strict mode: not applicable only because the ${error.message}; provide it or name the property in notApplicable with a reason`,
    };
  return { status: "not-applicable", reason: error.message };
}

/** Thrown inside a property: the receiver broke it. */
export class PropertyViolation extends Error {
  override name = "PropertyViolation";
}

/** What every catalogue's property sees: the chain, the contract under test, balances and admin calls. */
export class EvmCatalogueContext {
  readonly env: EvmConformanceEnv;
  receiver: Address;
  owner: Address;
  readonly property: string;

  constructor(env: EvmConformanceEnv, deployed: { receiver: Address; owner: Address }, property: string) {
    this.env = env;
    this.receiver = deployed.receiver;
    this.owner = deployed.owner;
    this.property = property;
  }

  check(condition: boolean, what: string): void {
    if (!condition) throw new PropertyViolation(what);
  }

  /**
   * A refused attempt: of a class the property accepts (when `refusal` is given and the error is classified),
   * and with the expected custom error when the adapter names one for this property.
   */
  checkRefusal(
    result: Attempt,
    expectedErrors?: Readonly<Record<string, string>>,
    errorAbi?: Abi,
    refusal?: { expected?: readonly RefusalClass[]; classes?: Readonly<Record<string, RefusalClass>> },
  ): void {
    if (result.ok) throw new PropertyViolation("the attack was accepted");
    const mismatch = refusalMismatch(errorName(result.data, errorAbi), refusal?.expected, refusal?.classes);
    if (mismatch) throw new PropertyViolation(mismatch);
    const expected = expectedErrors?.[this.property];
    if (expected) {
      const actual = errorName(result.data, errorAbi);
      this.check(actual === expected, `refused with ${actual}, expected ${expected}`);
    }
  }

  /**
   * `stranger` sends an admin call (`undefined`: the hook `hook` is missing, so the property is not applicable):
   * it must be refused, of a class `refusal` accepts, with the expected error when named.
   */
  async assertStrangerCallRefused(
    stranger: Address,
    call: EvmCall | undefined,
    hook: string,
    expectedErrors?: Readonly<Record<string, string>>,
    errorAbi?: Abi,
    refusal?: { expected?: readonly RefusalClass[]; classes?: Readonly<Record<string, RefusalClass>> },
  ): Promise<void> {
    if (!call) throw new HookMissing(hook);
    await this.env.fund(stranger);
    this.checkRefusal(await this.env.attempt(stranger, call), expectedErrors, errorAbi, refusal);
  }

  /** Sends a solver rotation as the owner; whether it went through (`undefined`: not applicable). */
  async rotateSolver(call: EvmCall | undefined): Promise<boolean> {
    if (!call) throw new HookMissing("rotateSolverCall");
    return (await this.env.attempt(this.owner, call)).ok;
  }

  /** Sends an admin call as the owner; `undefined` (hook missing) makes the property not applicable. */
  async admin(call: EvmCall | undefined, hook: string): Promise<void> {
    if (!call) throw new HookMissing(hook);
    await this.env.send(this.owner, call);
  }

  async balance(currency: Address | "native", account: Address): Promise<bigint> {
    if (currency === "native") return this.env.nativeBalance(account);
    return (await this.env.client.readContract({
      address: currency,
      abi: conformanceTokenArtifact().abi,
      functionName: "balanceOf",
      args: [account],
    })) as bigint;
  }

  /** Calls a `ConformanceToken` function as the owner (or `from`). */
  async token(token: Address, functionName: string, args: readonly unknown[], from: Address = this.owner) {
    await this.env.send(from, {
      to: token,
      data: encodeFunctionData({ abi: conformanceTokenArtifact().abi, functionName, args }),
    });
  }

  /** Leaves `account` holding exactly `amount` of `token`. */
  async setTokenBalance(token: Address, account: Address, amount: bigint): Promise<void> {
    const held = await this.balance(token, account);
    await this.token(
      token,
      "transfer",
      ["0x000000000000000000000000000000000000dEaD", held - amount],
      account,
    );
  }
}
