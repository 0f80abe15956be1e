// An SvmOrderAdapter for an integrator's own order-gated program (here attestkit's example order
// integrator, programs/example-order-integrator): its own instruction layout and accounts (payer,
// order record, vault, system program: no config, no depository, no whitelist accounts), native
// payments only, trust fixed at build time. docs/guides/test-your-receiver.md walks through it.
import { readFileSync } from "node:fs";
import {
  AccountRole,
  type Address,
  generateKeyPairSigner,
  getProgramDerivedAddress,
  lamports,
} from "@solana/kit";
import { hashEncodedOrder } from "attestkit/orders";
import { encodeOrderBorsh } from "attestkit/receiver";
import {
  programAddressAtBump,
  SVM_ORDER_DEPOSITOR_ERRORS,
  SVM_ORDER_DEPOSITOR_REFUSAL_CLASSES,
  type SvmOrderAdapter,
  type SvmOrderPayment,
} from "attestkit/testing/svm";
import type { LiteSVM } from "litesvm";
import { type Hex, hexToBytes } from "viem";

const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;
const RECORD_SEED = new TextEncoder().encode("replay");
/** programs/example-order-integrator/src/config.rs */
const VAULT = "FQ8Z3rnkwvDh8V12M7E9FbAKe6mjoCNP9MUq75eu55Mq" as Address;

const NATIVE_ONLY = "the program takes native payments only";
const NO_ADMIN = "trust is fixed at build time: the program has no admin instruction";

/** Loads the program's `.so` into `svm` and returns the order catalogue's adapter for it. */
export async function exampleOrderIntegratorAdapter(
  svm: LiteSVM,
  elfPath = "programs/deploy/example-order-integrator.so",
): Promise<SvmOrderAdapter> {
  const programId = (await generateKeyPairSigner()).address;
  svm.addProgram(programId, readFileSync(elfPath));
  // The vault must exist (rent-exempt) before a payment smaller than its rent can land in it.
  svm.airdrop(VAULT, lamports(1_000_000_000n));
  // A fresh LiteSVM's clock reads 1970: orders carry u32 deadlines of today.
  const clock = svm.getClock();
  clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000));
  svm.setClock(clock);

  /** The order record of `orderId` and its bump: the canonical one unless `bump` is given. */
  const recordAt = async (orderId: Hex, bump?: number): Promise<[Address, number]> => {
    const seeds = [RECORD_SEED, hexToBytes(orderId)];
    if (bump !== undefined) return [programAddressAtBump(programId, seeds, bump), bump];
    const [address, canonical] = await getProgramDerivedAddress({ programAddress: programId, seeds });
    return [address, canonical];
  };
  const record = async (orderId: Hex, bump?: number) => (await recordAt(orderId, bump))[0];
  const accounts = async (p: SvmOrderPayment) => ({
    payer: p.payer.address,
    replay: await record(hashEncodedOrder(p.order), p.replayBump),
    vault: VAULT,
  });
  return {
    name: "example-order-integrator",
    // The program's build-time constants (src/config.rs); the trusted solver is a mock key.
    setup: {
      solverKey: "0xc100c39a6da3086e7c4fe85b03195f45dc0b3061ebd6fbc101d6cfc2e755ea7c",
      chainId: "solana",
      outputChainId: "ethereum",
      outputRecipient: "0x00000000000000000000000000000000000000d5",
    },
    accounts,
    async payInstructions(p: SvmOrderPayment) {
      if (p.token) throw new Error(NATIVE_ONLY);
      const order = encodeOrderBorsh(p.order);
      const length = new Uint8Array(4);
      new DataView(length.buffer).setUint32(0, order.length, true);
      const [replay, bump] = await recordAt(hashEncodedOrder(p.order), p.replayBump);
      return [
        {
          programAddress: programId,
          accounts: [
            { address: p.payer.address, role: AccountRole.WRITABLE_SIGNER, signer: p.payer },
            { address: replay, role: AccountRole.WRITABLE },
            { address: VAULT, role: AccountRole.WRITABLE },
            { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
          ],
          data: Uint8Array.from([...length, ...order, bump, ...hexToBytes(p.signature)]),
        },
      ];
    },
    async isPaid(env, orderId) {
      const account = await env.account(await record(orderId));
      return account.exists && account.owner === programId;
    },
    recipient: VAULT,
    replayAddress: record,
    notApplicable: {
      "order.pay.token": NATIVE_ONLY,
      "order.pay.token2022": NATIVE_ONLY,
      "order.replay.token": NATIVE_ONLY,
      "order.currency.nativePaidWithToken": NATIVE_ONLY,
      "order.currency.otherMint": NATIVE_ONLY,
      "order.account.vaultTokenSubstitution": NATIVE_ONLY,
      "order.account.duplicate": `${NATIVE_ONLY} (no token accounts to pass twice)`,
      "order.token.fakeProgram": NATIVE_ONLY,
      "order.token.feeOnTransfer": NATIVE_ONLY,
      "order.token2022.permanentDelegate": NATIVE_ONLY,
      "order.token2022.transferHook": NATIVE_ONLY,
      "order.token2022.cpiGuard": NATIVE_ONLY,
      "order.token2022.defaultFrozen": NATIVE_ONLY,
      "order.token2022.nonTransferable": NATIVE_ONLY,
      "order.deadline.maxWindow": "orders carry their own output deadline; no maximum window",
      "order.account.configSubstitution": "no config account: trust is fixed at build time",
      "order.account.depositorySubstitution": "the program pays its own vault: no depository program",
      "order.whitelist.entrySubstitution": "one output fixed at build time: no whitelist entry accounts",
      "order.calls.ownerAllows": `output calls are always refused: ${NO_ADMIN}`,
      "order.invalidation.refused": NO_ADMIN,
      "order.pause.refused": NO_ADMIN,
      "order.rotation.grace": NO_ADMIN,
      "order.admin.pauseByStranger": NO_ADMIN,
      "order.admin.invalidateByStranger": NO_ADMIN,
      "order.admin.rotateByStranger": NO_ADMIN,
    },
    // The program fails with the interface's codes, as the reference depositor does; it checks the
    // vault against its constant (InvalidSolverAccount).
    refusalClasses: SVM_ORDER_DEPOSITOR_REFUSAL_CLASSES,
    expectedErrors: { ...SVM_ORDER_DEPOSITOR_ERRORS, "order.account.vaultSubstitution": 6029 },
  };
}
