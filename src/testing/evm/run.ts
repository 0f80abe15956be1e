import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  keccak256,
  stringToHex,
  type Transport,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { mockSolverKey } from "../keys.ts";
import {
  type ConformanceReport,
  formatConformanceTable,
  type PropertyResult,
  summarize,
  writeConformanceReport,
} from "../report.ts";
import { notApplicableOutcome } from "./catalogue-context.ts";
import { conformanceTokenArtifact } from "./conformance-token.ts";
import { EvmPropertyContext, KEYS, NotApplicable, PropertyViolation, WINDOW } from "./context.ts";
import { EvmConformanceEnv } from "./env.ts";
import { EvmOrderPropertyContext } from "./order-context.ts";
import { EVM_ORDER_PROPERTIES } from "./order-properties.ts";
import type { EvmOrderReceiverAdapter, EvmOrderReceiverSetup } from "./order-types.ts";
import { EVM_PROPERTIES } from "./properties.ts";
import type { EvmReceiverAdapter, EvmReceiverSetup } from "./types.ts";

/** Options of `runEvmConformance`. */
export interface EvmConformanceOptions {
  /** Transport to a Hardhat or Anvil node: in-process (`custom(connection.provider)`), local, or a fork. */
  transport: Transport;
  /** Node flavour, for its test methods (default `hardhat`). */
  mode?: "hardhat" | "anvil";
  adapter: EvmReceiverAdapter;
  /** Runs of each fuzzed property (default 8). */
  fuzzRuns?: number;
  /** Only these property ids (default: the whole catalogue). */
  only?: readonly string[];
  /** Writes `conformance-evm.json` and `conformance-evm.junit.xml` here. */
  reportDir?: string;
  /** Prints the table to stdout (default true). */
  print?: boolean;
  /**
   * Fails a property that is not applicable only because the adapter left out an optional hook (default
   * false): in strict mode every property is tested or named in the adapter's `notApplicable` with a reason.
   */
  strict?: boolean;
}

async function deployToken(env: EvmConformanceEnv, owner: Address, name: string): Promise<Address> {
  const { abi, bytecode } = conformanceTokenArtifact();
  const hash = await env.client.sendTransaction({
    account: owner,
    chain: null,
    data: encodeDeployData({ abi, bytecode, args: [name] }),
  });
  const { contractAddress } = await env.client.waitForTransactionReceipt({ hash });
  if (!contractAddress) throw new Error(`${name} deployment failed`);
  return contractAddress;
}

/** Native funds, both tokens and the receiver's approval for `account`. */
async function fundAccount(
  env: EvmConformanceEnv,
  setup: { owner: Address; token: Address; hostileToken: Address },
  receiver: Address,
  account: Address,
) {
  await env.fund(account);
  const { abi } = conformanceTokenArtifact();
  for (const token of [setup.token, setup.hostileToken]) {
    await env.send(setup.owner, {
      to: token,
      data: encodeFunctionData({ abi, functionName: "mint", args: [account, 10n ** 31n] }),
    });
    await env.send(account, {
      to: token,
      data: encodeFunctionData({ abi, functionName: "approve", args: [receiver, 2n ** 256n - 1n] }),
    });
  }
}

/** The chain, the owner and the two catalogue tokens every EVM catalogue starts from. */
async function prepare(options: { transport: Transport; mode?: "hardhat" | "anvil" }) {
  const env = await EvmConformanceEnv.connect(options.transport, options.mode);
  const owner = privateKeyToAccount(mockSolverKey("conformance.owner")).address;
  await env.fund(owner);
  return {
    env,
    owner,
    solver: privateKeyToAccount(KEYS.solver).address,
    token: await deployToken(env, owner, "Conformance Token"),
    hostileToken: await deployToken(env, owner, "Hostile Token"),
  };
}

interface CatalogueProperty<C> {
  id: string;
  attack: string;
  run(context: C, fuzzRuns: number): Promise<void>;
}

/** Runs each property from the same snapshot (reverted afterwards) and collects the results. */
async function runCatalogue<C>(
  env: EvmConformanceEnv,
  catalogue: readonly CatalogueProperty<C>[],
  context: (property: string) => C,
  options: {
    only?: readonly string[];
    fuzzRuns?: number;
    strict?: boolean;
    notApplicable?: Readonly<Record<string, string>>;
  },
): Promise<PropertyResult[]> {
  const results: PropertyResult[] = [];
  const properties = catalogue.filter((p) => !options.only || options.only.includes(p.id));
  for (const property of properties) {
    const t0 = performance.now();
    const reasonNa = options.notApplicable?.[property.id];
    if (reasonNa) {
      results.push({
        id: property.id,
        attack: property.attack,
        status: "not-applicable",
        reason: reasonNa,
        durationMs: 0,
      });
      continue;
    }
    const snapshot = await env.client.snapshot();
    let result: Omit<PropertyResult, "durationMs">;
    try {
      await property.run(context(property.id), options.fuzzRuns ?? 8);
      result = { id: property.id, attack: property.attack, status: "pass" };
    } catch (error) {
      result = classify(property.id, property.attack, error, options.strict);
    } finally {
      await env.client.revert({ id: snapshot });
    }
    results.push({ ...result, durationMs: Math.round(performance.now() - t0) });
  }
  return results;
}

function finish(
  options: { print?: boolean; reportDir?: string },
  subject: string,
  results: PropertyResult[],
  started: number,
  reportName: string,
): ConformanceReport {
  const report = summarize(subject, "evm", results, Math.round(performance.now() - started));
  if (options.print ?? true) console.log(formatConformanceTable(report));
  if (options.reportDir) writeConformanceReport(report, options.reportDir, reportName);
  return report;
}

/**
 * Runs the EVM catalogue against the receiver `adapter` deploys, each property from the same snapshot,
 * and returns the report (printed, and written as JSON and JUnit XML when `reportDir` is set).
 * Works in any test runner: call it in one test and `assertConformance(report)`, or pass `only`.
 */
export async function runEvmConformance(options: EvmConformanceOptions): Promise<ConformanceReport> {
  const started = performance.now();
  const { env, owner, solver, token, hostileToken } = await prepare(options);
  const setup: EvmReceiverSetup = {
    owner,
    solver,
    maxDeadlineWindow: WINDOW,
    destinationChainId: env.chainId === 8453n ? 10n : 8453n,
    destinationUser: `0x${"d5".padStart(64, "0")}`,
    token,
    hostileToken,
  };
  const deployed = await options.adapter.deploy(env, setup);
  const context = (property: string) =>
    new EvmPropertyContext(env, options.adapter, setup, deployed, property);
  const probe = context("setup");
  for (const account of [probe.payer, probe.attacker])
    await fundAccount(env, setup, deployed.receiver, account);
  const results = await runCatalogue(env, EVM_PROPERTIES, context, {
    ...options,
    notApplicable: options.adapter.notApplicable,
  });
  return finish(options, options.adapter.name, results, started, "conformance-evm");
}

/** Options of `runEvmOrderConformance`. */
export interface EvmOrderConformanceOptions extends Omit<EvmConformanceOptions, "adapter"> {
  adapter: EvmOrderReceiverAdapter;
  /** This chain's protocol chain id string the contract takes inputs on (default `"base"`). */
  protocolChainId?: string;
}

/**
 * Runs the EVM order catalogue against the order-paying contract `adapter` deploys (or attaches to), each
 * property from the same snapshot, and returns the report (written as `conformance-evm-orders.json` and
 * `.junit.xml` when `reportDir` is set).
 */
export async function runEvmOrderConformance(
  options: EvmOrderConformanceOptions,
): Promise<ConformanceReport> {
  const started = performance.now();
  const { env, owner, solver, token, hostileToken } = await prepare(options);
  const setup: EvmOrderReceiverSetup = {
    owner,
    solver,
    chainId: options.protocolChainId ?? "base",
    outputChainId: "solana",
    outputRecipient: keccak256(stringToHex("attestkit.conformance.output-recipient")),
    token,
    hostileToken,
  };
  const { receiver, owner: admin } = await options.adapter.deploy(env, setup);
  const deployed = {
    receiver,
    owner: admin,
    recipient: await options.adapter.paymentRecipient(env, receiver),
  };
  const context = (property: string) =>
    new EvmOrderPropertyContext(env, options.adapter, setup, deployed, property);
  await fundAccount(env, { owner, token, hostileToken }, receiver, context("setup").payer);
  const results = await runCatalogue(env, EVM_ORDER_PROPERTIES, context, {
    ...options,
    notApplicable: options.adapter.notApplicable,
  });
  return finish(options, options.adapter.name, results, started, "conformance-evm-orders");
}

function classify(
  id: string,
  attack: string,
  error: unknown,
  strict: boolean | undefined,
): Omit<PropertyResult, "durationMs"> {
  const inner = findCause(error);
  if (inner instanceof NotApplicable) return { id, attack, ...notApplicableOutcome(inner, strict) };
  const reason =
    inner instanceof PropertyViolation
      ? inner.message
      : `error: ${(inner as Error)?.message ?? String(inner)}`;
  return { id, attack, status: "fail", reason: reason.split("\n")[0] };
}

/** A violation may arrive wrapped (as an error cause): unwrap it to report the violation itself. */
function findCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5; depth += 1) {
    if (current instanceof NotApplicable || current instanceof PropertyViolation) return current;
    const cause = (current as { cause?: unknown })?.cause;
    if (cause === undefined) return error;
    current = cause;
  }
  return error;
}
