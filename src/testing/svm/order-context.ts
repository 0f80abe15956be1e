import {
  AccountRole,
  type Address,
  generateKeyPairSigner,
  getAddressEncoder,
  type Instruction,
  type KeyPairSigner,
} from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { bytesToHex, type Hex, keccak256, pad } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hashEncodedOrder } from "../../orders/order-id.ts";
import { signOrderId } from "../../orders/signature.ts";
import type { EncodedOrder } from "../../orders/types.ts";
import { HookMissing, PropertyViolation } from "../evm/context.ts";
import { ORDER_REFUSALS, refusalMismatch } from "../refusal.ts";
import { SVM_AMOUNT } from "./constants.ts";
import type { SvmConformanceEnv } from "./env.ts";
import type { SvmOrderAccounts, SvmOrderAdapter, SvmOrderPayment, SvmOrderToken } from "./order-types.ts";
import type { MintExtension } from "./token2022.ts";

const NATIVE = pad("0x", { size: 32 });
const addressWord = (address: Address): Hex =>
  bytesToHex(new Uint8Array(getAddressEncoder().encode(address)));

/** A role of `SvmOrderAccounts` holding one address. */
export type SvmOrderAccountRole = Exclude<keyof SvmOrderAccounts, "whitelist">;

/** What an attack changes in the instructions the adapter built: accounts by role, whitelist entries by index. */
export interface SvmOrderSubstitution {
  /** The attacker's account for each role named. */
  accounts?: Partial<Record<SvmOrderAccountRole, Address>>;
  /** The attacker's whitelist entries, in place of the adapter's first ones. */
  whitelist?: readonly Address[];
  /** The payer passed without its signature. */
  payerUnsigned?: boolean;
}

/** `instructions` with every account meta at `from` moved to `to` (its role kept). */
function moved(instructions: Instruction[], from: Address, to: Address): Instruction[] {
  return instructions.map((ix) => ({
    ...ix,
    accounts: ix.accounts?.map((meta) => (meta.address === from ? { ...meta, address: to } : meta)),
  }));
}

/** What one order property sees. */
export class SvmOrderPropertyContext {
  /** The ledger the property runs on. */
  readonly env: SvmConformanceEnv;
  /** The program under test. */
  readonly adapter: SvmOrderAdapter;
  /** The property's id. */
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
   * An order of `amount` of `currency` (native by default) on this chain to the whitelisted output, `lifetime`
   * seconds to run, refunded on this chain to the property's user.
   */
  async order(
    change: (order: EncodedOrder, now: number) => void = () => {},
    { currency = NATIVE, amount = SVM_AMOUNT }: { currency?: Hex; amount?: bigint } = {},
  ): Promise<EncodedOrder> {
    const { setup } = this.adapter;
    const now = Number(await this.env.now());
    const user = addressWord((await this.user()).address);
    const order: EncodedOrder = {
      version: "v1",
      solverChainId: "base",
      solver: privateKeyToAccount(setup.solverKey).address,
      salt: BigInt(keccak256(crypto.getRandomValues(new Uint8Array(32)))),
      inputs: [
        {
          payment: { chainId: setup.chainId, currency, amount, weight: 1n },
          refunds: [
            {
              chainId: setup.chainId,
              recipient: user,
              currency,
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
            minimumAmount: amount > 10n ? amount - 10n : 1n,
            expectedAmount: amount > 5n ? amount - 5n : 1n,
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

  /** A mint of `tokenProgram` with `extensions` and the user's account of it holding plenty. */
  async token(
    tokenProgram: Address = TOKEN_PROGRAM_ADDRESS,
    extensions: readonly MintExtension[] = [],
  ): Promise<SvmOrderToken> {
    const mint = await this.env.createMint(tokenProgram, extensions);
    const payerToken = await this.env.createTokenAccount(
      tokenProgram,
      mint,
      (await this.user()).address,
      10n ** 15n,
      extensions,
    );
    return { mint, tokenProgram, payerToken };
  }

  /** A signed order of `token`'s mint, paid with it (`change` edits the order before signing). */
  async tokenPayment(
    token: SvmOrderToken,
    change?: (order: EncodedOrder, now: number) => void,
  ): Promise<SvmOrderPayment> {
    const order = await this.order(change, { currency: addressWord(token.mint) });
    return { ...(await this.payment(order)), token };
  }

  /** The accounts of `p` by role; not applicable when the adapter names none (or not `role`). */
  async accounts(p: SvmOrderPayment, role?: keyof SvmOrderAccounts): Promise<SvmOrderAccounts> {
    const accounts = await this.adapter.accounts?.(p);
    if (!accounts) throw new HookMissing("accounts");
    if (role && accounts[role] === undefined) throw new HookMissing(`${role} account`, "names no");
    return accounts;
  }

  /** The adapter's instructions for `p`, with `swap` applied. */
  async instructions(p: SvmOrderPayment, swap: SvmOrderSubstitution = {}): Promise<Instruction[]> {
    let instructions = await this.adapter.payInstructions(p);
    const roles = Object.entries(swap.accounts ?? {}) as [SvmOrderAccountRole, Address][];
    if (roles.length === 0 && !swap.whitelist && !swap.payerUnsigned) return instructions;
    const accounts = await this.accounts(p);
    for (const [role, to] of roles) {
      const from = accounts[role];
      if (from === undefined) throw new HookMissing(`${role} account`, "names no");
      instructions = moved(instructions, from, to);
    }
    if (swap.whitelist) {
      const entries = accounts.whitelist;
      if (!entries?.length) throw new HookMissing("whitelist accounts", "names no");
      swap.whitelist.forEach((to, i) => {
        const from = entries[i];
        if (from !== undefined) instructions = moved(instructions, from, to);
      });
    }
    if (swap.payerUnsigned)
      instructions = instructions.map((ix) => ({
        ...ix,
        accounts: ix.accounts?.map((meta) =>
          meta.address === accounts.payer ? { address: meta.address, role: AccountRole.WRITABLE } : meta,
        ),
      }));
    return instructions;
  }

  /** What the vault holds of `p`'s currency: its lamports, or its token account's balance. */
  private async received(p: SvmOrderPayment): Promise<bigint> {
    if (!p.token) return this.env.lamports(this.adapter.recipient);
    const { vaultToken } = await this.accounts(p, "vaultToken");
    return this.env.tokenBalance(vaultToken as Address);
  }

  /** Sends the owner's `set_calls_allowed`; not applicable when the adapter has none. */
  async allowCalls(allowed: boolean): Promise<void> {
    const instructions = await this.adapter.allowCallsInstructions?.(allowed);
    if (!instructions) throw new HookMissing("allowCallsInstructions");
    await this.env.sendOrThrow(instructions);
  }

  /** Moves the ledger's clock `seconds` ahead. */
  warp(seconds: number): void {
    const clock = this.env.svm.getClock();
    clock.unixTimestamp += BigInt(seconds);
    this.env.svm.setClock(clock);
  }

  /** Fails the property with `what` unless `condition` holds. */
  check(condition: boolean, what: string): void {
    if (!condition) throw new PropertyViolation(what);
  }

  /** `p` pays: recorded as used, and the vault receives exactly its input's amount. */
  async assertPaid(p: SvmOrderPayment): Promise<void> {
    const before = await this.received(p);
    const result = await this.env.send(await this.adapter.payInstructions(p));
    if (!result.ok)
      throw new PropertyViolation(
        `a valid order was refused (${result.code ?? result.message.split("\n")[0]})`,
      );
    this.check(
      await this.adapter.isPaid(this.env, hashEncodedOrder(p.order)),
      "a paid order was not recorded",
    );
    const deposits = this.adapter.deposits?.(result.logs);
    if (deposits) {
      const id = hashEncodedOrder(p.order);
      const as = deposits.map((d) => `${d.id} for ${d.depositor}`).join(", ") || "none";
      this.check(
        deposits.length === 1 && deposits[0]?.id === id && deposits[0]?.depositor === p.payer.address,
        `the order was deposited as ${as}, not once as ${id} for the payer ${p.payer.address}`,
      );
    }
    const got = (await this.received(p)) - before;
    const amount = p.order.inputs.find((i) => i.payment.chainId === this.adapter.setup.chainId)?.payment
      .amount;
    this.check(got === amount, `the vault received ${got}, not ${amount}`);
  }

  /** `p` (as signed, or `attack` of it, with `swap` applied) must fail, record nothing and move nothing. */
  async assertRefused(
    p: SvmOrderPayment,
    attack: Partial<SvmOrderPayment> = {},
    swap: SvmOrderSubstitution = {},
  ): Promise<void> {
    const attempt = { ...p, ...attack };
    const id = hashEncodedOrder(attempt.order);
    const paidBefore = await this.adapter.isPaid(this.env, id);
    const before = await this.received(attempt);
    const result = await this.env.send(await this.instructions(attempt, swap));
    if (result.ok) throw new PropertyViolation("the attack was accepted");
    this.check((await this.adapter.isPaid(this.env, id)) === paidBefore, "the attack was recorded as paid");
    this.check((await this.received(attempt)) === before, "the attack moved funds");
    this.checkRefusal(result.code);
  }

  /** An admin instruction signed by someone without the right to it must fail, for the expected reason. */
  async assertAdminRefused(instructions: Instruction[]): Promise<void> {
    const result = await this.env.send(instructions);
    if (result.ok) throw new PropertyViolation("the unauthorized instruction was accepted");
    this.checkRefusal(result.code);
  }

  /** The refusal's class is one the property accepts, and its code the adapter's expected one. */
  private checkRefusal(code: number | undefined): void {
    if (code !== undefined) {
      const mismatch = refusalMismatch(
        String(code),
        ORDER_REFUSALS[this.property],
        this.adapter.refusalClasses,
      );
      if (mismatch) throw new PropertyViolation(mismatch);
    }
    const expected = this.adapter.expectedErrors?.[this.property];
    if (expected !== undefined)
      this.check(code === expected, `refused with ${code ?? "no custom code"}, expected ${expected}`);
  }
}
