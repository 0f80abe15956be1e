// Compute units and instruction-trace use of invalidate_requests in LiteSVM, in one run, for each
// state a replay PDA can be in when the batch lands (unfunded, pre-funded below rent, pre-funded
// above rent, already invalidated, already paid), against the compute-unit limit the kit builder
// sets (getSvmReceiverInvalidateComputeUnitLimit). Ids are drawn with a chosen canonical bump, so
// the PDA search cost is fixed: bump 255 (one attempt) for the per-state rows, 255 vs 254 for the
// per-bump step. Per id = (CU of 24 ids - CU of 1 id) / 23; per transaction = CU of 1 id - per id.
//   PATH=$PWD/node_modules/.bin:$PATH node bench/svm-invalidate-cu.bench.ts
import { FailedTransactionMetadata, type TransactionMetadata } from "litesvm";
import { bytesToHex } from "viem";
import {
  buildSvmReceiverInvalidateRequestsInstructions,
  SVM_RECEIVER_INVALIDATE_COMPUTE_UNITS,
  SVM_RECEIVER_MAX_INVALIDATE_BATCH,
} from "../src/receiver/index.ts";
import { Fixture } from "../test/svm/receiver-fixture.ts";
import { printTable, writeResults } from "./harness.ts";

const TRACE_LIMIT = 64;
type State = "unfunded" | "below rent" | "above rent" | "already invalidated" | "already paid";
const STATES: State[] = ["unfunded", "below rent", "above rent", "already invalidated", "already paid"];

async function main() {
  const f = await Fixture.create();
  const rent = f.svm.minimumBalanceForRentExemption(50n);

  const landed = (result: TransactionMetadata | FailedTransactionMetadata): TransactionMetadata => {
    if (result instanceof FailedTransactionMetadata) throw new Error(result.toString());
    return result;
  };

  async function prepare(ids: Uint8Array[], state: State) {
    for (const id of ids) {
      if (state === "below rent") await f.prefundReplay(id, rent - 1n);
      if (state === "above rent") await f.prefundReplay(id, rent + 1_000_000n);
      if (state === "already paid")
        landed(await f.send([await f.depositNative(await f.attest({ requestId: id }))]));
    }
    if (state === "already invalidated") await invalidate(ids);
  }

  async function invalidate(ids: Uint8Array[]) {
    const ixs = await buildSvmReceiverInvalidateRequestsInstructions({
      programId: f.programId,
      authority: f.owner,
      requestIds: ids.map((id) => bytesToHex(id)),
    });
    const result = landed(await f.send(ixs, f.owner));
    const limit = new DataView((ixs[0].data as Uint8Array).buffer).getUint32(1, true);
    const cpis = result.innerInstructions().flat().length;
    return { cu: Number(result.computeUnitsConsumed()), limit, trace: ixs.length + cpis };
  }

  async function batch(size: number, state: State, bump = 255) {
    const ids: Uint8Array[] = [];
    for (let i = 0; i < size; i++) ids.push(await f.requestIdWithReplayBump(bump));
    await prepare(ids, state);
    return invalidate(ids);
  }

  const rows: Array<Record<string, string | number>> = [];
  const results = [];
  for (const state of STATES) {
    const one = await batch(1, state);
    const full = await batch(SVM_RECEIVER_MAX_INVALIDATE_BATCH, state);
    const perId = (full.cu - one.cu) / (SVM_RECEIVER_MAX_INVALIDATE_BATCH - 1);
    const row = {
      state,
      "cu 1 id": one.cu,
      [`cu ${SVM_RECEIVER_MAX_INVALIDATE_BATCH} ids`]: full.cu,
      "cu per id": Math.round(perId),
      "cu per tx": Math.round(one.cu - perId),
      [`limit ${SVM_RECEIVER_MAX_INVALIDATE_BATCH} ids`]: full.limit,
      "limit / cu": (full.limit / full.cu).toFixed(3),
      [`trace ${SVM_RECEIVER_MAX_INVALIDATE_BATCH} ids`]: `${full.trace} / ${TRACE_LIMIT}`,
    };
    rows.push(row);
    results.push(row);
  }
  printTable(`invalidate_requests by replay PDA state (canonical bump 255)`, rows);

  const at255 = await batch(1, "below rent", 255);
  const at254 = await batch(1, "below rent", 254);
  const worstLow = await batch(SVM_RECEIVER_MAX_INVALIDATE_BATCH, "below rent", 250);
  const bumps = [
    { case: "1 id below rent, bump 255", cu: at255.cu, limit: at255.limit },
    { case: "1 id below rent, bump 254", cu: at254.cu, limit: at254.limit },
    {
      case: `${SVM_RECEIVER_MAX_INVALIDATE_BATCH} ids below rent, bump 250`,
      cu: worstLow.cu,
      limit: worstLow.limit,
    },
  ];
  printTable("PDA search cost per canonical bump", bumps);
  const step = at254.cu - at255.cu;
  console.log(
    `per bump step: ${step} CU (builder: ${SVM_RECEIVER_INVALIDATE_COMPUTE_UNITS.perBumpStep}); builder constants: ` +
      JSON.stringify(SVM_RECEIVER_INVALIDATE_COMPUTE_UNITS),
  );
  writeResults("svm-invalidate-cu.json", {
    command: "PATH=$PWD/node_modules/.bin:$PATH node bench/svm-invalidate-cu.bench.ts",
    program: "programs/deploy/attested-receiver.so",
    maxBatch: SVM_RECEIVER_MAX_INVALIDATE_BATCH,
    traceLimit: TRACE_LIMIT,
    builder: SVM_RECEIVER_INVALIDATE_COMPUTE_UNITS,
    byState: results,
    perBumpStep: step,
    bumps,
  });
}

await main();
