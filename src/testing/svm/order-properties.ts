import { generateKeyPairSigner, getAddressEncoder, type KeyPairSigner } from "@solana/kit";
import { bytesToHex, type Hex, keccak256, pad } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hashEncodedOrder } from "../../orders/order-id.ts";
import { signOrderId } from "../../orders/signature.ts";
import type { EncodedOrder } from "../../orders/types.ts";
import { HookMissing, PropertyViolation } from "../evm/context.ts";
import { compactForm } from "../malformed.ts";
import { OUTPUT_CALL_TO_ATTACKER } from "../output-call.ts";
import { ORDER_REFUSALS, refusalMismatch } from "../refusal.ts";
import type { SvmConformanceEnv } from "./env.ts";
import type { SvmOrderAdapter, SvmOrderPayment } from "./order-types.ts";
import { SVM_AMOUNT, SVM_KEYS } from "./properties.ts";
import type { CatalogueProperty } from "./run.ts";

const NATIVE = pad("0x", { size: 32 });

/** What one order property sees. */
export class SvmOrderPropertyContext {
  readonly env: SvmConformanceEnv;
  readonly adapter: SvmOrderAdapter;
  readonly property: string;
  private userSigner: Promise<KeyPairSigner> | undefined;

  constructor(env: SvmConformanceEnv, adapter: SvmOrderAdapter, property: string) {
    this.env = env;
    this.adapter = adapter;
    this.property = property;
  }

  /** The property's user: the refund recipient of its orders on this chain, and their payer. */
  user(): Promise<KeyPairSigner> {
    this.userSigner ??= this.payer();
    return this.userSigner;
  }

  /**
   * Seconds from now to a valid order's output deadline: ten minutes, or the adapter's `deadlineWindow` when
   * shorter (a valid order must be valid under the program's own limits).
   */
  get lifetime(): number {
    const window = this.adapter.deadlineWindow;
    return window && window < 600 ? window : 600;
  }

  /**
   * A native order of `SVM_AMOUNT` on this chain to the whitelisted output, `lifetime` seconds to run,
   * refunded on this chain to the property's user.
   */
  async order(change: (order: EncodedOrder, now: number) => void = () => {}): Promise<EncodedOrder> {
    const { setup } = this.adapter;
    const now = Number(await this.env.now());
    const user = bytesToHex(new Uint8Array(getAddressEncoder().encode((await this.user()).address)));
    const order: EncodedOrder = {
      version: "v1",
      solverChainId: "base",
      solver: privateKeyToAccount(setup.solverKey).address,
      salt: BigInt(keccak256(crypto.getRandomValues(new Uint8Array(32)))),
      inputs: [
        {
          payment: { chainId: setup.chainId, currency: NATIVE, amount: SVM_AMOUNT, weight: 1n },
          refunds: [
            {
              chainId: setup.chainId,
              recipient: user,
              currency: NATIVE,
              minimumAmount: 0n,
              deadline: now + 3600,
              extraData: "0x",
            },
          ],
        },
      ],
      output: {
        chainId: setup.outputChainId,
        payments: [
          {
            recipient: setup.outputRecipient,
            currency: "0x0000000000000000000000000000000000000000",
            minimumAmount: SVM_AMOUNT - 10n,
            expectedAmount: SVM_AMOUNT - 5n,
          },
        ],
        deadline: now + this.lifetime,
        calls: [],
        extraData: "0x",
      },
      fees: [],
    };
    change(order, now);
    return order;
  }

  /** A fresh funded key pair, for an attacker or a second payer. */
  async payer(): Promise<KeyPairSigner> {
    const payer = await generateKeyPairSigner();
    await this.env.fund(payer.address);
    return payer;
  }

  /** `order` signed by `key` (the trusted solver's by default), paid by the property's user. */
  async payment(order: EncodedOrder, key: Hex = this.adapter.setup.solverKey): Promise<SvmOrderPayment> {
    return {
      order,
      signature: await signOrderId(privateKeyToAccount(key), hashEncodedOrder(order)),
      payer: await this.user(),
    };
  }

  /** Sends the owner's `set_calls_allowed`; not applicable when the adapter has none. */
  async allowCalls(allowed: boolean): Promise<void> {
    const instructions = await this.adapter.allowCallsInstructions?.(allowed);
    if (!instructions) throw new HookMissing("allowCallsInstructions");
    await this.env.sendOrThrow(instructions);
  }

  /** Fails the property with `what` unless `condition` holds. */
  check(condition: boolean, what: string): void {
    if (!condition) throw new PropertyViolation(what);
  }

  /** Pays `p` and fails the property unless it lands and the recipient grows by the order's amount. */
  async assertPaid(p: SvmOrderPayment): Promise<void> {
    const before = await this.env.lamports(this.adapter.recipient);
    const result = await this.env.send(await this.adapter.payInstructions(p));
    if (!result.ok)
      throw new PropertyViolation(
        `a valid order was refused (${result.code ?? result.message.split("\n")[0]})`,
      );
    this.check(
      await this.adapter.isPaid(this.env, hashEncodedOrder(p.order)),
      "a paid order was not recorded",
    );
    const got = (await this.env.lamports(this.adapter.recipient)) - before;
    const amount = p.order.inputs[0]?.payment.amount;
    this.check(got === amount, `the vault received ${got}, not ${amount}`);
  }

  /** `p` (as signed, or `attack` of it) must fail, record nothing and move nothing. */
  async assertRefused(p: SvmOrderPayment, attack: Partial<SvmOrderPayment> = {}): Promise<void> {
    const attempt = { ...p, ...attack };
    const id = hashEncodedOrder(attempt.order);
    const paidBefore = await this.adapter.isPaid(this.env, id);
    const before = await this.env.lamports(this.adapter.recipient);
    const result = await this.env.send(await this.adapter.payInstructions(attempt));
    if (result.ok) throw new PropertyViolation("the attack was accepted");
    this.check((await this.adapter.isPaid(this.env, id)) === paidBefore, "the attack was recorded as paid");
    this.check((await this.env.lamports(this.adapter.recipient)) === before, "the attack moved funds");
    if (result.code !== undefined) {
      const mismatch = refusalMismatch(
        String(result.code),
        ORDER_REFUSALS[this.property],
        this.adapter.refusalClasses,
      );
      if (mismatch) throw new PropertyViolation(mismatch);
    }
    const expected = this.adapter.expectedErrors?.[this.property];
    if (expected !== undefined)
      this.check(
        result.code === expected,
        `refused with ${result.code ?? "no custom code"}, expected ${expected}`,
      );
  }
}

export type SvmOrderProperty = CatalogueProperty<SvmOrderPropertyContext>;

/** Gives `order` an output call that sends the output to an attacker. */
function withCall(order: EncodedOrder): void {
  order.output.calls = [OUTPUT_CALL_TO_ATTACKER];
}
/** The SVM order catalogue, in the order the report lists it. */
export const SVM_ORDER_PROPERTIES: readonly SvmOrderProperty[] = [
  {
    id: "order.pay.native",
    attack: "baseline: a signed order's native input is paid once and exactly",
    run: async (t) => t.assertPaid(await t.payment(await t.order())),
  },
  {
    id: "order.replay.otherPayer",
    attack: "pay the same signed order again",
    run: async (t) => {
      const p = await t.payment(await t.order());
      await t.assertPaid(p);
      await t.assertRefused(p, { payer: await t.payer() });
    },
  },
  {
    id: "order.replay.compactForm",
    attack: "pay the same order again with the 64-byte form of its signature",
    run: async (t) => {
      const p = await t.payment(await t.order());
      await t.assertPaid(p);
      await t.assertRefused(p, { signature: compactForm(p.signature) });
    },
  },
  {
    id: "order.binding.anyField",
    attack:
      "change a signed field after signing (the input amount; the output's minimum, so the solver would owe less) and pay with the original signature",
    run: async (t) => {
      const p = await t.payment(await t.order());
      const lowerInput = structuredClone(p.order);
      (lowerInput.inputs[0] as EncodedOrder["inputs"][number]).payment.amount = 1n;
      await t.assertRefused(p, { order: lowerInput });
      const lowerOutput = structuredClone(p.order);
      (lowerOutput.output.payments[0] as EncodedOrder["output"]["payments"][number]).minimumAmount = 1n;
      await t.assertRefused(p, { order: lowerOutput });
    },
  },
  {
    id: "order.signer.stranger",
    attack: "an order signed by another key",
    run: async (t) => t.assertRefused(await t.payment(await t.order(), SVM_KEYS.stranger)),
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
    id: "order.currency.tokenPaidNatively",
    attack: "pay natively an order whose input is a token",
    run: async (t) => {
      const order = await t.order((o) => {
        (o.inputs[0] as EncodedOrder["inputs"][number]).payment.currency = pad("0x7e", { size: 32 });
      });
      await t.assertRefused(await t.payment(order));
    },
  },
  {
    id: "order.chain.input",
    attack: "pay here an order whose input is on another chain",
    run: async (t) => {
      const order = await t.order((o) => {
        (o.inputs[0] as EncodedOrder["inputs"][number]).payment.chainId = "ethereum";
      });
      await t.assertRefused(await t.payment(order));
    },
  },
  {
    id: "order.amount.zero",
    attack: "a signed order of zero",
    run: async (t) => {
      const order = await t.order((o) => {
        (o.inputs[0] as EncodedOrder["inputs"][number]).payment.amount = 0n;
      });
      await t.assertRefused(await t.payment(order));
    },
  },
  {
    id: "order.whitelist.recipient",
    attack: "a signed order paying out to a recipient not whitelisted",
    run: async (t) => {
      const order = await t.order((o) => {
        (o.output.payments[0] as EncodedOrder["output"]["payments"][number]).recipient =
          "0x000000000000000000000000000000000000bad0";
      });
      await t.assertRefused(await t.payment(order));
    },
  },
  {
    id: "order.payer.stranger",
    attack:
      "a stranger holding the order and its signature pays it first (using up the one-time record); the user's own payment must still pay",
    run: async (t) => {
      const p = await t.payment(await t.order());
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
];
