import { type Address, generateKeyPairSigner, getAddressDecoder, type KeyPairSigner } from "@solana/kit";
import { SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import { type Hex, hexToBytes } from "viem";
import { deployReceiver } from "../../deploy/svm.ts";
import {
  getDepositNativeInstruction,
  getDepositTokenInstruction,
  getPaidRequestDecoder,
  getSetPausedInstruction,
} from "../../receiver/generated/index.ts";
import {
  buildSvmReceiverInvalidateRequestsInstructions,
  getSvmReceiverConfigAddress,
  getSvmReceiverReplayAddress,
  getSvmReceiverWhitelistAddress,
  SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU,
} from "../../receiver/index.ts";
import type { SvmConformanceEnv } from "./env.ts";
import { programAddressAtBump } from "./pda.ts";
import { SVM_RECEIVER_REFUSAL_CLASSES } from "./refusal-codes.ts";
import type { SvmPayment, SvmReceiverAdapter, SvmReceiverSetup } from "./types.ts";

/** The program's error code for each refusal (programs/idl/attested_receiver.json). */
export const SVM_ATTESTED_RECEIVER_ERRORS: Readonly<Record<string, number>> = {
  "replay.sameSignature": 6017,
  "replay.compactForm": 6017,
  "replay.highSTwin": 6017,
  "signer.stranger": 6007,
  "signature.zeroAddress": 6006,
  "signature.highS": 6005,
  "signature.v": 6004,
  "signature.length": 6003,
  "payer.binding": 6009,
  "chain.binding": 6008,
  "amount.mismatch": 6012,
  "amount.zero": 6011,
  "deadline.expired": 6014,
  "deadline.maxWindow": 6015,
  "whitelist.destination": 6016,
  "invalidation.refused": 6039,
  "pause.refused": 6002,
  "account.recipientSubstitution": 6029,
  "account.tokenRecipientSubstitution": 6029,
  "token.fakeProgram": 6025,
  "pda.nonCanonical": 6023,
  "account.duplicate": 6026,
  "token2022.transferFee": 6013,
  "token2022.permanentDelegate": 6041,
  "token2022.transferHook": 6042,
  "token2022.cpiGuard": 6043,
  "replay.token": 6017,
  "currency.binding": 6010,
  "currency.nativeAsToken": 6010,
  "whitelist.entrySubstitution": 6016,
  "account.configSubstitution": 6019,
  "admin.pauseByStranger": 6027,
  "admin.invalidateByStranger": 6040,
};

const STATUS_PAID = 1;
const REPLAY_SEED = new TextEncoder().encode("replay");

/**
 * The catalogue's adapter for the reference SVM program (or a build of it with the same IDL): deploys
 * the shipped `.so` (or `elf`) into the LiteSVM of the run and builds `deposit_native` /
 * `deposit_token` with the generated client.
 */
export function attestedReceiverSvmAdapter(
  options: { elf?: Uint8Array; name?: string } = {},
): SvmReceiverAdapter {
  let programId: Address;
  let owner: KeyPairSigner;
  const replay = async (requestId: Hex, bump?: number): Promise<readonly [Address, number]> => {
    const canonical = await getSvmReceiverReplayAddress(programId, hexToBytes(requestId));
    if (bump === undefined) return canonical;
    const address = programAddressAtBump(programId, [REPLAY_SEED, hexToBytes(requestId)], bump);
    return [address, bump];
  };
  return {
    name: options.name ?? "attested-receiver",
    async deploy(env: SvmConformanceEnv, setup: SvmReceiverSetup) {
      owner = setup.owner;
      const program = await generateKeyPairSigner();
      const deployed = await deployReceiver({
        cluster: env.ledger.cluster,
        payer: setup.owner,
        program,
        elf: options.elf,
        init: {
          owner: setup.owner.address,
          solverEvm: setup.solverEvm,
          solverSvm: setup.solver,
          maxDeadlineWindow: setup.maxDeadlineWindow,
          whitelist: [{ chainId: setup.destinationChainId, user: hexToBytes(setup.destinationUser) }],
        },
      });
      programId = deployed.programId;
    },
    async payInstructions(p: SvmPayment) {
      const d = p.data;
      const [replayAddress, replayBump] = await replay(d.requestId, p.replayBump);
      const decode = (word: Hex) => getAddressDecoder().decode(hexToBytes(word));
      const destinationUser = hexToBytes(d.destinationUser);
      const accounts = {
        payer: p.payer,
        config: p.config ?? (await getSvmReceiverConfigAddress(programId)),
        whitelist: p.whitelistOf
          ? await getSvmReceiverWhitelistAddress(
              programId,
              p.whitelistOf.chainId,
              hexToBytes(p.whitelistOf.user),
            )
          : await getSvmReceiverWhitelistAddress(programId, d.destinationChainId, destinationUser),
        replay: replayAddress,
        systemProgram: SYSTEM_PROGRAM_ADDRESS,
      };
      const args = {
        requestId: hexToBytes(d.requestId),
        originChainId: d.originChainId,
        originUser: decode(d.originUser),
        originCurrency: decode(d.originCurrency),
        originAmount: d.originAmount,
        destinationChainId: d.destinationChainId,
        destinationUser,
        amount: p.amount,
        deadline: p.deadline,
        replayBump,
        signature: hexToBytes(p.signature),
      };
      const program = { programAddress: programId };
      if (!p.token)
        return [getDepositNativeInstruction({ ...accounts, ...args, solver: p.recipient }, program)];
      const { mint, payerToken, recipientToken, tokenProgram } = p.token;
      return [
        getDepositTokenInstruction(
          { ...accounts, ...args, mint, payerToken, solverToken: recipientToken, tokenProgram },
          program,
        ),
      ];
    },
    async isPaid(env, requestId) {
      const [address] = await replay(requestId);
      const account = await env.account(address);
      if (!account.exists || account.owner !== programId || account.data.length === 0) return false;
      return getPaidRequestDecoder().decode(account.data).status === STATUS_PAID;
    },
    replayAddress: async (requestId, bump) => (await replay(requestId, bump))[0],
    configAddress: () => getSvmReceiverConfigAddress(programId),
    invalidateInstructions: async (requestId, authority = owner) =>
      buildSvmReceiverInvalidateRequestsInstructions({ programId, authority, requestIds: [requestId] }),
    pauseInstructions: async (paused, authority = owner) => [
      getSetPausedInstruction(
        { owner: authority, config: await getSvmReceiverConfigAddress(programId), paused },
        { programAddress: programId },
      ),
    ],
    prefundedExtraComputeUnits: SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU,
    refusalClasses: SVM_RECEIVER_REFUSAL_CLASSES,
    expectedErrors: SVM_ATTESTED_RECEIVER_ERRORS,
  };
}
