import { type Address, generateKeyPairSigner, getAddressEncoder, type Instruction } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { bytesToHex, type Hex, pad, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { HookMissing, PropertyViolation } from "../evm/context.ts";
import { bigintIn, fuzz } from "../fuzz.ts";
import { compactForm, highSTwin, resized, withV, zeroRecoverySignature } from "../malformed.ts";
import { ATTESTATION_REFUSALS, refusalMismatch } from "../refusal.ts";
import { type RequestDataStruct, signRequestDataStruct } from "../sign.ts";
import { SVM_AMOUNT, SVM_CHAIN_ID, SVM_KEYS } from "./constants.ts";
import type { SvmConformanceEnv } from "./env.ts";
import { cloneAccount, lookAlikeConfig, programElf } from "./plant.ts";
import { enableCpiGuard, type MintExtension, TOKEN_2022_PROGRAM_ADDRESS } from "./token2022.ts";
import type { SvmPayment, SvmPaymentToken, SvmReceiverAdapter, SvmReceiverSetup } from "./types.ts";

const word = (address: Address): Hex => bytesToHex(getAddressEncoder().encode(address) as Uint8Array);
const ZERO_WORD = `0x${"00".repeat(32)}` as Hex;
/** Attempts of a clock-edge attack whose clock moved while it landed (over RPC) before it counts as accepted. */
const CLOCK_ATTEMPTS = 3;

/** What one SVM property sees. */
export class SvmPropertyContext {
  readonly env: SvmConformanceEnv;
  readonly adapter: SvmReceiverAdapter;
  readonly setup: SvmReceiverSetup;
  readonly property: string;
  private nonce = 0;

  constructor(
    env: SvmConformanceEnv,
    adapter: SvmReceiverAdapter,
    setup: SvmReceiverSetup,
    property: string,
  ) {
    this.env = env;
    this.adapter = adapter;
    this.setup = setup;
    this.property = property;
  }

  async payer() {
    const payer = await generateKeyPairSigner();
    await this.env.fund(payer.address);
    return payer;
  }

  /** A token (SPL Token by default) the payer holds and the solver has an account of. */
  async token(
    payer: Address,
    tokenProgram: Address = TOKEN_PROGRAM_ADDRESS,
    extensions: readonly MintExtension[] = [],
  ): Promise<SvmPaymentToken> {
    const mint = await this.env.createMint(tokenProgram, extensions);
    return {
      mint,
      tokenProgram,
      payerToken: await this.env.createTokenAccount(tokenProgram, mint, payer, 10n ** 15n, extensions),
      recipientToken: await this.env.createTokenAccount(
        tokenProgram,
        mint,
        this.setup.solver,
        0n,
        extensions,
      ),
    };
  }

  /** A payer holding a Token-2022 mint with `extensions`, and a payment of it. */
  async token2022Payment(extensions: readonly MintExtension[]): Promise<SvmPayment> {
    const payer = await this.payer();
    return this.payment({
      payer,
      token: await this.token(payer.address, TOKEN_2022_PROGRAM_ADDRESS, extensions),
    });
  }

  /** A payment signed by `key` (the solver's by default), 60 s deadline. */
  async payment(
    options: {
      token?: SvmPaymentToken;
      amount?: bigint;
      key?: Hex;
      payer?: Awaited<ReturnType<SvmPropertyContext["payer"]>>;
      data?: Partial<RequestDataStruct>;
    } = {},
  ): Promise<SvmPayment> {
    const payer = options.payer ?? (await this.payer());
    this.nonce += 1;
    const amount = options.amount ?? SVM_AMOUNT;
    const data: RequestDataStruct = {
      requestId: pad(
        toHex(BigInt(Date.now()) * 1000n + BigInt(this.nonce) + (BigInt(this.property.length) << 200n)),
        { size: 32 },
      ),
      originChainId: SVM_CHAIN_ID,
      originUser: word(payer.address),
      originCurrency: options.token ? word(options.token.mint) : ZERO_WORD,
      originAmount: amount,
      destinationChainId: this.setup.destinationChainId,
      destinationUser: this.setup.destinationUser,
      ...options.data,
    };
    return {
      data,
      signature: await signRequestDataStruct(privateKeyToAccount(options.key ?? this.setup.solverKey), data),
      deadline: (await this.env.now()) + 60n,
      payer,
      amount: data.originAmount,
      recipient: this.setup.solver,
      token: options.token,
    };
  }

  check(condition: boolean, what: string): void {
    if (!condition) throw new PropertyViolation(what);
  }

  private received(p: SvmPayment): Promise<bigint> {
    return p.token ? this.env.tokenBalance(p.token.recipientToken) : this.env.lamports(this.setup.solver);
  }

  async assertPaid(p: SvmPayment): Promise<bigint> {
    const before = await this.received(p);
    const result = await this.env.send(await this.adapter.payInstructions(p));
    if (!result.ok)
      throw new PropertyViolation(
        `a valid payment was refused (${result.code ?? result.message.split("\n")[0]})`,
      );
    this.check(
      await this.adapter.isPaid(this.env, p.data.requestId),
      "a valid payment was not recorded as paid",
    );
    const got = (await this.received(p)) - before;
    this.check(got === p.data.originAmount, `the recipient received ${got}, not ${p.data.originAmount}`);
    return result.computeUnits;
  }

  /** An admin instruction signed by someone without the right to it must fail with the expected error. */
  async assertAdminRefused(instructions: Instruction[]): Promise<void> {
    const result = await this.env.send(instructions);
    if (result.ok) throw new PropertyViolation("the unauthorized instruction was accepted");
    this.checkCode(result.code);
  }

  /** The refusal's class is one the property accepts (`ATTESTATION_REFUSALS`), and its code the expected one. */
  private checkCode(code: number | undefined): void {
    if (code !== undefined) {
      const mismatch = refusalMismatch(
        String(code),
        ATTESTATION_REFUSALS[this.property],
        this.adapter.refusalClasses,
      );
      if (mismatch) throw new PropertyViolation(mismatch);
    }
    const expected = this.adapter.expectedErrors?.[this.property];
    if (expected !== undefined)
      this.check(code === expected, `refused with ${code ?? "no custom code"}, expected ${expected}`);
  }

  async assertRefused(p: SvmPayment): Promise<void> {
    const paidBefore = await this.adapter.isPaid(this.env, p.data.requestId);
    const before = await this.received(p);
    const result = await this.env.send(await this.adapter.payInstructions(p));
    if (result.ok) throw new PropertyViolation("the attack was accepted");
    this.check(
      (await this.adapter.isPaid(this.env, p.data.requestId)) === paidBefore,
      "the attack was recorded as paid",
    );
    this.check((await this.received(p)) === before, "the attack moved funds");
    this.checkCode(result.code);
  }
}

/** One property of the SVM attestation catalogue: its id (shared with the EVM catalogues) and the attack. */
export interface SvmProperty {
  /** Property id. */
  id: string;
  /** The attack it stands for. */
  attack: string;
  /** Runs the attack; throws when the program does not refuse it as expected. */
  run(t: SvmPropertyContext, fuzzRuns: number): Promise<void>;
}

/** A payment whose replay record's canonical bump is 255 (half of all ids; bounded search). */
async function paymentAtTopBump(t: SvmPropertyContext): Promise<SvmPayment> {
  const replayAddress = t.adapter.replayAddress;
  if (!replayAddress) throw new HookMissing("replayAddress");
  for (let attempt = 0; attempt < 64; attempt += 1) {
    const p = await t.payment();
    const top = await replayAddress(p.data.requestId, 255).catch(() => undefined);
    if (top === (await replayAddress(p.data.requestId))) return p;
  }
  throw new Error("no request id with canonical bump 255 in 64 tries");
}

async function replayed(t: SvmPropertyContext, change: (p: SvmPayment) => SvmPayment) {
  const p = await t.payment();
  await t.assertPaid(p);
  await t.assertRefused(change(p));
}

/** The SVM catalogue, in the order the report lists it. */
export const SVM_PROPERTIES: readonly SvmProperty[] = [
  {
    id: "pay.native",
    attack: "baseline: a valid native attestation is paid once and exactly",
    run: async (t) => void (await t.assertPaid(await t.payment())),
  },
  {
    id: "pay.token",
    attack: "baseline: a valid SPL Token attestation is paid once and exactly",
    run: async (t) => {
      const payer = await t.payer();
      await t.assertPaid(await t.payment({ payer, token: await t.token(payer.address) }));
    },
  },
  {
    id: "pay.token2022",
    attack: "baseline: a plain Token-2022 attestation is paid once and exactly",
    run: async (t) => {
      const payer = await t.payer();
      await t.assertPaid(
        await t.payment({ payer, token: await t.token(payer.address, TOKEN_2022_PROGRAM_ADDRESS) }),
      );
    },
  },
  {
    id: "replay.sameSignature",
    attack: "submit the paid attestation again",
    run: (t) => replayed(t, (p) => p),
  },
  {
    id: "replay.compactForm",
    attack: "replay with the 64-byte form of the paid signature",
    run: (t) => replayed(t, (p) => ({ ...p, signature: compactForm(p.signature) })),
  },
  {
    id: "replay.highSTwin",
    attack: "replay with the high-s twin",
    run: (t) => replayed(t, (p) => ({ ...p, signature: highSTwin(p.signature) })),
  },
  {
    id: "replay.token",
    attack: "submit a paid token attestation again (the token path's replay record)",
    run: async (t) => {
      const payer = await t.payer();
      const p = await t.payment({ payer, token: await t.token(payer.address) });
      await t.assertPaid(p);
      await t.assertRefused(p);
    },
  },
  {
    id: "signer.stranger",
    attack: "an attestation signed by another key",
    run: async (t) => t.assertRefused(await t.payment({ key: SVM_KEYS.stranger })),
  },
  {
    id: "signature.zeroAddress",
    attack: "a signature that recovers to the zero address",
    run: async (t) => t.assertRefused({ ...(await t.payment()), signature: zeroRecoverySignature() }),
  },
  {
    id: "signature.highS",
    attack: "the high-s twin on a fresh request",
    run: async (t) => {
      const p = await t.payment();
      await t.assertRefused({ ...p, signature: highSTwin(p.signature) });
    },
  },
  {
    id: "signature.v",
    attack: "v bytes 0, 1, 29",
    run: async (t) => {
      const p = await t.payment();
      for (const v of [0, 1, 29]) await t.assertRefused({ ...p, signature: withV(p.signature, v) });
    },
  },
  {
    id: "signature.length",
    attack: "signatures of 63 and 66 bytes",
    run: async (t) => {
      const p = await t.payment();
      for (const n of [63, 66]) await t.assertRefused({ ...p, signature: resized(p.signature, n) });
    },
  },
  {
    id: "payer.binding",
    attack: "another signer submits the payer's attestation",
    run: async (t) => {
      const p = await t.payment();
      await t.assertRefused({ ...p, payer: await t.payer() });
    },
  },
  {
    id: "chain.binding",
    attack: "(fuzz) an attestation for another origin chain",
    run: (t, runs) =>
      fuzz(
        runs,
        11,
        bigintIn(1n, (1n << 64n) - 1n),
        async (chainId) => t.assertRefused(await t.payment({ data: { originChainId: chainId } })),
        (chainId) => chainId === SVM_CHAIN_ID,
      ),
  },
  {
    id: "amount.mismatch",
    attack: "(fuzz) pay another amount than attested",
    run: (t, runs) =>
      fuzz(
        runs,
        12,
        bigintIn(1n, 10n ** 12n),
        async (amount) => t.assertRefused({ ...(await t.payment()), amount }),
        (amount) => amount === SVM_AMOUNT,
      ),
  },
  {
    id: "currency.binding",
    attack: "pay an attestation of one mint with a worthless mint of the attacker's",
    run: async (t) => {
      const payer = await t.payer();
      const worthless = await t.token(payer.address);
      const attested = await t.env.createMint(TOKEN_PROGRAM_ADDRESS);
      const p = await t.payment({ payer, token: worthless, data: { originCurrency: word(attested) } });
      await t.assertRefused(p);
    },
  },
  {
    id: "currency.nativeAsToken",
    attack: "pay an attestation of native SOL with tokens of the attacker's mint",
    run: async (t) => {
      const payer = await t.payer();
      const token = await t.token(payer.address);
      await t.assertRefused(await t.payment({ payer, token, data: { originCurrency: ZERO_WORD } }));
    },
  },
  {
    id: "amount.zero",
    attack: "a validly signed attestation of zero",
    run: async (t) => t.assertRefused(await t.payment({ amount: 0n })),
  },
  {
    id: "deadline.expired",
    attack: "a transaction landing after its deadline",
    run: async (t) => t.assertRefused({ ...(await t.payment()), deadline: (await t.env.now()) - 1n }),
  },
  {
    id: "deadline.maxWindow",
    attack: "a deadline beyond the maximum window",
    run: async (t) => {
      // Over RPC the cluster's clock can move on between reading it and the transaction landing, which
      // brings a deadline one second past the window back inside it. An accepted attempt is the attack
      // only if the clock did not move; otherwise it is made again with the new time.
      for (let attempt = 1; ; attempt++) {
        const payment = await t.payment();
        const now = await t.env.now();
        try {
          await t.assertRefused({ ...payment, deadline: now + t.setup.maxDeadlineWindow + 1n });
          return;
        } catch (error) {
          const retry =
            error instanceof PropertyViolation && attempt < CLOCK_ATTEMPTS && (await t.env.now()) > now;
          if (!retry) throw error;
        }
      }
    },
  },
  {
    id: "whitelist.destination",
    attack: "an attestation to a destination not whitelisted",
    run: async (t) =>
      t.assertRefused(await t.payment({ data: { destinationUser: pad("0xbad", { size: 32 }) } })),
  },
  {
    id: "whitelist.entrySubstitution",
    attack: "an attestation to a destination not whitelisted, passing the whitelisted destination's entry",
    run: async (t) => {
      const p = await t.payment({ data: { destinationUser: pad("0xbad", { size: 32 }) } });
      await t.assertRefused({
        ...p,
        whitelistOf: { chainId: t.setup.destinationChainId, user: t.setup.destinationUser },
      });
    },
  },
  {
    id: "invalidation.refused",
    attack: "pay an id its owner invalidated",
    run: async (t) => {
      const p = await t.payment();
      const build = t.adapter.invalidateInstructions;
      if (!build) throw new HookMissing("invalidateInstructions");
      await t.env.sendOrThrow(await build(p.data.requestId));
      await t.assertRefused(p);
    },
  },
  {
    id: "pause.refused",
    attack: "pay while paused; after resuming it pays",
    run: async (t) => {
      const build = t.adapter.pauseInstructions;
      if (!build) throw new HookMissing("pauseInstructions");
      const p = await t.payment();
      await t.env.sendOrThrow(await build(true));
      await t.assertRefused(p);
      await t.env.sendOrThrow(await build(false));
      await t.assertPaid(p);
    },
  },
  {
    id: "admin.pauseByStranger",
    attack: "a stranger pauses the receiver (denial of service); payments must go on",
    run: async (t) => {
      const build = t.adapter.pauseInstructions;
      if (!build) throw new HookMissing("pauseInstructions");
      await t.assertAdminRefused(await build(true, await t.payer()));
      await t.assertPaid(await t.payment());
    },
  },
  {
    id: "admin.invalidateByStranger",
    attack: "a stranger invalidates someone else's request id before it is paid",
    run: async (t) => {
      const build = t.adapter.invalidateInstructions;
      if (!build) throw new HookMissing("invalidateInstructions");
      const p = await t.payment();
      await t.assertAdminRefused(await build(p.data.requestId, await t.payer()));
      await t.assertPaid(p);
    },
  },
  {
    id: "account.configSubstitution",
    attack: "a look-alike config owned by another program naming the attacker's signer",
    run: async (t) => {
      const configAddress = t.adapter.configAddress;
      if (!configAddress) throw new HookMissing("configAddress");
      const fake = await lookAlikeConfig(t.env, await configAddress(), t.setup.solverEvm);
      await t.assertRefused({ ...(await t.payment({ key: SVM_KEYS.stranger })), config: fake });
    },
  },
  {
    id: "account.recipientSubstitution",
    attack: "a native payment naming the attacker's account as the solver",
    run: async (t) => t.assertRefused({ ...(await t.payment()), recipient: (await t.payer()).address }),
  },
  {
    id: "account.tokenRecipientSubstitution",
    attack: "a token payment into the attacker's token account of the same mint",
    run: async (t) => {
      const payer = await t.payer();
      const token = await t.token(payer.address);
      const attacker = await t.payer();
      const attackerToken = await t.env.createTokenAccount(token.tokenProgram, token.mint, attacker.address);
      const p = await t.payment({ payer, token });
      await t.assertRefused({ ...p, token: { ...token, recipientToken: attackerToken } });
    },
  },
  {
    id: "token.fakeProgram",
    attack:
      "a program at another address posing as the token program, owning look-alike mint and token accounts",
    run: async (t) => {
      const payer = await t.payer();
      const real = await t.token(payer.address);
      const fake = (await generateKeyPairSigner()).address;
      t.env.svm.addProgram(fake, programElf(t.env, TOKEN_PROGRAM_ADDRESS));
      const token = {
        tokenProgram: fake,
        mint: await cloneAccount(t.env, real.mint, fake),
        payerToken: await cloneAccount(t.env, real.payerToken, fake),
        recipientToken: await cloneAccount(t.env, real.recipientToken, fake),
      };
      await t.assertRefused(await t.payment({ payer, token }));
    },
  },
  {
    id: "token2022.transferFee",
    attack: "a Token-2022 mint with a 1% transfer fee (less arrives than signed)",
    run: async (t) => {
      const payer = await t.payer();
      await t.assertRefused(
        await t.payment({
          payer,
          token: await t.token(payer.address, TOKEN_2022_PROGRAM_ADDRESS, [
            { kind: "transferFee", bps: 100 },
          ]),
        }),
      );
    },
  },
  {
    id: "token2022.permanentDelegate",
    attack:
      "a Token-2022 mint with a permanent delegate, who can move the deposit out of the solver's account later",
    run: async (t) => {
      const delegate = await generateKeyPairSigner();
      const delegateBytes = getAddressEncoder().encode(delegate.address) as Uint8Array;
      await t.assertRefused(
        await t.token2022Payment([{ kind: "permanentDelegate", delegate: delegate.address, delegateBytes }]),
      );
    },
  },
  {
    id: "token2022.transferHook",
    attack: "a Token-2022 mint with a transfer hook: foreign code would run inside the payment",
    run: async (t) => {
      const hook = getAddressEncoder().encode((await generateKeyPairSigner()).address) as Uint8Array;
      await t.assertRefused(await t.token2022Payment([{ kind: "transferHook", programBytes: hook }]));
    },
  },
  {
    id: "token2022.cpiGuard",
    attack: "the payer's Token-2022 account has CPI Guard on: refused without recording the request",
    run: async (t) => {
      const p = await t.token2022Payment([]);
      const token = p.token as SvmPaymentToken;
      await t.env.sendOrThrow(enableCpiGuard(token.payerToken, p.payer, t.env.feePayer));
      const account = await t.env.account(token.payerToken);
      t.check(
        account.exists && account.data.length > 165,
        "setup: CPI Guard was not added to the payer's account",
      );
      await t.assertRefused(p);
    },
  },
  {
    id: "token2022.defaultFrozen",
    attack: "a default-frozen mint whose solver account is still frozen: no record without the money",
    run: async (t) => {
      const p = await t.token2022Payment([{ kind: "defaultFrozen" }]);
      const recipient = await t.env.account((p.token as SvmPaymentToken).recipientToken);
      t.check(recipient.exists && recipient.data[108] === 2, "setup: the solver's account is not frozen");
      await t.assertRefused(p);
    },
  },
  {
    id: "token2022.nonTransferable",
    attack: "a non-transferable mint: the tokens cannot move, so nothing may be recorded as paid",
    run: async (t) => t.assertRefused(await t.token2022Payment([{ kind: "nonTransferable" }])),
  },
  {
    id: "account.duplicate",
    attack: "the payer's token account passed as the recipient too",
    run: async (t) => {
      const payer = await t.payer();
      const token = await t.token(payer.address);
      const p = await t.payment({ payer, token });
      await t.assertRefused({ ...p, token: { ...token, recipientToken: token.payerToken } });
    },
  },
  {
    id: "pda.nonCanonical",
    attack: "a replay record at a non-canonical bump, so the same id gets a second record",
    run: async (t) => {
      if (!t.adapter.replayAddress) throw new HookMissing("replayAddress");
      const p = await t.payment();
      let bump = 254;
      for (; bump >= 0; bump -= 1) {
        try {
          if (
            (await t.adapter.replayAddress(p.data.requestId, bump)) !==
            (await t.adapter.replayAddress(p.data.requestId))
          )
            break;
        } catch {
          // on the curve: no address at this bump
        }
      }
      await t.assertRefused({ ...p, replayBump: bump });
    },
  },
  {
    id: "pda.prefunded",
    attack: "a third party pre-funds the replay record's address: the payment must still go through",
    run: async (t) => {
      if (!t.adapter.replayAddress) throw new HookMissing("replayAddress");
      const p = await t.payment();
      await t.env.fund(await t.adapter.replayAddress(p.data.requestId), 1_000_000n);
      await t.assertPaid(p);
    },
  },
  {
    id: "cu.griefing",
    attack: "pre-funding the replay record to push the payment past the compute budget a client sets",
    run: async (t) => {
      const replayAddress = t.adapter.replayAddress;
      if (!replayAddress) throw new HookMissing("replayAddress");
      // Compare payments whose replay records share one bump (the PDA search costs CU per bump).
      const plain = await t.assertPaid(await paymentAtTopBump(t));
      const p = await paymentAtTopBump(t);
      await t.env.fund(await replayAddress(p.data.requestId), 1_000_000n);
      const prefunded = await t.assertPaid(p);
      const margin = BigInt(t.adapter.prefundedExtraComputeUnits ?? 1_500);
      t.check(
        prefunded <= plain + margin,
        `pre-funded payment used ${prefunded} CU, plain ${plain} + margin ${margin}`,
      );
    },
  },
];
