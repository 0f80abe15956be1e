// Token-2022 extensions against the attested receiver, with real Token-2022 mints and accounts in
// LiteSVM: a permanent delegate (could claw the deposit back from the solver) and a transfer hook
// are refused at the mint, CPI Guard on the payer's account is refused up front (and the
// documented workaround, disabling it around the deposit in the same transaction, works).
import {
  AccountRole,
  type Address,
  generateKeyPairSigner,
  getAddressEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
} from "@solana/kit";
import { expect } from "chai";
import { FailedTransactionMetadata } from "litesvm";
import {
  createAccountIx,
  expectError,
  expectOk,
  Fixture,
  signerMeta,
  TOKEN_2022_PROGRAM,
  type TokenSetup,
} from "./receiver-fixture.ts";

const T22 = TOKEN_2022_PROGRAM;
const key = (a: Address) => getAddressEncoder().encode(a);
const BASE = 165;
/** Account-type byte + one TLV entry (type u16, length u16) of `len` bytes. */
const tlv = (len: number) => 1 + 4 + len;

describe("svm: attested receiver and Token-2022 extensions", function () {
  this.timeout(120_000);
  let f: Fixture;
  let mallory: KeyPairSigner;

  beforeEach(async () => {
    f = await Fixture.create();
    mallory = await generateKeyPairSigner();
    f.svm.airdrop(mallory.address, lamports(10_000_000_000n));
  });

  /** A Token-2022 mint of `space` bytes whose extension is initialized by `extension` (before InitializeMint2). */
  async function mintWith(space: number, extension: (mint: Address) => Instruction): Promise<Address> {
    const mint = await generateKeyPairSigner();
    const rent = f.svm.minimumBalanceForRentExemption(BigInt(space));
    expectOk(
      await f.send([
        createAccountIx(f.payer, mint, rent, BigInt(space), T22),
        extension(mint.address),
        {
          programAddress: T22,
          accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
          data: Uint8Array.from([20, 6, ...key(f.payer.address), 0]),
        },
      ]),
    );
    return mint.address;
  }

  /** A Token-2022 account of `space` bytes for `mint` owned by `owner` (InitializeAccount3). */
  async function accountOf(mint: Address, owner: Address, space: number): Promise<Address> {
    const account = await generateKeyPairSigner();
    const rent = f.svm.minimumBalanceForRentExemption(BigInt(space));
    expectOk(
      await f.send([
        createAccountIx(f.payer, account, rent, BigInt(space), T22),
        {
          programAddress: T22,
          accounts: [
            { address: account.address, role: AccountRole.WRITABLE },
            { address: mint, role: AccountRole.READONLY },
          ],
          data: Uint8Array.from([18, ...key(owner)]),
        },
      ]),
    );
    return account.address;
  }

  async function setup(mint: Address, accountSpace: number): Promise<TokenSetup> {
    const payerToken = await accountOf(mint, f.payer.address, accountSpace);
    const solverToken = await accountOf(mint, f.solver.address, accountSpace);
    await f.mintTo(T22, mint, payerToken, 1_000_000n);
    return { tokenProgram: T22, mint, payerToken, solverToken, decimals: 6 };
  }

  const transfer = (t: TokenSetup, from: Address, to: Address, authority: KeyPairSigner, amount: bigint) =>
    f.transferCheckedIx({ ...t, payerToken: from, solverToken: to }, amount, authority);

  it("permanent delegate mint: the delegate can take tokens out of the solver's account (the attack), so deposits are refused: MintHasPermanentDelegate", async () => {
    const mint = await mintWith(BASE + tlv(32), (m) => ({
      programAddress: T22,
      accounts: [{ address: m, role: AccountRole.WRITABLE }],
      data: Uint8Array.from([35, ...key(mallory.address)]),
    }));
    const t = await setup(mint, BASE);
    // The attack is real: tokens that reach the solver leave again on the delegate's signature alone.
    expectOk(await f.send([transfer(t, t.payerToken, t.solverToken, f.payer, 500n)]));
    const malloryToken = await accountOf(mint, mallory.address, BASE);
    expectOk(await f.send([transfer(t, t.solverToken, malloryToken, mallory, 500n)], mallory));
    expect(f.tokenBalance(t.solverToken)).to.equal(0n);
    expect(f.tokenBalance(malloryToken)).to.equal(500n);

    const a = await f.attest({ originCurrency: mint, originAmount: "1000" });
    expectError(await f.send([await f.depositToken(a, t)]), "MintHasPermanentDelegate");
    expect(f.tokenBalance(t.payerToken)).to.equal(999_500n);
  });

  it("transfer hook mint: a transfer without the hook's accounts cannot succeed, so deposits are refused: MintHasTransferHook", async () => {
    const hookProgram = f.programId; // any executable program id: the hook is never reached
    const mint = await mintWith(BASE + tlv(64), (m) => ({
      programAddress: T22,
      accounts: [{ address: m, role: AccountRole.WRITABLE }],
      data: Uint8Array.from([36, 0, ...key(f.payer.address), ...key(hookProgram)]),
    }));
    const t = await setup(mint, BASE + tlv(1)); // TransferHookAccount
    // The four accounts the deposit's TransferChecked passes are not enough for a hook mint.
    const plain = await f.send([transfer(t, t.payerToken, t.solverToken, f.payer, 10n)]);
    expect(plain).to.be.instanceOf(FailedTransactionMetadata);

    const a = await f.attest({ originCurrency: mint, originAmount: "1000" });
    expectError(await f.send([await f.depositToken(a, t)]), "MintHasTransferHook");
  });

  it("transfer hook extension without a hook program: accepted, the exact amount arrives", async () => {
    const mint = await mintWith(BASE + tlv(64), (m) => ({
      programAddress: T22,
      accounts: [{ address: m, role: AccountRole.WRITABLE }],
      data: Uint8Array.from([36, 0, ...key(f.payer.address), ...new Uint8Array(32)]),
    }));
    const t = await setup(mint, BASE + tlv(1));
    const a = await f.attest({ originCurrency: mint, originAmount: "1000" });
    expectOk(await f.send([await f.depositToken(a, t)]));
    expect(f.tokenBalance(t.solverToken)).to.equal(1000n);
  });

  describe("CPI Guard on the payer's token account", () => {
    const cpiGuard = (t: TokenSetup, enable: boolean): Instruction => ({
      programAddress: T22,
      accounts: [
        { address: t.payerToken, role: AccountRole.WRITABLE },
        signerMeta(f.payer, AccountRole.READONLY_SIGNER),
      ],
      data: Uint8Array.from([34, enable ? 0 : 1]),
    });

    async function guarded(): Promise<TokenSetup> {
      const mint = await f.createMint(T22);
      const t = await setup(mint, BASE + tlv(1));
      expectOk(await f.send([cpiGuard(t, true)]));
      return t;
    }

    it("refused up front: PayerTokenCpiGuard, nothing moves", async () => {
      const t = await guarded();
      // The account itself works for the payer's own (top-level) transfers.
      expectOk(await f.send([transfer(t, t.payerToken, t.solverToken, f.payer, 1n)]));
      const a = await f.attest({ originCurrency: t.mint, originAmount: "1000" });
      expectError(await f.send([await f.depositToken(a, t)]), "PayerTokenCpiGuard");
      expect(f.tokenBalance(t.solverToken)).to.equal(1n);
    });

    it("workaround: disable, deposit, enable in one transaction", async () => {
      const t = await guarded();
      const a = await f.attest({ originCurrency: t.mint, originAmount: "1000" });
      expectOk(await f.send([cpiGuard(t, false), await f.depositToken(a, t), cpiGuard(t, true)]));
      expect(f.tokenBalance(t.solverToken)).to.equal(1000n);
      expectError(
        await f.send([
          await f.depositToken(await f.attest({ originCurrency: t.mint, originAmount: "5" }), t),
        ]),
        "PayerTokenCpiGuard",
      );
    });
  });
});
