import { type Hex, keccak256, pad, stringToHex, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { SECP256K1_N } from "../../attestation/index.ts";
import { hashEncodedOrder } from "../../orders/order-id.ts";
import type { EncodedOrder } from "../../orders/types.ts";
import { bigintIn, fuzz } from "../fuzz.ts";
import { compactForm, highSTwin, resized, withV, zeroRecoverySignature } from "../malformed.ts";
import { tamper } from "../order-tamper.ts";
import { OUTPUT_CALL_TO_ATTACKER } from "../output-call.ts";
import { HookMissing, NotApplicable } from "./catalogue-context.ts";
import { TOKEN_BEHAVIOUR } from "./conformance-token.ts";
import { AMOUNT, KEYS } from "./context.ts";
import type { EvmOrderPropertyContext } from "./order-context.ts";
import type { EvmOrderPayment } from "./order-types.ts";

/** One property of the EVM order catalogue: its id (shared with the Solidity catalogue) and the attack. */
export interface EvmOrderProperty {
  /** Property id, shared with the Solidity catalogue. */
  id: string;
  /** The attack it stands for. */
  attack: string;
  /** Runs the attack; throws when the contract does not refuse it as expected. */
  run(t: EvmOrderPropertyContext, fuzzRuns: number): Promise<void>;
}

type T = EvmOrderPropertyContext;

async function native(t: T, amount = AMOUNT) {
  return t.signed(await t.order("native", amount));
}

/** A fresh native order whose output call sends the output to an attacker. */
async function withCall(t: T): Promise<EncodedOrder> {
  const o = await t.order("native", AMOUNT);
  o.output.calls = [OUTPUT_CALL_TO_ATTACKER];
  return o;
}

const addressOf = (key: Hex) => privateKeyToAccount(key).address;
const ROTATION_GRACE = 60;
const MAX_GRACE = 30 * 86_400;

async function rotate(t: T, gracePeriod: number): Promise<boolean> {
  return t.rotateSolver(t.adapter.rotateSolverCall?.(t.receiver, addressOf(KEYS.nextSolver), gracePeriod));
}

/** `payment` must not pay (whatever the refusal: it follows an attack the property judged already). */
async function notPaid(t: T, payment: EvmOrderPayment, what: string) {
  const result = await t.env.attempt(payment.payer, t.adapter.payCall(t.receiver, payment));
  t.check(!result.ok, what);
}

async function hostileRefused(t: T, behaviour: number) {
  await t.token(t.setup.hostileToken, "setBehaviour", [behaviour]);
  await t.assertRefused(await t.signed(await t.order(t.setup.hostileToken, AMOUNT)));
}

/** The EVM order catalogue, in the order the report lists it (ids as in OrderReceiverConformance.sol). */
export const EVM_ORDER_PROPERTIES: readonly EvmOrderProperty[] = [
  {
    id: "order.pay.native",
    attack: "baseline: a valid native order is paid once and exactly its input's amount arrives",
    run: async (t) => t.assertPaid(await native(t)),
  },
  {
    id: "order.pay.token",
    attack: "baseline: a valid token order is paid once and exactly its input's amount arrives",
    run: async (t) => t.assertPaid(await t.signed(await t.order(t.setup.token, AMOUNT))),
  },
  {
    id: "order.pay.anyAmount",
    attack: "baseline (fuzz): every non-zero native amount is delivered exactly",
    run: (t, runs) =>
      fuzz(runs, 11, bigintIn(1n, 10n ** 30n), async (amount) => t.assertPaid(await native(t, amount))),
  },
  {
    id: "order.chain.multiInput",
    attack: "an input on another chain listed first (other amount): this chain's input is the one paid",
    run: async (t) => {
      const o = await t.order("native", AMOUNT);
      const [own] = o.inputs;
      if (!own) throw new Error("order without input");
      o.inputs = [
        { ...own, payment: { chainId: "optimism", currency: own.payment.currency, amount: 1n, weight: 1n } },
        own,
      ];
      await t.assertPaid(await t.signed(o));
    },
  },
  {
    id: "order.replay.sameSignature",
    attack: "pay the paid order again right away",
    run: async (t) => {
      const p = await native(t);
      await t.assertPaid(p);
      await t.assertReplayRefused(p);
    },
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
      const o = await t.order("native", AMOUNT);
      const paidAt = (await t.env.timestamp()) + 1n;
      o.output.deadline = Number(paidAt) + lifetime;
      const p = await t.signed(o);
      await t.env.client.setNextBlockTimestamp({ timestamp: paidAt });
      await t.assertPaid(p);
      await t.env.warpTo(paidAt + BigInt(Math.floor(lifetime / 2)));
      await t.assertReplayRefused(p);
    },
  },
  {
    id: "order.replay.otherPayer",
    attack: "another account pays the paid order id again",
    run: async (t) => {
      const p = await native(t);
      await t.assertPaid(p);
      await t.env.fund(t.owner);
      await t.assertReplayRefused({ ...p, payer: t.owner });
    },
  },
  {
    id: "order.replay.compactForm",
    attack: "pay with the 65-byte signature, then with its 64-byte EIP-2098 form",
    run: async (t) => {
      const p = await native(t);
      await t.assertPaid(p);
      await t.assertReplayRefused({ ...p, signature: compactForm(p.signature) });
    },
  },
  {
    id: "order.replay.highSTwin",
    attack: "pay, then replay with the high-s twin of the signature",
    run: async (t) => {
      const p = await native(t);
      await t.assertPaid(p);
      await t.assertReplayRefused({ ...p, signature: highSTwin(p.signature) });
    },
  },
  {
    id: "order.replay.token",
    attack: "pay a paid token order again (the token path's replay record)",
    run: async (t) => {
      const p = await t.signed(await t.order(t.setup.token, AMOUNT));
      await t.assertPaid(p);
      await t.assertReplayRefused(p);
    },
  },
  {
    id: "order.replay.acrossDepositors",
    attack:
      "(opt-in) pay the order through one contract, then through a second contract of the same solver; only contracts sharing one replay record can refuse it",
    run: async (t) => {
      if (!t.adapter.optIn?.includes(t.property))
        throw new NotApplicable(
          "opt-in (needs one replay record shared by every contract of the solver); name it in the adapter's optIn to run it",
        );
      const p = await native(t);
      await t.assertPaid(p);
      ({ receiver: t.receiver, owner: t.owner } = await t.adapter.deploy(t.env, t.setup));
      await t.assertRefused(p);
    },
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
          await t.assertRefused({ ...p, order: tampered });
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
        async (key) => t.assertRefused(await t.signed(await t.order("native", AMOUNT), key)),
        (key) => key === KEYS.solver,
      ),
  },
  {
    id: "order.signer.callerChosen",
    attack: "the payer signs an order naming itself as the solver",
    run: async (t) => {
      const o = { ...(await t.order("native", AMOUNT)), solver: t.payer };
      await t.assertRefused(await t.signed(o, KEYS.payer));
    },
  },
  {
    id: "order.solver.named",
    attack: "the trusted solver's signature on an order naming another solver",
    run: async (t) => {
      const o = { ...(await t.order("native", AMOUNT)), solver: privateKeyToAccount(KEYS.stranger).address };
      await t.assertRefused(await t.signed(o));
    },
  },
  {
    id: "order.signature.zeroAddress",
    attack: "a signature ecrecover maps to the zero address",
    run: async (t) => t.assertRefused({ ...(await native(t)), signature: zeroRecoverySignature() }),
  },
  {
    id: "order.signature.highS",
    attack: "the high-s twin of a valid signature on a fresh order",
    run: async (t) => {
      const p = await native(t);
      await t.assertRefused({ ...p, signature: highSTwin(p.signature) });
    },
  },
  {
    id: "order.signature.v",
    attack: "v bytes other than 27 / 28 (0, 1, 29, 255)",
    run: async (t) => {
      const p = await native(t);
      for (const v of [0, 1, 29, 255]) await t.assertRefused({ ...p, signature: withV(p.signature, v) });
    },
  },
  {
    id: "order.signature.length",
    attack: "signatures of 0, 63, 66 and 96 bytes",
    run: async (t) => {
      const p = await native(t);
      for (const n of [0, 63, 66, 96]) await t.assertRefused({ ...p, signature: resized(p.signature, n) });
    },
  },
  {
    id: "order.amount.shortNative",
    attack: "(fuzz) send less native value than the input's amount",
    run: (t, runs) =>
      fuzz(runs, 14, bigintIn(0n, AMOUNT - 1n), async (sent) =>
        t.assertRefused({ ...(await native(t)), value: sent }),
      ),
  },
  {
    id: "order.amount.overNative",
    attack: "send more native value than the input's amount",
    run: async (t) => t.assertRefused({ ...(await native(t)), value: AMOUNT + 1n }),
  },
  {
    id: "order.amount.shortToken",
    attack: "the payer holds (and approved) less than the input's amount of the token",
    run: async (t) => {
      const p = await t.signed(await t.order(t.setup.token, AMOUNT));
      await t.setTokenBalance(t.setup.token, t.payer, AMOUNT - 1n);
      await t.assertRefused(p);
    },
  },
  {
    id: "order.amount.zero",
    attack: "a validly signed order whose input is zero",
    run: async (t) => t.assertRefused(await native(t, 0n)),
  },
  {
    id: "order.currency.tokenPaidNatively",
    attack: "a token order paid with the same number of wei",
    run: async (t) => {
      const p = await t.signed(await t.order(t.setup.token, AMOUNT));
      await t.assertRefused({ ...p, route: "native", value: AMOUNT });
    },
  },
  {
    id: "order.currency.nativePaidWithToken",
    attack: "a native order paid through the token path",
    run: async (t) => t.assertRefused({ ...(await native(t)), route: "token", value: 0n }),
  },
  {
    id: "order.token.feeOnTransfer",
    attack:
      "a token that delivers 1% less than sent (credit the signed amount without checking what arrived)",
    run: (t) => hostileRefused(t, TOKEN_BEHAVIOUR.feeOnTransfer),
  },
  {
    id: "order.token.rebasing",
    attack: "a token whose transfer also rebases the recipient (more arrives)",
    run: (t) => hostileRefused(t, TOKEN_BEHAVIOUR.rebasing),
  },
  {
    id: "order.token.falseReturn",
    attack: "a token that moves nothing and returns false",
    run: (t) => hostileRefused(t, TOKEN_BEHAVIOUR.falseReturn),
  },
  {
    id: "order.token.shares",
    attack: "a share token whose balance units differ from its transfer units",
    run: (t) => hostileRefused(t, TOKEN_BEHAVIOUR.shares),
  },
  {
    id: "order.token.noReturn",
    attack: "a token that returns no data is still paid exactly",
    run: async (t) => {
      await t.token(t.setup.hostileToken, "setBehaviour", [TOKEN_BEHAVIOUR.noReturn]);
      await t.assertPaid(await t.signed(await t.order(t.setup.hostileToken, AMOUNT)));
    },
  },
  {
    id: "order.chain.input",
    attack: "the only input is on another chain or a look-alike id (case, whitespace, empty, numeric id)",
    run: async (t) => {
      for (const chainId of ["optimism", "Base", "base ", "", "8453"]) {
        const o = await t.order("native", AMOUNT);
        (o.inputs[0] as EncodedOrder["inputs"][number]).payment.chainId = chainId;
        await t.assertRefused({ ...(await t.signed(o)), value: AMOUNT });
      }
    },
  },
  {
    id: "order.deadline.expired",
    attack: "pay once output.deadline has passed (edge: a payment landing at the deadline itself pays)",
    run: async (t) => {
      const atDeadline = await t.order("native", AMOUNT);
      const late = await t.order("native", AMOUNT);
      const deadline = Number(await t.env.timestamp()) + 100;
      atDeadline.output.deadline = deadline;
      late.output.deadline = deadline;
      await t.env.client.setNextBlockTimestamp({ timestamp: BigInt(deadline) });
      await t.assertPaid(await t.signed(atDeadline));
      // The chain passes the deadline first, so a node that mines the refusal can replay it for its error.
      await t.env.warpTo(BigInt(deadline) + 1n);
      await t.assertRefused(await t.signed(late));
    },
  },
  {
    id: "order.deadline.maxWindow",
    attack:
      "an output deadline one second beyond the contract's window, keeping a stale quote payable (edge: exactly the window pays)",
    run: async (t) => {
      const window = t.adapter.deadlineWindow;
      if (!window) throw new HookMissing("deadlineWindow", "declares no");
      // Each payment lands in a block whose time is set first, so the edges are exact.
      const tooFar = await t.order("native", AMOUNT);
      const atEdge = await t.order("native", AMOUNT);
      const at = (await t.env.timestamp()) + 1n;
      tooFar.output.deadline = Number(at) + window + 1;
      await t.env.client.setNextBlockTimestamp({ timestamp: at });
      await t.assertRefused(await t.signed(tooFar));
      atEdge.output.deadline = Number(at) + 10 + window;
      await t.env.client.setNextBlockTimestamp({ timestamp: at + 10n });
      await t.assertPaid(await t.signed(atEdge));
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
          const o = await t.order("native", AMOUNT);
          (o.output.payments[0] as { recipient: Hex }).recipient = recipient;
          await t.assertRefused(await t.signed(o));
        },
        (recipient) => recipient === t.setup.outputRecipient,
      ),
  },
  {
    id: "order.whitelist.everyRecipient",
    attack: "a whitelisted first output payment followed by one to the attacker",
    run: async (t) => {
      const o = await t.order("native", AMOUNT);
      o.output.payments.push({
        recipient: keccak256(stringToHex("attacker")),
        currency: `0x${"00".repeat(32)}`,
        minimumAmount: 1n,
        expectedAmount: 1n,
      });
      await t.assertRefused(await t.signed(o));
    },
  },
  {
    id: "order.whitelist.outputChain",
    attack: "the whitelisted recipient's bytes on another output chain",
    run: async (t) => {
      const o = await t.order("native", AMOUNT);
      o.output.chainId = "eclipse";
      await t.assertRefused(await t.signed(o));
    },
  },
  {
    id: "order.payer.stranger",
    attack:
      "a stranger holding the order and its signature pays it first (using up the one-time record); the user's own payment must still pay",
    run: async (t) => {
      const p = await native(t);
      const stranger = privateKeyToAccount(KEYS.stranger).address;
      await t.env.fund(stranger);
      await t.assertRefused({ ...p, payer: stranger });
      await t.assertPaid(p);
    },
  },
  {
    id: "order.payer.noRefundHere",
    attack: "an order whose only refund is on another chain (it binds no payer here), paid by anyone",
    run: async (t) => {
      const o = await t.order("native", AMOUNT);
      (o.inputs[0]?.refunds[0] as { chainId: string }).chainId = t.setup.outputChainId;
      await t.assertRefused(await t.signed(o));
    },
  },
  {
    id: "order.calls.refused",
    attack: "an order paying the whitelisted recipient whose output calls send the output elsewhere",
    run: async (t) => t.assertRefused(await t.signed(await withCall(t))),
  },
  {
    id: "order.calls.ownerAllows",
    attack: "once the owner allows calls an order with calls pays; refused again once withdrawn",
    run: async (t) => {
      await t.admin(t.adapter.allowCallsCall?.(t.receiver, true), "allowCallsCall");
      await t.assertPaid(await t.signed(await withCall(t)));
      await t.admin(t.adapter.allowCallsCall?.(t.receiver, false), "allowCallsCall");
      await t.assertRefused(await t.signed(await withCall(t)));
    },
  },
  {
    id: "order.invalidation.refused",
    attack: "pay an order its solver invalidated; other orders still pay",
    run: async (t) => {
      const p = await native(t);
      await t.admin(t.adapter.invalidateCall?.(t.receiver, hashEncodedOrder(p.order)), "invalidateCall");
      await t.assertRefused(p);
      await t.assertPaid(await native(t));
    },
  },
  {
    id: "order.pause.refused",
    attack: "pay while paused; after resuming the same order pays",
    run: async (t) => {
      const p = await native(t);
      await t.admin(t.adapter.pauseCall?.(t.receiver, true), "pauseCall");
      await t.assertRefused(p);
      await t.admin(t.adapter.pauseCall?.(t.receiver, false), "pauseCall");
      await t.assertPaid(p);
    },
  },
  {
    id: "order.deposit.record",
    attack:
      "each payment, native and token, is one deposit of the depository's own record (its event) under the order id, crediting the payer",
    run: async (t) => {
      if (!t.adapter.deposits) throw new HookMissing("deposits");
      await t.assertPaid(await native(t));
      await t.assertPaid(await t.signed(await t.order(t.setup.token, AMOUNT)));
    },
  },
  {
    id: "order.rotation.grace",
    attack:
      "after a rotation with a 60 s grace, the outgoing solver's orders pay until the grace's last second and are refused from its end; the new solver's pay",
    run: async (t) => {
      // Building an order mines a block, so every payment is built first; each then lands at a set second.
      const lastSecond = await native(t);
      const atEnd = await native(t);
      const afterEnd = await native(t);
      const byNewSolver = await t.signedBy(KEYS.nextSolver);
      const rotatedAt = (await t.env.timestamp()) + 1n;
      await t.env.client.setNextBlockTimestamp({ timestamp: rotatedAt });
      t.check(await rotate(t, ROTATION_GRACE), "the rotation itself reverted");
      const end = rotatedAt + BigInt(ROTATION_GRACE);
      await t.env.client.setNextBlockTimestamp({ timestamp: end - 1n });
      await t.assertPaid(lastSecond);
      await t.env.client.setNextBlockTimestamp({ timestamp: end });
      await t.assertRefused(atEnd, true);
      // One second later the block before is the grace end itself, so the error can be replayed and judged.
      await t.env.client.setNextBlockTimestamp({ timestamp: end + 1n });
      await t.assertRefused(afterEnd);
      await t.assertPaid(byNewSolver);
    },
  },
  {
    id: "order.rotation.zeroGrace",
    attack: "a leaked solver key used after a rotation without grace; the new solver's orders pay",
    run: async (t) => {
      const byOld = await native(t);
      const byNew = await t.signedBy(KEYS.nextSolver);
      t.check(await rotate(t, 0), "the rotation itself reverted");
      await t.assertRefused(byOld);
      await t.assertPaid(byNew);
    },
  },
  {
    id: "order.rotation.graceCap",
    attack:
      "an outgoing solver kept alive for a year: refused or capped, its orders must not pay after 30 days",
    run: async (t) => {
      const rotatedAt = await t.env.timestamp();
      if (!(await rotate(t, 365 * 86_400))) return;
      await t.env.warpTo(rotatedAt + BigInt(MAX_GRACE) + 2n);
      await t.assertRefused(await native(t));
    },
  },
  {
    id: "order.admin.rotateByStranger",
    attack: "a stranger makes its own key the solver; its orders must stay refused and the solver's pay",
    run: async (t) => {
      const stranger = addressOf(KEYS.stranger);
      await t.assertAdminRefused(t.adapter.rotateSolverCall?.(t.receiver, stranger, 0), "rotateSolverCall");
      await notPaid(t, await t.signedBy(KEYS.stranger), "an order signed by the stranger was paid");
      await t.assertPaid(await native(t));
    },
  },
  {
    id: "order.admin.pauseByStranger",
    attack: "a stranger pauses the contract (denial of service); orders must go on paying",
    run: async (t) => {
      await t.assertAdminRefused(t.adapter.pauseCall?.(t.receiver, true), "pauseCall");
      await t.assertPaid(await native(t));
    },
  },
  {
    id: "order.admin.invalidateByStranger",
    attack: "a stranger invalidates someone else's order before it is paid",
    run: async (t) => {
      const p = await native(t);
      await t.assertAdminRefused(
        t.adapter.invalidateCall?.(t.receiver, hashEncodedOrder(p.order)),
        "invalidateCall",
      );
      await t.assertPaid(p);
    },
  },
  {
    id: "order.admin.whitelistByStranger",
    attack: "a stranger whitelists its own output recipient; orders paying out to it must stay refused",
    run: async (t) => {
      const recipient = keccak256(stringToHex("attestkit.conformance.stranger-recipient"));
      const call = t.adapter.whitelistCall?.(t.receiver, t.setup.outputChainId, recipient, true);
      await t.assertAdminRefused(call, "whitelistCall");
      const o = await t.order("native", AMOUNT);
      (o.output.payments[0] as { recipient: Hex }).recipient = recipient;
      await notPaid(t, await t.signed(o), "an order paying out to the stranger's recipient was paid");
    },
  },
  {
    id: "order.admin.callsByStranger",
    attack: "a stranger allows output calls; orders with calls must stay refused",
    run: async (t) => {
      await t.assertAdminRefused(t.adapter.allowCallsCall?.(t.receiver, true), "allowCallsCall");
      await notPaid(t, await t.signed(await withCall(t)), "an order with output calls was paid");
    },
  },
  {
    id: "order.admin.ownershipByStranger",
    attack: "a stranger hands itself the ownership (the admin role)",
    run: async (t) => {
      const stranger = addressOf(KEYS.stranger);
      await t.assertAdminRefused(
        t.adapter.transferOwnershipCall?.(t.receiver, stranger),
        "transferOwnershipCall",
      );
    },
  },
];
