import { readFileSync } from "node:fs";
import { type Address, encodeDeployData, encodeFunctionData, type Hex } from "viem";
import { packageFile } from "../../package-files.ts";
import { attestedReceiverAbi } from "../../receiver/index.ts";
import type { EvmConformanceEnv } from "./env.ts";
import type { EvmPayment, EvmReceiverAdapter, EvmReceiverSetup } from "./types.ts";

/** Options of `attestedReceiverAdapter`. */
export interface AttestedReceiverAdapterOptions {
  /** Test this deployed receiver (fork mode): its owner is impersonated to point it at the mock solver. */
  address?: Address;
  /** Deploy this creation code instead of the shipped AttestedReceiver (your own build of the same ABI). */
  bytecode?: Hex;
  /** Name shown in the report. */
  name?: string;
  /** Extra not-applicable properties (merged over the reference's). */
  notApplicable?: Readonly<Record<string, string>>;
  /**
   * Require the reference's exact custom error for each refusal (default true). Set false for a
   * receiver with the same entry points but its own errors.
   */
  strictErrors?: boolean;
}

/** The reference's custom error for each refusal it reports. */
export const ATTESTED_RECEIVER_ERRORS: Readonly<Record<string, string>> = {
  "replay.sameSignature": "RequestAlreadyAccepted",
  "replay.later": "RequestAlreadyAccepted",
  "replay.compactForm": "RequestAlreadyAccepted",
  "replay.fullForm": "RequestAlreadyAccepted",
  // The replay slot is checked before the signature: a paid id reports the replay first.
  "replay.highSTwin": "RequestAlreadyAccepted",
  "signer.stranger": "SignerMismatch",
  "signer.callerChosen": "SignerMismatch",
  "signature.zeroAddress": "InvalidSignature",
  "signature.highS": "InvalidSignatureS",
  "signature.v": "InvalidSignatureV",
  "signature.length": "InvalidSignatureLength",
  "amount.shortNative": "ValueMismatch",
  "amount.overNative": "ValueMismatch",
  "amount.zero": "ZeroAmount",
  "currency.tokenPaidNatively": "CurrencyMismatch",
  "currency.nativePaidWithToken": "NotAToken",
  "token.feeOnTransfer": "DeliveredAmountMismatch",
  "token.rebasing": "DeliveredAmountMismatch",
  "token.shares": "DeliveredAmountMismatch",
  "token.falseReturn": "TokenCallFailed",
  "payer.binding": "PayerMismatch",
  "chain.binding": "OriginChainMismatch",
  "deadline.expired": "DeadlineExpired",
  "deadline.maxWindow": "DeadlineBeyondMaxWindow",
  "whitelist.destination": "DestinationNotWhitelisted",
  "invalidation.refused": "RequestIdInvalidated",
  "pause.refused": "ReceiverPaused",
  "rotation.grace": "SignerMismatch",
  "rotation.zeroGrace": "SignerMismatch",
  "rotation.graceCap": "SignerMismatch",
  "replay.token": "RequestAlreadyAccepted",
  "admin.rotateByStranger": "OwnableUnauthorizedAccount",
  "admin.pauseByStranger": "OwnableUnauthorizedAccount",
  "admin.invalidateByStranger": "NotSolverOrOwner",
  "admin.whitelistByStranger": "OwnableUnauthorizedAccount",
  "admin.ownershipByStranger": "OwnableUnauthorizedAccount",
};

/** The reference's design choice the catalogue reports as not applicable. */
export const ATTESTED_RECEIVER_NOT_APPLICABLE: Readonly<Record<string, string>> = {
  "replay.acrossReceivers":
    "the attestation names no receiver; one receiver per solver and chain, ids invalidated on retirement",
};

const call = (to: Address, functionName: string, args: readonly unknown[], value?: bigint) => ({
  to,
  data: encodeFunctionData({ abi: attestedReceiverAbi, functionName, args } as never),
  value,
});

function shippedBytecode(): Hex {
  const path = packageFile("artifacts/contracts/AttestedReceiver.sol/AttestedReceiver.json");
  return (JSON.parse(readFileSync(path, "utf8")) as { bytecode: Hex }).bytecode;
}

/**
 * The catalogue's adapter for any contract with the reference receiver's ABI (`AttestedReceiver`):
 * deploys the shipped reference, your creation code (`bytecode`), or attaches to a deployed receiver
 * (`address`, on a Hardhat or Anvil fork).
 */
export function attestedReceiverAdapter(options: AttestedReceiverAdapterOptions = {}): EvmReceiverAdapter {
  return {
    name: options.name ?? (options.address ? `AttestedReceiver at ${options.address}` : "AttestedReceiver"),
    async deploy(env: EvmConformanceEnv, setup: EvmReceiverSetup) {
      const whitelist = [{ chainId: setup.destinationChainId, user: setup.destinationUser }];
      if (!options.address) {
        const hash = await env.client.sendTransaction({
          account: setup.owner,
          chain: null,
          data: encodeDeployData({
            abi: attestedReceiverAbi,
            bytecode: options.bytecode ?? shippedBytecode(),
            args: [setup.owner, setup.solver, setup.maxDeadlineWindow, whitelist],
          }),
        });
        const { contractAddress, status } = await env.client.waitForTransactionReceipt({ hash });
        if (status !== "success" || !contractAddress) throw new Error("AttestedReceiver deployment reverted");
        return { receiver: contractAddress, owner: setup.owner };
      }
      const receiver = options.address;
      const owner = (await env.client.readContract({
        address: receiver,
        abi: attestedReceiverAbi,
        functionName: "owner",
      })) as Address;
      await env.fund(owner);
      await env.send(owner, call(receiver, "setSolver", [setup.solver, 0]));
      await env.send(owner, call(receiver, "setMaxDeadlineWindow", [setup.maxDeadlineWindow]));
      await env.send(owner, call(receiver, "addToWhitelist", [whitelist]));
      const paused = await env.client.readContract({
        address: receiver,
        abi: attestedReceiverAbi,
        functionName: "paused",
      });
      if (paused) await env.send(owner, call(receiver, "unpause", []));
      return { receiver, owner };
    },
    payCall(receiver: Address, p: EvmPayment) {
      const native =
        p.route === "native" || (p.route === "byCurrency" && BigInt(p.data.originCurrency) === 0n);
      const args = [p.data, p.deadline, p.signature];
      return native ? call(receiver, "depositNative", args, p.value) : call(receiver, "depositErc20", args);
    },
    async isPaid(env, receiver, requestId) {
      return (await env.client.readContract({
        address: receiver,
        abi: attestedReceiverAbi,
        functionName: "isAccepted",
        args: [requestId],
      })) as boolean;
    },
    rotateSolverCall: (receiver, newSolver, gracePeriod) =>
      call(receiver, "setSolver", [newSolver, gracePeriod]),
    pauseCall: (receiver, paused) => call(receiver, paused ? "pause" : "unpause", []),
    invalidateCall: (receiver, requestId) => call(receiver, "invalidateRequests", [[requestId]]),
    whitelistCall: (receiver, chainId, user, allowed) =>
      call(receiver, allowed ? "addToWhitelist" : "removeFromWhitelist", [[{ chainId, user }]]),
    transferOwnershipCall: (receiver, newOwner) => call(receiver, "transferOwnership", [newOwner]),
    payWithPermitCall: (receiver, p, permit) =>
      call(receiver, "depositErc20WithPermit", [
        p.data,
        p.deadline,
        p.signature,
        permit.deadline,
        permit.v,
        permit.r,
        permit.s,
      ]),
    notApplicable: { ...ATTESTED_RECEIVER_NOT_APPLICABLE, ...options.notApplicable },
    expectedErrors: options.strictErrors === false ? undefined : ATTESTED_RECEIVER_ERRORS,
    errorAbi: attestedReceiverAbi,
  };
}
