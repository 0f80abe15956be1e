// The deposit-address program (programs/deposit-address) on LiteSVM beside the depository at its
// canonical id: payments into the PDA ["deposit_address", id, mint, depositor] (lamports, or tokens
// to its associated token account) are swept by anyone into the depository under id for depositor.
// Instructions come from the library (getSvmSweepInstruction, codama-generated); the attacks patch
// one account or argument of an otherwise valid sweep and assert the specific error and that
// nothing moved.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  AccountRole,
  type Address,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
} from "@solana/kit";
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction } from "@solana-program/token";
import { expect } from "chai";
import { FailedTransactionMetadata } from "litesvm";
import { bytesToHex, type Hex } from "viem";
import idl from "../../programs/idl/deposit_address.json" with { type: "json" };
import {
  SVM_DEPOSIT_ADDRESS_DEVNET_PROGRAM as PROGRAM,
  predictSvmDepositAddress,
} from "../../src/orders/deposit-address/svm.ts";
import { getSvmSweepInstruction } from "../../src/orders/deposit-address/svm-sweep.ts";
import { SVM_NATIVE_TOKEN } from "../../src/svm/constants.ts";
import { ATA_PROGRAM, customError, DEPOSITORY_ERRORS, OrderFixture } from "./order-fixture.ts";
import {
  expectOk,
  type Result,
  signerMeta,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  type TokenSetup,
} from "./receiver-fixture.ts";

const ERRORS: Record<string, number> = Object.fromEntries(idl.errors.map((e) => [e.name, e.code]));
/** Account positions of `sweep` (programs/idl/deposit_address.json). */
const AT = {
  sweeper: 0,
  depositor: 1,
  depositAddress: 2,
  depository: 3,
  vault: 5,
  mint: 7,
  source: 8,
  vaultToken: 9,
  tokenProgram: 10,
};
const u64le = (n: bigint) => new Uint8Array(new BigUint64Array([n]).buffer);
const randomId = () => bytesToHex(crypto.getRandomValues(new Uint8Array(32)));

function expectCode(result: Result, name: string, codes: Record<string, number> = ERRORS) {
  expect(result, `expected ${name}`).to.be.instanceOf(FailedTransactionMetadata);
  expect(customError(result.toString()), result.toString()).to.equal(codes[name]);
}

/** `ix` with account `index` replaced by `address` (same role). */
function withAccount(ix: Instruction, index: number, address: Address): Instruction {
  const accounts = [...(ix.accounts ?? [])];
  accounts[index] = { address, role: accounts[index]!.role };
  return { ...ix, accounts };
}

describe("svm: deposit addresses (sweep into the depository)", function () {
  this.timeout(120_000);
  let f: OrderFixture;
  let sweeper: KeyPairSigner;
  let depositor: Address;

  before(async () => {
    f = await OrderFixture.start({ initializeOrders: false });
    f.svm.addProgram(
      PROGRAM,
      readFileSync(fileURLToPath(new URL("../../programs/deploy/deposit-address.so", import.meta.url))),
    );
    sweeper = await generateKeyPairSigner();
    f.svm.airdrop(sweeper.address, lamports(10_000_000_000n));
    depositor = (await generateKeyPairSigner()).address;
  });

  const sweep = (id: Hex, mint: string, o: { depositor?: string; tokenProgram?: string } = {}) =>
    getSvmSweepInstruction({
      program: PROGRAM,
      orderId: id,
      mint,
      depositor: o.depositor ?? depositor,
      sweeper,
      ...(o.tokenProgram === undefined ? {} : { tokenProgram: o.tokenProgram }),
    });
  const addressOf = (orderId: Hex, mint: string, who = depositor) =>
    predictSvmDepositAddress({ vm: "svm", program: PROGRAM, orderId, mint, depositor: who });
  const send = (ix: Instruction) => f.send([ix], sweeper);

  async function payNative(id: Hex, amount: bigint, who = depositor): Promise<Address> {
    const to = addressOf(id, SVM_NATIVE_TOKEN, who);
    const data = new Uint8Array(12);
    data[0] = 2;
    data.set(u64le(amount), 4);
    expectOk(
      await f.send([
        {
          programAddress: "11111111111111111111111111111111" as Address,
          accounts: [
            signerMeta(f.payer, AccountRole.WRITABLE_SIGNER),
            { address: to, role: AccountRole.WRITABLE },
          ],
          data,
        },
      ]),
    );
    return to;
  }

  /** A wallet's payment of `amount` tokens to the deposit address: its ATA created, TransferChecked. */
  async function payTokens(
    t: TokenSetup,
    id: Hex,
    amount: bigint,
  ): Promise<{ address: Address; token: Address }> {
    const address = addressOf(id, t.mint);
    const [token] = await findAssociatedTokenPda({
      owner: address,
      mint: t.mint,
      tokenProgram: t.tokenProgram,
    });
    expectOk(
      await f.send([
        getCreateAssociatedTokenIdempotentInstruction({
          payer: f.payer,
          ata: token,
          owner: address,
          mint: t.mint,
          tokenProgram: t.tokenProgram,
        }),
        {
          programAddress: t.tokenProgram,
          accounts: [
            { address: t.payerToken, role: AccountRole.WRITABLE },
            { address: t.mint, role: AccountRole.READONLY },
            { address: token, role: AccountRole.WRITABLE },
            signerMeta(f.payer, AccountRole.READONLY_SIGNER),
          ],
          data: Uint8Array.from([12, ...u64le(amount), t.decimals]),
        },
      ]),
    );
    return { address, token };
  }

  function depositEvent(result: Result) {
    const [event] = f.events(expectOk(result).logs(), f.depository);
    expect(event?.name).to.equal("depositEvent");
    return event!.data as {
      depositor: { toBase58(): string };
      token: { toBase58(): string } | null;
      amount: { toString(): string };
      id: number[];
    };
  }

  describe("native SOL (mint = the default address)", () => {
    it("a stranger's sweep deposits the whole balance under id for depositor; the address is left empty", async () => {
      const id = randomId();
      const address = await payNative(id, 1_500_000_000n);
      const vaultBefore = f.lamports(f.vault);
      const event = depositEvent(await send(await sweep(id, SVM_NATIVE_TOKEN)));
      expect(f.lamports(f.vault) - vaultBefore).to.equal(1_500_000_000n);
      expect(f.lamports(address)).to.equal(0n);
      expect(event.depositor.toBase58()).to.equal(depositor);
      expect(event.token).to.equal(null);
      expect(event.amount.toString()).to.equal("1500000000");
      expect(bytesToHex(Uint8Array.from(event.id))).to.equal(id);
    });

    it("a sweep of an empty address: InsufficientBalance", async () => {
      const id = randomId();
      expect(f.lamports(addressOf(id, SVM_NATIVE_TOKEN))).to.equal(0n);
      expectCode(await send(await sweep(id, SVM_NATIVE_TOKEN)), "InsufficientBalance");
    });

    it("re-sweep: nothing left the second time (InsufficientBalance); a later payment is swept under the same id", async () => {
      const id = randomId();
      await payNative(id, 1_000_000_000n);
      expectOk(await send(await sweep(id, SVM_NATIVE_TOKEN)));
      expectCode(await send(await sweep(id, SVM_NATIVE_TOKEN)), "InsufficientBalance");
      await payNative(id, 2_000_000_000n);
      const event = depositEvent(await send(await sweep(id, SVM_NATIVE_TOKEN)));
      expect(event.amount.toString()).to.equal("2000000000");
      expect(bytesToHex(Uint8Array.from(event.id))).to.equal(id);
    });

    it("attack: the victim's address swept for another depositor (wrong depositor seed): InvalidDepositAddress, nothing moves", async () => {
      const id = randomId();
      const victim = await payNative(id, 1_000_000_000n);
      const attacker = (await generateKeyPairSigner()).address;
      const ix = withAccount(
        await sweep(id, SVM_NATIVE_TOKEN, { depositor: attacker }),
        AT.depositAddress,
        victim,
      );
      expect(ix.accounts?.[AT.depositor]?.address).to.equal(attacker);
      expectCode(await send(ix), "InvalidDepositAddress");
      expect(f.lamports(victim)).to.equal(1_000_000_000n);
    });

    it("attack: the address swept under another id (wrong id seed): InvalidDepositAddress, nothing moves", async () => {
      const id = randomId();
      const victim = await payNative(id, 1_000_000_000n);
      const other = randomId();
      const ix = withAccount(await sweep(other, SVM_NATIVE_TOKEN), AT.depositAddress, victim);
      expectCode(await send(ix), "InvalidDepositAddress");
      expect(f.lamports(victim)).to.equal(1_000_000_000n);
    });

    it("attack: a substituted vault (the attacker's account): the depository's InvalidVaultAddress, nothing moves", async () => {
      const id = randomId();
      const address = await payNative(id, 1_000_000_000n);
      const attacker = await generateKeyPairSigner();
      f.svm.airdrop(attacker.address, lamports(1_000_000_000n));
      expectCode(
        await send(withAccount(await sweep(id, SVM_NATIVE_TOKEN), AT.vault, attacker.address)),
        "InvalidVaultAddress",
        DEPOSITORY_ERRORS,
      );
      expect(f.lamports(address)).to.equal(1_000_000_000n);
      expect(f.lamports(attacker.address)).to.equal(1_000_000_000n);
    });

    it("attack: a substituted depository program: InvalidDepositoryProgram", async () => {
      const id = randomId();
      await payNative(id, 1_000_000_000n);
      const ix = withAccount(
        await sweep(id, SVM_NATIVE_TOKEN),
        AT.depository,
        "11111111111111111111111111111111" as Address,
      );
      expectCode(await send(ix), "InvalidDepositoryProgram");
    });

    it("unknown discriminator and short data: UnknownInstruction, InvalidInstructionData", async () => {
      const ix = await sweep(randomId(), SVM_NATIVE_TOKEN);
      expectCode(await send({ ...ix, data: new Uint8Array(72) }), "UnknownInstruction");
      expectCode(await send({ ...ix, data: ix.data!.subarray(0, 71) }), "InvalidInstructionData");
    });
  });

  for (const [name, program, fee] of [
    ["SPL Token", TOKEN_PROGRAM, undefined],
    ["Token-2022 with a 1% transfer fee", TOKEN_2022_PROGRAM, 100],
  ] as const) {
    describe(`tokens (${name})`, () => {
      let t: TokenSetup;
      before(async () => {
        t = await f.tokenSetup(program, fee);
      });

      it("first sweep of a mint: the vault's missing token account is created at the sweeper's expense, then credited", async () => {
        const id = randomId();
        const { address, token } = await payTokens(t, id, 100_000n);
        const [vaultToken] = await findAssociatedTokenPda({
          owner: f.vault,
          mint: t.mint,
          tokenProgram: program,
        });
        // The audited failure: the vault has no token account and the deposit address has no
        // lamports to pay for one (the depository would make the sender, the address, pay).
        expect(f.svm.getAccount(vaultToken).exists).to.equal(false);
        expect(f.lamports(address)).to.equal(0n);
        const sweeperBefore = f.lamports(sweeper.address);
        const event = depositEvent(await send(await sweep(id, t.mint, { tokenProgram: program })));
        const rent = f.lamports(vaultToken);
        expect(rent > 0n).to.equal(true);
        expect(sweeperBefore - f.lamports(sweeper.address)).to.equal(rent + 5_000n);
        // A transfer-fee mint charges twice: the payment into the address, then the sweep.
        const received = fee === undefined ? 100_000n : 98_010n;
        expect(f.tokenBalance(vaultToken)).to.equal(received);
        expect(f.tokenBalance(token)).to.equal(0n);
        expect(event.token?.toBase58()).to.equal(t.mint);
        expect(event.amount.toString()).to.equal(received.toString());
        expect(event.depositor.toBase58()).to.equal(depositor);
        expect(bytesToHex(Uint8Array.from(event.id))).to.equal(id);
      });

      it("re-sweep once the vault's account exists: the sweeper pays only the fee", async () => {
        const id = randomId();
        await payTokens(t, id, 50_000n);
        const sweeperBefore = f.lamports(sweeper.address);
        expectOk(await send(await sweep(id, t.mint, { tokenProgram: program })));
        expect(sweeperBefore - f.lamports(sweeper.address)).to.equal(5_000n);
        expectCode(await send(await sweep(id, t.mint, { tokenProgram: program })), "InsufficientBalance");
      });

      it("a sweep of an address nobody paid (no token account): InsufficientBalance", async () => {
        expectCode(
          await send(await sweep(randomId(), t.mint, { tokenProgram: program })),
          "InsufficientBalance",
        );
      });

      it("attack: the attacker's own token account as the source: InvalidDepositAddressTokenAccount, nothing moves", async () => {
        const id = randomId();
        await payTokens(t, id, 10_000n);
        const before = f.tokenBalance(t.payerToken);
        const ix = withAccount(await sweep(id, t.mint, { tokenProgram: program }), AT.source, t.payerToken);
        expectCode(await send(ix), "InvalidDepositAddressTokenAccount");
        expect(f.tokenBalance(t.payerToken)).to.equal(before);
      });

      it("attack: the attacker's token account as the vault's: InvalidVaultTokenAccount, nothing moves", async () => {
        const id = randomId();
        const { token } = await payTokens(t, id, 10_000n);
        const held = f.tokenBalance(token);
        const ix = withAccount(
          await sweep(id, t.mint, { tokenProgram: program }),
          AT.vaultToken,
          t.solverToken,
        );
        expectCode(await send(ix), "InvalidVaultTokenAccount");
        expect(f.tokenBalance(token)).to.equal(held);
      });

      it("attack: a fresh address that is not the vault's associated token account: InvalidVaultTokenAccount", async () => {
        const id = randomId();
        await payTokens(t, id, 10_000n);
        const fresh = (await generateKeyPairSigner()).address;
        const ix = withAccount(await sweep(id, t.mint, { tokenProgram: program }), AT.vaultToken, fresh);
        expectCode(await send(ix), "InvalidVaultTokenAccount");
        expect(f.svm.getAccount(fresh).exists).to.equal(false);
      });

      it("attack: the address swept as another mint's (mint account differs from the mint seed): InvalidMint", async () => {
        const id = randomId();
        await payTokens(t, id, 10_000n);
        const other = await f.createMint(program);
        const ix = withAccount(await sweep(id, t.mint, { tokenProgram: program }), AT.mint, other);
        expectCode(await send(ix), "InvalidMint");
      });

      it("a token program that is neither SPL Token nor Token-2022: InvalidTokenProgram", async () => {
        const id = randomId();
        await payTokens(t, id, 10_000n);
        const ix = withAccount(
          await sweep(id, t.mint, { tokenProgram: program }),
          AT.tokenProgram,
          ATA_PROGRAM,
        );
        expectCode(await send(ix), "InvalidTokenProgram");
      });

      it("a token sweep without its token accounts: MissingTokenAccounts", async () => {
        const id = randomId();
        await payTokens(t, id, 10_000n);
        const ix = await sweep(id, t.mint, { tokenProgram: program });
        expectCode(await send({ ...ix, accounts: ix.accounts!.slice(0, 7) }), "MissingTokenAccounts");
      });
    });
  }
});
