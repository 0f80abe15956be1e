// The kit-based SVM receiver client (src/receiver/svm.ts) against the Anchor-built instructions of
// the LiteSVM fixture (same IDL), and a real deposit on LiteSVM through the builder with its
// `Deposited` event decoded from the logs.
import { getAddressDecoder, type Instruction } from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { bytesToHex, getAddress, type Hex } from "viem";
import {
  type RequestData,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
  SvmTransactionFailedError,
  toBytes32Address,
} from "../../src/index.ts";
import {
  buildSvmReceiverDepositInstruction,
  decodeSvmReceiverDepositedEvent,
  decodeSvmReceiverDepositedEvents,
  type SvmReceiverDepositInput,
} from "../../src/receiver/index.ts";
import {
  type Attested,
  EVM_DESTINATION,
  expectOk,
  Fixture,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from "../svm/receiver-fixture.ts";

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const svmAddress = getAddressDecoder();
const word = (n: bigint) => n.toString(16).padStart(64, "0");

const svmKey = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => svmAddress.decode(b));
/** Well-formed 65-byte (r, s, v) and 64-byte (EIP-2098) signatures with low s. */
const signatureArbitrary = fc
  .record({
    r: fc.bigInt({ min: 1n, max: SECP256K1_N - 1n }),
    s: fc.bigInt({ min: 1n, max: SECP256K1_N / 2n }),
    yParity: fc.integer({ min: 0, max: 1 }),
    compact: fc.boolean(),
  })
  .map(({ r, s, yParity, compact }) =>
    compact
      ? (`0x${word(r)}${word(s | (BigInt(yParity) << 255n))}` as Hex)
      : (`0x${word(r)}${word(s)}${(27 + yParity).toString(16)}` as Hex),
  );
const destinationArbitrary = fc.oneof(
  fc.record({
    chainId: fc.constantFrom(1, 10, 8453, 42161),
    user: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(bytesToHex(b)) as string),
  }),
  fc.record({ chainId: fc.constant(SVM_CHAIN_ID), user: svmKey as fc.Arbitrary<string> }),
);

/** Compares what goes on the wire: program, account addresses and roles, data bytes. */
function wire(ix: Instruction) {
  return {
    program: ix.programAddress,
    accounts: (ix.accounts ?? []).map((a) => `${a.address}:${a.role}`),
    data: bytesToHex(ix.data as Uint8Array),
  };
}

describe("receiver/svm: kit deposit builder and Deposited decoder", function () {
  this.timeout(120_000);
  let f: Fixture;

  before(async () => {
    f = await Fixture.create();
  });

  /** Builder input for a fixture attestation (payer and solver of the fixture). */
  const inputOf = (a: Attested, deadline: bigint): SvmReceiverDepositInput => ({
    programId: f.programId,
    payer: f.payer,
    requestId: bytesToHex(a.requestId),
    requestData: a.requestData,
    signature: bytesToHex(a.signature),
    deadline,
    solver: f.solver.address,
  });

  it("builds byte-identical deposit_native / deposit_token instructions to Anchor's for random inputs", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        destinationArbitrary,
        fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
        signatureArbitrary,
        fc.option(
          fc.record({
            mint: svmKey,
            payerToken: svmKey,
            solverToken: svmKey,
            tokenProgram: fc.constantFrom(TOKEN_PROGRAM, TOKEN_2022_PROGRAM),
          }),
          { nil: undefined },
        ),
        async (requestId, amount, destination, deadline, signature, token) => {
          const requestData: RequestData = {
            originChainId: SVM_CHAIN_ID,
            originUser: f.payer.address,
            originCurrency: token?.mint ?? SVM_NATIVE_TOKEN,
            originAmount: amount.toString(),
            destinationChainId: destination.chainId,
            destinationUser: destination.user,
          };
          const id = bytesToHex(requestId);
          const built = await buildSvmReceiverDepositInstruction({
            programId: f.programId,
            payer: f.payer,
            requestId: id,
            requestData,
            signature,
            deadline,
            solver: f.solver.address,
            ...(token ? { token } : {}),
          });
          const attested: Attested = {
            requestId,
            requestData,
            signature: Buffer.from(signature.slice(2), "hex"),
            destinationUser: Buffer.from(
              toBytes32Address(destination.user, destination.chainId).slice(2),
              "hex",
            ),
          };
          const anchor = token
            ? await f.depositToken(attested, { ...token, decimals: 6 }, { deadline })
            : await f.depositNative(attested, { deadline });
          expect(wire(built)).to.deep.equal(wire(anchor));
          expect(built.accounts?.[0]).to.have.property("signer", f.payer);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("a native deposit built with the kit builder succeeds on LiteSVM and its event decodes", async () => {
    const a = await f.attest({ originAmount: "2500000" });
    const requestId = bytesToHex(a.requestId);
    const deadline = f.now() + 600n;
    const before = f.lamports(f.solver.address);
    const ix = await buildSvmReceiverDepositInstruction(inputOf(a, deadline));
    const result = expectOk(await f.send([ix]));
    expect(f.lamports(f.solver.address) - before).to.equal(2_500_000n);
    const event = decodeSvmReceiverDepositedEvent({ err: null, logs: result.logs() }, f.programId);
    expect(event).to.deep.equal({
      requestId,
      originChainId: BigInt(SVM_CHAIN_ID),
      payer: f.payer.address,
      currency: SVM_NATIVE_TOKEN,
      amount: 2_500_000n,
      destinationChainId: 1n,
      destinationUser: toBytes32Address(EVM_DESTINATION, 1),
      deadline,
      solver: f.solver.address,
      recipient: f.solver.address,
      signer: f.solverEvm.address,
    });
  });

  it("a token deposit built with the kit builder succeeds on LiteSVM and its event names the mint", async () => {
    const t = await f.tokenSetup(TOKEN_PROGRAM);
    const a = await f.attest({ originCurrency: t.mint, originAmount: "700000" });
    const deadline = f.now() + 300n;
    const ix = await buildSvmReceiverDepositInstruction({
      ...inputOf(a, deadline),
      payer: f.payer.address,
      token: t,
    });
    const result = expectOk(await f.send([ix]));
    expect(f.tokenBalance(t.solverToken)).to.equal(700_000n);
    const event = decodeSvmReceiverDepositedEvent({ err: null, logs: result.logs() }, f.programId);
    expect(event?.currency).to.equal(t.mint);
    expect(event?.amount).to.equal(700_000n);
    expect(event?.recipient).to.equal(t.solverToken);
    expect(event?.payer).to.equal(f.payer.address);
  });

  it("the decoder follows the invocation stack: the same bytes logged by another program do not count", async () => {
    const a = await f.attest();
    const ix = await buildSvmReceiverDepositInstruction(inputOf(a, f.now() + 60n));
    const logs = expectOk(await f.send([ix])).logs();
    const data = logs.find((l) => l.startsWith("Program data: ")) as string;
    const other = f.solver.address;
    const spoofed = [`Program ${other} invoke [1]`, data, `Program ${other} success`];
    const ok = (lines: string[]) => ({ err: null, logs: lines });
    expect(decodeSvmReceiverDepositedEvent(ok(spoofed), f.programId)).to.equal(null);
    expect(decodeSvmReceiverDepositedEvent(ok(spoofed), other)).to.not.equal(null);
    expect(decodeSvmReceiverDepositedEvents(ok([...logs, ...logs]), f.programId)).to.have.length(2);
    const garbage = [`Program ${f.programId} invoke [1]`, "Program data: AAAA", "Program data: not base64!"];
    expect(decodeSvmReceiverDepositedEvent(ok(garbage), f.programId)).to.equal(null);
  });

  it("refuses the logs of a failed transaction (SvmTransactionFailedError): a Deposited line there never took effect", async () => {
    const a = await f.attest();
    const logs = expectOk(
      await f.send([await buildSvmReceiverDepositInstruction(inputOf(a, f.now() + 60n))]),
    ).logs();
    // The same logs under a failed status (e.g. a later instruction of the transaction failed).
    const failed = { err: { InstructionError: [1, { Custom: 1 }] }, logs };
    expect(() => decodeSvmReceiverDepositedEvents(failed, f.programId))
      .to.throw(SvmTransactionFailedError)
      .with.property("code", "SVM_TRANSACTION_FAILED");
    expect(decodeSvmReceiverDepositedEvents({ err: null, logs }, f.programId)).to.have.length(1);
  });

  it("rejects malformed inputs before building", async () => {
    const a = await f.attest();
    const base = inputOf(a, f.now() + 60n);
    const rejects = async (override: object, code: string) => {
      try {
        await buildSvmReceiverDepositInstruction({ ...base, ...override });
      } catch (error) {
        expect((error as { code?: string }).code).to.equal(code);
        return;
      }
      expect.fail(`expected ${code}`);
    };
    await rejects(
      { requestData: { ...a.requestData, originAmount: (1n << 64n).toString() } },
      "INVALID_AMOUNT",
    );
    await rejects({ deadline: 1n << 63n }, "INVALID_SVM_ARGUMENT");
    await rejects({ signature: "0x1234" }, "INVALID_SIGNATURE");
    await rejects({ requestId: "0x12" }, "INVALID_REQUEST_ID");
  });
});
