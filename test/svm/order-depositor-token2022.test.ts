// Token-2022 extensions against the order depositor, with real Token-2022 mints and accounts in
// LiteSVM: the receiver's refusals (programs/attested-receiver/src/token_extensions.rs), run by the
// order depositor before the order is even read. A permanent delegate could take the payment back
// out of the depository's vault; a transfer hook mint cannot be paid without the hook's accounts;
// CPI Guard on the payer's account makes the depository's transfer fail. Each is refused with its
// typed error and nothing moves; the CPI Guard workaround (disable, pay, enable in one transaction)
// works here too.
import { AccountRole, type Address, generateKeyPairSigner, type Instruction, lamports } from "@solana/kit";
import { expect } from "chai";
import { FailedTransactionMetadata } from "litesvm";
import { bytesToHex } from "viem";
import {
  enableCpiGuard,
  initializeMintExtension,
  type MintExtension,
  mintSpace,
  tokenAccountSpace,
} from "../../src/testing/svm/token2022.ts";
import { addressBytes, customError, EVM_RECIPIENT, ORDER_ERRORS, OrderFixture } from "./order-fixture.ts";
import {
  createAccountIx,
  expectOk,
  signerMeta,
  TOKEN_2022_PROGRAM as T22,
  type TokenSetup,
} from "./receiver-fixture.ts";

describe("svm: order depositor and Token-2022 extensions", function () {
  this.timeout(120_000);
  let f: OrderFixture;

  beforeEach(async () => {
    f = await OrderFixture.start();
    expectOk(await f.send([await f.whitelistOrderRecipient("ethereum", EVM_RECIPIENT)], f.owner));
  });

  /**
   * A Token-2022 mint with `extensions` (mint authority: the payer; `initialize` overrides their
   * initializers) and a funded payer account.
   */
  async function tokenWith(
    extensions: MintExtension[],
    initialize = (mint: Address) => extensions.map((e) => initializeMintExtension(mint, e)),
  ): Promise<TokenSetup> {
    const mint = await generateKeyPairSigner();
    const space = BigInt(mintSpace(extensions));
    expectOk(
      await f.send([
        createAccountIx(f.payer, mint, f.svm.minimumBalanceForRentExemption(space), space, T22),
        ...initialize(mint.address),
        {
          programAddress: T22,
          accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
          data: Uint8Array.from([20, 6, ...addressBytes(f.payer.address), 0]),
        },
      ]),
    );
    const payerToken = await accountOf(mint.address, f.payer.address, extensions);
    await f.mintTo(T22, mint.address, payerToken, 1_000_000n);
    return { tokenProgram: T22, mint: mint.address, payerToken, solverToken: payerToken, decimals: 6 };
  }

  /** A token account of `mint` (a mint with `extensions`) owned by `owner`. */
  async function accountOf(mint: Address, owner: Address, extensions: MintExtension[]): Promise<Address> {
    const account = await generateKeyPairSigner();
    const space = BigInt(tokenAccountSpace(extensions));
    expectOk(
      await f.send([
        createAccountIx(f.payer, account, f.svm.minimumBalanceForRentExemption(space), space, T22),
        {
          programAddress: T22,
          accounts: [
            { address: account.address, role: AccountRole.WRITABLE },
            { address: mint, role: AccountRole.READONLY },
          ],
          data: Uint8Array.from([18, ...addressBytes(owner)]),
        },
      ]),
    );
    return account.address;
  }

  async function pay(t: TokenSetup, before: Instruction[] = [], after: Instruction[] = []) {
    const order = f.order({ amount: 1_000n, currency: bytesToHex(addressBytes(t.mint)) });
    return f.send([...before, await f.depositTokenOrder(order, t), ...after]);
  }

  function expectRefused(result: Awaited<ReturnType<typeof pay>>, name: string, index = 0) {
    expect(result, name).to.be.instanceOf(FailedTransactionMetadata);
    expect(customError(result.toString(), index), result.toString()).to.equal(ORDER_ERRORS[name]);
  }

  it("permanent delegate mint: the delegate moves tokens it does not own (the attack), so payments are refused: MintHasPermanentDelegate", async () => {
    const mallory = await generateKeyPairSigner();
    f.svm.airdrop(mallory.address, lamports(1_000_000_000n));
    const t = await tokenWith([
      { kind: "permanentDelegate", delegate: mallory.address, delegateBytes: addressBytes(mallory.address) },
    ]);
    const malloryToken = await f.createTokenAccount(T22, t.mint, mallory.address);
    // The attack is real: the delegate takes tokens out of an account it does not own, alone.
    expectOk(
      await f.send([f.transferCheckedIx({ ...t, solverToken: malloryToken }, 100n, mallory)], mallory),
    );
    expect(f.tokenBalance(malloryToken)).to.equal(100n);

    expectRefused(await pay(t), "MintHasPermanentDelegate");
    expect(f.tokenBalance(t.payerToken)).to.equal(999_900n);
    expect(f.svm.getAccount(await f.vaultToken(t.mint, T22)).exists).to.equal(false);
  });

  it("transfer hook mint: a transfer without the hook's accounts cannot succeed, so payments are refused: MintHasTransferHook", async () => {
    const hook: MintExtension[] = [{ kind: "transferHook", programBytes: addressBytes(f.programId) }];
    const t = await tokenWith(hook);
    const other = await accountOf(t.mint, f.owner.address, hook);
    // A plain TransferChecked (what the depository sends) fails for a hook mint.
    expect(await f.send([f.transferCheckedIx({ ...t, solverToken: other }, 1n)])).to.be.instanceOf(
      FailedTransactionMetadata,
    );
    expectRefused(await pay(t), "MintHasTransferHook");
    expect(f.tokenBalance(t.payerToken)).to.equal(1_000_000n);
  });

  it("transfer hook extension without a hook program: paid, the exact amount arrives", async () => {
    // An authority but no hook program (the extension needs one of the two).
    const t = await tokenWith([{ kind: "transferHook", programBytes: new Uint8Array(32) }], (mint) => [
      {
        programAddress: T22,
        accounts: [{ address: mint, role: AccountRole.WRITABLE }],
        data: Uint8Array.from([36, 0, ...addressBytes(f.payer.address), ...new Uint8Array(32)]),
      },
    ]);
    expectOk(await pay(t));
    expect(f.tokenBalance(await f.vaultToken(t.mint, T22))).to.equal(1_000n);
  });

  describe("CPI Guard on the payer's token account", () => {
    const disable = (t: TokenSetup): Instruction => ({
      programAddress: T22,
      accounts: [
        { address: t.payerToken, role: AccountRole.WRITABLE },
        signerMeta(f.payer, AccountRole.READONLY_SIGNER),
      ],
      data: Uint8Array.of(34, 1),
    });

    async function guarded(): Promise<TokenSetup> {
      const t = await tokenWith([]);
      expectOk(await f.send(enableCpiGuard(t.payerToken, f.payer, f.payer)));
      return t;
    }

    it("refused up front: PayerTokenCpiGuard, nothing moves", async () => {
      const t = await guarded();
      expectRefused(await pay(t), "PayerTokenCpiGuard");
      expect(f.tokenBalance(t.payerToken)).to.equal(1_000_000n);
    });

    it("workaround: disable, pay, enable in one transaction", async () => {
      const t = await guarded();
      const [, enable] = enableCpiGuard(t.payerToken, f.payer, f.payer);
      expectOk(await pay(t, [disable(t)], [enable as Instruction]));
      expect(f.tokenBalance(await f.vaultToken(t.mint, T22))).to.equal(1_000n);
      expectRefused(await pay(t), "PayerTokenCpiGuard");
    });
  });
});
