import { readFileSync } from "node:fs";
import { AccountRole, type Address, generateKeyPairSigner } from "@solana/kit";
import { findAssociatedTokenPda } from "@solana-program/token";
import type { LiteSVM } from "litesvm";
import { type Hex, hexToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { installSvmDepository } from "../../devnet/svm-depository.ts";
import { InvalidSvmArgumentError } from "../../errors.ts";
import {
  findConfigPda,
  getInitializeInstruction,
  getOrderDepositNativeInstruction,
  getOrderDepositTokenInstruction,
  getRotateSolverInstruction,
  getSetCallsAllowedInstruction,
  getSetPausedInstruction,
  getWhitelistAddInstruction,
  ORDER_DEPOSITOR_ERROR__DEPOSITED_AMOUNT_MISMATCH,
  ORDER_DEPOSITOR_ERROR__DUPLICATE_ACCOUNT,
  ORDER_DEPOSITOR_ERROR__INPUT_CHAIN_NOT_FOUND,
  ORDER_DEPOSITOR_ERROR__INPUT_CURRENCY_MISMATCH,
  ORDER_DEPOSITOR_ERROR__INVALID_ACCOUNT_OWNER,
  ORDER_DEPOSITOR_ERROR__INVALID_DEPOSITORY_PROGRAM,
  ORDER_DEPOSITOR_ERROR__INVALID_PDA_ADDRESS,
  ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE,
  ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE_LENGTH,
  ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE_S,
  ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE_V,
  ORDER_DEPOSITOR_ERROR__INVALID_TOKEN_PROGRAM,
  ORDER_DEPOSITOR_ERROR__MINT_HAS_PERMANENT_DELEGATE,
  ORDER_DEPOSITOR_ERROR__MINT_HAS_TRANSFER_HOOK,
  ORDER_DEPOSITOR_ERROR__MISSING_SIGNER,
  ORDER_DEPOSITOR_ERROR__NO_REFUND_ON_THIS_CHAIN,
  ORDER_DEPOSITOR_ERROR__NON_CANONICAL_BUMP,
  ORDER_DEPOSITOR_ERROR__NOT_OWNER_OR_SOLVER,
  ORDER_DEPOSITOR_ERROR__ORDER_ALREADY_USED,
  ORDER_DEPOSITOR_ERROR__ORDER_EXPIRED,
  ORDER_DEPOSITOR_ERROR__ORDER_INVALIDATED,
  ORDER_DEPOSITOR_ERROR__ORDER_SOLVER_MISMATCH,
  ORDER_DEPOSITOR_ERROR__OUTPUT_CALLS_NOT_ALLOWED,
  ORDER_DEPOSITOR_ERROR__PAUSED,
  ORDER_DEPOSITOR_ERROR__PAYER_NOT_REFUND_RECIPIENT,
  ORDER_DEPOSITOR_ERROR__PAYER_TOKEN_CPI_GUARD,
  ORDER_DEPOSITOR_ERROR__RECIPIENT_NOT_WHITELISTED,
  ORDER_DEPOSITOR_ERROR__SIGNER_MISMATCH,
  ORDER_DEPOSITOR_ERROR__UNAUTHORIZED,
  ORDER_DEPOSITOR_ERROR__ZERO_INPUT_AMOUNT,
} from "../../order-depositor/generated/index.ts";
import { buildOrderDepositorInvalidateOrdersInstructions } from "../../order-depositor/invalidate.ts";
import {
  getOrderDepositorRecipientAddress,
  getOrderDepositorReplayAddress,
  toOrderDepositorOrder,
} from "../../order-depositor/order.ts";
import { hashEncodedOrder } from "../../orders/order-id.ts";
import { packageFile } from "../../package-files.ts";
import { depositoryAccounts } from "../../service/chains/depository-svm.ts";
import { ORDER_GATED_DEPOSITOR_NOT_APPLICABLE } from "../evm/order-gated-depositor-adapter.ts";
import { SVM_KEYS } from "./constants.ts";
import { depositoryDeposits } from "./depository-events.ts";
import { SvmConformanceEnv } from "./env.ts";
import type { SvmOrderAccounts, SvmOrderAdapter, SvmOrderPayment } from "./order-types.ts";
import { programAddressAtBump } from "./pda.ts";
import {
  DEPOSITORY_INVALID_VAULT_ADDRESS,
  DEPOSITORY_INVALID_VAULT_TOKEN_ACCOUNT,
  SVM_ORDER_DEPOSITOR_REFUSAL_CLASSES,
  TOKEN_2022_ACCOUNT_FROZEN,
  TOKEN_2022_NON_TRANSFERABLE,
} from "./refusal-codes.ts";
import { loadUpgradeableProgram } from "./upgradeable.ts";

/**
 * The custom error code each refusal of the order catalogue fails with (programs/idl/order_depositor.json; the
 * vault checks are the depository's, through the CPI; frozen and non-transferable tokens are refused by Token-2022).
 */
export const SVM_ORDER_DEPOSITOR_ERRORS: Readonly<Record<string, number>> = {
  "order.replay.sameSignature": ORDER_DEPOSITOR_ERROR__ORDER_ALREADY_USED,
  "order.replay.later": ORDER_DEPOSITOR_ERROR__ORDER_ALREADY_USED,
  "order.replay.otherPayer": ORDER_DEPOSITOR_ERROR__ORDER_ALREADY_USED,
  "order.replay.compactForm": ORDER_DEPOSITOR_ERROR__ORDER_ALREADY_USED,
  "order.replay.highSTwin": ORDER_DEPOSITOR_ERROR__ORDER_ALREADY_USED,
  "order.replay.token": ORDER_DEPOSITOR_ERROR__ORDER_ALREADY_USED,
  "order.binding.anyField": ORDER_DEPOSITOR_ERROR__SIGNER_MISMATCH,
  "order.signer.stranger": ORDER_DEPOSITOR_ERROR__SIGNER_MISMATCH,
  "order.solver.named": ORDER_DEPOSITOR_ERROR__ORDER_SOLVER_MISMATCH,
  "order.signature.zeroAddress": ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE,
  "order.signature.highS": ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE_S,
  "order.signature.v": ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE_V,
  "order.signature.length": ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE_LENGTH,
  "order.amount.zero": ORDER_DEPOSITOR_ERROR__ZERO_INPUT_AMOUNT,
  "order.currency.tokenPaidNatively": ORDER_DEPOSITOR_ERROR__INPUT_CURRENCY_MISMATCH,
  "order.currency.nativePaidWithToken": ORDER_DEPOSITOR_ERROR__INPUT_CURRENCY_MISMATCH,
  "order.currency.otherMint": ORDER_DEPOSITOR_ERROR__INPUT_CURRENCY_MISMATCH,
  "order.chain.input": ORDER_DEPOSITOR_ERROR__INPUT_CHAIN_NOT_FOUND,
  "order.deadline.expired": ORDER_DEPOSITOR_ERROR__ORDER_EXPIRED,
  "order.whitelist.recipient": ORDER_DEPOSITOR_ERROR__RECIPIENT_NOT_WHITELISTED,
  "order.whitelist.everyRecipient": ORDER_DEPOSITOR_ERROR__RECIPIENT_NOT_WHITELISTED,
  "order.whitelist.outputChain": ORDER_DEPOSITOR_ERROR__RECIPIENT_NOT_WHITELISTED,
  "order.payer.stranger": ORDER_DEPOSITOR_ERROR__PAYER_NOT_REFUND_RECIPIENT,
  "order.payer.noRefundHere": ORDER_DEPOSITOR_ERROR__NO_REFUND_ON_THIS_CHAIN,
  "order.payer.notSigner": ORDER_DEPOSITOR_ERROR__MISSING_SIGNER,
  "order.calls.refused": ORDER_DEPOSITOR_ERROR__OUTPUT_CALLS_NOT_ALLOWED,
  "order.calls.ownerAllows": ORDER_DEPOSITOR_ERROR__OUTPUT_CALLS_NOT_ALLOWED,
  "order.invalidation.refused": ORDER_DEPOSITOR_ERROR__ORDER_INVALIDATED,
  "order.pause.refused": ORDER_DEPOSITOR_ERROR__PAUSED,
  "order.rotation.grace": ORDER_DEPOSITOR_ERROR__SIGNER_MISMATCH,
  "order.admin.pauseByStranger": ORDER_DEPOSITOR_ERROR__UNAUTHORIZED,
  "order.admin.invalidateByStranger": ORDER_DEPOSITOR_ERROR__NOT_OWNER_OR_SOLVER,
  "order.admin.rotateByStranger": ORDER_DEPOSITOR_ERROR__UNAUTHORIZED,
  "order.account.configSubstitution": ORDER_DEPOSITOR_ERROR__INVALID_ACCOUNT_OWNER,
  "order.account.depositorySubstitution": ORDER_DEPOSITOR_ERROR__INVALID_DEPOSITORY_PROGRAM,
  "order.account.duplicate": ORDER_DEPOSITOR_ERROR__DUPLICATE_ACCOUNT,
  "order.account.replaySubstitution": ORDER_DEPOSITOR_ERROR__INVALID_PDA_ADDRESS,
  "order.pda.nonCanonical": ORDER_DEPOSITOR_ERROR__NON_CANONICAL_BUMP,
  "order.whitelist.entrySubstitution": ORDER_DEPOSITOR_ERROR__RECIPIENT_NOT_WHITELISTED,
  "order.token.fakeProgram": ORDER_DEPOSITOR_ERROR__INVALID_TOKEN_PROGRAM,
  "order.token.feeOnTransfer": ORDER_DEPOSITOR_ERROR__DEPOSITED_AMOUNT_MISMATCH,
  "order.token2022.permanentDelegate": ORDER_DEPOSITOR_ERROR__MINT_HAS_PERMANENT_DELEGATE,
  "order.token2022.transferHook": ORDER_DEPOSITOR_ERROR__MINT_HAS_TRANSFER_HOOK,
  "order.token2022.cpiGuard": ORDER_DEPOSITOR_ERROR__PAYER_TOKEN_CPI_GUARD,
  "order.account.vaultSubstitution": DEPOSITORY_INVALID_VAULT_ADDRESS,
  "order.account.vaultTokenSubstitution": DEPOSITORY_INVALID_VAULT_TOKEN_ACCOUNT,
  "order.token2022.defaultFrozen": TOKEN_2022_ACCOUNT_FROZEN,
  "order.token2022.nonTransferable": TOKEN_2022_NON_TRANSFERABLE,
};

/** Options of `orderDepositorSvmAdapter`; every field has a default. */
export interface OrderDepositorSvmAdapterOptions {
  /** Your build of the order depositor (default: the shipped programs/deploy/order-depositor.so). */
  elf?: Uint8Array;
  /** The depository it pays into (default: the shipped programs/deploy/depository.so). */
  depositoryElf?: Uint8Array;
  name?: string;
  /** The mock key the depositor is initialized to trust (never a real key). */
  solverKey?: Hex;
  /** This chain's protocol chain id (default "solana"). */
  chainId?: string;
  /** The whitelisted output (default: chain "ethereum", a fixed test address). */
  outputChainId?: string;
  outputRecipient?: Hex;
}

const OUTPUT_RECIPIENT: Hex = "0x00000000000000000000000000000000000000d5";

/** The options as given, or `InvalidSvmArgumentError` naming the first bad one. */
function checkedOptions(options: OrderDepositorSvmAdapterOptions) {
  const solverKey = options.solverKey ?? SVM_KEYS.solver;
  const outputRecipient = options.outputRecipient ?? OUTPUT_RECIPIENT;
  const chainId = options.chainId ?? "solana";
  const outputChainId = options.outputChainId ?? "ethereum";
  if (!/^0x[0-9a-fA-F]{64}$/.test(solverKey))
    throw new InvalidSvmArgumentError("solverKey must be a 32-byte 0x hex private key");
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(outputRecipient))
    throw new InvalidSvmArgumentError("outputRecipient must be non-empty 0x hex bytes");
  if (chainId === "" || outputChainId === "")
    throw new InvalidSvmArgumentError("chainId and outputChainId must be non-empty");
  return { solverKey: solverKey as Hex, outputRecipient: outputRecipient as Hex, chainId, outputChainId };
}

/**
 * Loads the order depositor into `svm` as an upgradeable program (the adapter's owner as upgrade
 * authority, which is the only key `initialize` accepts), the depository at its canonical program
 * id, initializes both, whitelists one output, and returns the order catalogue's adapter for it:
 * `order_deposit_native` built with the generated client. A fresh LiteSVM's clock reads 1970; it is
 * moved to the present so an order's u32 deadlines (and one already passed) are representable.
 * @throws InvalidSvmArgumentError for a malformed option, before `svm` is touched.
 */
export async function orderDepositorSvmAdapter(
  svm: LiteSVM,
  options: OrderDepositorSvmAdapterOptions = {},
): Promise<SvmOrderAdapter> {
  const { solverKey, outputRecipient, chainId, outputChainId } = checkedOptions(options);
  const clock = svm.getClock();
  const present = BigInt(Math.floor(Date.now() / 1000));
  if (clock.unixTimestamp < present) {
    clock.unixTimestamp = present;
    svm.setClock(clock);
  }
  const env = await SvmConformanceEnv.create(svm);
  const owner = await generateKeyPairSigner();
  await env.fund(owner.address);

  const depository = await installSvmDepository(svm, owner, owner.address, chainId, options.depositoryElf);
  const programId = (await generateKeyPairSigner()).address;
  const programData = await loadUpgradeableProgram(
    svm,
    programId,
    owner.address,
    options.elf ?? readFileSync(packageFile("programs/deploy/order-depositor.so")),
  );
  const program = { programAddress: programId };
  const [config] = await findConfigPda(program);
  await env.sendOrThrow([
    getInitializeInstruction(
      {
        authority: owner,
        config,
        programData,
        owner: owner.address,
        solver: hexToBytes(privateKeyToAccount(solverKey).address),
        chainId,
      },
      program,
    ),
    getWhitelistAddInstruction(
      {
        owner,
        config,
        entry: await getOrderDepositorRecipientAddress(programId, outputChainId, outputRecipient),
        chainId: outputChainId,
        recipient: hexToBytes(outputRecipient),
      },
      program,
    ),
  ]);
  const { config: relayDepository } = await depositoryAccounts(depository.program);

  const replayAddress = async (orderId: Hex, bump?: number): Promise<[Address, number]> => {
    const canonical = await getOrderDepositorReplayAddress(programId, orderId);
    if (bump === undefined || bump === canonical[1]) return [canonical[0], canonical[1]];
    return [programAddressAtBump(programId, [REPLAY_SEED, hexToBytes(orderId)], bump), bump];
  };
  const accounts = async ({
    order,
    payer,
    token,
    replayBump,
  }: SvmOrderPayment): Promise<SvmOrderAccounts> => ({
    payer: payer.address,
    config,
    replay: (await replayAddress(hashEncodedOrder(order), replayBump))[0],
    depositoryProgram: depository.program,
    vault: depository.vault,
    ...(token && {
      tokenProgram: token.tokenProgram,
      vaultToken: (
        await findAssociatedTokenPda({
          owner: depository.vault,
          mint: token.mint,
          tokenProgram: token.tokenProgram,
        })
      )[0],
    }),
    // One whitelist entry per output payment, after the named accounts.
    whitelist: await Promise.all(
      order.output.payments.map((p) =>
        getOrderDepositorRecipientAddress(programId, order.output.chainId, p.recipient),
      ),
    ),
  });

  return {
    name: options.name ?? "order-depositor",
    setup: { solverKey, chainId, outputChainId, outputRecipient },
    accounts,
    async payInstructions(payment: SvmOrderPayment) {
      const { order, signature, payer, token } = payment;
      const roles = await accounts(payment);
      const replayBump = (await replayAddress(hashEncodedOrder(order), payment.replayBump))[1];
      const common = {
        payer,
        config,
        replay: roles.replay as Address,
        depositoryProgram: depository.program,
        relayDepository,
        vault: depository.vault,
        order: toOrderDepositorOrder(order),
        signature: hexToBytes(signature),
        replayBump,
      };
      const deposit = token
        ? getOrderDepositTokenInstruction(
            {
              ...common,
              mint: token.mint,
              payerToken: token.payerToken,
              vaultToken: roles.vaultToken as Address,
              tokenProgram: token.tokenProgram,
            },
            program,
          )
        : getOrderDepositNativeInstruction(common, program);
      const entries = (roles.whitelist ?? []).map((address) => ({ address, role: AccountRole.READONLY }));
      return [{ ...deposit, accounts: [...deposit.accounts, ...entries] }];
    },
    replayAddress: async (orderId, bump) => (await replayAddress(orderId, bump))[0],
    allowCallsInstructions: async (allowed) => [
      getSetCallsAllowedInstruction({ owner, config, allowed }, program),
    ],
    pauseInstructions: async (paused, authority = owner) => [
      getSetPausedInstruction({ owner: authority, config, paused }, program),
    ],
    invalidateInstructions: async (orderId, authority = owner) =>
      buildOrderDepositorInvalidateOrdersInstructions({ programId, authority, orderIds: [orderId] }),
    rotateSolverInstructions: async (solver, graceSeconds, authority = owner) => [
      getRotateSolverInstruction(
        { owner: authority, config, newSolver: hexToBytes(solver), gracePeriod: BigInt(graceSeconds) },
        program,
      ),
    ],
    deposits: depositoryDeposits,
    isPaid: async (ledger, orderId) =>
      (await ledger.account((await getOrderDepositorReplayAddress(programId, orderId))[0])).exists,
    recipient: depository.vault,
    notApplicable: {
      "order.deadline.maxWindow": ORDER_GATED_DEPOSITOR_NOT_APPLICABLE["order.deadline.maxWindow"] as string,
    },
    refusalClasses: SVM_ORDER_DEPOSITOR_REFUSAL_CLASSES,
    expectedErrors: SVM_ORDER_DEPOSITOR_ERRORS,
  };
}

const REPLAY_SEED = new TextEncoder().encode("replay");
