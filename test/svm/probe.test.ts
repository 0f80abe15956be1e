// The `probe` program (programs/probe), built from source by scripts/svm/build-program.sh and
// committed as programs/deploy/probe.so, loaded into LiteSVM and driven by signed transactions.
// It proves the SVM build pipeline end to end: upstream bpfel-unknown-none + sbpf-linker -> SBPF v0.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  getU64Decoder,
  getU64Encoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { expect } from "chai";
import { FailedTransactionMetadata, LiteSVM, TransactionMetadata } from "litesvm";

const PROBE_SO = fileURLToPath(new URL("../../programs/deploy/probe.so", import.meta.url));
const LOG_LINE = "Program log: probe: counter incremented";
const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;
const u64 = getU64Encoder();
const u64Decoder = getU64Decoder();

describe("svm: probe program (built from source, SBPF v0) in LiteSVM", () => {
  let svm: LiteSVM;
  let payer: KeyPairSigner;
  let programId: Address;

  async function send(instruction: Instruction): Promise<TransactionMetadata | FailedTransactionMetadata> {
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
      (m) => appendTransactionMessageInstruction(instruction, m),
      (m) => signTransactionMessageWithSigners(m),
    );
    const result = svm.sendTransaction(tx);
    svm.expireBlockhash(); // the next identical transaction gets a fresh signature
    return result;
  }

  function increment(counter: Address, by: bigint | Uint8Array): Instruction {
    return {
      programAddress: programId,
      accounts: [{ address: counter, role: AccountRole.WRITABLE }],
      data: typeof by === "bigint" ? u64.encode(by) : by,
    };
  }

  async function newCounter(owner: Address, data: Uint8Array = new Uint8Array(8)): Promise<Address> {
    const { address } = await generateKeyPairSigner();
    svm.setAccount({
      address,
      data,
      executable: false,
      lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
      programAddress: owner,
      space: BigInt(data.length),
    });
    return address;
  }

  function expectInstructionError(result: TransactionMetadata | FailedTransactionMetadata, error: string) {
    expect(result).to.be.instanceOf(FailedTransactionMetadata);
    const failed = result as FailedTransactionMetadata;
    expect(failed.toString()).to.include(`err: InstructionError(0, ${error})`);
    expect(failed.meta().logs()).to.not.include(LOG_LINE);
  }

  function counterValue(address: Address): bigint {
    const account = svm.getAccount(address);
    if (!account.exists) throw new Error(`account ${address} is missing`);
    return u64Decoder.decode(account.data);
  }

  beforeEach(async () => {
    svm = new LiteSVM();
    payer = await generateKeyPairSigner();
    programId = (await generateKeyPairSigner()).address;
    svm.airdrop(payer.address, lamports(1_000_000_000n));
    svm.addProgramFromFile(programId, PROBE_SO);
  });

  it("is an SBPF v0 ELF for EM_BPF", () => {
    const elf = readFileSync(PROBE_SO);
    expect([...elf.subarray(0, 4)]).to.deep.equal([0x7f, 0x45, 0x4c, 0x46]);
    expect(elf.readUInt16LE(18), "e_machine").to.equal(247); // EM_BPF
    expect(elf.readUInt32LE(48), "e_flags (SBPF version)").to.equal(0);
  });

  it("adds the little-endian u64 from the instruction data to the counter and logs", async () => {
    const counter = await newCounter(programId);

    const first = await send(increment(counter, 5n));
    if (first instanceof FailedTransactionMetadata) {
      expect.fail(`transaction failed: ${first.toString()}\n${first.meta().logs().join("\n")}`);
    }
    expect(first.logs()).to.include(LOG_LINE);
    expect(first.logs()[0]).to.equal(`Program ${programId} invoke [1]`);
    expect(first.logs().at(-1)).to.equal(`Program ${programId} success`);
    expect(first.computeUnitsConsumed() > 0n).to.equal(true);
    expect(counterValue(counter)).to.equal(5n);

    const second = await send(increment(counter, 0x0102_0304_0506_0708n));
    expect(second).to.be.instanceOf(TransactionMetadata);
    expect(counterValue(counter)).to.equal(0x0102_0304_0506_070dn);
  });

  it("leaves bytes past the counter untouched", async () => {
    const data = new Uint8Array(16).fill(0xaa);
    data.set(u64.encode(1n), 0);
    const counter = await newCounter(programId, data);

    expect(await send(increment(counter, 41n))).to.be.instanceOf(TransactionMetadata);
    const account = svm.getAccount(counter);
    if (!account.exists) throw new Error("counter is missing");
    expect([...account.data]).to.deep.equal([...u64.encode(42n), ...new Uint8Array(8).fill(0xaa)]);
  });

  it("rejects a counter account it does not own, without writing or logging", async () => {
    const counter = await newCounter(SYSTEM_PROGRAM);
    expectInstructionError(await send(increment(counter, 1n)), "IncorrectProgramId");
    expect(counterValue(counter)).to.equal(0n);
  });

  it("rejects instruction data that is not exactly 8 bytes", async () => {
    const counter = await newCounter(programId);
    for (const data of [new Uint8Array(0), new Uint8Array(7), new Uint8Array(9)]) {
      expectInstructionError(await send(increment(counter, data)), "InvalidInstructionData");
    }
    expect(counterValue(counter)).to.equal(0n);
  });

  it("rejects an overflowing increment", async () => {
    const counter = await newCounter(programId, Uint8Array.from(u64.encode(2n ** 64n - 1n)));
    expectInstructionError(await send(increment(counter, 1n)), "ArithmeticOverflow");
    expect(counterValue(counter)).to.equal(2n ** 64n - 1n);
  });
});
