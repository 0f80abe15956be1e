import { type Address, type Hex, isAddressEqual, keccak256, stringToHex, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hashEncodedOrder } from "../../orders/order-id.ts";
import { signOrderId } from "../../orders/signature.ts";
import type { EncodedOrder } from "../../orders/types.ts";
import { ORDER_REFUSALS } from "../refusal.ts";
import { EvmCatalogueContext } from "./catalogue-context.ts";
import { AMOUNT, KEYS } from "./context.ts";
import { type EvmConformanceEnv, errorName } from "./env.ts";
import type { EvmOrderPayment, EvmOrderReceiverAdapter, EvmOrderReceiverSetup } from "./order-types.ts";
import type { EvmCall } from "./types.ts";

/** The EVM native currency in orders: 20 zero bytes. */
export const NATIVE_ORDER_CURRENCY: Hex = zeroAddress;

/** What one order property sees: the contract under test, its setup and the catalogue's helpers. */
export class EvmOrderPropertyContext extends EvmCatalogueContext {
  private nonce = 0;
  readonly payer = privateKeyToAccount(KEYS.payer).address;
  readonly adapter: EvmOrderReceiverAdapter;
  readonly setup: EvmOrderReceiverSetup;
  readonly recipient: Address;

  constructor(
    env: EvmConformanceEnv,
    adapter: EvmOrderReceiverAdapter,
    setup: EvmOrderReceiverSetup,
    deployed: { receiver: Address; owner: Address; recipient: Address },
    property: string,
  ) {
    super(env, deployed, property);
    this.adapter = adapter;
    this.setup = setup;
    this.recipient = deployed.recipient;
  }

  /**
   * Seconds from now to a valid order's output deadline: an hour, or the adapter's `deadlineWindow` when
   * shorter (a valid order must be valid under the contract's own limits).
   */
  get lifetime(): number {
    const window = this.adapter.deadlineWindow;
    return window && window < 3600 ? window : 3600;
  }

  /**
   * A fresh order (new salt) paying `amount` of `currency` on this chain, filled on the output chain to
   * the whitelisted recipient, its output deadline `lifetime` seconds ahead.
   */
  async order(currency: Address | "native", amount: bigint): Promise<EncodedOrder> {
    this.nonce += 1;
    const now = await this.env.timestamp();
    const encodedCurrency = (currency === "native" ? NATIVE_ORDER_CURRENCY : currency.toLowerCase()) as Hex;
    return {
      version: "v1",
      solverChainId: this.setup.chainId,
      solver: this.setup.solver,
      salt: BigInt(keccak256(stringToHex(`attestkit.conformance.${this.property}.${this.nonce}`))),
      inputs: [
        {
          payment: { chainId: this.setup.chainId, currency: encodedCurrency, amount, weight: 1n },
          refunds: [
            {
              chainId: this.setup.chainId,
              recipient: this.payer.toLowerCase() as Hex,
              currency: encodedCurrency,
              minimumAmount: 0n,
              deadline: Number(now) + 86_400,
              extraData: "0x",
            },
          ],
        },
      ],
      output: {
        chainId: this.setup.outputChainId,
        payments: [
          {
            recipient: this.setup.outputRecipient,
            currency: `0x${"00".repeat(32)}`,
            minimumAmount: 990n,
            expectedAmount: 1000n,
          },
        ],
        deadline: Number(now) + this.lifetime,
        calls: [],
        extraData: "0x",
      },
      fees: [],
    };
  }

  /** A payment of `order` signed by `key` (the solver's by default), paying this chain's input. */
  async signed(order: EncodedOrder, key: Hex = KEYS.solver): Promise<EvmOrderPayment> {
    const input = thisChainInput(order, this.setup.chainId);
    return {
      order,
      signature: await signOrderId(privateKeyToAccount(key), hashEncodedOrder(order)),
      payer: this.payer,
      value: input && BigInt(input.currency) === 0n ? input.amount : 0n,
      route: "byCurrency",
    };
  }

  async isPaid(order: EncodedOrder): Promise<boolean> {
    return this.adapter.isPaid(this.env, this.receiver, hashEncodedOrder(order));
  }

  /** Sends `payment`; it must be paid and exactly the input's amount must arrive at the recipient. */
  async assertPaid(payment: EvmOrderPayment): Promise<void> {
    const input = thisChainInput(payment.order, this.setup.chainId);
    if (!input) throw new Error("the order has no input on this chain");
    const currency = BigInt(input.currency) === 0n ? "native" : (input.currency as Address);
    const before = await this.balance(currency, this.recipient);
    const result = await this.env.attempt(payment.payer, this.adapter.payCall(this.receiver, payment));
    this.check(
      result.ok,
      `a valid payment was refused (${result.ok ? "" : errorName(result.data, this.adapter.errorAbi)})`,
    );
    this.check(await this.isPaid(payment.order), "a valid payment was not recorded as paid");
    const received = (await this.balance(currency, this.recipient)) - before;
    this.check(received === input.amount, `the recipient received ${received}, not ${input.amount}`);
    if (result.ok && this.adapter.deposits) {
      const id = hashEncodedOrder(payment.order);
      const deposits = this.adapter.deposits(result.logs, this.recipient);
      const as = deposits.map((d) => `${d.id} for ${d.depositor}`).join(", ") || "none";
      const [only] = deposits;
      this.check(
        deposits.length === 1 && only?.id === id && isAddressEqual(only.depositor, payment.payer),
        `the order was deposited as ${as}, not once as ${id} for the payer ${payment.payer}`,
      );
    }
  }

  /**
   * Sends `payment`; it must be refused (with the expected error when named), unrecorded, and move nothing.
   * `anyError` accepts any refusal: for a refusal that only the block's own second causes, which a node that
   * mines the refusal (Anvil) cannot replay on the block before for its error.
   */
  async assertRefused(payment: EvmOrderPayment, anyError = false): Promise<void> {
    const paidBefore = await this.isPaid(payment.order);
    const nativeBefore = await this.balance("native", this.recipient);
    const tokenBefore = await this.balance(this.setup.token, this.recipient);
    const result = await this.env.attempt(payment.payer, this.adapter.payCall(this.receiver, payment));
    if (anyError) this.check(!result.ok, "the attack was accepted");
    else
      this.checkRefusal(result, this.adapter.expectedErrors, this.adapter.errorAbi, {
        expected: ORDER_REFUSALS[this.property],
        classes: this.adapter.refusalClasses,
      });
    this.check((await this.isPaid(payment.order)) === paidBefore, "the attack was recorded as paid");
    this.check(
      (await this.balance("native", this.recipient)) === nativeBefore,
      "the refused payment moved native funds",
    );
    this.check(
      (await this.balance(this.setup.token, this.recipient)) === tokenBefore,
      "the refused payment moved tokens",
    );
  }

  /** `KEYS.stranger`'s account sends an admin call (hook `hook`): it must be refused as unauthorized. */
  async assertAdminRefused(call: EvmCall | undefined, hook: string): Promise<void> {
    await this.assertStrangerCallRefused(
      privateKeyToAccount(KEYS.stranger).address,
      call,
      hook,
      this.adapter.expectedErrors,
      this.adapter.errorAbi,
      { expected: ORDER_REFUSALS[this.property], classes: this.adapter.refusalClasses },
    );
  }

  /** A payment of a fresh native order naming the solver of `key`, signed by it. */
  async signedBy(key: Hex): Promise<EvmOrderPayment> {
    const order = { ...(await this.order("native", AMOUNT)), solver: privateKeyToAccount(key).address };
    return this.signed(order, key);
  }

  /** The payment was paid before; sending it again must be refused and move nothing. */
  async assertReplayRefused(payment: EvmOrderPayment): Promise<void> {
    this.check(await this.isPaid(payment.order), "setup: the first payment was not recorded");
    await this.assertRefused(payment);
  }
}

/** The order's input payment on `chainId`, if any. */
export function thisChainInput(order: EncodedOrder, chainId: string) {
  return order.inputs.find((input) => input.payment.chainId === chainId)?.payment;
}
