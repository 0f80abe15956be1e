import { readFileSync } from "node:fs";
import { type Abi, type Address, encodeDeployData, encodeFunctionData, type Hex } from "viem";
import { packageFile } from "../../package-files.ts";
import type { RefusalClass } from "../refusal.ts";
import { relayDepositoryDeposits } from "./depository-events.ts";
import type { EvmConformanceEnv } from "./env.ts";
import type { EvmOrderPayment, EvmOrderReceiverAdapter, EvmOrderReceiverSetup } from "./order-types.ts";

/** Options of `orderGatedDepositorAdapter`. */
export interface OrderGatedDepositorAdapterOptions {
  /**
   * Test this deployed depositor (fork mode): its owner is impersonated to point it at the mock solver,
   * whitelist the catalogue's recipient and refuse output calls. Its protocol chain id is read from it.
   */
  address?: Address;
  /** Deploy this creation code instead of the shipped OrderGatedDepositor (your own build of the same ABI). */
  bytecode?: Hex;
  /** Name shown in the report. */
  name?: string;
  /** Extra not-applicable properties (merged over the reference's). */
  notApplicable?: Readonly<Record<string, string>>;
  /** Require the reference's exact custom error for each refusal (default true). */
  strictErrors?: boolean;
  /**
   * The longest `output.deadline - now` your build accepts, in seconds: valid orders and time-dependent
   * attacks are built inside it and `order.deadline.maxWindow` is tested (absent: no maximum).
   */
  deadlineWindow?: number;
  /** Extra expected custom errors by property (merged over the reference's), e.g. your window's error. */
  expectedErrors?: Readonly<Record<string, string>>;
  /** ABI of your build's extra custom errors, to name them in the report. */
  errorAbi?: Abi;
  /** The refusal class of each of your build's extra errors, by name (e.g. `{ DeadlineTooFar: "deadline" }`). */
  refusalClasses?: Readonly<Record<string, RefusalClass>>;
}

/** The reference's custom error for each refusal it reports. */
export const ORDER_GATED_DEPOSITOR_ERRORS: Readonly<Record<string, string>> = {
  "order.replay.sameSignature": "OrderAlreadyUsed",
  "order.replay.later": "OrderAlreadyUsed",
  "order.replay.otherPayer": "OrderAlreadyUsed",
  "order.replay.compactForm": "OrderAlreadyUsed",
  // The replay slot is checked before the signature: a paid id reports the replay first.
  "order.replay.highSTwin": "OrderAlreadyUsed",
  "order.binding.anyField": "SignerMismatch",
  "order.signer.stranger": "SignerMismatch",
  "order.signer.callerChosen": "SignerMismatch",
  "order.solver.named": "OrderSolverMismatch",
  "order.signature.zeroAddress": "InvalidSignature",
  "order.signature.highS": "InvalidSignatureS",
  "order.signature.v": "InvalidSignatureV",
  "order.signature.length": "InvalidSignatureLength",
  "order.amount.shortNative": "ValueMismatch",
  "order.amount.overNative": "ValueMismatch",
  "order.amount.zero": "ZeroAmount",
  "order.currency.tokenPaidNatively": "NotNativeCurrency",
  "order.currency.nativePaidWithToken": "NotAToken",
  "order.token.feeOnTransfer": "DeliveredAmountMismatch",
  "order.token.rebasing": "DeliveredAmountMismatch",
  "order.token.shares": "DeliveredAmountMismatch",
  "order.chain.input": "NoInputForThisChain",
  "order.deadline.expired": "OutputDeadlinePassed",
  "order.whitelist.recipient": "RecipientNotWhitelisted",
  "order.whitelist.everyRecipient": "RecipientNotWhitelisted",
  "order.whitelist.outputChain": "RecipientNotWhitelisted",
  "order.invalidation.refused": "OrderIdInvalidated",
  "order.pause.refused": "DepositorPaused",
  "order.payer.stranger": "PayerNotRefundRecipient",
  "order.payer.noRefundHere": "NoRefundForThisChain",
  "order.calls.refused": "OutputCallsNotAllowed",
  "order.calls.ownerAllows": "OutputCallsNotAllowed",
  "order.replay.token": "OrderAlreadyUsed",
  "order.rotation.grace": "SignerMismatch",
  "order.rotation.zeroGrace": "SignerMismatch",
  "order.rotation.graceCap": "SignerMismatch",
  "order.admin.rotateByStranger": "OwnableUnauthorizedAccount",
  "order.admin.pauseByStranger": "OwnableUnauthorizedAccount",
  "order.admin.invalidateByStranger": "NotSolverOrOwner",
  "order.admin.whitelistByStranger": "OwnableUnauthorizedAccount",
  "order.admin.callsByStranger": "OwnableUnauthorizedAccount",
  "order.admin.ownershipByStranger": "OwnableUnauthorizedAccount",
};

/** The reference's design choices the catalogue reports as not applicable. */
export const ORDER_GATED_DEPOSITOR_NOT_APPLICABLE: Readonly<Record<string, string>> = {
  "order.deadline.maxWindow": "orders carry their own output deadline; no maximum window",
};

type Artifact = { abi: Abi; bytecode: Hex };
const artifacts = new Map<string, Artifact>();

function artifact(path: string): Artifact {
  let found = artifacts.get(path);
  if (!found) {
    found = JSON.parse(readFileSync(packageFile(path), "utf8")) as Artifact;
    artifacts.set(path, found);
  }
  return found;
}

/** ABI and creation code of the shipped `OrderGatedDepositor`. */
export function orderGatedDepositorArtifact(): Artifact {
  return artifact("artifacts/contracts/OrderGatedDepositor.sol/OrderGatedDepositor.json");
}

const relayDepositoryArtifact = () =>
  artifact("artifacts/contracts/depository/RelayDepository.sol/RelayDepository.json");

const call = (to: Address, functionName: string, args: readonly unknown[], value?: bigint) => ({
  to,
  data: encodeFunctionData({ abi: orderGatedDepositorArtifact().abi, functionName, args } as never),
  value,
});

async function deployed(env: EvmConformanceEnv, from: Address, data: Hex): Promise<Address> {
  const hash = await env.client.sendTransaction({ account: from, chain: null, data });
  const { contractAddress, status } = await env.client.waitForTransactionReceipt({ hash });
  if (status !== "success" || !contractAddress) throw new Error("deployment reverted");
  return contractAddress;
}

function withoutKey<V>(record: Record<string, V>, key: string | undefined): Record<string, V> {
  if (key === undefined) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
}

/**
 * The order catalogue's adapter for any contract with the reference order-gated depositor's ABI
 * (`OrderGatedDepositor`): deploys the shipped reference in front of a fresh `RelayDepository`, your
 * creation code (`bytecode`), or attaches to a deployed depositor (`address`, on a Hardhat or Anvil fork).
 */
export function orderGatedDepositorAdapter(
  options: OrderGatedDepositorAdapterOptions = {},
): EvmOrderReceiverAdapter {
  const { abi } = orderGatedDepositorArtifact();
  const read = async (env: EvmConformanceEnv, address: Address, functionName: string, args: unknown[] = []) =>
    env.client.readContract({ address, abi, functionName, args });
  return {
    name:
      options.name ?? (options.address ? `OrderGatedDepositor at ${options.address}` : "OrderGatedDepositor"),
    async deploy(env: EvmConformanceEnv, setup: EvmOrderReceiverSetup) {
      const whitelist = [{ chainId: setup.outputChainId, recipient: setup.outputRecipient }];
      if (!options.address) {
        const depository = relayDepositoryArtifact();
        const depositoryAddress = await deployed(
          env,
          setup.owner,
          encodeDeployData({ abi: depository.abi, bytecode: depository.bytecode, args: [setup.owner] }),
        );
        const receiver = await deployed(
          env,
          setup.owner,
          encodeDeployData({
            abi,
            bytecode: options.bytecode ?? orderGatedDepositorArtifact().bytecode,
            args: [setup.owner, setup.solver, depositoryAddress, setup.chainId, whitelist],
          }),
        );
        return { receiver, owner: setup.owner };
      }
      const receiver = options.address;
      const owner = (await read(env, receiver, "owner")) as Address;
      await env.fund(owner);
      await env.send(owner, call(receiver, "setSolver", [setup.solver, 0]));
      await env.send(owner, call(receiver, "addToWhitelist", [whitelist]));
      if (await read(env, receiver, "paused")) await env.send(owner, call(receiver, "unpause", []));
      if (await read(env, receiver, "callsAllowed"))
        await env.send(owner, call(receiver, "setCallsAllowed", [false]));
      return { receiver, owner };
    },
    payCall(receiver: Address, p: EvmOrderPayment) {
      const currency = p.order.inputs[0]?.payment.currency ?? "0x";
      const native = p.route === "native" || (p.route === "byCurrency" && /^0x(00){20}$/.test(currency));
      const args = [p.order, p.signature];
      return native ? call(receiver, "depositNative", args, p.value) : call(receiver, "depositErc20", args);
    },
    async isPaid(env, receiver, orderId) {
      return (await read(env, receiver, "isUsed", [orderId])) as boolean;
    },
    async paymentRecipient(env, receiver) {
      return (await read(env, receiver, "depository")) as Address;
    },
    pauseCall: (receiver, paused) => call(receiver, paused ? "pause" : "unpause", []),
    invalidateCall: (receiver, orderId) => call(receiver, "invalidateOrders", [[orderId]]),
    allowCallsCall: (receiver, allowed) => call(receiver, "setCallsAllowed", [allowed]),
    rotateSolverCall: (receiver, newSolver, gracePeriod) =>
      call(receiver, "setSolver", [newSolver, gracePeriod]),
    whitelistCall: (receiver, chainId, recipient, allowed) =>
      call(receiver, allowed ? "addToWhitelist" : "removeFromWhitelist", [[{ chainId, recipient }]]),
    transferOwnershipCall: (receiver, newOwner) => call(receiver, "transferOwnership", [newOwner]),
    deposits: relayDepositoryDeposits,
    deadlineWindow: options.deadlineWindow,
    notApplicable: withoutKey(
      { ...ORDER_GATED_DEPOSITOR_NOT_APPLICABLE, ...options.notApplicable },
      options.deadlineWindow ? "order.deadline.maxWindow" : undefined,
    ),
    expectedErrors:
      options.strictErrors === false
        ? undefined
        : { ...ORDER_GATED_DEPOSITOR_ERRORS, ...options.expectedErrors },
    errorAbi: [...abi, ...(options.errorAbi ?? [])],
    refusalClasses: options.refusalClasses,
  };
}
