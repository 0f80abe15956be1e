// The example integrator program (programs/example-integrator): an SVM program of an integrator's
// own that takes a native deposit for a solver attestation with every check a correct integration
// needs (attestkit-receiver-interface inside its instruction). Built from source by
// scripts/svm/build-program.sh, committed as programs/deploy/example-integrator.so, driven in
// LiteSVM. Each attack test proves its setup (the attestation is genuine, the first deposit
// landed, the second PDA is valid...) and asserts the specific ReceiverError.

import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Instruction,
  isOffCurveAddress,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from "litesvm";
import { bytesToHex, type Hex, hexToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  encodeRequestData,
  type RequestData,
  signRequestData,
  toCompactSignature,
  verifyAttestation,
} from "../../src/index.ts";
import { ERRORS, NATIVE, OTHER_KEY, SOLVER_KEY, SVM_CHAIN_ID } from "./receiver-fixture.ts";

const SO = fileURLToPath(new URL("../../programs/deploy/example-integrator.so", import.meta.url));
const LOG_LINE = "Program log: example-integrator: deposit accepted";
const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;
/** programs/example-integrator/src/config.rs */
const SOLVER_ACCOUNT = getAddressDecoder().decode(
  createHash("sha256").update("attestkit example-integrator solver").digest(),
);
const DESTINATION_CHAIN_ID = 8453;
const DESTINATION_USER = "0x00000000000000000000000000000000000000d5";
const MAX_DEADLINE_WINDOW = 3600n;
const RECORD_LEN = 80n;
const AMOUNT = 1_000_000n;

type Result = TransactionMetadata | FailedTransactionMetadata;
type Attested = { requestId: Hex; requestData: RequestData; encoded: Uint8Array; signature: Hex };

describe("svm: the example integrator takes a deposit only for a genuine, bound, unused attestation", function () {
  this.timeout(120_000);
  let svm: LiteSVM;
  let payer: KeyPairSigner;
  let mallory: KeyPairSigner;
  let programId: Address;

  beforeEach(async () => {
    svm = new LiteSVM();
    payer = await generateKeyPairSigner();
    mallory = await generateKeyPairSigner();
    programId = (await generateKeyPairSigner()).address;
    for (const who of [payer.address, mallory.address, SOLVER_ACCOUNT])
      svm.airdrop(who, lamports(10_000_000_000n));
    svm.addProgramFromFile(programId, SO);
  });

  const now = () => svm.getClock().unixTimestamp;
  const balance = (at: Address) => svm.getBalance(at) ?? 0n;

  async function attest(overrides: Partial<RequestData> = {}, key: Hex = SOLVER_KEY): Promise<Attested> {
    const requestId = bytesToHex(crypto.getRandomValues(new Uint8Array(32)));
    const requestData = {
      originChainId: SVM_CHAIN_ID,
      originUser: payer.address,
      originCurrency: NATIVE,
      originAmount: AMOUNT.toString(),
      destinationChainId: DESTINATION_CHAIN_ID,
      destinationUser: DESTINATION_USER,
      ...overrides,
    } as RequestData;
    const signature = await signRequestData(privateKeyToAccount(key), requestId, requestData);
    const encoded = hexToBytes(encodeRequestData(requestId, requestData));
    return { requestId, requestData, encoded, signature };
  }

  async function recordAddress(requestId: Hex): Promise<readonly [Address, number]> {
    const [address, bump] = await getProgramDerivedAddress({
      programAddress: programId,
      seeds: ["request", hexToBytes(requestId)],
    });
    return [address, bump];
  }

  type Overrides = {
    signer?: KeyPairSigner;
    deadline?: bigint;
    signature?: Hex;
    record?: Address;
    solver?: Address;
    systemProgram?: Address;
    payerRole?: AccountRole;
  };

  async function deposit(a: Attested, o: Overrides = {}): Promise<Instruction> {
    const signer = o.signer ?? payer;
    const deadline = new Uint8Array(8);
    new DataView(deadline.buffer).setBigInt64(0, o.deadline ?? now() + 600n, true);
    const signature = hexToBytes(o.signature ?? a.signature);
    const payerRole = o.payerRole ?? AccountRole.WRITABLE_SIGNER;
    return {
      programAddress: programId,
      accounts: [
        payerRole === AccountRole.WRITABLE_SIGNER
          ? { address: signer.address, role: payerRole, signer }
          : { address: signer.address, role: payerRole },
        { address: o.record ?? (await recordAddress(a.requestId))[0], role: AccountRole.WRITABLE },
        { address: o.solver ?? SOLVER_ACCOUNT, role: AccountRole.WRITABLE },
        { address: o.systemProgram ?? SYSTEM_PROGRAM, role: AccountRole.READONLY },
      ],
      data: Uint8Array.from([...a.encoded, ...deadline, ...signature]),
    } as Instruction;
  }

  async function send(instruction: Instruction, feePayer: KeyPairSigner = payer): Promise<Result> {
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
      (m) => appendTransactionMessageInstruction(instruction, m),
      (m) => signTransactionMessageWithSigners(m),
    );
    const result = svm.sendTransaction(tx);
    svm.expireBlockhash();
    return result;
  }

  function expectOk(result: Result): TransactionMetadata {
    if (result instanceof FailedTransactionMetadata) {
      expect.fail(`transaction failed: ${result.toString()}\n${result.meta().logs().join("\n")}`);
    }
    return result;
  }

  /** Fails with `name`, and nothing moved to the solver. */
  function expectError(result: Result, name: string, solverBefore: bigint) {
    const code = ERRORS[name];
    expect(code, name).to.be.a("number");
    expect(result, `expected ${name}`).to.be.instanceOf(FailedTransactionMetadata);
    const failed = result as FailedTransactionMetadata;
    expect(failed.toString()).to.include(`InstructionError(0, Custom(${code}))`);
    expect(failed.meta().logs()).to.not.include(LOG_LINE);
    expect(balance(SOLVER_ACCOUNT)).to.equal(solverBefore);
  }

  /** The attestation is genuine: the trusted solver signed exactly these values. */
  async function expectGenuine(a: Attested) {
    const solver = privateKeyToAccount(SOLVER_KEY).address;
    expect(await verifyAttestation({ ...a, solver })).to.equal(true);
  }

  it("a bound attestation pays the solver exactly, writes the request record and returns the request id (65- and 64-byte signatures)", async () => {
    for (const compact of [false, true]) {
      const a = await attest();
      const solverBefore = balance(SOLVER_ACCOUNT);
      const payerBefore = balance(payer.address);
      const signature = compact ? toCompactSignature(a.signature) : a.signature;
      const result = expectOk(await send(await deposit(a, { signature })));
      expect(result.logs()).to.include(LOG_LINE);
      expect(bytesToHex(result.returnData().data())).to.equal(a.requestId);
      expect(balance(SOLVER_ACCOUNT) - solverBefore).to.equal(AMOUNT);
      const rent = svm.minimumBalanceForRentExemption(RECORD_LEN);
      expect(payerBefore - balance(payer.address)).to.equal(AMOUNT + rent + 5000n); // amount, record rent, fee
      const record = svm.getAccount((await recordAddress(a.requestId))[0]);
      expect(record.exists && record.programAddress).to.equal(programId);
      const data = record.exists ? record.data : new Uint8Array();
      expect(bytesToHex(data.subarray(8, 40))).to.equal(a.requestId);
      expect(getAddressDecoder().decode(data.subarray(40, 72))).to.equal(payer.address);
      expect(new DataView(data.buffer, data.byteOffset).getBigUint64(72, true)).to.equal(AMOUNT);
    }
  });

  it("attack: replaying a paid attestation is refused with RequestAlreadyPaid", async () => {
    const a = await attest();
    expectOk(await send(await deposit(a))); // setup: the first deposit landed
    expectError(await send(await deposit(a)), "RequestAlreadyPaid", balance(SOLVER_ACCOUNT));
  });

  it("attack: replaying through a second, non-canonical PDA of the same request id is refused with InvalidPdaAddress", async () => {
    let a = await attest();
    while ((await recordAddress(a.requestId))[1] === 255) a = await attest();
    const [canonical, bump] = await recordAddress(a.requestId);
    expectOk(await send(await deposit(a)));
    // create_program_address by hand: sha256(seeds || bump || program id || marker), off the curve.
    let lower: Address | undefined;
    for (let b = bump - 1; b >= 0 && lower === undefined; b--) {
      const hash = createHash("sha256")
        .update("request")
        .update(hexToBytes(a.requestId))
        .update(Uint8Array.of(b))
        .update(Uint8Array.from(getAddressEncoder().encode(programId)))
        .update("ProgramDerivedAddress")
        .digest();
      const candidate = getAddressDecoder().decode(hash);
      if (isOffCurveAddress(candidate)) lower = candidate;
    }
    expect(lower, "a valid PDA of the same id with a lower bump").to.be.a("string");
    expect(lower).to.not.equal(canonical);
    expectError(
      await send(await deposit(a, { record: lower })),
      "InvalidPdaAddress",
      balance(SOLVER_ACCOUNT),
    );
  });

  it("attack: the record of another request id is refused with InvalidPdaAddress", async () => {
    const paid = await attest();
    expectOk(await send(await deposit(paid)));
    const fresh = await attest();
    const [paidRecord] = await recordAddress(paid.requestId);
    expect(svm.getAccount(paidRecord).exists).to.equal(true);
    expectError(
      await send(await deposit(fresh, { record: paidRecord })),
      "InvalidPdaAddress",
      balance(SOLVER_ACCOUNT),
    );
  });

  it("attack: pre-funding the record PDA (below and above rent) to block CreateAccount does not block the deposit", async () => {
    for (const prefund of [1n, svm.minimumBalanceForRentExemption(RECORD_LEN) + 1_000_000n]) {
      const a = await attest();
      const [record] = await recordAddress(a.requestId);
      svm.setAccount({
        address: record,
        lamports: lamports(prefund),
        programAddress: SYSTEM_PROGRAM,
        executable: false,
        data: new Uint8Array(),
        space: 0n,
      });
      expect(balance(record)).to.equal(prefund); // setup: the griefer's lamports are there
      const solverBefore = balance(SOLVER_ACCOUNT);
      expectOk(await send(await deposit(a)));
      expect(balance(SOLVER_ACCOUNT) - solverBefore).to.equal(AMOUNT);
      const account = svm.getAccount(record);
      expect(account.exists && account.programAddress).to.equal(programId);
      expect(balance(record) >= svm.minimumBalanceForRentExemption(RECORD_LEN)).to.equal(true);
    }
  });

  it("attack: an attestation for another origin chain is refused with OriginChainMismatch", async () => {
    const a = await attest({
      originChainId: 8453,
      originUser: "0x00000000000000000000000000000000000000aa",
      originCurrency: "0x0000000000000000000000000000000000000000",
    });
    await expectGenuine(a);
    expectError(await send(await deposit(a)), "OriginChainMismatch", balance(SOLVER_ACCOUNT));
  });

  it("attack: Mallory pays with Alice's attestation (another payer) and is refused with PayerMismatch", async () => {
    const a = await attest(); // for `payer`
    await expectGenuine(a);
    expectError(
      await send(await deposit(a, { signer: mallory }), mallory),
      "PayerMismatch",
      balance(SOLVER_ACCOUNT),
    );
    expectOk(await send(await deposit(a))); // the rightful payer still can
  });

  it("attack: a token quote paid in lamports is refused with CurrencyMismatch", async () => {
    const mint = (await generateKeyPairSigner()).address;
    const a = await attest({ originCurrency: mint });
    await expectGenuine(a);
    expectError(await send(await deposit(a)), "CurrencyMismatch", balance(SOLVER_ACCOUNT));
  });

  it("attack: a zero-amount quote is refused with ZeroAmount; one above u64 with ArithmeticOverflow", async () => {
    const zero = await attest({ originAmount: "0" });
    await expectGenuine(zero);
    expectError(await send(await deposit(zero)), "ZeroAmount", balance(SOLVER_ACCOUNT));
    const huge = await attest({ originAmount: ((1n << 64n) + AMOUNT).toString() });
    await expectGenuine(huge);
    expectError(await send(await deposit(huge)), "ArithmeticOverflow", balance(SOLVER_ACCOUNT));
  });

  it("attack: a genuine quote for another destination (user or chain) is refused with DestinationNotWhitelisted", async () => {
    for (const other of [
      { destinationUser: "0x00000000000000000000000000000000000000d6" },
      { destinationChainId: 10 },
    ]) {
      const a = await attest(other);
      await expectGenuine(a);
      expectError(await send(await deposit(a)), "DestinationNotWhitelisted", balance(SOLVER_ACCOUNT));
    }
  });

  it("attack: an expired deadline (DeadlineExpired) or one beyond the window (DeadlineBeyondMaxWindow) is refused; both ends are inclusive", async () => {
    const a = await attest();
    const solverBefore = balance(SOLVER_ACCOUNT);
    expectError(await send(await deposit(a, { deadline: now() - 1n })), "DeadlineExpired", solverBefore);
    expectError(
      await send(await deposit(a, { deadline: now() + MAX_DEADLINE_WINDOW + 1n })),
      "DeadlineBeyondMaxWindow",
      solverBefore,
    );
    expectOk(await send(await deposit(a, { deadline: now() + MAX_DEADLINE_WINDOW })));
    expectOk(await send(await deposit(await attest(), { deadline: now() })));
  });

  it("attack: a quote signed by another key, or tampered after signing, is refused with SignerMismatch", async () => {
    const forged = await attest({}, OTHER_KEY);
    expectError(await send(await deposit(forged)), "SignerMismatch", balance(SOLVER_ACCOUNT));
    const a = await attest();
    const tampered = { ...a, encoded: a.encoded.slice() };
    tampered.encoded[4 * 32 + 31] = (tampered.encoded[4 * 32 + 31] as number) ^ 1; // the amount
    expectError(await send(await deposit(tampered)), "SignerMismatch", balance(SOLVER_ACCOUNT));
    expectOk(await send(await deposit(a)));
  });

  it("attack: the deposit redirected to another account than the configured solver is refused with InvalidSolverAccount", async () => {
    const a = await attest();
    await expectGenuine(a);
    const before = balance(mallory.address);
    expectError(
      await send(await deposit(a, { solver: mallory.address })),
      "InvalidSolverAccount",
      balance(SOLVER_ACCOUNT),
    );
    expect(balance(mallory.address)).to.equal(before);
  });

  it("attack: the payer's account not signing (funds taken from a victim) is refused with MissingSigner; a fake system program with InvalidSystemProgram", async () => {
    const a = await attest();
    expectError(
      await send(await deposit(a, { payerRole: AccountRole.WRITABLE }), mallory),
      "MissingSigner",
      balance(SOLVER_ACCOUNT),
    );
    expectError(
      await send(await deposit(a, { systemProgram: programId })),
      "InvalidSystemProgram",
      balance(SOLVER_ACCOUNT),
    );
  });

  it("rejects malformed input with its typed error", async () => {
    const a = await attest();
    const ix = await deposit(a);
    const data = ix.data as Uint8Array;
    const solverBefore = balance(SOLVER_ACCOUNT);
    expectError(await send({ ...ix, data: data.subarray(0, 200) }), "InvalidInstructionData", solverBefore);
    expectError(
      await send({ ...ix, data: data.subarray(0, data.length - 2) }),
      "InvalidSignatureLength",
      solverBefore,
    );
    expectError(await send({ ...ix, accounts: ix.accounts?.slice(0, 3) }), "NotEnoughAccounts", solverBefore);
  });

  it("property: any amount and any deadline offset either lands with the solver paid exactly, or fails with the deadline's error and moves nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: 1_000_000_000n }),
        fc.bigInt({ min: -100n, max: MAX_DEADLINE_WINDOW + 100n }),
        async (amount, offset) => {
          const a = await attest({ originAmount: amount.toString() });
          svm.airdrop(payer.address, lamports(amount)); // 25 runs of up to 1 SOL would drain the 10 SOL funding
          const solverBefore = balance(SOLVER_ACCOUNT);
          const result = await send(await deposit(a, { deadline: now() + offset }));
          if (offset < 0n) return expectError(result, "DeadlineExpired", solverBefore);
          if (offset > MAX_DEADLINE_WINDOW)
            return expectError(result, "DeadlineBeyondMaxWindow", solverBefore);
          expectOk(result);
          expect(balance(SOLVER_ACCOUNT) - solverBefore).to.equal(amount);
        },
      ),
      { numRuns: 25 },
    );
  });
});
