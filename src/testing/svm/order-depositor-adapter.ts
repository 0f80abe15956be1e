import { readFileSync } from "node:fs";
import { AccountRole, generateKeyPairSigner } from "@solana/kit";
import type { LiteSVM } from "litesvm";
import { type Hex, hexToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { installSvmDepository } from "../../devnet/svm-depository.ts";
import { InvalidSvmArgumentError } from "../../errors.ts";
import {
  findConfigPda,
  getInitializeInstruction,
  getOrderDepositNativeInstruction,
  getSetCallsAllowedInstruction,
  getWhitelistAddInstruction,
  ORDER_DEPOSITOR_ERROR__INPUT_CHAIN_NOT_FOUND,
  ORDER_DEPOSITOR_ERROR__INPUT_CURRENCY_MISMATCH,
  ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE,
  ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE_LENGTH,
  ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE_S,
  ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE_V,
  ORDER_DEPOSITOR_ERROR__NO_REFUND_ON_THIS_CHAIN,
  ORDER_DEPOSITOR_ERROR__ORDER_ALREADY_USED,
  ORDER_DEPOSITOR_ERROR__ORDER_EXPIRED,
  ORDER_DEPOSITOR_ERROR__OUTPUT_CALLS_NOT_ALLOWED,
  ORDER_DEPOSITOR_ERROR__PAUSED,
  ORDER_DEPOSITOR_ERROR__PAYER_NOT_REFUND_RECIPIENT,
  ORDER_DEPOSITOR_ERROR__RECIPIENT_NOT_WHITELISTED,
  ORDER_DEPOSITOR_ERROR__SIGNER_MISMATCH,
  ORDER_DEPOSITOR_ERROR__ZERO_INPUT_AMOUNT,
} from "../../order-depositor/generated/index.ts";
import {
  getOrderDepositorRecipientAddress,
  getOrderDepositorReplayAddress,
  toOrderDepositorOrder,
} from "../../order-depositor/order.ts";
import { hashEncodedOrder } from "../../orders/order-id.ts";
import { packageFile } from "../../package-files.ts";
import { depositoryAccounts } from "../../service/chains/depository-svm.ts";
import { ORDER_GATED_DEPOSITOR_NOT_APPLICABLE } from "../evm/order-gated-depositor-adapter.ts";
import type { RefusalClass } from "../refusal.ts";
import { SvmConformanceEnv } from "./env.ts";
import type { SvmOrderAdapter, SvmOrderPayment } from "./order-types.ts";
import { SVM_KEYS } from "./properties.ts";
import { loadUpgradeableProgram } from "./upgradeable.ts";

/** The order depositor's error code for each refusal of the order catalogue (programs/idl/order_depositor.json). */
export const SVM_ORDER_DEPOSITOR_ERRORS: Readonly<Record<string, number>> = {
  "order.replay.otherPayer": ORDER_DEPOSITOR_ERROR__ORDER_ALREADY_USED,
  "order.replay.compactForm": ORDER_DEPOSITOR_ERROR__ORDER_ALREADY_USED,
  "order.binding.anyField": ORDER_DEPOSITOR_ERROR__SIGNER_MISMATCH,
  "order.signer.stranger": ORDER_DEPOSITOR_ERROR__SIGNER_MISMATCH,
  "order.deadline.expired": ORDER_DEPOSITOR_ERROR__ORDER_EXPIRED,
  "order.currency.tokenPaidNatively": ORDER_DEPOSITOR_ERROR__INPUT_CURRENCY_MISMATCH,
  "order.chain.input": ORDER_DEPOSITOR_ERROR__INPUT_CHAIN_NOT_FOUND,
  "order.amount.zero": ORDER_DEPOSITOR_ERROR__ZERO_INPUT_AMOUNT,
  "order.whitelist.recipient": ORDER_DEPOSITOR_ERROR__RECIPIENT_NOT_WHITELISTED,
  "order.payer.stranger": ORDER_DEPOSITOR_ERROR__PAYER_NOT_REFUND_RECIPIENT,
  "order.payer.noRefundHere": ORDER_DEPOSITOR_ERROR__NO_REFUND_ON_THIS_CHAIN,
  "order.calls.refused": ORDER_DEPOSITOR_ERROR__OUTPUT_CALLS_NOT_ALLOWED,
  "order.calls.ownerAllows": ORDER_DEPOSITOR_ERROR__OUTPUT_CALLS_NOT_ALLOWED,
};

/** The refusal class of each of the order depositor's error codes the catalogue can meet. */
export const SVM_ORDER_DEPOSITOR_REFUSAL_CLASSES: Readonly<Record<string, RefusalClass>> = {
  [ORDER_DEPOSITOR_ERROR__ORDER_ALREADY_USED]: "replay",
  [ORDER_DEPOSITOR_ERROR__SIGNER_MISMATCH]: "signature",
  [ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE]: "signature",
  [ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE_LENGTH]: "signature",
  [ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE_S]: "signature",
  [ORDER_DEPOSITOR_ERROR__INVALID_SIGNATURE_V]: "signature",
  [ORDER_DEPOSITOR_ERROR__ORDER_EXPIRED]: "deadline",
  [ORDER_DEPOSITOR_ERROR__INPUT_CURRENCY_MISMATCH]: "currency",
  [ORDER_DEPOSITOR_ERROR__INPUT_CHAIN_NOT_FOUND]: "chain",
  [ORDER_DEPOSITOR_ERROR__ZERO_INPUT_AMOUNT]: "amount",
  [ORDER_DEPOSITOR_ERROR__RECIPIENT_NOT_WHITELISTED]: "whitelist",
  [ORDER_DEPOSITOR_ERROR__PAYER_NOT_REFUND_RECIPIENT]: "payer",
  [ORDER_DEPOSITOR_ERROR__NO_REFUND_ON_THIS_CHAIN]: "payer",
  [ORDER_DEPOSITOR_ERROR__OUTPUT_CALLS_NOT_ALLOWED]: "calls",
  [ORDER_DEPOSITOR_ERROR__PAUSED]: "paused",
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

  return {
    name: options.name ?? "order-depositor (SVM)",
    setup: { solverKey, chainId, outputChainId, outputRecipient },
    async payInstructions({ order, signature, payer }: SvmOrderPayment) {
      const [replay, replayBump] = await getOrderDepositorReplayAddress(programId, hashEncodedOrder(order));
      const deposit = getOrderDepositNativeInstruction(
        {
          payer,
          config,
          replay,
          depositoryProgram: depository.program,
          relayDepository,
          vault: depository.vault,
          order: toOrderDepositorOrder(order),
          signature: hexToBytes(signature),
          replayBump,
        },
        program,
      );
      // One whitelist entry per output payment, after the named accounts.
      const entries = await Promise.all(
        order.output.payments.map((p) =>
          getOrderDepositorRecipientAddress(programId, order.output.chainId, p.recipient),
        ),
      );
      return [
        {
          ...deposit,
          accounts: [
            ...deposit.accounts,
            ...entries.map((address) => ({ address, role: AccountRole.READONLY })),
          ],
        },
      ];
    },
    allowCallsInstructions: async (allowed) => [
      getSetCallsAllowedInstruction({ owner, config, allowed }, program),
    ],
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
