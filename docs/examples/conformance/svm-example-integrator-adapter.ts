// An SvmReceiverAdapter for an integrator's own program (here attestkit's example integrator,
// programs/example-integrator): its own instruction layout, native deposits only, trust fixed at
// build time. docs/guides/test-your-receiver.md walks through it.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  AccountRole,
  type Address,
  generateKeyPairSigner,
  getAddressDecoder,
  getProgramDerivedAddress,
} from "@solana/kit";
import {
  programAddressAtBump,
  SVM_ATTESTED_RECEIVER_ERRORS,
  SVM_RECEIVER_REFUSAL_CLASSES,
  type SvmConformanceEnv,
  type SvmPayment,
  type SvmReceiverAdapter,
} from "attestkit/testing/svm";
import { concatHex, type Hex, hexToBytes, numberToHex, pad } from "viem";

const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;
const RECORD_SEED = new TextEncoder().encode("request");
/** programs/example-integrator/src/record.rs */
const RECORD_DISCRIMINATOR = [45, 90, 250, 188, 51, 127, 189, 14];

const NATIVE_ONLY = "the program takes native deposits only";
const NO_ADMIN = "trust is fixed at build time: the program has no admin instruction";

export function exampleIntegratorAdapter(
  elfPath = "programs/deploy/example-integrator.so",
): SvmReceiverAdapter {
  let programId: Address;
  const record = async (requestId: Hex, bump?: number) => {
    const seeds = [RECORD_SEED, hexToBytes(requestId)];
    if (bump !== undefined) return programAddressAtBump(programId, seeds, bump);
    return (await getProgramDerivedAddress({ programAddress: programId, seeds }))[0];
  };
  return {
    name: "example-integrator",
    // The program's build-time constants (src/config.rs); the trusted solver is a well-known test key.
    fixedSetup: {
      solverKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
      solver: getAddressDecoder().decode(
        createHash("sha256").update("attestkit example-integrator solver").digest(),
      ),
      destinationChainId: 8453n,
      destinationUser: pad("0xd5", { size: 32 }),
      maxDeadlineWindow: 3600n,
    },
    async deploy(env: SvmConformanceEnv) {
      programId = (await generateKeyPairSigner()).address;
      env.svm.addProgram(programId, readFileSync(elfPath));
    },
    async payInstructions(p: SvmPayment) {
      if (p.token) throw new Error(NATIVE_ONLY);
      const d = p.data;
      const encoded = concatHex([
        d.requestId,
        numberToHex(d.originChainId, { size: 32 }),
        d.originUser,
        d.originCurrency,
        numberToHex(d.originAmount, { size: 32 }),
        numberToHex(d.destinationChainId, { size: 32 }),
        d.destinationUser,
      ]);
      const deadline = new Uint8Array(8);
      new DataView(deadline.buffer).setBigInt64(0, p.deadline, true);
      return [
        {
          programAddress: programId,
          accounts: [
            { address: p.payer.address, role: AccountRole.WRITABLE_SIGNER, signer: p.payer },
            { address: await record(d.requestId, p.replayBump), role: AccountRole.WRITABLE },
            { address: p.recipient, role: AccountRole.WRITABLE },
            { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
          ],
          data: Uint8Array.from([...hexToBytes(encoded), ...deadline, ...hexToBytes(p.signature)]),
        },
      ];
    },
    async isPaid(env, requestId) {
      const account = await env.account(await record(requestId));
      return (
        account.exists &&
        account.owner === programId &&
        RECORD_DISCRIMINATOR.every((b, i) => account.data[i] === b)
      );
    },
    replayAddress: record,
    notApplicable: {
      "pay.token": NATIVE_ONLY,
      "pay.token2022": NATIVE_ONLY,
      "replay.token": NATIVE_ONLY,
      "currency.binding": NATIVE_ONLY,
      "currency.nativeAsToken": NATIVE_ONLY,
      "account.tokenRecipientSubstitution": NATIVE_ONLY,
      "account.duplicate": `${NATIVE_ONLY} (payer and solver accounts are checked distinct)`,
      "token.fakeProgram": NATIVE_ONLY,
      "token2022.transferFee": NATIVE_ONLY,
      "token2022.permanentDelegate": NATIVE_ONLY,
      "token2022.transferHook": NATIVE_ONLY,
      "token2022.cpiGuard": NATIVE_ONLY,
      "token2022.defaultFrozen": NATIVE_ONLY,
      "token2022.nonTransferable": NATIVE_ONLY,
      "amount.mismatch":
        "the instruction has no amount of its own: the program moves exactly the attested amount",
      "whitelist.entrySubstitution": "one destination fixed at build time: no whitelist entry accounts",
      "account.configSubstitution": "no config account: trust is fixed at build time",
      "invalidation.refused": NO_ADMIN,
      "pause.refused": NO_ADMIN,
      "admin.pauseByStranger": NO_ADMIN,
      "admin.invalidateByStranger": NO_ADMIN,
    },
    // The program fails with the receiver interface's codes, as the reference program does; it
    // checks the record's address against the canonical one, so a non-canonical bump is InvalidPdaAddress.
    refusalClasses: SVM_RECEIVER_REFUSAL_CLASSES,
    expectedErrors: { ...SVM_ATTESTED_RECEIVER_ERRORS, "pda.nonCanonical": 6022 },
  };
}
