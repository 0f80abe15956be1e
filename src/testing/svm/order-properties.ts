import { type Hex, keccak256, pad, stringToHex, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { SECP256K1_N } from "../../attestation/index.ts";
import { hashEncodedOrder } from "../../orders/order-id.ts";
import type { EncodedOrder } from "../../orders/types.ts";
import { HookMissing, NotApplicable } from "../evm/context.ts";
import { bigintIn, fuzz } from "../fuzz.ts";
import { compactForm, highSTwin, resized, withV, zeroRecoverySignature } from "../malformed.ts";
import { tamper } from "../order-tamper.ts";
import { OUTPUT_CALL_TO_ATTACKER } from "../output-call.ts";
import { SVM_AMOUNT, SVM_KEYS } from "./constants.ts";
import type { SvmOrderPropertyContext } from "./order-context.ts";
import type { SvmOrderPayment } from "./order-types.ts";
import type { CatalogueProperty } from "./run.ts";
import { TOKEN_2022_PROGRAM_ADDRESS } from "./token2022.ts";

/** One property of the SVM order catalogue: its id (the EVM order catalogue's where the attack is the same) and the attack. */
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
    attack: "baseline: a valid native order is paid once and exactly its input's amount arrives",
    run: async (t) => t.assertPaid(await native(t)),
  },
  {
    id: "order.pay.token",
    attack: "baseline: a valid token order is paid once and exactly its input's amount arrives",
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
    attack: "pay the paid order again right away",
    run: async (t) => replayed(t, await native(t)),
  },
  {
    id: "order.replay.later",
    attack:
      "pay the paid order again half its lifetime later, its deadline still ahead (two days, or the deadline window when shorter)",
    run: async (t) => {
      const window = t.adapter.deadlineWindow;
      const lifetime = window && window < 2 * 86_400 ? window : 2 * 86_400;
      if (lifetime < 2)
        throw new NotApplicable("the deadline window leaves no second between payment and deadline");
      const p = await t.payment(
        await t.order((o, now) => {
          o.output.deadline = now + lifetime;
        }),
      );
      await t.assertPaid(p);
      t.warp(Math.floor(lifetime / 2));
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
    attack: "pay with the 65-byte signature, then with its 64-byte EIP-2098 form",
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
      "(fuzz) change a signed field after signing (salt, output, calls, refund, fee, ...), keep the signature",
    run: (t, runs) =>
      fuzz(
        Math.max(runs, 10),
        12,
        (rng, i) => [i % 10, bigintIn(1n, (1n << 32n) - 1n)(rng, i)] as const,
        async ([field, x]) => {
          const p = await native(t);
          const tampered = tamper(p.order, field, x, t.lifetime);
          t.check(hashEncodedOrder(tampered) !== hashEncodedOrder(p.order), "setup: tampering left the id");
          await t.assertRefused(p, { order: tampered });
        },
      ),
  },
  {
    id: "order.signer.stranger",
    attack: "(fuzz) an order signed by any key but the solver's",
    run: (t, runs) =>
      fuzz(
        runs,
        13,
        (rng, i) => pad(toHex(bigintIn(1n, SECP256K1_N - 1n)(rng, i)), { size: 32 }),
        async (key) => t.assertRefused(await t.payment(await t.order(), key)),
        (key) => key === t.adapter.setup.solverKey,
      ),
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
    attack: "a signature ecrecover maps to the zero address",
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
    attack: "signatures of 0, 63, 66 and 96 bytes",
    run: async (t) => {
      const p = await native(t);
      for (const n of [0, 63, 66, 96]) await t.assertRefused(p, { signature: resized(p.signature, n) });
    },
  },
  {
    id: "order.amount.zero",
    attack: "a validly signed order whose input is zero",
    run: async (t) => t.assertRefused(await native(t, 0n)),
  },
  {
    id: "order.currency.tokenPaidNatively",
    attack: "a token order paid natively, the same number of lamports",
    run: async (t) => {
      const order = await t.order(undefined, { currency: pad("0x7e", { size: 32 }) });
      await t.assertRefused(await t.payment(order));
    },
  },
  {
    id: "order.currency.nativePaidWithToken",
    attack: "a native order paid through the token path",
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
    attack: "the only input is on another chain or a look-alike id (case, whitespace, empty, numeric id)",
    run: async (t) => {
      const own = t.adapter.setup.chainId;
      for (const chainId of ["ethereum", own.toUpperCase(), `${own} `, "", "792703809"]) {
        const order = await t.order((o) => {
          (o.inputs[0] as Input).payment.chainId = chainId;
        });
        await t.assertRefused(await t.payment(order));
      }
    },
  },
  {
    id: "order.deadline.expired",
    attack: "pay once output.deadline has passed (edge: a payment landing at the deadline itself pays)",
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
    attack: "(fuzz) an order paying out to a recipient not whitelisted",
    run: (t, runs) =>
      fuzz(
        runs,
        15,
        (rng, i) => pad(toHex(bigintIn(0n, (1n << 256n) - 1n)(rng, i)), { size: 32 }),
        async (recipient) => {
          const order = await t.order((o) => {
            (o.output.payments[0] as OutputPayment).recipient = recipient;
          });
          await t.assertRefused(await t.payment(order));
        },
        (recipient) => recipient === t.adapter.setup.outputRecipient,
      ),
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
    attack: "an order whose only refund is on another chain (it binds no payer here), paid by anyone",
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
