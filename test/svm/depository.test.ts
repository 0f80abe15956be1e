// The depository-compatible program (programs/depository) at the service depository's canonical
// program id, driven like a client built for the service's depository: the Anchor instruction
// layout (sha256("global:<name>")[..8], amount u64 LE, id [u8; 32]), its account lists, and the
// DepositEvent it logs, decoded by Anchor from programs/idl/depository.json.
import { generateKeyPairSigner, lamports } from "@solana/kit";
import { expect } from "chai";
import { FailedTransactionMetadata } from "litesvm";
import { bytesToHex } from "viem";
import { customError, DEPOSITORY, DEPOSITORY_ERRORS, OrderFixture, SYSTEM_PROGRAM } from "./order-fixture.ts";
import {
  BN,
  expectOk,
  type Result,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  toKit,
  web3,
} from "./receiver-fixture.ts";

const pk = (a: string) => new web3.PublicKey(a);

function expectCode(result: Result, name: string) {
  expect(result, `expected ${name}`).to.be.instanceOf(FailedTransactionMetadata);
  expect(customError(result.toString()), result.toString()).to.equal(DEPOSITORY_ERRORS[name]);
}

describe("svm: depository at the canonical program id", function () {
  this.timeout(120_000);
  let f: OrderFixture;

  before(async () => {
    f = await OrderFixture.start();
  });

  async function depositNative(
    amount: bigint,
    id: Uint8Array,
    o: { vault?: string; depositor?: string } = {},
  ) {
    const ix = await f.depository.methods.depositNative!(new BN(amount.toString()), Array.from(id))
      .accountsStrict({
        relayDepository: pk(f.relayDepository),
        sender: pk(f.payer.address),
        depositor: pk(o.depositor ?? f.payer.address),
        vault: pk(o.vault ?? f.vault),
        systemProgram: pk(SYSTEM_PROGRAM),
      })
      .instruction();
    return f.send([toKit(ix, [f.payer])]);
  }

  it("deposit_native: data is the Anchor layout; lamports reach the vault; DepositEvent decodes", async () => {
    const id = crypto.getRandomValues(new Uint8Array(32));
    const depositor = (await generateKeyPairSigner()).address;
    const ix = await f.depository.methods.depositNative!(new BN(42_000), Array.from(id))
      .accountsStrict({
        relayDepository: pk(f.relayDepository),
        sender: pk(f.payer.address),
        depositor: pk(depositor),
        vault: pk(f.vault),
        systemProgram: pk(SYSTEM_PROGRAM),
      })
      .instruction();
    const data = new Uint8Array(ix.data);
    expect(Array.from(data.subarray(0, 8))).to.deep.equal([13, 158, 13, 223, 95, 213, 28, 6]);
    expect(new DataView(data.buffer, data.byteOffset).getBigUint64(8, true)).to.equal(42_000n);
    expect(bytesToHex(data.subarray(16))).to.equal(bytesToHex(id));
    const before = f.lamports(f.vault);
    const meta = expectOk(await f.send([toKit(ix, [f.payer])]));
    expect(f.lamports(f.vault) - before).to.equal(42_000n);
    const [event] = f.events(meta.logs(), f.depository);
    expect(event?.name).to.equal("depositEvent");
    expect(event?.data.depositor.toBase58()).to.equal(depositor);
    expect(event?.data.token).to.equal(null);
    expect(event?.data.amount.toString()).to.equal("42000");
    expect(bytesToHex(Uint8Array.from(event?.data.id))).to.equal(bytesToHex(id));
  });

  for (const [name, program, fee] of [
    ["SPL Token", TOKEN_PROGRAM, undefined],
    ["Token-2022 with a 1% transfer fee", TOKEN_2022_PROGRAM, 100],
  ] as const) {
    it(`deposit_token (${name}): the event's amount is what the vault's token account received`, async () => {
      const t = await f.tokenSetup(program, fee);
      const vaultToken = await f.vaultToken(t.mint, program);
      expect(f.svm.getAccount(vaultToken).exists).to.equal(false);
      const id = crypto.getRandomValues(new Uint8Array(32));
      const ix = await f.depository.methods.depositToken!(new BN(10_000), Array.from(id))
        .accountsStrict({
          relayDepository: pk(f.relayDepository),
          sender: pk(f.payer.address),
          depositor: pk(f.payer.address),
          vault: pk(f.vault),
          mint: pk(t.mint),
          senderTokenAccount: pk(t.payerToken),
          vaultTokenAccount: pk(vaultToken),
          tokenProgram: pk(program),
          associatedTokenProgram: pk("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL"),
          systemProgram: pk(SYSTEM_PROGRAM),
        })
        .instruction();
      const meta = expectOk(await f.send([toKit(ix, [f.payer])]));
      const received = f.tokenBalance(vaultToken);
      expect(received).to.equal(fee === undefined ? 10_000n : 9_900n);
      const [event] = f.events(meta.logs(), f.depository);
      expect(event?.data.token.toBase58()).to.equal(t.mint);
      expect(event?.data.amount.toString()).to.equal(received.toString());
    });
  }

  it("a vault that is not the PDA: InvalidVaultAddress, nothing moves", async () => {
    const fake = await generateKeyPairSigner();
    f.svm.airdrop(fake.address, lamports(1_000_000_000n));
    const before = f.lamports(fake.address);
    expectCode(
      await depositNative(1_000n, new Uint8Array(32), { vault: fake.address }),
      "InvalidVaultAddress",
    );
    expect(f.lamports(fake.address)).to.equal(before);
  });

  it("a configuration account that is not the depository's: InvalidDepositoryAccount", async () => {
    const ix = await f.depository.methods.depositNative!(new BN(1), Array.from(new Uint8Array(32)))
      .accountsStrict({
        relayDepository: pk(f.payer.address),
        sender: pk(f.payer.address),
        depositor: pk(f.payer.address),
        vault: pk(f.vault),
        systemProgram: pk(SYSTEM_PROGRAM),
      })
      .instruction();
    expectCode(await f.send([toKit(ix, [f.payer])]), "InvalidDepositoryAccount");
  });

  it("initialize runs once: AlreadyInitialized", async () => {
    expectCode(await f.send([await f.initializeDepository(f.payer)]), "AlreadyInitialized");
  });

  it("unknown discriminator: Anchor's InstructionFallbackNotFound code (101)", async () => {
    const result = await f.send([{ programAddress: DEPOSITORY, accounts: [], data: new Uint8Array(8) }]);
    expectCode(result, "UnknownInstruction");
  });
});
