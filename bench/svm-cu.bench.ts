// Compute units of the attested receiver in LiteSVM, in one run: a plain SOL transfer and a plain
// token transfer to the solver versus deposit_native and deposit_token (SPL Token; Token-2022
// reported too), each beside its itemized floor (what any correct implementation must pay).
//   PATH=$PWD/node_modules/.bin:$PATH node bench/svm-cu.bench.ts
import { AccountRole, type Address } from "@solana/kit";
import {
  expectOk,
  Fixture,
  signerMeta,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from "../test/svm/receiver-fixture.ts";
import { printTable, writeResults } from "./harness.ts";

// Agave compute costs (SIMD-0339 era defaults, as in LiteSVM 1.5).
const SECP256K1_RECOVER = 25_000;
const CREATE_PROGRAM_ADDRESS = 1_500;
const KECCAK_BASE = 85;
const KECCAK_PER_SLICE = (len: number) => Math.max(Math.floor(len / 2), 10); // 1 CU / 2 bytes, min mem_op 10
const CPI_BASE = 946; // invoke_units
const SYSVAR_BASE = 100; // Clock::get, Rent::get (sol_get_sysvar base) + bytes
const LOG_DATA = 100; // sol_log_data base (+ bytes)

const keccak = (slices: number[]) => KECCAK_BASE + slices.reduce((n, l) => n + KECCAK_PER_SLICE(l), 0);

async function main() {
  const f = await Fixture.create();
  const units = (r: ReturnType<typeof expectOk>) => Number(r.computeUnitsConsumed());
  const solver = f.solver.address;

  // Plain transfers.
  const plainSol = units(
    expectOk(
      await f.send([
        {
          programAddress: "11111111111111111111111111111111" as Address,
          accounts: [
            signerMeta(f.payer, AccountRole.WRITABLE_SIGNER),
            { address: solver, role: AccountRole.WRITABLE },
          ],
          data: Uint8Array.from([2, 0, 0, 0, ...new Uint8Array(new BigUint64Array([1_000_000n]).buffer)]),
        },
      ]),
    ),
  );
  const spl = await f.tokenSetup(TOKEN_PROGRAM);
  const t22 = await f.tokenSetup(TOKEN_2022_PROGRAM);
  const plainSpl = units(expectOk(await f.send([f.transferCheckedIx(spl, 1_000n)])));
  const plainT22 = units(expectOk(await f.send([f.transferCheckedIx(t22, 1_000n)])));

  // The system program's CreateAccount costs as much as a Transfer (150 CU builtin).
  const createAccountCallee = plainSol;

  // Deposits (same kind of request id for each: bump recorded for the floor).
  const run = async (kind: "native" | "spl" | "t22") => {
    const t = kind === "spl" ? spl : t22;
    // Request ids whose replay PDA has canonical bump 255 (half of all ids): each lower canonical
    // bump b costs 1,500 CU more per bump above it (the canonicality check), see NOTE below.
    let a = await f.attest(kind === "native" ? {} : { originCurrency: t.mint });
    while ((await f.replayPda(a.requestId))[1] !== 255) {
      a = await f.attest(kind === "native" ? {} : { originCurrency: t.mint });
    }
    const [, bump] = await f.replayPda(a.requestId);
    const ix = kind === "native" ? await f.depositNative(a) : await f.depositToken(a, t);
    return { cu: units(expectOk(await f.send([ix]))), bump };
  };
  const native = await run("native");
  const tokenSpl = await run("spl");
  const tokenT22 = await run("t22");

  const floor = (bump: number, transferCallee: number | null) => {
    const items: Record<string, number> = {
      secp256k1_recover: SECP256K1_RECOVER,
      "keccak(7 x 32-byte words)": keccak([32, 32, 32, 32, 32, 32, 32]),
      "keccak(EIP-191 prefix 28 + 32)": keccak([28, 32]),
      "keccak(pubkey 64)": keccak([64]),
      [`create_program_address x${1 + (255 - bump)} (replay PDA + canonical check, bump ${bump})`]:
        CREATE_PROGRAM_ADDRESS * (1 + (255 - bump)),
      "Clock::get + Rent::get": 2 * SYSVAR_BASE,
      "CPI CreateAccount (invoke + callee as measured by the plain SOL transfer)":
        CPI_BASE + createAccountCallee,
      "sol_log_data (252-byte event)": LOG_DATA + 252,
    };
    if (transferCallee !== null)
      items["CPI TransferChecked (invoke + callee as measured by the plain token transfer)"] =
        CPI_BASE + transferCallee;
    return { items, total: Object.values(items).reduce((a, b) => a + b, 0) };
  };
  const floors = {
    native: floor(native.bump, null),
    spl: floor(tokenSpl.bump, plainSpl),
    t22: floor(tokenT22.bump, plainT22),
  };
  const target = { native: 33_000, spl: 39_000, t22: null as number | null };

  const rows = [
    { case: "plain SOL transfer", cu: plainSol, floor: "-", "vs floor": "-", target: "-" },
    { case: "plain SPL Token transfer_checked", cu: plainSpl, floor: "-", "vs floor": "-", target: "-" },
    { case: "plain Token-2022 transfer_checked", cu: plainT22, floor: "-", "vs floor": "-", target: "-" },
    ...(
      [
        ["deposit_native", native.cu, floors.native.total, target.native],
        ["deposit_token (SPL Token)", tokenSpl.cu, floors.spl.total, target.spl],
        ["deposit_token (Token-2022)", tokenT22.cu, floors.t22.total, target.t22],
      ] as const
    ).map(([name, cu, fl, tg]) => ({
      case: name,
      cu,
      floor: fl,
      "vs floor": `+${(((cu - fl) / fl) * 100).toFixed(1)}%`,
      target:
        tg === null
          ? "(reported)"
          : `<= ${tg} ${cu <= tg ? "met" : "MISSED"}, within 10% ${cu <= fl * 1.1 ? "met" : "MISSED"}`,
    })),
  ];
  printTable("SVM compute units (LiteSVM 1.5, one run)", rows);
  for (const [name, fl] of Object.entries(floors)) {
    console.log(`\nfloor items, ${name}:`);
    for (const [item, cu] of Object.entries(fl.items)) console.log(`  ${String(cu).padStart(6)}  ${item}`);
  }
  const note =
    "Measured with request ids whose replay PDA canonical bump is 255 (probability 1/2). Each canonical bump b < 255 adds (255 - b) x 1,500 CU (create_program_address canonicality check): expected extra over all ids ~1,500 CU; bump 254 (1/4 of ids) +1,500, 253 (1/8) +3,000, ...";
  console.log(`\nNOTE: ${note}`);
  writeResults("svm-cu.json", {
    note,
    command: "PATH=$PWD/node_modules/.bin:$PATH node bench/svm-cu.bench.ts",
    program: "programs/deploy/attested-receiver.so",
    rows,
    floors,
    bumps: { native: native.bump, spl: tokenSpl.bump, t22: tokenT22.bump },
  });
}

await main();
