// Shared fixture of the order-depositor LiteSVM suites: loads the depository at its canonical
// program id (programs/deploy/depository.so) and initializes it, loads the order depositor as an
// upgradeable program whose upgrade authority is the fixture's authority, initializes it for the
// protocol chain id "solana", and builds its instructions from the Anchor IDLs with
// @coral-xyz/anchor. Orders are the library's EncodedOrder (src/orders), signed with signOrderId.
// Token helpers come from the receiver fixture (raw SPL Token / Token-2022 instructions).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import anchor, { type Idl } from "@coral-xyz/anchor";
import {
  type Address,
  address,
  createKeyPairSignerFromPrivateKeyBytes,
  generateKeyPairSigner,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Instruction,
  type KeyPairSigner,
  lamports,
} from "@solana/kit";
import { type Hex, hexToBytes, keccak256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import depositoryIdl from "../../programs/idl/depository.json" with { type: "json" };
import orderIdl from "../../programs/idl/order_depositor.json" with { type: "json" };
import { getOrderEncoder } from "../../src/order-depositor/generated/index.ts";
import { getOrderDepositorRecipientAddress, toOrderDepositorOrder } from "../../src/order-depositor/index.ts";
import { hashEncodedOrder, signOrderId } from "../../src/orders/index.ts";
import type { EncodedOrder } from "../../src/orders/types.ts";
import { loadUpgradeableProgram } from "../../src/testing/svm/index.ts";
import { expectOk, Fixture, SOLVER_KEY, toKit, web3 } from "./receiver-fixture.ts";

const { Program } = anchor;

export const DEPOSITORY = address("99vQwtBwYtrqqD9YSXbdum3KBdxPAVxYTaQ3cfnJSrN2");
export const ATA_PROGRAM = address("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL");
export const LOADER_V3 = address("BPFLoaderUpgradeab1e11111111111111111111111");
export const SYSTEM_PROGRAM = address("11111111111111111111111111111111");
export const CHAIN_ID = "solana";
/** The program key of the IDL's address (32 bytes of 0x0d): fixed PDAs and bumps on every run. */
export const PROGRAM_SEED = new Uint8Array(32).fill(0x0d);
/** The fixture's clock at start (unix seconds). */
export const START_TIME = 1_767_225_600n;
export const EVM_RECIPIENT = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8" as Hex;

export const ORDER_ERRORS: Record<string, number> = Object.fromEntries(
  (orderIdl.errors as { code: number; name: string }[]).map((e) => [e.name, e.code]),
);
export const DEPOSITORY_ERRORS: Record<string, number> = Object.fromEntries(
  (depositoryIdl.errors as { code: number; name: string }[]).map((e) => [e.name, e.code]),
);

const so = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../programs/deploy/${name}.so`, import.meta.url)));
const pk = (a: string) => new web3.PublicKey(a);
const word = (value: bigint) => Array.from(hexToBytes(`0x${value.toString(16).padStart(64, "0")}`));
const bytes = (hex: Hex) => Buffer.from(hexToBytes(hex));

/** The Anchor (camelCase) argument of the IDL type `Order` for an encoded order. */
export function toAnchorOrder(o: EncodedOrder) {
  return {
    version: o.version,
    solverChainId: o.solverChainId,
    solver: Array.from(hexToBytes(o.solver)),
    salt: word(o.salt),
    inputs: o.inputs.map((i) => ({
      payment: {
        ...i.payment,
        currency: bytes(i.payment.currency),
        amount: word(i.payment.amount),
        weight: word(i.payment.weight),
      },
      refunds: i.refunds.map((r) => ({
        ...r,
        recipient: bytes(r.recipient),
        currency: bytes(r.currency),
        minimumAmount: word(r.minimumAmount),
        extraData: bytes(r.extraData),
      })),
    })),
    output: {
      ...o.output,
      payments: o.output.payments.map((p) => ({
        recipient: bytes(p.recipient),
        currency: bytes(p.currency),
        minimumAmount: word(p.minimumAmount),
        expectedAmount: word(p.expectedAmount),
      })),
      calls: o.output.calls.map(bytes),
      extraData: bytes(o.output.extraData),
    },
    fees: o.fees.map((f) => ({
      ...f,
      recipient: bytes(f.recipient),
      currency: bytes(f.currency),
      amount: word(f.amount),
    })),
  };
}

/**
 * The Borsh bytes of the IDL type `Order` from the library's codama codec (Anchor's instruction
 * coder stops at 1000 bytes, which large vector orders exceed); the suites check it equals Anchor's.
 */
export function borshOrder(o: EncodedOrder): Uint8Array {
  return new Uint8Array(getOrderEncoder().encode(toOrderDepositorOrder(o)));
}

export type JsonOrder = Omit<EncodedOrder, "salt" | "inputs" | "output" | "fees"> & Record<string, unknown>;

/** The vectors' `encoded` JSON (decimal strings for uint256) as an EncodedOrder. */
export function encodedFromJson(json: JsonOrder): EncodedOrder {
  const e = json as unknown as {
    salt: string;
    inputs: { payment: Record<string, string>; refunds: Record<string, string | number>[] }[];
    output: { payments: Record<string, string>[] } & Record<string, unknown>;
    fees: Record<string, string>[];
  };
  return {
    ...(json as EncodedOrder),
    salt: BigInt(e.salt),
    inputs: e.inputs.map((i) => ({
      payment: { ...i.payment, amount: BigInt(i.payment.amount!), weight: BigInt(i.payment.weight!) },
      refunds: i.refunds.map((r) => ({ ...r, minimumAmount: BigInt(r.minimumAmount!) })),
    })),
    output: {
      ...e.output,
      payments: e.output.payments.map((p) => ({
        ...p,
        minimumAmount: BigInt(p.minimumAmount!),
        expectedAmount: BigInt(p.expectedAmount!),
      })),
    },
    fees: e.fees.map((f) => ({ ...f, amount: BigInt(f.amount!) })),
  } as EncodedOrder;
}

export type DepositOptions = {
  signature?: Uint8Array;
  replayBump?: number;
  /** Anchor account overrides (base58). */
  accounts?: Record<string, string>;
  /** Whitelist entries instead of one per output payment. */
  whitelist?: Address[];
  payer?: KeyPairSigner;
};

export class OrderFixture extends Fixture {
  orders!: InstanceType<typeof Program>;
  depository!: InstanceType<typeof Program>;
  relayDepository!: Address;
  vault!: Address;
  orderConfig!: Address;

  /** `initializeOrders: false` leaves the order depositor uninitialized (the initialize tests). */
  static async start({
    initializeOrders = true,
  }: {
    initializeOrders?: boolean;
  } = {}): Promise<OrderFixture> {
    const f = new OrderFixture();
    f.authority = await generateKeyPairSigner();
    f.owner = f.authority;
    f.payer = await generateKeyPairSigner();
    f.solver = await generateKeyPairSigner();
    for (const who of [f.authority, f.payer]) f.svm.airdrop(who.address, lamports(100_000_000_000n));
    // A present-day clock (LiteSVM starts at 0), so deadlines in the past are representable.
    const clock = f.svm.getClock();
    clock.unixTimestamp = START_TIME;
    f.svm.setClock(clock);
    f.svm.addProgram(DEPOSITORY, so("depository"));
    const program = await createKeyPairSignerFromPrivateKeyBytes(PROGRAM_SEED);
    f.programId = program.address;
    await f.loadUpgradeable(so("order-depositor"));
    f.orders = new Program({ ...(orderIdl as Idl), address: f.programId }, { connection: {} } as never);
    f.depository = new Program(depositoryIdl as Idl, { connection: {} } as never);
    f.relayDepository = await pda(DEPOSITORY, ["relay_depository"]);
    f.vault = await pda(DEPOSITORY, ["vault"]);
    f.orderConfig = await pda(f.programId, ["config"]);
    expectOk(await f.send([await f.initializeDepository(f.authority)], f.authority));
    if (initializeOrders) expectOk(await f.send([await f.initializeOrders(CHAIN_ID)], f.authority));
    return f;
  }

  /** The program as the upgradeable loader leaves it after a deploy by `this.authority`. */
  async loadUpgradeable(elf: Uint8Array) {
    this.programData = await loadUpgradeableProgram(this.svm, this.programId, this.authority.address, elf);
  }

  async initializeDepository(owner: KeyPairSigner): Promise<Instruction> {
    const ix = await this.depository.methods.initialize!(Buffer.from(CHAIN_ID))
      .accountsStrict({
        relayDepository: pk(this.relayDepository),
        vault: pk(this.vault),
        owner: pk(owner.address),
        allocator: pk(owner.address),
        systemProgram: pk(SYSTEM_PROGRAM),
      })
      .instruction();
    return toKit(ix, [owner]);
  }

  async initializeOrders(chainId: string, signer: KeyPairSigner = this.authority): Promise<Instruction> {
    const ix = await this.orders.methods.initialize!(
      pk(this.authority.address),
      Array.from(hexToBytes(this.solverEvm.address)),
      chainId,
    )
      .accountsStrict({
        authority: pk(signer.address),
        config: pk(this.orderConfig),
        programData: pk(this.programData),
        systemProgram: pk(SYSTEM_PROGRAM),
      })
      .instruction();
    return toKit(ix, [signer]);
  }

  recipientEntry(chainId: string, recipient: Hex): Promise<Address> {
    return getOrderDepositorRecipientAddress(this.programId, chainId, recipient);
  }

  async whitelistOrderRecipient(chainId: string, recipient: Hex, signer: KeyPairSigner = this.owner) {
    const ix = await this.orders.methods.whitelistAdd!(chainId, bytes(recipient))
      .accountsStrict({
        owner: pk(signer.address),
        config: pk(this.orderConfig),
        entry: pk(await this.recipientEntry(chainId, recipient)),
        systemProgram: pk(SYSTEM_PROGRAM),
      })
      .instruction();
    return toKit(ix, [signer]);
  }

  async orderOwnerIx(
    method: string,
    args: unknown[],
    signer: KeyPairSigner = this.owner,
  ): Promise<Instruction> {
    const m = (
      this.orders.methods as unknown as Record<
        string,
        (...a: unknown[]) => {
          accountsStrict(x: object): {
            instruction(): Promise<InstanceType<typeof web3.TransactionInstruction>>;
          };
        }
      >
    )[method]!;
    const who = method === "acceptOwnership" ? "pendingOwner" : "owner";
    const ix = await m(...args)
      .accountsStrict({ [who]: pk(signer.address), config: pk(this.orderConfig) })
      .instruction();
    return toKit(ix, [signer]);
  }

  /** An order paying `amount` of `currency` (32-byte hex; zeros = native) on this chain to an EVM recipient. */
  order(
    o: {
      amount?: bigint;
      currency?: Hex;
      deadline?: number;
      chainId?: string;
      recipients?: Hex[];
      /** How many (empty) output calls. */
      calls?: number;
    } = {},
  ): EncodedOrder {
    const salt = BigInt(keccak256(crypto.getRandomValues(new Uint8Array(32))));
    return {
      version: "v1",
      solverChainId: "base",
      solver: this.solverEvm.address,
      salt,
      inputs: [
        {
          payment: {
            chainId: o.chainId ?? CHAIN_ID,
            currency: o.currency ?? `0x${"00".repeat(32)}`,
            amount: o.amount ?? 1_000_000n,
            weight: 1n,
          },
          refunds: [
            {
              chainId: CHAIN_ID,
              recipient: `0x${Buffer.from(addressBytes(this.payer.address)).toString("hex")}`,
              currency: o.currency ?? `0x${"00".repeat(32)}`,
              minimumAmount: 0n,
              deadline: Number(this.now()) + 3600,
              extraData: "0x",
            },
          ],
        },
      ],
      output: {
        chainId: "ethereum",
        payments: (o.recipients ?? [EVM_RECIPIENT]).map((recipient) => ({
          recipient,
          currency: "0x0000000000000000000000000000000000000000",
          minimumAmount: 990_000n,
          expectedAmount: 995_000n,
        })),
        deadline: o.deadline ?? Number(this.now()) + 600,
        calls: Array.from({ length: o.calls ?? 0 }, () => "0x" as Hex),
        extraData: "0x",
      },
      fees: [],
    };
  }

  orderId(order: EncodedOrder): Uint8Array {
    return hexToBytes(hashEncodedOrder(order));
  }

  async signOrder(order: EncodedOrder, key: Hex = SOLVER_KEY): Promise<Uint8Array> {
    return hexToBytes(await signOrderId(privateKeyToAccount(key), hashEncodedOrder(order)));
  }

  async orderReplay(order: EncodedOrder): Promise<readonly [Address, number]> {
    return getProgramDerivedAddress({
      programAddress: this.programId,
      seeds: ["replay", this.orderId(order)],
    });
  }

  /** `compute_order_id` built by Anchor from the IDL (orders up to Anchor's 1000-byte buffer). */
  async computeOrderId(order: EncodedOrder): Promise<Instruction> {
    const ix = await this.orders.methods.computeOrderId!(toAnchorOrder(order))
      .accountsStrict({})
      .instruction();
    return toKit(ix);
  }

  /** `compute_order_id` with the order Borsh-encoded by `borshOrder` (any size). */
  computeOrderIdRaw(order: EncodedOrder): Instruction {
    const discriminator = orderIdl.instructions.find((i) => i.name === "compute_order_id")!.discriminator;
    return {
      programAddress: this.programId,
      accounts: [],
      data: new Uint8Array([...discriminator, ...borshOrder(order)]),
    };
  }

  /** `order_deposit_native` / `order_deposit_token` with the common accounts, then `extra`. */
  private async depositOrder(
    method: "orderDepositNative" | "orderDepositToken",
    order: EncodedOrder,
    extra: Record<string, string>,
    o: DepositOptions,
  ): Promise<Instruction> {
    const [replay, bump] = await this.orderReplay(order);
    const signature = o.signature ?? (await this.signOrder(order));
    const whitelist =
      o.whitelist ??
      (await Promise.all(
        order.output.payments.map((p) => this.recipientEntry(order.output.chainId, p.recipient)),
      ));
    const payer = o.payer ?? this.payer;
    const accounts = {
      payer: payer.address,
      config: this.orderConfig,
      replay,
      depositoryProgram: DEPOSITORY,
      relayDepository: this.relayDepository,
      vault: this.vault,
      systemProgram: SYSTEM_PROGRAM,
      ...extra,
      ...o.accounts,
    };
    const ix = await this.orders.methods[method]!(
      toAnchorOrder(order),
      Buffer.from(signature),
      o.replayBump ?? bump,
    )
      .accountsStrict(Object.fromEntries(Object.entries(accounts).map(([k, v]) => [k, pk(v)])))
      .remainingAccounts(whitelist.map((w) => ({ pubkey: pk(w), isSigner: false, isWritable: false })))
      .instruction();
    return toKit(ix, [payer]);
  }

  async depositNativeOrder(order: EncodedOrder, o: DepositOptions = {}): Promise<Instruction> {
    return this.depositOrder("orderDepositNative", order, {}, o);
  }

  async vaultToken(mint: Address, tokenProgram: Address): Promise<Address> {
    return pda(ATA_PROGRAM, [addressBytes(this.vault), addressBytes(tokenProgram), addressBytes(mint)]);
  }

  async depositTokenOrder(
    order: EncodedOrder,
    t: { mint: Address; payerToken: Address; tokenProgram: Address },
    o: DepositOptions = {},
  ): Promise<Instruction> {
    const extra = {
      mint: t.mint,
      payerToken: t.payerToken,
      vaultToken: await this.vaultToken(t.mint, t.tokenProgram),
      tokenProgram: t.tokenProgram,
      associatedTokenProgram: ATA_PROGRAM,
    };
    return this.depositOrder("orderDepositToken", order, extra, o);
  }

  /** The events the transaction logged with `sol_log_data`, decoded with `program`'s IDL. */
  events(logs: string[], program: InstanceType<typeof Program>) {
    return logs
      .filter((l) => l.startsWith("Program data: "))
      .map((l) => program.coder.events.decode(l.slice("Program data: ".length)))
      .filter((e) => e !== null);
  }
}

/** The 32 bytes of an address (a mutable copy, as the seed and byte APIs take). */
export function addressBytes(at: Address): Uint8Array {
  return new Uint8Array(getAddressEncoder().encode(at));
}

/** A PDA of `programAddress` for string / byte seeds. */
export async function pda(programAddress: Address, seeds: (string | Uint8Array)[]): Promise<Address> {
  const [at] = await getProgramDerivedAddress({ programAddress, seeds });
  return at;
}

/** The custom error code of a failed transaction's instruction `index`, from its text. */
export function customError(text: string, index = 0): number | undefined {
  const m = new RegExp(`InstructionError\\(${index}, Custom\\((\\d+)\\)\\)`).exec(text);
  return m ? Number(m[1]) : undefined;
}
