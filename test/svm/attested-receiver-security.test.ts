// Security suite of the attested receiver: one named test per attack, each asserting the
// program's specific custom error (codes from the IDL). Signature attacks mirror the EVM suite;
// then binding, expiry, whitelist, replay, and the classic SVM account attacks.
import { createHash } from "node:crypto";
import {
  AccountRole,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
} from "@solana/kit";
import { expect } from "chai";
import type { FailedTransactionMetadata } from "litesvm";
import { initializeInstruction, SYSTEM_PROGRAM } from "../../src/deploy/svm.ts";
import { SECP256K1_N } from "../../src/index.ts";
import {
  destinationWord,
  EVM_DESTINATION,
  expectError,
  expectOk,
  Fixture,
  MAX_WINDOW,
  OTHER_KEY,
  signerMeta,
  TOKEN_PROGRAM,
  web3,
} from "./receiver-fixture.ts";

const pk = (a: string) => new web3.PublicKey(a);

/** System `Transfer` of `amount` lamports from `from` to `to`. */
function transferIx(from: KeyPairSigner, to: string, amount: bigint): Instruction {
  const data = new Uint8Array(12);
  data[0] = 2;
  new DataView(data.buffer).setBigUint64(4, amount, true);
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      signerMeta(from, AccountRole.WRITABLE_SIGNER),
      { address: to as never, role: AccountRole.WRITABLE },
    ],
    data,
  };
}

function withRole(ix: Instruction, index: number, role: AccountRole): Instruction {
  const accounts = (ix.accounts ?? []).map((a, i) => (i === index ? { address: a.address, role } : a));
  return { ...ix, accounts };
}

describe("svm: attested receiver security suite (one attack per test, specific error)", function () {
  this.timeout(120_000);
  let f: Fixture;
  let mallory: KeyPairSigner;

  beforeEach(async () => {
    f = await Fixture.create();
    mallory = await generateKeyPairSigner();
    f.svm.airdrop(mallory.address, lamports(100_000_000_000n));
  });

  describe("signature", () => {
    it("wrong signer: SignerMismatch", async () => {
      expectError(await f.send([await f.depositNative(await f.attest({}, OTHER_KEY))]), "SignerMismatch");
    });

    it("other data (signature of another request id): SignerMismatch", async () => {
      const a = await f.attest();
      const other = { ...a, requestId: crypto.getRandomValues(new Uint8Array(32)) };
      expectError(await f.send([await f.depositNative(other)]), "SignerMismatch");
    });

    it("high-s twin (r, n - s, v ^ 1): InvalidSignatureS", async () => {
      const a = await f.attest();
      const s = BigInt(`0x${Buffer.from(a.signature.slice(32, 64)).toString("hex")}`);
      const twin = Uint8Array.from(a.signature);
      twin.set(Buffer.from((SECP256K1_N - s).toString(16).padStart(64, "0"), "hex"), 32);
      twin[64] = a.signature[64] === 27 ? 28 : 27;
      expectError(await f.send([await f.depositNative(a, { signature: twin })]), "InvalidSignatureS");
    });

    it("bad recovery id (v = 29, 0, 1): InvalidSignatureV", async () => {
      const a = await f.attest();
      for (const v of [29, 0, 1]) {
        const bad = Uint8Array.from(a.signature);
        bad[64] = v;
        expectError(await f.send([await f.depositNative(a, { signature: bad })]), "InvalidSignatureV");
      }
    });

    it("truncated signature (63 bytes): InvalidSignatureLength", async () => {
      const a = await f.attest();
      expectError(
        await f.send([await f.depositNative(a, { signature: a.signature.slice(0, 63) })]),
        "InvalidSignatureLength",
      );
    });
  });

  describe("binding", () => {
    it("wrong chain id (originChainId 1): OriginChainMismatch", async () => {
      expectError(
        await f.send([await f.depositNative(await f.attest(), { originChainId: 1n })]),
        "OriginChainMismatch",
      );
    });

    it("wrong payer (someone else's attestation): PayerMismatch", async () => {
      const a = await f.attest(); // originUser = f.payer
      expectError(await f.send([await f.depositNative(a, { payer: mallory })], mallory), "PayerMismatch");
    });

    it("wrong mint (attested for mint A, paid with mint B): CurrencyMismatch", async () => {
      const a = await f.tokenSetup(TOKEN_PROGRAM);
      const b = await f.tokenSetup(TOKEN_PROGRAM);
      const att = await f.attest({ originCurrency: a.mint });
      expectError(await f.send([await f.depositToken(att, b)]), "CurrencyMismatch");
      // and a token attestation cannot be paid in lamports
      expectError(await f.send([await f.depositNative(att)]), "CurrencyMismatch");
    });

    it("wrong amount (pays less than attested): AmountMismatch", async () => {
      const a = await f.attest({ originAmount: "1000000" });
      expectError(await f.send([await f.depositNative(a, { amount: 1n })]), "AmountMismatch");
    });

    it("wrong solver account (funds to the attacker): InvalidSolverAccount", async () => {
      const a = await f.attest();
      expectError(
        await f.send([await f.depositNative(a, { accounts: { solver: pk(mallory.address) } })]),
        "InvalidSolverAccount",
      );
      const t = await f.tokenSetup(TOKEN_PROGRAM);
      const malloryToken = await f.createTokenAccount(TOKEN_PROGRAM, t.mint, mallory.address);
      expectError(
        await f.send([
          await f.depositToken(await f.attest({ originCurrency: t.mint }), {
            ...t,
            solverToken: malloryToken,
          }),
        ]),
        "InvalidSolverAccount",
      );
    });
  });

  describe("expiry, whitelist, replay, arithmetic", () => {
    it("expired deadline: DeadlineExpired", async () => {
      expectError(
        await f.send([await f.depositNative(await f.attest(), { deadline: f.now() - 1n })]),
        "DeadlineExpired",
      );
    });

    it("too-far deadline (now + max window + 1): DeadlineBeyondMaxWindow", async () => {
      expectError(
        await f.send([await f.depositNative(await f.attest(), { deadline: f.now() + MAX_WINDOW + 1n })]),
        "DeadlineBeyondMaxWindow",
      );
    });

    it("not whitelisted destination: DestinationNotWhitelisted", async () => {
      const a = await f.attest({ destinationChainId: 10 });
      expectError(await f.send([await f.depositNative(a)]), "DestinationNotWhitelisted");
    });

    it("whitelist entry of another destination: DestinationNotWhitelisted", async () => {
      const a = await f.attest({ destinationChainId: 10 });
      const listed = await f.whitelist(1n, destinationWord(EVM_DESTINATION, 1));
      expectError(
        await f.send([await f.depositNative(a, { accounts: { whitelist: pk(listed) } })]),
        "DestinationNotWhitelisted",
      );
    });

    it("replay of a paid request: RequestAlreadyPaid", async () => {
      const a = await f.attest();
      expectOk(await f.send([await f.depositNative(a)]));
      expectError(await f.send([await f.depositNative(a)]), "RequestAlreadyPaid");
      expectError(await f.send([await f.depositNative(a, { deadline: f.now() + 5n })]), "RequestAlreadyPaid");
    });

    it("native attestation of 2^64 - 1 lamports (rent + amount would wrap): ArithmeticOverflow, no Deposited logged", async () => {
      const a = await f.attest({ originAmount: ((1n << 64n) - 1n).toString() });
      const solverBefore = f.lamports(f.solver.address);
      const result = await f.send([await f.depositNative(a)]);
      expectError(result, "ArithmeticOverflow");
      const logs = (result as FailedTransactionMetadata).meta().logs();
      expect(
        logs.filter((l) => l.startsWith("Program data: ")),
        logs.join("\n"),
      ).to.deep.equal([]);
      expect(f.lamports(f.solver.address)).to.equal(solverBefore);
      const [replay] = await f.replayPda(a.requestId);
      expect(f.svm.getAccount(replay).exists).to.equal(false);
    });
  });

  describe("pre-funding the replay PDA (griefing: its address is public)", () => {
    const RECORD = 50n; // PaidRequest bytes

    for (const [label, extra] of [
      ["the rent-exempt minimum of an empty account", 0n],
      ["far more (10 SOL)", 10_000_000_000n],
    ] as const) {
      it(`native deposit after the attacker sends ${label}: paid once, exact balances`, async () => {
        const a = await f.attest({ originAmount: "3000000" });
        const [replay] = await f.replayPda(a.requestId);
        const prefund = f.svm.minimumBalanceForRentExemption(0n) + extra;
        const funded = f.svm.sendTransaction(
          await f.transaction([transferIx(mallory, replay, prefund)], mallory),
        );
        expectOk(funded);
        f.svm.expireBlockhash();
        // The attack happened: the PDA is a funded system account, so CreateAccount would fail.
        const before = f.svm.getAccount(replay);
        expect(before.exists && before.programAddress).to.equal(SYSTEM_PROGRAM);
        expect(f.lamports(replay)).to.equal(prefund);

        const payerBefore = f.lamports(f.payer.address);
        const solverBefore = f.lamports(f.solver.address);
        expectOk(await f.send([await f.depositNative(a)]));
        const rent = f.svm.minimumBalanceForRentExemption(RECORD);
        const shortfall = rent > prefund ? rent - prefund : 0n;
        expect(f.lamports(f.solver.address) - solverBefore).to.equal(3_000_000n);
        expect(payerBefore - f.lamports(f.payer.address)).to.equal(3_000_000n + shortfall + 5000n);
        expect(f.lamports(replay)).to.equal(prefund + shortfall);
        const record = f.svm.getAccount(replay);
        expect(record.exists && record.programAddress).to.equal(f.programId);
        expect(record.exists && BigInt(record.data.length)).to.equal(RECORD);
        expectError(await f.send([await f.depositNative(a)]), "RequestAlreadyPaid");
      });

      it(`token deposit after the attacker sends ${label}: paid once, exact balances`, async () => {
        const t = await f.tokenSetup(TOKEN_PROGRAM);
        const a = await f.attest({ originCurrency: t.mint, originAmount: "4000" });
        const [replay] = await f.replayPda(a.requestId);
        const prefund = f.svm.minimumBalanceForRentExemption(0n) + extra;
        expectOk(f.svm.sendTransaction(await f.transaction([transferIx(mallory, replay, prefund)], mallory)));
        f.svm.expireBlockhash();
        expect(f.lamports(replay)).to.equal(prefund);
        const payerBefore = f.lamports(f.payer.address);
        const tokensBefore = f.tokenBalance(t.payerToken);
        expectOk(await f.send([await f.depositToken(a, t)]));
        const rent = f.svm.minimumBalanceForRentExemption(RECORD);
        const shortfall = rent > prefund ? rent - prefund : 0n;
        expect(f.tokenBalance(t.solverToken)).to.equal(4000n);
        expect(tokensBefore - f.tokenBalance(t.payerToken)).to.equal(4000n);
        expect(payerBefore - f.lamports(f.payer.address)).to.equal(shortfall + 5000n);
        expect(f.lamports(replay)).to.equal(prefund + shortfall);
        expectError(await f.send([await f.depositToken(a, t)]), "RequestAlreadyPaid");
      });
    }
  });

  describe("accounts", () => {
    it("missing signer (payer not signing, another fee payer): MissingSigner", async () => {
      const a = await f.attest();
      const ix = withRole(await f.depositNative(a), 0, AccountRole.WRITABLE);
      expectError(await f.send([ix], mallory), "MissingSigner");
    });

    it("wrong account owner (config copy owned by another program): InvalidAccountOwner", async () => {
      const fake = (await generateKeyPairSigner()).address;
      const real = f.svm.getAccount(f.config);
      if (!real.exists) throw new Error("no config");
      const data = Uint8Array.from(real.data);
      data.set(Buffer.from(f.solverEvm.address.slice(2), "hex"), 106);
      f.svm.setAccount({ ...real, address: fake, programAddress: SYSTEM_PROGRAM, data });
      expectError(
        await f.send([await f.depositNative(await f.attest(), { accounts: { config: pk(fake) } })]),
        "InvalidAccountOwner",
      );
    });

    it("type cosplay: a paid-request record (50 bytes, program-owned) as the whitelist entry: InvalidAccountDiscriminator", async () => {
      const paid = await f.attest();
      expectOk(await f.send([await f.depositNative(paid)]));
      const [record] = await f.replayPda(paid.requestId);
      const a = await f.attest({ destinationChainId: 10 });
      expectError(
        await f.send([await f.depositNative(a, { accounts: { whitelist: pk(record) } })]),
        "InvalidAccountDiscriminator",
      );
    });

    it("type cosplay: a program-owned account of the config's size with a whitelist discriminator as the config: InvalidAccountDiscriminator", async () => {
      const fake = (await generateKeyPairSigner()).address;
      const real = f.svm.getAccount(f.config);
      if (!real.exists) throw new Error("no config");
      const data = Uint8Array.from(real.data);
      data.set([51, 70, 173, 81, 219, 192, 234, 62], 0); // WhitelistEntry discriminator
      f.svm.setAccount({ ...real, address: fake, data });
      expectError(
        await f.send([await f.depositNative(await f.attest(), { accounts: { config: pk(fake) } })]),
        "InvalidAccountDiscriminator",
      );
    });

    it("re-initialization by the upgrade authority: AlreadyInitialized", async () => {
      const ix = await initializeInstruction(f.programId, f.authority, {
        owner: mallory.address,
        solverEvm: "0x0000000000000000000000000000000000000001",
        solverSvm: mallory.address,
        maxDeadlineWindow: 10n,
      });
      expectError(await f.send([ix], f.authority), "AlreadyInitialized");
    });

    it("initialize by someone else than the upgrade authority: InvalidProgramData", async () => {
      const ix = await initializeInstruction(f.programId, mallory, {
        owner: mallory.address,
        solverEvm: "0x0000000000000000000000000000000000000001",
        solverSvm: mallory.address,
        maxDeadlineWindow: 10n,
      });
      expectError(await f.send([ix], mallory), "InvalidProgramData");
    });

    it("non-canonical bump for the replay PDA: NonCanonicalBump", async () => {
      // A request id whose canonical bump is b and b - 1 also derives a valid PDA.
      for (;;) {
        const a = await f.attest();
        const [, bump] = await f.replayPda(a.requestId);
        let lower: InstanceType<typeof web3.PublicKey>;
        try {
          lower = web3.PublicKey.createProgramAddressSync(
            [Buffer.from("replay"), Buffer.from(a.requestId), Buffer.of(bump - 1)],
            pk(f.programId),
          );
        } catch {
          continue; // bump - 1 is on the curve for this id: try another
        }
        expectError(
          await f.send([await f.depositNative(a, { replayBump: bump - 1, accounts: { replay: lower } })]),
          "NonCanonicalBump",
        );
        return;
      }
    });

    it("bump above the canonical one, whose hash is ON the curve (no PDA), as the replay account: InvalidPdaAddress", async () => {
      // A request id whose canonical bump b is below 255: the hash for b + 1 is an ed25519 point,
      // so no PDA exists for b + 1; passing that very hash as the account must still be refused.
      for (;;) {
        const a = await f.attest();
        const [, bump] = await f.replayPda(a.requestId);
        if (bump === 255) continue;
        const onCurve = createHash("sha256")
          .update(Buffer.from("replay"))
          .update(a.requestId)
          .update(Buffer.of(bump + 1))
          .update(pk(f.programId).toBuffer())
          .update(Buffer.from("ProgramDerivedAddress"))
          .digest();
        expect(web3.PublicKey.isOnCurve(onCurve), "hash of bump + 1 is on the curve").to.equal(true);
        expectError(
          await f.send([
            await f.depositNative(a, {
              replayBump: bump + 1,
              accounts: { replay: new web3.PublicKey(onCurve) },
            }),
          ]),
          "InvalidPdaAddress",
        );
        return;
      }
    });

    it("canonical bumps 255 down to 251 are all accepted (every higher bump's hash is on the curve)", async () => {
      const want = new Set([255, 254, 253, 252, 251]);
      while (want.size > 0) {
        const a = await f.attest();
        const [, bump] = await f.replayPda(a.requestId);
        if (!want.delete(bump)) continue;
        expectOk(await f.send([await f.depositNative(a)]));
        expectError(await f.send([await f.depositNative(a)]), "RequestAlreadyPaid");
      }
    });

    it("replay account that is not the PDA of the request id: InvalidPdaAddress", async () => {
      const a = await f.attest();
      const [otherReplay] = await f.replayPda(crypto.getRandomValues(new Uint8Array(32)));
      expectError(
        await f.send([await f.depositNative(a, { accounts: { replay: pk(otherReplay) } })]),
        "InvalidPdaAddress",
      );
    });

    it("wrong token program (arbitrary CPI target): InvalidTokenProgram", async () => {
      const t = await f.tokenSetup(TOKEN_PROGRAM);
      const att = await f.attest({ originCurrency: t.mint });
      expectError(
        await f.send([await f.depositToken(att, t, { accounts: { tokenProgram: pk(f.programId) } })]),
        "InvalidTokenProgram",
      );
    });

    it("wrong system program (arbitrary CPI target): InvalidSystemProgram", async () => {
      const a = await f.attest();
      expectError(
        await f.send([await f.depositNative(a, { accounts: { systemProgram: pk(TOKEN_PROGRAM) } })]),
        "InvalidSystemProgram",
      );
    });

    it("same account passed twice (payer token account as the solver's): DuplicateAccount", async () => {
      const t = await f.tokenSetup(TOKEN_PROGRAM);
      const att = await f.attest({ originCurrency: t.mint });
      expectError(
        await f.send([await f.depositToken(att, { ...t, solverToken: t.payerToken })]),
        "DuplicateAccount",
      );
      expectError(
        await f.send([
          await f.depositNative(await f.attest(), { accounts: { solver: pk(f.payer.address) } }),
        ]),
        "DuplicateAccount",
      );
    });

    it("sysvar spoofing: not applicable, no sysvar account is taken (Clock::get syscall); the clock still rules", async () => {
      const deposit = f.idl().instructions.find((i) => i.name === "deposit_native")!;
      expect(deposit.accounts.map((a) => a.name)).to.not.include.members(["clock", "rent", "sysvar_clock"]);
      const a = await f.attest();
      const ix = await f.depositNative(a, { deadline: f.now() + 10n });
      const clock = f.svm.getClock();
      clock.unixTimestamp += 11n;
      f.svm.setClock(clock);
      expectError(await f.send([ix]), "DeadlineExpired");
    });

    it("paused receiver: Paused", async () => {
      expectOk(await f.send([await f.ownerIx("setPaused", [true])], f.owner));
      expectError(await f.send([await f.depositNative(await f.attest())]), "Paused");
    });
  });
});
