// Compute units of the SVM order path in LiteSVM, in one run, each beside the floor this benchmark
// derives: compute_order_id for orders of growing size (floor: the sol_keccak256 calls EIP-712
// hashStruct needs, one per string / bytes member, struct and array, at their per-slice byte cost;
// the fewest SBF instructions that can invoke them and read the Borsh argument; the entrypoint as
// measured; sol_set_return_data), then the order-gated deposits (native, SPL Token) against theirs
// (the order id as above, the recipient whitelist keys, EIP-191 + secp256k1 recovery, the replay
// PDA check, the replay record's CreateAccount CPI, the depository CPI with the depository's own
// cost as measured by a direct call, the event, the sysvars, the entrypoint with the deposit's
// accounts as measured). Orders are chosen with canonical replay bump 255 (one PDA check), so
// every run measures the same work.
//   PATH=$PWD/node_modules/.bin:$PATH node bench/order-cu.bench.ts
import { createHash } from "node:crypto";
import { AccountRole, type Address, type Instruction } from "@solana/kit";
import { FailedTransactionMetadata } from "litesvm";
import { bytesToHex, type Hex, hexToBytes, toBytes } from "viem";
import type { EncodedOrder } from "../src/orders/types.ts";
import {
  addressBytes,
  EVM_RECIPIENT,
  encodedFromJson,
  type JsonOrder,
  OrderFixture,
} from "../test/svm/order-fixture.ts";
import { BN, expectOk, signerMeta, TOKEN_PROGRAM, toKit, web3 } from "../test/svm/receiver-fixture.ts";
import vectors from "../test/vectors/protocol-orders.json" with { type: "json" };
import { printTable, writeResults } from "./harness.ts";
import {
  CPI_BASE,
  CPI_BYTES_PER_UNIT,
  KECCAK_BASE,
  keccak,
  logData,
  PDA_CHECK,
  PER_SLICE,
  SECP256K1_RECOVER,
  SET_RETURN_DATA,
  SYSVAR_GET,
} from "./svm-costs.ts";

// The fewest SBF instructions (1 CU each) the hashing needs around its syscalls: each call sets
// its three argument registers and calls (4) and writes a (pointer, length) descriptor per slice
// (2); each Borsh length prefix (string, bytes, list count) is loaded, bounds-checked and skipped
// (4, counting one unaligned 4-byte load); each fixed-size member is bounds-checked (2); each
// uint32 / address member is written as a padded word (5 stores).
const CALL = 4;
const SLICE = 2;
const PREFIX = 4;
const FIXED = 2;
const PADDED = 5;

const len = (hex: Hex) => hexToBytes(hex).length;
const text = (s: string) => toBytes(s).length;

/** The order id's floor, split into the sol_keccak256 cost EIP-712 hashStruct(Order) needs (each
 * string / bytes member hashed but the version and empty members, whose hashes are constants;
 * each struct over its type hash and member words, each array over its element words) and the
 * instructions around it (see CALL ... PADDED). A struct hashes as
 * three kinds of slice: its type hash, its computed member words side by side, and each uint256
 * read in place from the argument (copying one costs more than its descriptor). */
function orderIdFloor(o: EncodedOrder): { syscalls: number; instructions: number } {
  let syscalls = 0;
  let instructions = 0;
  // An empty member or list hashes to the constant keccak256(""): its prefix is read and tested
  // (as a fixed-size member) and the constant word written (as a padded word); no syscall.
  const constant = () => {
    instructions += PREFIX + FIXED + PADDED;
  };
  const bytes = (n: number) => {
    if (n === 0) return constant();
    syscalls += KECCAK_BASE + PER_SLICE(n);
    instructions += CALL + SLICE + PREFIX;
  };
  const struct = (computed: number, words: number, padded = 0) => {
    syscalls += KECCAK_BASE + (1 + computed + words) * PER_SLICE(32);
    instructions += CALL + SLICE * (2 + words) + FIXED * words + PADDED * padded;
  };
  const array = (n: number) => {
    if (n === 0) return constant();
    syscalls += KECCAK_BASE + PER_SLICE(32 * n);
    instructions += CALL + SLICE + PREFIX;
  };
  // version: the only one accepted ("v1") hashes to a constant (as an empty member does).
  if (o.version !== "v1") throw new Error(`unsupported order version ${o.version}`);
  constant();
  bytes(text(o.solverChainId));
  struct(6, 1, 1); // version, solverChainId, solver (padded), inputs, output, fees | salt
  instructions += FIXED; // solver
  array(o.inputs.length);
  for (const i of o.inputs) {
    struct(2, 0); // payment, refunds
    struct(2, 2); // chainId, currency | amount, weight
    bytes(text(i.payment.chainId));
    bytes(len(i.payment.currency));
    array(i.refunds.length);
    for (const r of i.refunds) {
      struct(5, 1, 1); // chainId, recipient, currency, deadline (padded), extraData | minimumAmount
      instructions += FIXED; // deadline
      for (const n of [text(r.chainId), len(r.recipient), len(r.currency), len(r.extraData)]) bytes(n);
    }
  }
  struct(5, 0, 1); // chainId, payments, deadline (padded), calls, extraData
  instructions += FIXED; // deadline
  bytes(text(o.output.chainId));
  bytes(len(o.output.extraData));
  array(o.output.payments.length);
  for (const p of o.output.payments) {
    struct(2, 2); // recipient, currency | minimumAmount, expectedAmount
    bytes(len(p.recipient));
    bytes(len(p.currency));
  }
  array(o.output.calls.length);
  for (const c of o.output.calls) bytes(len(c));
  array(o.fees.length);
  for (const f of o.fees) {
    struct(4, 1); // recipientChainId, recipient, currencyChainId, currency | amount
    for (const n of [text(f.recipientChainId), len(f.recipient), text(f.currencyChainId), len(f.currency)])
      bytes(n);
  }
  return { syscalls, instructions };
}

/** Compute units of `ix` with its discriminator replaced by one no instruction has: what the
 * entrypoint costs to hand over these accounts and data, plus the failed dispatch. */
const entrypointCu = async (f: OrderFixture, ix: Instruction) => {
  const data = new Uint8Array(ix.data!);
  data.set([0, 0, 0, 0, 0, 0, 0, 0]);
  const result = f.svm.simulateTransaction(await f.transaction([{ ...ix, data }]));
  if (!(result instanceof FailedTransactionMetadata))
    throw new Error("an unknown discriminator was accepted");
  return Number(result.meta().computeUnitsConsumed());
};

const pct = (cu: number, floor: number) => `+${(((cu - floor) / floor) * 100).toFixed(1)}%`;
const within = (cu: number, floor: number) => (cu <= floor * 1.05 ? "yes" : "NO");

async function main() {
  const f = await OrderFixture.start();
  expectOk(await f.send([await f.whitelistOrderRecipient("ethereum", EVM_RECIPIENT)], f.owner));
  const units = (r: ReturnType<typeof expectOk>) => Number(r.computeUnitsConsumed());
  let counter = 0;
  /** A fresh order with canonical replay bump 255 (salts from a fixed sha256 sequence). */
  const withBump255 = async (make: () => EncodedOrder) => {
    for (;;) {
      const o = make();
      o.salt = BigInt(
        bytesToHex(createHash("sha256").update(`attestkit/bench/order-cu/${counter++}`).digest()),
      );
      if ((await f.orderReplay(o))[1] === 255) return o;
    }
  };

  // compute_order_id by order size.
  const grown = (refunds: number, payments: number, calls: number, fees: number) => {
    const o = f.order({ recipients: Array(payments).fill(EVM_RECIPIENT) });
    o.inputs[0]!.refunds = Array(refunds).fill(o.inputs[0]!.refunds[0]!);
    o.output.calls = Array(calls).fill(`0x${"ab".repeat(100)}`);
    o.fees = Array(fees).fill({
      recipientChainId: "base",
      recipient: EVM_RECIPIENT,
      currencyChainId: "base",
      currency: "0x0000000000000000000000000000000000000000",
      amount: 1000n,
    });
    return o;
  };
  const sizes: { name: string; order: EncodedOrder }[] = [
    { name: "typical: 1 input, 1 refund, 1 payment", order: grown(1, 1, 0, 0) },
    {
      name: "service's published order (vector)",
      order: encodedFromJson(vectors.published[0]!.encoded as JsonOrder),
    },
    { name: "1 input, 2 refunds, 2 payments", order: grown(2, 2, 0, 0) },
    { name: "1 input, 4 refunds, 4 payments, 2 calls, 2 fees", order: grown(4, 4, 2, 2) },
    { name: "1 input, 8 refunds, 8 payments, 4 calls, 4 fees", order: grown(8, 8, 4, 4) },
  ];
  const computeRows = [];
  for (const { name, order } of sizes) {
    const result = f.svm.simulateTransaction(await f.transaction([f.computeOrderIdRaw(order)]));
    if (result instanceof FailedTransactionMetadata) throw new Error(`${name}: ${result.toString()}`);
    if (bytesToHex(result.meta().returnData().data()) !== bytesToHex(f.orderId(order)))
      throw new Error(`${name}: wrong id`);
    const cu = Number(result.meta().computeUnitsConsumed());
    const { syscalls, instructions } = orderIdFloor(order);
    const entry = await entrypointCu(f, f.computeOrderIdRaw(order));
    const floor = syscalls + instructions + entry + SET_RETURN_DATA;
    computeRows.push({
      case: `compute_order_id, ${name}`,
      cu,
      "keccak syscalls": syscalls,
      "instructions around them": instructions,
      "entrypoint (measured)": entry,
      floor,
      "vs floor": pct(cu, floor),
      "within 5%": within(cu, floor),
    });
  }
  printTable(
    "compute_order_id (floor: EIP-712 keccak syscalls + the instructions invoking them and reading the argument + entrypoint + set_return_data)",
    computeRows,
  );

  // The callees, measured alone: system CreateAccount (as a plain transfer), the depository's deposits.
  const plainSol = units(
    expectOk(
      await f.send([
        {
          programAddress: "11111111111111111111111111111111" as Address,
          accounts: [
            signerMeta(f.payer, AccountRole.WRITABLE_SIGNER),
            { address: f.vault, role: AccountRole.WRITABLE },
          ],
          data: Uint8Array.from([2, 0, 0, 0, ...new Uint8Array(new BigUint64Array([1_000_000n]).buffer)]),
        },
      ]),
    ),
  );
  const spl = await f.tokenSetup(TOKEN_PROGRAM);
  // The vault's token account exists from here on (the first deposit creates it).
  expectOk(
    await f.send([
      await f.depositTokenOrder(
        await withBump255(() => f.order({ amount: 1n, currency: bytesToHex(addressBytes(spl.mint)) })),
        spl,
      ),
    ]),
  );
  const depositoryDirect = async (kind: "native" | "spl") => {
    const id = crypto.getRandomValues(new Uint8Array(32));
    const builder =
      kind === "native"
        ? f.depository.methods.depositNative!(new BN(1_000_000), Array.from(id))
        : f.depository.methods.depositToken!(new BN(1_000), Array.from(id));
    const pk = (a: string) => new web3.PublicKey(a);
    const accounts =
      kind === "native"
        ? {
            relayDepository: f.relayDepository,
            sender: f.payer.address,
            depositor: f.payer.address,
            vault: f.vault,
            systemProgram: "11111111111111111111111111111111",
          }
        : {
            relayDepository: f.relayDepository,
            sender: f.payer.address,
            depositor: f.payer.address,
            vault: f.vault,
            mint: spl.mint,
            senderTokenAccount: spl.payerToken,
            vaultTokenAccount: await f.vaultToken(spl.mint, TOKEN_PROGRAM),
            tokenProgram: TOKEN_PROGRAM,
            associatedTokenProgram: "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
            systemProgram: "11111111111111111111111111111111",
          };
    const ix = await builder
      .accountsStrict(Object.fromEntries(Object.entries(accounts).map(([k, v]) => [k, pk(v)])))
      .instruction();
    return units(expectOk(await f.send([toKit(ix, [f.payer])])));
  };
  const depositoryNative = await depositoryDirect("native");
  const depositorySpl = await depositoryDirect("spl");

  /** What the CPI charges for the executable accounts the depository's deposit takes (the
   * system program; for tokens also the token and associated token programs), as loaded here. */
  const executables = (addresses: string[]) =>
    addresses.reduce((n, a) => {
      const account = f.svm.getAccount(a as Address);
      return n + (account.exists ? Math.floor(account.data.length / CPI_BYTES_PER_UNIT) : 0);
    }, 0);
  const executablesNative = executables(["11111111111111111111111111111111"]);
  const executablesSpl = executables([
    "11111111111111111111111111111111",
    TOKEN_PROGRAM,
    "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
  ]);
  const depositFloor = (o: EncodedOrder, depositoryCu: number, executableCu: number, entry: number) => {
    const { syscalls, instructions } = orderIdFloor(o);
    const items: Record<string, number> = {
      "entrypoint with the deposit's accounts (measured)": entry,
      "order id (EIP-712 keccak calls)": syscalls,
      "order id (instructions around them, reading the argument)": instructions,
      "whitelist keys (keccak per output payment)": o.output.payments.reduce(
        (n, p) => n + keccak([4, text(o.output.chainId), len(p.recipient)]),
        0,
      ),
      "keccak(EIP-191 prefix 28 + 32)": keccak([28, 32]),
      secp256k1_recover: SECP256K1_RECOVER,
      "keccak(pubkey 64)": keccak([64]),
      "replay PDA check (bump 255)": PDA_CHECK.cu,
      "Clock::get + Rent::get (sol_get_sysvar)": 2 * SYSVAR_GET,
      "CPI CreateAccount (invoke + plain system transfer as measured)": CPI_BASE + plainSol,
      "CPI depository (invoke + the depository's deposit as measured directly)": CPI_BASE + depositoryCu,
      "CPI depository: executable accounts it must name (data length / 250)": executableCu,
      "sol_log_data (one 132-byte field: OrderDeposited)": logData([132]),
    };
    return { items, total: Object.values(items).reduce((a, b) => a + b, 0) };
  };

  const depositRows = [];
  const floors: Record<string, Record<string, number>> = {};
  for (const kind of ["native", "spl"] as const) {
    for (const [label, payments] of [
      ["1 payment", 1],
      ["2 payments", 2],
    ] as const) {
      const cu: number[] = [];
      let order: EncodedOrder | undefined;
      let entry = 0;
      for (let i = 0; i < 3; i++) {
        order = await withBump255(() =>
          kind === "native"
            ? f.order({ recipients: Array(payments).fill(EVM_RECIPIENT) })
            : f.order({
                currency: bytesToHex(addressBytes(spl.mint)),
                amount: 1_000n,
                recipients: Array(payments).fill(EVM_RECIPIENT),
              }),
        );
        const ix =
          kind === "native" ? await f.depositNativeOrder(order) : await f.depositTokenOrder(order, spl);
        entry = await entrypointCu(f, ix);
        cu.push(units(expectOk(await f.send([ix]))));
      }
      const floor =
        kind === "native"
          ? depositFloor(order!, depositoryNative, executablesNative, entry)
          : depositFloor(order!, depositorySpl, executablesSpl, entry);
      const name = `order_deposit_${kind === "native" ? "native" : "token (SPL Token)"}, ${label}`;
      floors[name] = floor.items;
      const worst = Math.max(...cu);
      depositRows.push({
        case: name,
        cu: worst,
        floor: floor.total,
        "vs floor": pct(worst, floor.total),
        "within 5%": within(worst, floor.total),
      });
    }
  }
  printTable("callees measured alone", [
    { case: "plain system transfer (CreateAccount callee)", cu: plainSol },
    { case: "depository deposit_native, direct", cu: depositoryNative },
    { case: "depository deposit_token (SPL Token, vault ATA exists), direct", cu: depositorySpl },
  ]);
  printTable("order-gated deposits (replay bump 255), worst of 3, beside the derived floor", depositRows);
  writeResults("order-cu.json", {
    command: "PATH=$PWD/node_modules/.bin:$PATH node bench/order-cu.bench.ts",
    programs: ["programs/deploy/order-depositor.so", "programs/deploy/depository.so"],
    note: 'Floors from agave cost constants: sol_keccak256 85 + max(len/2, 10) per slice, secp256k1_recover 25,000, invoke 946 + the callee as measured alone, sol_get_sysvar 100 + 32/250 + max(len/250, 10) = 110 (Clock, Rent), each executable account a CPI names its data length / 250 (for token deposits the associated token program, whose account holds its ELF), sol_log_data 100 + 100 per field + bytes, set_return_data 100; replay PDA check sol_sha256(92 bytes) + curve check = 290. Instructions around the order hashing at their fewest: 4 per syscall + 2 per slice descriptor, 4 per Borsh length prefix, 2 per fixed-size member, 5 per padded or constant word (the version, empty members and empty lists hash to constants: no syscall). Entrypoint: the same instruction with an unknown discriminator, measured. Orders with canonical replay bump 255 (salts sha256("attestkit/bench/order-cu/<n>"), first with bump 255).',
    computeOrderId: computeRows,
    callees: { plainSystemTransfer: plainSol, depositoryNative, depositorySpl },
    deposits: depositRows,
    floors,
  });
}

await main();
