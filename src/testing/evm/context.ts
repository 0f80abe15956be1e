import { type Address, type Hex, keccak256, parseSignature, stringToHex, zeroHash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { mockSolver, mockSolverKey } from "../keys.ts";
import { ATTESTATION_REFUSALS } from "../refusal.ts";
import { type RequestDataStruct, signRequestDataStruct } from "../sign.ts";
import { EvmCatalogueContext } from "./catalogue-context.ts";
import { conformanceTokenArtifact } from "./conformance-token.ts";
import { type EvmConformanceEnv, errorName } from "./env.ts";
import type { EvmCall, EvmPayment, EvmReceiverAdapter, EvmReceiverSetup } from "./types.ts";

export { HookMissing, NotApplicable, PropertyViolation } from "./catalogue-context.ts";

export const AMOUNT = 10n ** 18n;
export const WINDOW = 3600;
export const GRACE = 3600;
export const MAX_GRACE = 30 * 24 * 3600;

/** The keys the catalogue signs with (derived from fixed labels; test use only). */
export const KEYS = {
  solver: mockSolverKey("conformance.solver"),
  nextSolver: mockSolverKey("conformance.next-solver"),
  stranger: mockSolverKey("conformance.stranger"),
  payer: mockSolverKey("conformance.payer"),
} as const;

/** What one property sees: the receiver, its setup and the catalogue's helpers. */
export class EvmPropertyContext extends EvmCatalogueContext {
  private nonce = 0;
  readonly payer = privateKeyToAccount(KEYS.payer).address;
  readonly attacker = privateKeyToAccount(mockSolverKey("conformance.attacker")).address;

  readonly adapter: EvmReceiverAdapter;
  readonly setup: EvmReceiverSetup;

  constructor(
    env: EvmConformanceEnv,
    adapter: EvmReceiverAdapter,
    setup: EvmReceiverSetup,
    deployed: { receiver: Address; owner: Address },
    property: string,
  ) {
    super(env, deployed, property);
    this.adapter = adapter;
    this.setup = setup;
  }

  /** Fresh request data for `payer` (request ids never repeat within a run). */
  data(payer: Address, currency: Address | "native", amount: bigint): RequestDataStruct {
    this.nonce += 1;
    const pad = (a: Address) => `0x${a.slice(2).toLowerCase().padStart(64, "0")}` as Hex;
    return {
      requestId: keccak256(stringToHex(`attestkit.conformance.${this.property}.${this.nonce}`)),
      originChainId: this.env.chainId,
      originUser: pad(payer),
      originCurrency: currency === "native" ? zeroHash : pad(currency),
      originAmount: amount,
      destinationChainId: this.setup.destinationChainId,
      destinationUser: this.setup.destinationUser,
    };
  }

  /** A payment of `data` signed by `key` (the solver's by default) with a 60 s deadline. */
  async signed(data: RequestDataStruct, key: Hex = KEYS.solver): Promise<EvmPayment> {
    const signature = await signRequestDataStruct(privateKeyToAccount(key), data);
    return {
      data,
      deadline: (await this.env.timestamp()) + 60n,
      signature,
      payer: `0x${data.originUser.slice(26)}` as Address,
      value: data.originCurrency === zeroHash ? data.originAmount : 0n,
      route: "byCurrency",
    };
  }

  async isPaid(requestId: Hex): Promise<boolean> {
    return this.adapter.isPaid(this.env, this.receiver, requestId);
  }

  /** Sends `payment`; it must be paid and the recipient must receive exactly the attested amount. */
  async assertPaid(payment: EvmPayment, signer: Address = mockSolver("conformance.solver").address) {
    const recipient = this.adapter.paymentRecipient?.(this.receiver, signer) ?? signer;
    const currency = currencyOf(payment.data);
    const before = await this.balance(currency, recipient);
    const result = await this.env.attempt(payment.payer, this.adapter.payCall(this.receiver, payment));
    this.check(
      result.ok,
      `a valid payment was refused (${result.ok ? "" : errorName(result.data, this.adapter.errorAbi)})`,
    );
    this.check(await this.isPaid(payment.data.requestId), "a valid payment was not recorded as paid");
    const received = (await this.balance(currency, recipient)) - before;
    this.check(
      received === payment.data.originAmount,
      `the recipient received ${received}, not ${payment.data.originAmount}`,
    );
  }

  /**
   * Sends `payment`; it must be refused, not recorded, and (when named) with the expected error.
   * `anyError` accepts any refusal: for a refusal that only the block's own second causes, which a node that
   * mines the refusal (Anvil) cannot replay on the block before for its error.
   */
  async assertRefused(payment: EvmPayment, anyError = false): Promise<void> {
    await this.assertCallRefused(
      payment.payer,
      this.adapter.payCall(this.receiver, payment),
      payment.data.requestId,
      anyError,
    );
  }

  async assertCallRefused(from: Address, call: EvmCall, requestId: Hex, anyError = false): Promise<void> {
    const paidBefore = await this.isPaid(requestId);
    const result = await this.env.attempt(from, call);
    if (anyError) this.check(!result.ok, "the attack was accepted");
    else
      this.checkRefusal(result, this.adapter.expectedErrors, this.adapter.errorAbi, {
        expected: ATTESTATION_REFUSALS[this.property],
        classes: this.adapter.refusalClasses,
      });
    this.check((await this.isPaid(requestId)) === paidBefore, "the attack was recorded as paid");
  }

  /** `KEYS.stranger`'s account sends an admin call (hook `hook`): it must be refused as unauthorized. */
  async assertAdminRefused(call: EvmCall | undefined, hook: string): Promise<void> {
    await this.assertStrangerCallRefused(
      privateKeyToAccount(KEYS.stranger).address,
      call,
      hook,
      this.adapter.expectedErrors,
      this.adapter.errorAbi,
      { expected: ATTESTATION_REFUSALS[this.property], classes: this.adapter.refusalClasses },
    );
  }

  /** The payment was paid before; sending it again must be refused and move no funds. */
  async assertReplayRefused(payment: EvmPayment): Promise<void> {
    const recipient = this.adapter.paymentRecipient?.(this.receiver, this.solver) ?? this.solver;
    const currency = currencyOf(payment.data);
    this.check(await this.isPaid(payment.data.requestId), "setup: the first payment was not recorded");
    const before = await this.balance(currency, recipient);
    await this.assertRefused(payment);
    this.check((await this.balance(currency, recipient)) === before, "the replay moved funds");
  }

  get solver(): Address {
    return this.setup.solver;
  }

  /** The payer's EIP-2612 permit of `value` for `spender` on `token`. */
  async signPermit(token: Address, spender: Address, value: bigint, deadline: bigint) {
    const { abi } = conformanceTokenArtifact();
    const read = (functionName: string, args: readonly unknown[] = []) =>
      this.env.client.readContract({ address: token, abi, functionName, args });
    const nonce = (await read("nonces", [this.payer])) as bigint;
    const name = (await read("name")) as string;
    const signature = await privateKeyToAccount(KEYS.payer).signTypedData({
      domain: { name, version: "1", chainId: this.env.chainId, verifyingContract: token },
      types: {
        Permit: [
          { name: "owner", type: "address" },
          { name: "spender", type: "address" },
          { name: "value", type: "uint256" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      },
      primaryType: "Permit",
      message: { owner: this.payer, spender, value, nonce, deadline },
    });
    const { r, s, v } = parseSignature(signature);
    return { deadline, v: Number(v), r, s };
  }
}

export function currencyOf(data: RequestDataStruct): Address | "native" {
  return data.originCurrency === zeroHash ? "native" : (`0x${data.originCurrency.slice(26)}` as Address);
}
