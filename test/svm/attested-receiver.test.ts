// The attested receiver (programs/attested-receiver, committed .so) in LiteSVM: deploy through the
// upgradeable loader, happy paths (native, SPL Token, Token-2022), every shared attestation vector
// through the program's verify_attestation, admin instructions, Anchor decoding, transaction size.
import { readFileSync } from "node:fs";
import { generateKeyPairSigner, lamports } from "@solana/kit";
import { expect } from "chai";
import { hexToBytes } from "viem";
import { SVM_TX_SIZE_LIMIT } from "../../src/index.ts";
import { getSvmTransactionSize, setSvmComputeBudgetIfFits } from "../../src/svm/index.ts";
import {
  BN,
  destinationWord,
  EVM_DESTINATION,
  expectError,
  expectOk,
  Fixture,
  MAX_WINDOW,
  NATIVE,
  OTHER_KEY,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  toKit,
  web3,
} from "./receiver-fixture.ts";

type Vector = { name: string; encoded: string; signature: string; compactSignature: string; signer: string };
const VECTORS = (
  JSON.parse(readFileSync(new URL("../vectors/attestation.json", import.meta.url), "utf8")) as {
    vectors: Vector[];
  }
).vectors;

type ConfigAccount = {
  bump: number;
  paused: boolean;
  owner: InstanceType<typeof web3.PublicKey>;
  pendingOwner: InstanceType<typeof web3.PublicKey>;
  solverSvm: InstanceType<typeof web3.PublicKey>;
  solverEvm: number[];
  previousSolverEvm: number[];
  previousSolverValidUntil: InstanceType<typeof BN>;
  maxDeadlineWindow: InstanceType<typeof BN>;
};

describe("svm: attested receiver in LiteSVM", function () {
  this.timeout(120_000);
  let f: Fixture;

  beforeEach(async () => {
    f = await Fixture.create();
  });

  describe("deploy", () => {
    it("deploys through the upgradeable loader and initializes; Anchor decodes the config", async () => {
      const program = f.svm.getAccount(f.programId);
      expect(program.exists && program.executable).to.equal(true);
      expect(program.exists && program.programAddress).to.equal(
        "BPFLoaderUpgradeab1e11111111111111111111111",
      );
      expect(f.deployTransactions).to.be.greaterThan(40);
      const config = f.decode<ConfigAccount>("Config", f.config);
      expect(config.owner.toBase58()).to.equal(f.owner.address);
      expect(config.solverSvm.toBase58()).to.equal(f.solver.address);
      expect(Buffer.from(config.solverEvm).toString("hex")).to.equal(
        f.solverEvm.address.slice(2).toLowerCase(),
      );
      expect(config.paused).to.equal(false);
      expect(config.maxDeadlineWindow.toString()).to.equal(MAX_WINDOW.toString());
      const entry = f.decode<{ destinationChainId: InstanceType<typeof BN>; destinationUser: number[] }>(
        "WhitelistEntry",
        await f.whitelist(1n, destinationWord(EVM_DESTINATION, 1)),
      );
      expect(entry.destinationChainId.toNumber()).to.equal(1);
    });
  });

  describe("deposit_native", () => {
    it("pays the solver exactly, records the request id, logs every field (Anchor event decode)", async () => {
      const a = await f.attest({ originAmount: "2500000" });
      const solverBefore = f.lamports(f.solver.address);
      const payerBefore = f.lamports(f.payer.address);
      const result = expectOk(await f.send([await f.depositNative(a)]));
      expect(f.lamports(f.solver.address) - solverBefore).to.equal(2_500_000n);
      const [replay] = await f.replayPda(a.requestId);
      const record = f.decode<{
        status: number;
        by: InstanceType<typeof web3.PublicKey>;
        recordedAt: InstanceType<typeof BN>;
      }>("PaidRequest", replay);
      expect(record.status).to.equal(1);
      expect(record.by.toBase58()).to.equal(f.payer.address);
      expect(record.recordedAt.toString()).to.equal(f.now().toString());
      const rent = f.svm.minimumBalanceForRentExemption(50n);
      expect(payerBefore - f.lamports(f.payer.address)).to.equal(2_500_000n + rent + 5000n);

      const dataLine = result.logs().find((l) => l.startsWith("Program data: "));
      expect(dataLine, result.logs().join("\n")).to.be.a("string");
      const event = f.program.coder.events.decode(dataLine!.slice("Program data: ".length));
      expect(event?.name).to.equal("deposited"); // Anchor camel-cases names
      const d = event!.data as Record<string, unknown>;
      expect(Buffer.from(d.requestId as number[]).equals(Buffer.from(a.requestId))).to.equal(true);
      expect((d.originChainId as InstanceType<typeof BN>).toNumber()).to.equal(792703809);
      expect((d.payer as InstanceType<typeof web3.PublicKey>).toBase58()).to.equal(f.payer.address);
      expect((d.currency as InstanceType<typeof web3.PublicKey>).toBase58()).to.equal(NATIVE);
      expect((d.amount as InstanceType<typeof BN>).toString()).to.equal("2500000");
      expect((d.destinationChainId as InstanceType<typeof BN>).toNumber()).to.equal(1);
      expect(Buffer.from(d.destinationUser as number[]).equals(Buffer.from(a.destinationUser))).to.equal(
        true,
      );
      expect((d.solver as InstanceType<typeof web3.PublicKey>).toBase58()).to.equal(f.solver.address);
      expect((d.recipient as InstanceType<typeof web3.PublicKey>).toBase58()).to.equal(f.solver.address);
      expect(`0x${Buffer.from(d.signer as number[]).toString("hex")}`).to.equal(
        f.solverEvm.address.toLowerCase(),
      );
    });

    it("accepts the 64-byte EIP-2098 form of the same attestation", async () => {
      const a = await f.attest();
      const sig = a.signature;
      const compact = sig.slice(0, 64);
      if (sig[64] === 28) compact[32]! |= 0x80;
      expectOk(await f.send([await f.depositNative(a, { signature: compact })]));
    });

    it("fits with two compute-budget instructions under 1232 bytes (margin printed)", async () => {
      const a = await f.attest();
      const {
        createTransactionMessage,
        setTransactionMessageFeePayerSigner,
        appendTransactionMessageInstruction,
        pipe,
        signTransactionMessageWithSigners,
      } = await import("@solana/kit");
      const t = await f.tokenSetup(TOKEN_PROGRAM);
      for (const [label, ix] of [
        ["deposit_native", await f.depositNative(a)],
        ["deposit_token", await f.depositToken(await f.attest({ originCurrency: t.mint }), t)],
      ] as const) {
        const base = pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(f.payer, m),
          (m) => f.svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
          (m) => appendTransactionMessageInstruction(ix, m),
        );
        const fit = setSvmComputeBudgetIfFits(base, { computeUnitLimit: 60_000, computeUnitPrice: 1_000n });
        expect(fit.added).to.equal(true);
        const size = getSvmTransactionSize(await signTransactionMessageWithSigners(fit.message));
        console.log(
          `      ${label} + 2 compute-budget instructions: ${size} bytes, margin ${SVM_TX_SIZE_LIMIT - size} bytes`,
        );
        expect(size).to.be.at.most(SVM_TX_SIZE_LIMIT);
        expectOk(f.svm.sendTransaction(await signTransactionMessageWithSigners(fit.message)));
        f.svm.expireBlockhash();
      }
    });
  });

  describe("deposit_token", () => {
    for (const [label, tokenProgram] of [
      ["SPL Token", TOKEN_PROGRAM],
      ["Token-2022", TOKEN_2022_PROGRAM],
    ] as const) {
      it(`${label}: the exact amount arrives at the solver's token account`, async () => {
        const t = await f.tokenSetup(tokenProgram);
        const a = await f.attest({ originCurrency: t.mint, originAmount: "123456" });
        const result = expectOk(await f.send([await f.depositToken(a, t)]));
        expect(f.tokenBalance(t.solverToken)).to.equal(123_456n);
        expect(f.tokenBalance(t.payerToken)).to.equal(1_000_000_000n - 123_456n);
        const line = result.logs().find((l) => l.startsWith("Program data: "))!;
        const event = f.program.coder.events.decode(line.slice("Program data: ".length))!;
        expect((event.data.recipient as InstanceType<typeof web3.PublicKey>).toBase58()).to.equal(
          t.solverToken,
        );
        expect((event.data.currency as InstanceType<typeof web3.PublicKey>).toBase58()).to.equal(t.mint);
      });
    }

    it("Token-2022 with a transfer fee: refused (DeliveredAmountMismatch), nothing moves", async () => {
      const t = await f.tokenSetup(TOKEN_2022_PROGRAM, 100); // 1%
      const a = await f.attest({ originCurrency: t.mint, originAmount: "100000" });
      expectError(await f.send([await f.depositToken(a, t)]), "DeliveredAmountMismatch");
      expect(f.tokenBalance(t.solverToken)).to.equal(0n);
      const [replay] = await f.replayPda(a.requestId);
      expect(f.svm.getAccount(replay).exists).to.equal(false);
    });
  });

  describe("verify_attestation: every shared vector verifies on chain", () => {
    it(`all ${VECTORS.length} vectors, 65-byte and 64-byte forms, recover the vector's signer`, async () => {
      for (const v of VECTORS) {
        for (const form of ["signature", "compactSignature"] as const) {
          const ix = await f.program.methods.verifyAttestation!(
            Array.from(hexToBytes(v.encoded as `0x${string}`)),
            Buffer.from(hexToBytes(v[form] as `0x${string}`)),
          )
            .accountsStrict({})
            .instruction();
          const result = expectOk(await f.send([toKit(ix)]));
          const returned = Buffer.from(result.returnData().data()).toString("hex");
          expect(`0x${returned}`, `${v.name} ${form}`).to.equal(v.signer.toLowerCase());
        }
      }
    });
  });

  describe("admin", () => {
    it("whitelist add then remove (rent back to the owner); a removed destination no longer verifies", async () => {
      const user = destinationWord(f.payer.address, 792703809);
      expectOk(await f.send([await f.whitelistAdd(792703809n, user)], f.owner));
      const a = await f.attest({ destinationChainId: 792703809, destinationUser: f.payer.address });
      expectOk(await f.send([await f.depositNative(a)]));
      const entry = await f.whitelist(792703809n, user);
      const before = f.lamports(f.owner.address);
      expectOk(await f.send([await f.whitelistRemove(792703809n, user)], f.owner));
      expect(f.svm.getAccount(entry).exists).to.equal(false);
      expect(f.lamports(f.owner.address) - before).to.equal(
        f.svm.minimumBalanceForRentExemption(49n) - 5000n,
      );
      const b = await f.attest({ destinationChainId: 792703809, destinationUser: f.payer.address });
      expectError(await f.send([await f.depositNative(b)]), "DestinationNotWhitelisted");
    });

    it("whitelist add twice fails with WhitelistEntryExists; a non-owner cannot add", async () => {
      const user = destinationWord(EVM_DESTINATION, 10);
      expectOk(await f.send([await f.whitelistAdd(10n, user)], f.owner));
      expectError(await f.send([await f.whitelistAdd(10n, user)], f.owner), "WhitelistEntryExists");
      expectError(await f.send([await f.whitelistAdd(8453n, user, f.payer)]), "Unauthorized");
    });

    it("rotate solver: the old solver verifies during the grace window, not after", async () => {
      const next = await generateKeyPairSigner();
      f.svm.airdrop(next.address, lamports(1_000_000_000n));
      const { privateKeyToAccount } = await import("viem/accounts");
      const newEvm = hexToBytes(privateKeyToAccount(OTHER_KEY).address);
      expectOk(
        await f.send(
          [
            await f.ownerIx("rotateSolver", [
              Array.from(newEvm),
              new web3.PublicKey(next.address),
              new BN(100),
            ]),
          ],
          f.owner,
        ),
      );
      const config = f.decode<ConfigAccount>("Config", f.config);
      expect(config.previousSolverValidUntil.toString()).to.equal((f.now() + 100n).toString());
      f.solver = next; // deposits go to the new solver account at once
      expectOk(await f.send([await f.depositNative(await f.attest())])); // old key, within grace
      expectOk(await f.send([await f.depositNative(await f.attest({}, OTHER_KEY))])); // new key
      const clock = f.svm.getClock();
      clock.unixTimestamp += 101n;
      f.svm.setClock(clock);
      expectError(await f.send([await f.depositNative(await f.attest())]), "SignerMismatch");
      expectOk(await f.send([await f.depositNative(await f.attest({}, OTHER_KEY))]));
    });

    it("pause refuses deposits, unpause restores them", async () => {
      expectOk(await f.send([await f.ownerIx("setPaused", [true])], f.owner));
      expect(f.decode<ConfigAccount>("Config", f.config).paused).to.equal(true);
      expectError(await f.send([await f.depositNative(await f.attest())]), "Paused");
      expectOk(await f.send([await f.ownerIx("setPaused", [false])], f.owner));
      expectOk(await f.send([await f.depositNative(await f.attest())]));
      expectError(await f.send([await f.ownerIx("setPaused", [true], f.payer)]), "Unauthorized");
    });

    it("two-step ownership transfer: only the pending owner accepts; the old owner loses control", async () => {
      const next = await generateKeyPairSigner();
      f.svm.airdrop(next.address, lamports(1_000_000_000n));
      expectOk(
        await f.send([await f.ownerIx("transferOwnership", [new web3.PublicKey(next.address)])], f.owner),
      );
      const accept = async (who: typeof next) =>
        toKit(
          await f.program.methods.acceptOwnership!()
            .accountsStrict({
              pendingOwner: new web3.PublicKey(who.address),
              config: new web3.PublicKey(f.config),
            })
            .instruction(),
          [who],
        );
      expectError(await f.send([await accept(f.payer)]), "NotPendingOwner");
      expectOk(await f.send([await accept(next)], next));
      expect(f.decode<ConfigAccount>("Config", f.config).owner.toBase58()).to.equal(next.address);
      expectError(await f.send([await f.ownerIx("setPaused", [true])], f.owner), "Unauthorized");
      expectOk(await f.send([await f.ownerIx("setPaused", [true], next)], next));
    });
  });
});
