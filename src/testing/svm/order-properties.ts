import { type Hex, keccak256, pad, stringToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hashEncodedOrder } from "../../orders/order-id.ts";
import type { EncodedOrder } from "../../orders/types.ts";
import { HookMissing } from "../evm/context.ts";
import { bigintIn, fuzz } from "../fuzz.ts";
import { compactForm, highSTwin, resized, withV, zeroRecoverySignature } from "../malformed.ts";
import { OUTPUT_CALL_TO_ATTACKER } from "../output-call.ts";
import { SVM_AMOUNT, SVM_KEYS } from "./constants.ts";
import type { SvmOrderPropertyContext } from "./order-context.ts";
import type { SvmOrderPayment } from "./order-types.ts";
import type { CatalogueProperty } from "./run.ts";
import { TOKEN_2022_PROGRAM_ADDRESS } from "./token2022.ts";

export type SvmOrderProperty = CatalogueProperty<SvmOrderPropertyContext>;

/** Gives `order` an output call that sends the output to an attacker. */
function withCall(order: EncodedOrder): void {
  order.output.calls = [OUTPUT_CALL_TO_ATTACKER];
}
/** A native order of `amount` signed by the solver, paid by the property's user. */
export const native = async (t: SvmOrderPropertyContext, amount = SVM_AMOUNT) =>
  t.payment(await t.order(undefined, { amount }));

/** `p` pays, then `again` (p by default) is refused. */
async function replayed(
  t: SvmOrderPropertyContext,
  p: SvmOrderPayment,
  again: Partial<SvmOrderPayment> = {},
) {
  await t.assertPaid(p);
  await t.assertRefused(p, again);
}

const STRANGER: Hex = privateKeyToAccount(SVM_KEYS.stranger).address;
const ROTATION_GRACE = 60;

type Input = EncodedOrder["inputs"][number];
type OutputPayment = EncodedOrder["output"]["payments"][number];

/**
 * The order properties of the SVM catalogue: what a signed order allows (ids shared with the EVM order
 * catalogue where the attack is the same), in the order the report lists them.
 */
export const SVM_ORDER_PAYMENT_PROPERTIES: readonly SvmOrderProperty[] = [
  {
    id: "order.pay.native",
    attack: "baseline: a signed order's native input is paid once and exactly",
    run: async (t) => t.assertPaid(await native(t)),
  },
  {
    id: "order.pay.token",
    attack: "baseline: a signed order's SPL Token input is paid once and exactly",
    run: async (t) => t.assertPaid(await t.tokenPayment(await t.token())),
  },
  {
    id: "order.pay.token2022",
    attack: "baseline: a signed order's input in a plain Token-2022 mint is paid once and exactly",
    run: async (t) => t.assertPaid(await t.tokenPayment(await t.token(TOKEN_2022_PROGRAM_ADDRESS))),
  },
  {
    id: "order.pay.anyAmount",
    attack: "baseline (fuzz): every non-zero native amount is delivered exactly",
    run: (t, runs) =>
      fuzz(runs, 21, bigintIn(1n, 10n ** 10n), async (amount) => t.assertPaid(await native(t, amount))),
  },
  {
    id: "order.chain.multiInput",
    attack: "an input on another chain listed first (other amount): this chain's input is the one paid",
    run: async (t) => {
      const order = await t.order((o) => {
        const own = o.inputs[0] as Input;
        o.inputs = [{ ...own, payment: { ...own.payment, chainId: "optimism", amount: 1n } }, own];
      });
      await t.assertPaid(await t.payment(order));
    },
  },
  {
    id: "order.replay.sameSignature",
    attack: "the user pays the paid order again right away",
    run: async (t) => replayed(t, await native(t)),
  },
  {
    id: "order.replay.later",
    attack: "pay the paid order again half its lifetime later, its deadline still ahead",
    run: async (t) => {
      const p = await native(t);
      await t.assertPaid(p);
      t.warp(Math.floor(t.lifetime / 2));
      await t.assertRefused(p);
    },
  },
  {
    id: "order.replay.otherPayer",
    attack: "another account pays the paid order id again",
    run: async (t) => replayed(t, await native(t), { payer: await t.payer() }),
  },
  {
    id: "order.replay.compactForm",
    attack: "pay the same order again with the 64-byte form of its signature",
    run: async (t) => {
      const p = await native(t);
      await replayed(t, p, { signature: compactForm(p.signature) });
    },
  },
  {
    id: "order.replay.highSTwin",
    attack: "pay, then replay with the high-s twin of the signature",
    run: async (t) => {
      const p = await native(t);
      await replayed(t, p, { signature: highSTwin(p.signature) });
    },
  },
  {
    id: "order.replay.token",
    attack: "pay a paid token order again (the token path's replay record)",
    run: async (t) => replayed(t, await t.tokenPayment(await t.token())),
  },
  {
    id: "order.binding.anyField",
    attack:
      "change a signed field after signing (the input amount; the output's minimum, so the solver would owe less) and pay with the original signature",
    run: async (t) => {
      const p = await native(t);
      const lowerInput = structuredClone(p.order);
      (lowerInput.inputs[0] as Input).payment.amount = 1n;
      await t.assertRefused(p, { order: lowerInput });
      const lowerOutput = structuredClone(p.order);
      (lowerOutput.output.payments[0] as OutputPayment).minimumAmount = 1n;
      await t.assertRefused(p, { order: lowerOutput });
    },
  },
  {
    id: "order.signer.stranger",
    attack: "an order signed by another key",
    run: async (t) => t.assertRefused(await t.payment(await t.order(), SVM_KEYS.stranger)),
  },
  {
    id: "order.solver.named",
    attack: "the trusted solver's signature on an order naming another solver",
    run: async (t) => {
      const order = await t.order((o) => {
        o.solver = privateKeyToAccount(SVM_KEYS.stranger).address;
      });
      await t.assertRefused(await t.payment(order));
    },
  },
  {
    id: "order.signature.zeroAddress",
    attack: "a signature that recovers to the zero address",
    run: async (t) => t.assertRefused(await native(t), { signature: zeroRecoverySignature() }),
  },
  {
    id: "order.signature.highS",
    attack: "the high-s twin of a valid signature on a fresh order",
    run: async (t) => {
      const p = await native(t);
      await t.assertRefused(p, { signature: highSTwin(p.signature) });
    },
  },
  {
    id: "order.signature.v",
    attack: "v bytes other than 27 / 28 (0, 1, 29, 255)",
    run: async (t) => {
      const p = await native(t);
      for (const v of [0, 1, 29, 255]) await t.assertRefused(p, { signature: withV(p.signature, v) });
    },
  },
  {
    id: "order.signature.length",
    attack: "signatures of 63 and 66 bytes",
    run: async (t) => {
      const p = await native(t);
      for (const n of [63, 66]) await t.assertRefused(p, { signature: resized(p.signature, n) });
    },
  },
  {
    id: "order.amount.zero",
    attack: "a signed order of zero",
    run: async (t) => t.assertRefused(await native(t, 0n)),
  },
  {
    id: "order.currency.tokenPaidNatively",
    attack: "pay natively an order whose input is a token",
    run: async (t) => {
      const order = await t.order(undefined, { currency: pad("0x7e", { size: 32 }) });
      await t.assertRefused(await t.payment(order));
    },
  },
  {
    id: "order.currency.nativePaidWithToken",
    attack: "pay an order of native SOL with tokens of the attacker's mint",
    run: async (t) => t.assertRefused(await native(t), { token: await t.token() }),
  },
  {
    id: "order.currency.otherMint",
    attack: "pay an order of one mint with a worthless mint of the attacker's",
    run: async (t) => {
      const p = await t.tokenPayment(await t.token());
      await t.assertRefused(p, { token: await t.token() });
    },
  },
  {
    id: "order.chain.input",
    attack: "pay here an order whose input is on another chain",
    run: async (t) => {
      const order = await t.order((o) => {
        (o.inputs[0] as Input).payment.chainId = "ethereum";
      });
      await t.assertRefused(await t.payment(order));
    },
  },
  {
    id: "order.deadline.expired",
    attack: "an order whose output deadline has passed (edge: paid at the deadline second itself)",
    run: async (t) => {
      const late = await t.order((o, now) => {
        o.output.deadline = now - 1;
      });
      await t.assertRefused(await t.payment(late));
      const atDeadline = await t.order((o, now) => {
        o.output.deadline = now;
      });
      await t.assertPaid(await t.payment(atDeadline));
    },
  },
  {
    id: "order.deadline.maxWindow",
    attack:
      "an output deadline one second beyond the program's window, keeping a stale quote payable (edge: exactly the window pays)",
    run: async (t) => {
      const window = t.adapter.deadlineWindow;
      if (!window) throw new HookMissing("deadlineWindow", "declares no");
      const tooFar = await t.order((o, now) => {
        o.output.deadline = now + window + 1;
      });
      await t.assertRefused(await t.payment(tooFar));
      const atEdge = await t.order((o, now) => {
        o.output.deadline = now + window;
      });
      await t.assertPaid(await t.payment(atEdge));
    },
  },
  {
    id: "order.whitelist.recipient",
    attack: "a signed order paying out to a recipient not whitelisted",
    run: async (t) => {
      const order = await t.order((o) => {
        (o.output.payments[0] as OutputPayment).recipient = "0x000000000000000000000000000000000000bad0";
      });
      await t.assertRefused(await t.payment(order));
    },
  },
  {
    id: "order.whitelist.everyRecipient",
    attack: "a whitelisted first output payment followed by one to the attacker",
    run: async (t) => {
      const order = await t.order((o) => {
        o.output.payments.push({
          recipient: keccak256(stringToHex("attacker")),
          currency: "0x0000000000000000000000000000000000000000",
          minimumAmount: 1n,
          expectedAmount: 1n,
        });
      });
      await t.assertRefused(await t.payment(order));
    },
  },
  {
    id: "order.whitelist.outputChain",
    attack: "the whitelisted recipient's bytes on another output chain",
    run: async (t) => {
      const order = await t.order((o) => {
        o.output.chainId = "eclipse";
      });
      await t.assertRefused(await t.payment(order));
    },
  },
  {
    id: "order.payer.stranger",
    attack:
      "a stranger holding the order and its signature pays it first (using up the one-time record); the user's own payment must still pay",
    run: async (t) => {
      const p = await native(t);
      await t.assertRefused(p, { payer: await t.payer() });
      await t.assertPaid(p);
    },
  },
  {
    id: "order.payer.noRefundHere",
    attack: "an order whose only refund is on another chain (it binds no payer here)",
    run: async (t) => {
      const order = await t.order((o) => {
        (o.inputs[0]?.refunds[0] as { chainId: string }).chainId = t.adapter.setup.outputChainId;
      });
      await t.assertRefused(await t.payment(order));
    },
  },
  {
    id: "order.payer.notSigner",
    attack: "the user's order submitted by someone else, the user's account passed without its signature",
    run: async (t) => {
      await t.assertPaid(await native(t));
      await t.assertRefused(await native(t), {}, { payerUnsigned: true });
    },
  },
  {
    id: "order.calls.refused",
    attack: "an order paying the whitelisted recipient whose output calls send the output elsewhere",
    run: async (t) => t.assertRefused(await t.payment(await t.order(withCall))),
  },
  {
    id: "order.calls.ownerAllows",
    attack: "once the owner allows calls an order with calls pays; refused again once withdrawn",
    run: async (t) => {
      await t.allowCalls(true);
      try {
        await t.assertPaid(await t.payment(await t.order(withCall)));
      } finally {
        await t.allowCalls(false);
      }
      await t.assertRefused(await t.payment(await t.order(withCall)));
    },
  },
  {
    id: "order.invalidation.refused",
    attack: "pay an order the owner invalidated; other orders still pay",
    run: async (t) => {
      const build = t.adapter.invalidateInstructions;
      if (!build) throw new HookMissing("invalidateInstructions");
      const p = await native(t);
      await t.env.sendOrThrow(await build(hashEncodedOrder(p.order)));
      await t.assertRefused(p);
      await t.assertPaid(await native(t));
    },
  },
  {
    id: "order.pause.refused",
    attack: "pay while paused; after resuming the same order pays",
    run: async (t) => {
      const build = t.adapter.pauseInstructions;
      if (!build) throw new HookMissing("pauseInstructions");
      const p = await native(t);
      await t.env.sendOrThrow(await build(true));
      await t.assertRefused(p);
      await t.env.sendOrThrow(await build(false));
      await t.assertPaid(p);
    },
  },
  {
    id: "order.rotation.grace",
    attack:
      "after a rotation with a 60 s grace, the outgoing solver's orders pay until the grace's last second and are refused from its end; the new solver's pay",
    run: async (t) => {
      const build = t.adapter.rotateSolverInstructions;
      if (!build) throw new HookMissing("rotateSolverInstructions");
      const inGrace = await native(t);
      const atEnd = await native(t);
      await t.env.sendOrThrow(await build(STRANGER, ROTATION_GRACE));
      t.warp(ROTATION_GRACE - 1);
      await t.assertPaid(inGrace);
      t.warp(1);
      await t.assertRefused(atEnd);
      const byNewSolver = await t.order((o) => {
        o.solver = STRANGER;
      });
      await t.assertPaid(await t.payment(byNewSolver, SVM_KEYS.stranger));
    },
  },
];
