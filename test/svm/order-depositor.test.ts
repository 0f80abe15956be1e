// The order-gated deposit of the order depositor (programs/order-depositor) in LiteSVM, against
// the depository program at its canonical id: native, SPL Token and Token-2022 payments land in
// the depository with id = orderId and depositor = payer; each attack on the order (tampering,
// another signer, expiry, amount, currency, chain, replay, recipients) and on the accounts
// (substitution, fake programs) fails with its typed error, and its setup is shown to be real.
import { type Address, generateKeyPairSigner, type Instruction, lamports } from "@solana/kit";
import { expect } from "chai";
import { FailedTransactionMetadata } from "litesvm";
import { bytesToHex, type Hex, hexToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { SECP256K1_N } from "../../src/index.ts";
import type { EncodedOrder } from "../../src/orders/types.ts";
import {
  addressBytes,
  CHAIN_ID,
  customError,
  DEPOSITORY,
  DEPOSITORY_ERRORS,
  EVM_RECIPIENT,
  ORDER_ERRORS,
  OrderFixture,
  SYSTEM_PROGRAM,
} from "./order-fixture.ts";
import {
  BN,
  expectOk,
  OTHER_KEY,
  type Result,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  type TokenSetup,
  web3,
} from "./receiver-fixture.ts";

const OTHER_RECIPIENT = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc" as Hex;

function expectCode(result: Result, code: number | undefined, what: string) {
  expect(code, `no error code for ${what}`).to.be.a("number");
  expect(result, `expected ${what}`).to.be.instanceOf(FailedTransactionMetadata);
  expect(customError(result.toString()), result.toString()).to.equal(code);
}

const hexOf = (a: Address) => bytesToHex(addressBytes(a));

describe("svm: order-gated deposit into the depository", function () {
  this.timeout(120_000);
  let f: OrderFixture;

  before(async () => {
    f = await OrderFixture.start();
    expectOk(await f.send([await f.whitelistOrderRecipient("ethereum", EVM_RECIPIENT)], f.owner));
  });

  async function depositNative(
    order: EncodedOrder,
    o: Parameters<OrderFixture["depositNativeOrder"]>[1] = {},
  ) {
    return f.send([await f.depositNativeOrder(order, o)], o.payer ?? f.payer);
  }

  describe("accepted payments", () => {
    it("native: the vault receives the input's amount, DepositEvent carries orderId and the payer", async () => {
      const order = f.order({ amount: 2_500_000n });
      const before = f.lamports(f.vault);
      const meta = expectOk(await depositNative(order));
      expect(f.lamports(f.vault) - before).to.equal(2_500_000n);
      const logs = meta.logs();
      const [deposit] = f.events(logs, f.depository);
      expect(deposit?.name).to.equal("depositEvent");
      expect(deposit?.data.depositor.toBase58()).to.equal(f.payer.address);
      expect(deposit?.data.token).to.equal(null);
      expect(deposit?.data.amount.toString()).to.equal("2500000");
      expect(bytesToHex(Uint8Array.from(deposit?.data.id))).to.equal(bytesToHex(f.orderId(order)));
      const [own] = f.events(logs, f.orders);
      expect(own?.name).to.equal("orderDeposited");
      expect(bytesToHex(Uint8Array.from(own?.data.orderId))).to.equal(bytesToHex(f.orderId(order)));
      expect(bytesToHex(Uint8Array.from(own?.data.signer))).to.equal(f.solverEvm.address.toLowerCase());
      const [replay] = await f.orderReplay(order);
      expect(f.svm.getAccount(replay).exists).to.equal(true);
    });

    for (const [name, program] of [
      ["SPL Token", TOKEN_PROGRAM],
      ["Token-2022", TOKEN_2022_PROGRAM],
    ] as const) {
      it(`${name}: the vault's associated token account is created and receives exactly the amount`, async () => {
        const t = await f.tokenSetup(program);
        const order = f.order({ amount: 777n, currency: hexOf(t.mint) });
        const meta = expectOk(await f.send([await f.depositTokenOrder(order, t)]));
        const vaultToken = await f.vaultToken(t.mint, program);
        expect(f.tokenBalance(vaultToken)).to.equal(777n);
        const [deposit] = f.events(meta.logs(), f.depository);
        expect(deposit?.data.token.toBase58()).to.equal(t.mint);
        expect(deposit?.data.amount.toString()).to.equal("777");
        expect(bytesToHex(Uint8Array.from(deposit?.data.id))).to.equal(bytesToHex(f.orderId(order)));
      });
    }
  });

  describe("attacks on the order", () => {
    it("tampered order (amount lowered after signing): SignerMismatch", async () => {
      const signed = f.order({ amount: 5_000_000n });
      const signature = await f.signOrder(signed);
      const tampered = structuredClone(signed);
      tampered.inputs[0]!.payment.amount = 1n;
      expect(bytesToHex(f.orderId(tampered))).to.not.equal(bytesToHex(f.orderId(signed)));
      expectCode(await depositNative(tampered, { signature }), ORDER_ERRORS.SignerMismatch, "SignerMismatch");
    });

    it("tampered output recipient: SignerMismatch, even when the new recipient is whitelisted", async () => {
      expectOk(await f.send([await f.whitelistOrderRecipient("ethereum", OTHER_RECIPIENT)], f.owner));
      const signed = f.order();
      const signature = await f.signOrder(signed);
      const tampered = structuredClone(signed);
      tampered.output.payments[0]!.recipient = OTHER_RECIPIENT;
      expectCode(await depositNative(tampered, { signature }), ORDER_ERRORS.SignerMismatch, "SignerMismatch");
    });

    it("order signed by another key: SignerMismatch", async () => {
      const order = f.order();
      const signature = await f.signOrder(order, OTHER_KEY);
      expectCode(await depositNative(order, { signature }), ORDER_ERRORS.SignerMismatch, "SignerMismatch");
    });

    it("an order naming another solver, signed by the trusted one: OrderSolverMismatch", async () => {
      const order = { ...f.order(), solver: privateKeyToAccount(OTHER_KEY).address };
      expect(order.solver).to.not.equal(f.solverEvm.address);
      expectCode(await depositNative(order), ORDER_ERRORS.OrderSolverMismatch, "OrderSolverMismatch");
    });

    it("malformed signatures: the attestation's strict errors (bad v, truncated, high-s twin)", async () => {
      const order = f.order();
      const good = await f.signOrder(order);
      const badV = Uint8Array.from(good);
      badV[64] = 1;
      expectCode(
        await depositNative(order, { signature: badV }),
        ORDER_ERRORS.InvalidSignatureV,
        "InvalidSignatureV",
      );
      expectCode(
        await depositNative(order, { signature: good.subarray(0, 63) }),
        ORDER_ERRORS.InvalidSignatureLength,
        "InvalidSignatureLength",
      );
      // The malleable twin (r, n - s, v ^ 1) recovers the same key; the low-s rule refuses it.
      const s = BigInt(bytesToHex(good.subarray(32, 64)));
      const twin = Uint8Array.from(good);
      twin.set(hexToBytes(`0x${(SECP256K1_N - s).toString(16).padStart(64, "0")}`), 32);
      twin[64] = good[64] === 27 ? 28 : 27;
      expectCode(
        await depositNative(order, { signature: twin }),
        ORDER_ERRORS.InvalidSignatureS,
        "InvalidSignatureS",
      );
    });

    it("the 64-byte EIP-2098 form of the solver's signature is accepted", async () => {
      const order = f.order();
      const good = await f.signOrder(order);
      const compact = Uint8Array.from(good.subarray(0, 64));
      if (good[64] === 28) compact[32] = compact[32]! | 0x80;
      expectOk(await depositNative(order, { signature: compact }));
    });

    it("a replay PDA pre-funded by a third party does not block the deposit", async () => {
      const order = f.order();
      const [replay] = await f.orderReplay(order);
      f.svm.airdrop(replay, lamports(5_000_000n));
      expect(f.lamports(replay)).to.equal(5_000_000n);
      expectOk(await depositNative(order));
      expectCode(await depositNative(order), ORDER_ERRORS.OrderAlreadyUsed, "OrderAlreadyUsed");
    });

    it("the payer passed as the vault: DuplicateAccount", async () => {
      expectCode(
        await depositNative(f.order(), { accounts: { vault: f.payer.address } }),
        ORDER_ERRORS.DuplicateAccount,
        "DuplicateAccount",
      );
    });

    it("expired output deadline: OrderExpired", async () => {
      const order = f.order({ deadline: Number(f.now()) - 1 });
      expectCode(await depositNative(order), ORDER_ERRORS.OrderExpired, "OrderExpired");
    });

    it("input for another chain only: InputChainNotFound", async () => {
      expectCode(
        await depositNative(f.order({ chainId: "base" })),
        ORDER_ERRORS.InputChainNotFound,
        "InputChainNotFound",
      );
    });

    it("token order paid in native (currency mismatch): InputCurrencyMismatch", async () => {
      const t = await f.tokenSetup(TOKEN_PROGRAM);
      const order = f.order({ currency: hexOf(t.mint) });
      expectCode(await depositNative(order), ORDER_ERRORS.InputCurrencyMismatch, "InputCurrencyMismatch");
    });

    it("token order paid with another mint: InputCurrencyMismatch", async () => {
      const signedFor = await f.tokenSetup(TOKEN_PROGRAM);
      const paid = await f.tokenSetup(TOKEN_PROGRAM);
      const order = f.order({ currency: hexOf(signedFor.mint) });
      expectCode(
        await f.send([await f.depositTokenOrder(order, paid)]),
        ORDER_ERRORS.InputCurrencyMismatch,
        "InputCurrencyMismatch",
      );
    });

    it("amount above 64 bits: InputAmountTooLarge; zero: ZeroInputAmount", async () => {
      expectCode(
        await depositNative(f.order({ amount: 2n ** 64n })),
        ORDER_ERRORS.InputAmountTooLarge,
        "too large",
      );
      expectCode(await depositNative(f.order({ amount: 0n })), ORDER_ERRORS.ZeroInputAmount, "zero");
    });

    it("Token-2022 transfer fee (the vault would get less than the amount): DepositedAmountMismatch", async () => {
      const t = await f.tokenSetup(TOKEN_2022_PROGRAM, 100);
      const order = f.order({ amount: 1_000_000n, currency: hexOf(t.mint) });
      const before = f.tokenBalance(t.payerToken);
      const result = await f.send([await f.depositTokenOrder(order, t)]);
      expectCode(result, ORDER_ERRORS.DepositedAmountMismatch, "DepositedAmountMismatch");
      expect(f.tokenBalance(t.payerToken)).to.equal(before);
    });

    it("replay of a paid order: OrderAlreadyUsed, and the vault is not paid twice", async () => {
      const order = f.order();
      expectOk(await depositNative(order));
      const before = f.lamports(f.vault);
      expectCode(await depositNative(order), ORDER_ERRORS.OrderAlreadyUsed, "OrderAlreadyUsed");
      expect(f.lamports(f.vault)).to.equal(before);
    });

    it("replay by another payer of a paid order: OrderAlreadyUsed", async () => {
      const order = f.order();
      expectOk(await depositNative(order));
      const other = await generateKeyPairSigner();
      f.svm.airdrop(other.address, lamports(10_000_000_000n));
      expectCode(
        await depositNative(order, { payer: other }),
        ORDER_ERRORS.OrderAlreadyUsed,
        "OrderAlreadyUsed",
      );
    });
  });

  describe("the payer and the output calls (R2, R3), the deadline second", () => {
    async function stranger() {
      const who = await generateKeyPairSigner();
      f.svm.airdrop(who.address, lamports(10_000_000_000n));
      return who;
    }

    it("R2 attack: a stranger holding the user's order and signature pays first: PayerNotRefundRecipient; the user's own payment then goes through", async () => {
      const mallory = await stranger();
      const order = f.order();
      const signature = await f.signOrder(order);
      const [replay] = await f.orderReplay(order);
      const vault = f.lamports(f.vault);
      const result = await depositNative(order, { payer: mallory, signature });
      expectCode(result, ORDER_ERRORS.PayerNotRefundRecipient, "PayerNotRefundRecipient");
      expect(f.svm.getAccount(replay).exists, "the one-time record is still free").to.equal(false);
      expect(f.lamports(f.vault)).to.equal(vault);
      expectOk(await depositNative(order, { signature }));
      expect(f.lamports(f.vault) - vault).to.equal(1_000_000n);
      expect(f.svm.getAccount(replay).exists).to.equal(true);
    });

    it("R2 attack, token path: the stranger pays from its own token account: PayerNotRefundRecipient", async () => {
      const mallory = await stranger();
      const t = await f.tokenSetup(TOKEN_PROGRAM);
      const malloryToken = await f.createTokenAccount(TOKEN_PROGRAM, t.mint, mallory.address);
      await f.mintTo(TOKEN_PROGRAM, t.mint, malloryToken, 5_000n);
      const order = f.order({ amount: 5_000n, currency: hexOf(t.mint) });
      expectCode(
        await f.send(
          [await f.depositTokenOrder(order, { ...t, payerToken: malloryToken }, { payer: mallory })],
          mallory,
        ),
        ORDER_ERRORS.PayerNotRefundRecipient,
        "PayerNotRefundRecipient",
      );
      expect(f.tokenBalance(malloryToken)).to.equal(5_000n);
      expectOk(await f.send([await f.depositTokenOrder(order, t)]));
      expect(f.tokenBalance(await f.vaultToken(t.mint, TOKEN_PROGRAM))).to.equal(5_000n);
    });

    it("R2: an order whose paid input has no refund on this chain binds no payer: NoRefundOnThisChain", async () => {
      const order = f.order();
      (order.inputs[0]?.refunds[0] as { chainId: string }).chainId = "ethereum";
      expectCode(await depositNative(order), ORDER_ERRORS.NoRefundOnThisChain, "NoRefundOnThisChain");
    });

    it("R3 attack: an order paying the whitelisted recipient whose output calls send the output elsewhere: OutputCallsNotAllowed until the owner allows calls", async () => {
      const order = f.order();
      // transfer(attacker, 990000) run on the destination chain with the output.
      order.output.calls = [
        `0xa9059cbb${"00".repeat(12)}${"ad".repeat(20)}${(990_000).toString(16).padStart(64, "0")}`,
      ];
      expect(f.svm.getAccount(await f.recipientEntry("ethereum", EVM_RECIPIENT)).exists).to.equal(true);
      expectCode(await depositNative(order), ORDER_ERRORS.OutputCallsNotAllowed, "OutputCallsNotAllowed");
      expectCode(
        await f.send([await f.orderOwnerIx("setCallsAllowed", [true], f.payer)]),
        ORDER_ERRORS.Unauthorized,
        "Unauthorized",
      );
      const set = expectOk(await f.send([await f.orderOwnerIx("setCallsAllowed", [true])], f.owner));
      const [event] = f.events(set.logs(), f.orders);
      expect(event?.name).to.equal("callsAllowedSet");
      expect(event?.data.allowed).to.equal(true);
      try {
        expectOk(await depositNative(order));
      } finally {
        expectOk(await f.send([await f.orderOwnerIx("setCallsAllowed", [false])], f.owner));
      }
      expectCode(
        await depositNative(f.order({ calls: 1 })),
        ORDER_ERRORS.OutputCallsNotAllowed,
        "refused again",
      );
    });

    it("deadline second: paid at output.deadline, OrderExpired one second later (as verifyQuoteOrder)", async () => {
      const clock = f.svm.getClock();
      const deadline = Number(clock.unixTimestamp) + 50;
      const atDeadline = f.order({ deadline });
      const late = f.order({ deadline });
      clock.unixTimestamp = BigInt(deadline);
      f.svm.setClock(clock);
      expectOk(await depositNative(atDeadline));
      clock.unixTimestamp = BigInt(deadline + 1);
      f.svm.setClock(clock);
      expectCode(await depositNative(late), ORDER_ERRORS.OrderExpired, "OrderExpired");
    });
  });

  describe("recipients", () => {
    it("recipient not on the whitelist: RecipientNotWhitelisted", async () => {
      const stranger = "0x00000000000000000000000000000000000000aa" as Hex;
      const order = f.order({ recipients: [stranger] });
      const entry = await f.recipientEntry("ethereum", stranger);
      expect(f.svm.getAccount(entry).exists).to.equal(false);
      expectCode(await depositNative(order), ORDER_ERRORS.RecipientNotWhitelisted, "RecipientNotWhitelisted");
    });

    it("a whitelisted entry passed for a non-whitelisted recipient: RecipientNotWhitelisted", async () => {
      const stranger = "0x00000000000000000000000000000000000000bb" as Hex;
      const order = f.order({ recipients: [stranger] });
      const borrowed = await f.recipientEntry("ethereum", EVM_RECIPIENT);
      expect(f.svm.getAccount(borrowed).exists).to.equal(true);
      expectCode(
        await depositNative(order, { whitelist: [borrowed] }),
        ORDER_ERRORS.RecipientNotWhitelisted,
        "RecipientNotWhitelisted",
      );
    });

    it("the same recipient on another output chain is not whitelisted", async () => {
      const order = f.order();
      order.output.chainId = "base";
      expectCode(await depositNative(order), ORDER_ERRORS.RecipientNotWhitelisted, "RecipientNotWhitelisted");
    });

    it("one whitelist account too few: WhitelistAccountsMismatch", async () => {
      const order = f.order({ recipients: [EVM_RECIPIENT, EVM_RECIPIENT] });
      const entry = await f.recipientEntry("ethereum", EVM_RECIPIENT);
      expectCode(
        await depositNative(order, { whitelist: [entry] }),
        ORDER_ERRORS.WhitelistAccountsMismatch,
        "WhitelistAccountsMismatch",
      );
      expectOk(await depositNative(order, { whitelist: [entry, entry] }));
    });
  });

  describe("account substitution and fake programs", () => {
    it("a program other than the depository: InvalidDepositoryProgram", async () => {
      expectCode(
        await depositNative(f.order(), { accounts: { depositoryProgram: SYSTEM_PROGRAM } }),
        ORDER_ERRORS.InvalidDepositoryProgram,
        "InvalidDepositoryProgram",
      );
    });

    it("the payer's own account as the vault: the depository refuses it (InvalidVaultAddress)", async () => {
      const other = await generateKeyPairSigner();
      f.svm.airdrop(other.address, lamports(1_000_000_000n));
      expectCode(
        await depositNative(f.order(), { accounts: { vault: other.address } }),
        DEPOSITORY_ERRORS.InvalidVaultAddress,
        "InvalidVaultAddress",
      );
    });

    it("a config account of another program: InvalidAccountOwner", async () => {
      expectCode(
        await depositNative(f.order(), { accounts: { config: f.relayDepository } }),
        ORDER_ERRORS.InvalidAccountOwner,
        "InvalidAccountOwner",
      );
    });

    it("a replay account that is not the order's PDA, or a wrong bump: InvalidPdaAddress", async () => {
      const order = f.order();
      const [otherReplay] = await f.orderReplay(f.order());
      expectCode(
        await depositNative(order, { accounts: { replay: otherReplay } }),
        ORDER_ERRORS.InvalidPdaAddress,
        "InvalidPdaAddress",
      );
      const [, bump] = await f.orderReplay(order);
      expectCode(
        await depositNative(order, { replayBump: (bump + 255) % 256 }),
        ORDER_ERRORS.InvalidPdaAddress,
        "InvalidPdaAddress",
      );
    });

    it("a fake token program: InvalidTokenProgram", async () => {
      const t: TokenSetup = await f.tokenSetup(TOKEN_PROGRAM);
      const order = f.order({ currency: hexOf(t.mint) });
      expectCode(
        await f.send([await f.depositTokenOrder(order, { ...t, tokenProgram: DEPOSITORY })]),
        ORDER_ERRORS.InvalidTokenProgram,
        "InvalidTokenProgram",
      );
    });

    it("a stand-in for the associated token program, a plain account or another program: the depository refuses it (InvalidAssociatedTokenProgram), nothing moves", async () => {
      const t = await f.tokenSetup(TOKEN_PROGRAM);
      const plain = await generateKeyPairSigner();
      f.svm.airdrop(plain.address, lamports(1_000_000_000n));
      for (const standIn of [plain.address, DEPOSITORY]) {
        const order = f.order({ currency: hexOf(t.mint) });
        const before = f.tokenBalance(t.payerToken);
        const ix = await f.depositTokenOrder(order, t, { accounts: { associatedTokenProgram: standIn } });
        expect(ix.accounts?.map((a) => a.address)).to.include(standIn);
        expectCode(
          await f.send([ix]),
          DEPOSITORY_ERRORS.InvalidAssociatedTokenProgram,
          `InvalidAssociatedTokenProgram (${standIn})`,
        );
        expect(f.tokenBalance(t.payerToken)).to.equal(before);
        expect(before > 0n, "the payer holds tokens the deposit would move").to.equal(true);
      }
    });

    it("a vault token account that is the payer's own: the depository refuses it (InvalidVaultTokenAccount)", async () => {
      const t = await f.tokenSetup(TOKEN_PROGRAM);
      const order = f.order({ currency: hexOf(t.mint) });
      const ix: Instruction = await f.depositTokenOrder(order, t, {
        accounts: { vaultToken: t.solverToken },
      });
      expectCode(await f.send([ix]), DEPOSITORY_ERRORS.InvalidVaultTokenAccount, "InvalidVaultTokenAccount");
    });
  });

  describe("admin", () => {
    it("paused: Paused; unpaused: accepted again", async () => {
      expectOk(await f.send([await f.orderOwnerIx("setPaused", [true])], f.owner));
      expectCode(await depositNative(f.order()), ORDER_ERRORS.Paused, "Paused");
      expectOk(await f.send([await f.orderOwnerIx("setPaused", [false])], f.owner));
      expectOk(await depositNative(f.order()));
    });

    it("only the owner administers: Unauthorized", async () => {
      expectCode(
        await f.send([await f.orderOwnerIx("setPaused", [true], f.payer)]),
        ORDER_ERRORS.Unauthorized,
        "Unauthorized",
      );
    });

    it("rotate_solver with a grace period: the previous solver verifies until it ends, then SignerMismatch", async () => {
      const next = privateKeyToAccount(OTHER_KEY);
      expectOk(
        await f.send(
          [await f.orderOwnerIx("rotateSolver", [Array.from(hexToBytes(next.address)), new BN(60)])],
          f.owner,
        ),
      );
      expectOk(await depositNative(f.order(), { signature: undefined }));
      expectOk(await depositNative(f.order(), { signature: undefined }));
      const byNew = { ...f.order(), solver: next.address };
      expectOk(await depositNative(byNew, { signature: await f.signOrder(byNew, OTHER_KEY) }));
      const clock = f.svm.getClock();
      clock.unixTimestamp += 61n;
      f.svm.setClock(clock);
      const late = f.order();
      expectCode(
        await depositNative(late),
        ORDER_ERRORS.SignerMismatch,
        "SignerMismatch after the grace period",
      );
      expectOk(
        await f.send(
          [await f.orderOwnerIx("rotateSolver", [Array.from(hexToBytes(f.solverEvm.address)), new BN(0)])],
          f.owner,
        ),
      );
      expectOk(await depositNative(f.order()));
    });

    it("two-step ownership: only the pending owner accepts, then only the new owner administers", async () => {
      const next = await generateKeyPairSigner();
      f.svm.airdrop(next.address, lamports(1_000_000_000n));
      expectOk(
        await f.send(
          [await f.orderOwnerIx("transferOwnership", [new web3.PublicKey(next.address)])],
          f.owner,
        ),
      );
      expectCode(
        await f.send([await f.orderOwnerIx("acceptOwnership", [], f.payer)]),
        ORDER_ERRORS.NotPendingOwner,
        "NotPendingOwner",
      );
      expectOk(await f.send([await f.orderOwnerIx("acceptOwnership", [], next)], next));
      expectCode(
        await f.send([await f.orderOwnerIx("setPaused", [true], f.owner)], f.owner),
        ORDER_ERRORS.Unauthorized,
        "Unauthorized",
      );
      expectOk(
        await f.send(
          [await f.orderOwnerIx("transferOwnership", [new web3.PublicKey(f.owner.address)], next)],
          next,
        ),
      );
      expectOk(await f.send([await f.orderOwnerIx("acceptOwnership", [], f.owner)], f.owner));
    });

    it("initialize by anyone but the upgrade authority: InvalidProgramData", async () => {
      const fresh = await OrderFixture.start({ initializeOrders: false });
      const intruder = fresh.payer;
      expectCode(
        await fresh.send([await fresh.initializeOrders(CHAIN_ID, intruder)]),
        ORDER_ERRORS.InvalidProgramData,
        "InvalidProgramData",
      );
      expectOk(await fresh.send([await fresh.initializeOrders(CHAIN_ID)], fresh.authority));
    });

    it("initialize runs once: AlreadyInitialized", async () => {
      expectCode(
        await f.send([await f.initializeOrders(CHAIN_ID)], f.authority),
        ORDER_ERRORS.AlreadyInitialized,
        "AlreadyInitialized",
      );
    });
  });
});
