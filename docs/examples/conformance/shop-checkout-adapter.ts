// The order catalogue's adapter for ShopCheckout, a contract whose names, argument order and errors differ
// from the reference: each hook translates the catalogue's request into a call of the contract's own API.
import type {
  EvmConformanceEnv,
  EvmOrderPayment,
  EvmOrderReceiverAdapter,
  EvmOrderReceiverSetup,
} from "attestkit/testing";
import { type Abi, type Address, encodeDeployData, encodeFunctionData, type Hex } from "viem";

/** ShopCheckout's cap on `output.deadline - now`, in seconds. */
const MAX_WINDOW = 600;

export function shopCheckoutAdapter(artifact: { abi: Abi; bytecode: Hex }): EvmOrderReceiverAdapter {
  const { abi, bytecode } = artifact;
  const call = (to: Address, functionName: string, args: readonly unknown[], value?: bigint) => ({
    to,
    data: encodeFunctionData({ abi, functionName, args }),
    value,
  });
  return {
    name: "ShopCheckout",
    async deploy(env: EvmConformanceEnv, setup: EvmOrderReceiverSetup) {
      // The constructor's own order: cap, signer, this chain, delivery chain and recipient, owner.
      const data = encodeDeployData({
        abi,
        bytecode,
        args: [
          BigInt(MAX_WINDOW),
          setup.solver,
          setup.chainId,
          setup.outputChainId,
          setup.outputRecipient,
          setup.owner,
        ],
      });
      const hash = await env.client.sendTransaction({ account: setup.owner, chain: null, data });
      const { contractAddress } = await env.client.waitForTransactionReceipt({ hash });
      if (!contractAddress) throw new Error("ShopCheckout was not deployed");
      return { receiver: contractAddress, owner: setup.owner };
    },
    // Native payments only, signature first: the catalogue's route is ignored and the value always sent.
    payCall: (receiver: Address, p: EvmOrderPayment) =>
      call(receiver, "checkout", [p.signature, p.order], p.value),
    isPaid: async (env, receiver, orderId) =>
      (await env.client.readContract({
        address: receiver,
        abi,
        functionName: "settled",
        args: [orderId],
      })) as boolean,
    // It keeps what it is paid: its own balance must grow by the order's amount.
    paymentRecipient: async (_env, receiver) => receiver,
    pauseCall: (receiver, paused) => call(receiver, "halt", [paused]),
    invalidateCall: (receiver, orderId) => call(receiver, "cancel", [orderId]),
    deadlineWindow: MAX_WINDOW,
    notApplicable: {
      // Native payments only: no token is ever credited, so the hostile-token attacks have nothing to fool.
      "order.pay.token": "native payments only",
      "order.token.noReturn": "native payments only",
      "order.token.feeOnTransfer": "native payments only",
      "order.token.rebasing": "native payments only",
      "order.token.shares": "native payments only",
      "order.replay.token": "native payments only",
      "order.calls.ownerAllows": "output calls are always refused; there is no switch",
      "order.admin.callsByStranger": "output calls are always refused; there is no switch",
      // It keeps what it is paid: nothing goes into the depository, so there is no deposit record.
      "order.deposit.record": "payments stay in the contract; no depository deposit",
      // Its signer, delivery recipient and owner are fixed at deployment: nothing to rotate or hand over.
      "order.rotation.grace": "the solver is immutable; no rotation",
      "order.rotation.zeroGrace": "the solver is immutable; no rotation",
      "order.rotation.graceCap": "the solver is immutable; no rotation",
      "order.admin.rotateByStranger": "the solver is immutable; no rotation",
      "order.admin.whitelistByStranger": "the delivery chain and recipient are fixed at deployment",
      "order.admin.ownershipByStranger": "the owner is immutable; no ownership transfer",
    },
    // Its errors, classified once: a property refused for another reason than its own fails.
    refusalClasses: {
      NotOwner: "unauthorized",
      Halted: "paused",
      AlreadySettled: "replay",
      Cancelled: "invalidated",
      BadSolverSignature: "signature",
      WrongSolver: "solver",
      Late: "deadline",
      DeadlineTooFar: "deadline",
      WrongAmount: "amount",
      NotNative: "currency",
      NoInputHere: "chain",
      NotYourOrder: "payer",
      DeliveryRefused: "whitelist",
      CallsRefused: "calls",
    },
    errorAbi: abi,
  };
}
