// Deploys the attested receiver (programs/deploy/attested-receiver.so) through the BPF upgradeable
// loader (loader v3: buffer, chunked Write, DeployWithMaxDataLen) and initializes it, against any
// `ReceiverCluster`: `liteSvmCluster(svm)` for LiteSVM, `rpcCluster(rpc, rpcSubscriptions)` for a
// real RPC node. Same transactions on both; the deployer becomes the upgrade authority, which is
// the only key `initialize` accepts (no front-running between deploy and initialize).
//
//   import { deployReceiver, liteSvmCluster } from "attestkit/deploy";
//   const { programId, config } = await deployReceiver({ cluster, payer, program, init: {...} });
import { readFileSync } from "node:fs";
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  getAddressEncoder,
  getProgramDerivedAddress,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
} from "@solana/kit";
// Types only: litesvm is an optional peer, needed by `liteSvmCluster` alone, never by an RPC deploy.
import type { LiteSVM } from "litesvm";
import { packageFile } from "../package-files.ts";
import { getSvmReceiverConfigAddress, getSvmReceiverWhitelistAddress } from "../receiver/svm.ts";

export const RECEIVER_SO = packageFile("programs/deploy/attested-receiver.so");
export const LOADER_V3 = address("BPFLoaderUpgradeab1e11111111111111111111111");
export const SYSTEM_PROGRAM = address("11111111111111111111111111111111");
const SYSVAR_RENT = address("SysvarRent111111111111111111111111111111111");
const SYSVAR_CLOCK = address("SysvarC1ock11111111111111111111111111111111");
const INITIALIZE = [175, 175, 109, 31, 13, 152, 155, 237];
const WHITELIST_ADD = [200, 159, 194, 141, 100, 114, 107, 154];

/** What the deploy needs from a cluster; LiteSVM and an RPC node both provide it. */
export type ReceiverCluster = {
  /** A recent blockhash for the next transaction's lifetime. */
  latestBlockhash(): Promise<{ blockhash: Blockhash; lastValidBlockHeight: bigint }>;
  /** Lamports that keep an account of `space` bytes rent-exempt. */
  minimumBalanceForRentExemption(space: bigint): Promise<bigint>;
  /** Sends and waits for confirmation; throws with the logs on failure. */
  send(tx: Transaction & { lifetimeConstraint?: unknown }): Promise<void>;
  /** Programs deployed in slot N run from slot N + 1 on. */
  waitForNextSlot(): Promise<void>;
};

/** LiteSVM as a cluster. */
export function liteSvmCluster(svm: LiteSVM): ReceiverCluster {
  return {
    latestBlockhash: async () => ({ blockhash: svm.latestBlockhash(), lastValidBlockHeight: 2n ** 63n }),
    minimumBalanceForRentExemption: async (space) => svm.minimumBalanceForRentExemption(space),
    send: async (tx) => {
      const result = svm.sendTransaction(tx);
      // FailedTransactionMetadata is the only result with `err()`.
      if ("err" in result) {
        throw new Error(`transaction failed: ${result.toString()}\n${result.meta().logs().join("\n")}`);
      }
      svm.expireBlockhash();
    },
    waitForNextSlot: async () => {
      svm.warpToSlot(svm.getClock().slot + 1n);
    },
  };
}

/** An RPC node (devnet, a local validator) as a cluster. */
export function rpcCluster(
  rpc: Rpc<SolanaRpcApi>,
  rpcSubscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>,
): ReceiverCluster {
  const sendAndConfirm: ReturnType<typeof sendAndConfirmTransactionFactory> =
    sendAndConfirmTransactionFactory({
      rpc,
      rpcSubscriptions,
    } as Parameters<typeof sendAndConfirmTransactionFactory>[0]);
  return {
    latestBlockhash: async () => (await rpc.getLatestBlockhash().send()).value,
    minimumBalanceForRentExemption: async (space) => rpc.getMinimumBalanceForRentExemption(space).send(),
    send: async (tx) => {
      await sendAndConfirm(tx as Parameters<typeof sendAndConfirm>[0], { commitment: "confirmed" });
    },
    waitForNextSlot: async () => {
      const start = await rpc.getSlot({ commitment: "confirmed" }).send();
      while ((await rpc.getSlot({ commitment: "confirmed" }).send()) <= start) {
        await new Promise((r) => setTimeout(r, 400));
      }
    },
  };
}

export type ReceiverInit = {
  owner: Address;
  /** 20-byte solver EVM address, 0x hex. */
  solverEvm: string;
  solverSvm: Address;
  /** Seconds. */
  maxDeadlineWindow: bigint;
  /** Destinations to whitelist right after initialize. */
  whitelist?: ReadonlyArray<{ chainId: bigint; user: Uint8Array }>;
};

export type DeployReceiverOptions = {
  cluster: ReceiverCluster;
  /** Pays, and becomes the upgrade authority (the only key that may initialize). */
  payer: KeyPairSigner;
  /** The program id keypair. */
  program: KeyPairSigner;
  init: ReceiverInit;
  elf?: Uint8Array;
  /** Bytes per Write transaction (default 900, fits 1232 with room to spare). */
  chunkSize?: number;
  /** ProgramData capacity for later upgrades (default 2x the ELF). */
  maxDataLen?: bigint;
};

export type DeployedReceiver = {
  programId: Address;
  programData: Address;
  config: Address;
  transactions: number;
};

const u32 = (n: number) => new Uint8Array(new Uint32Array([n]).buffer);
const u64 = (n: bigint) => new Uint8Array(new BigUint64Array([n]).buffer);
const i64 = (n: bigint) => new Uint8Array(new BigInt64Array([n]).buffer);
const concat = (...parts: ArrayLike<number>[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
const addressBytes = (a: Address) => getAddressEncoder().encode(a);
function hexBytes(hex: string, length: number): Uint8Array {
  const clean = hex.replace(/^0x/, "");
  if (clean.length !== length * 2 || !/^[0-9a-fA-F]*$/.test(clean))
    throw new Error(`expected ${length} bytes of hex`);
  return Uint8Array.from(clean.match(/../g)!.map((b) => Number.parseInt(b, 16)));
}

function signerMeta(signer: KeyPairSigner, writable: boolean) {
  return {
    address: signer.address,
    role: writable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER,
    signer,
  };
}

function createAccount(
  payer: KeyPairSigner,
  account: KeyPairSigner,
  lamports: bigint,
  space: bigint,
  owner: Address,
) {
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [signerMeta(payer, true), signerMeta(account, true)],
    data: concat(u32(0), u64(lamports), u64(space), addressBytes(owner)),
  } satisfies Instruction;
}

/** Sends `instructions` as one transaction on `cluster`, `payer` paying the fee, and waits for it. */
export async function sendInstructions(
  cluster: ReceiverCluster,
  payer: KeyPairSigner,
  instructions: Instruction[],
): Promise<void> {
  const lifetime = await cluster.latestBlockhash();
  const tx = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => signTransactionMessageWithSigners(m),
  );
  getSignatureFromTransaction(tx);
  await cluster.send(tx);
}

/** PDAs of the receiver. */
export async function receiverAddresses(programId: Address) {
  const [programData] = await getProgramDerivedAddress({
    programAddress: LOADER_V3,
    seeds: [addressBytes(programId)],
  });
  return { programData, config: await getSvmReceiverConfigAddress(programId) };
}

/** Whitelist entry PDA (the receiver client's derivation). */
export const whitelistAddress = getSvmReceiverWhitelistAddress;

/** `initialize` instruction (Anchor layout; see programs/idl/attested_receiver.json). */
export async function initializeInstruction(
  programId: Address,
  authority: KeyPairSigner,
  init: ReceiverInit,
): Promise<Instruction> {
  const { programData, config } = await receiverAddresses(programId);
  return {
    programAddress: programId,
    accounts: [
      signerMeta(authority, true),
      { address: config, role: AccountRole.WRITABLE },
      { address: programData, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
    ],
    data: concat(
      INITIALIZE,
      addressBytes(init.owner),
      hexBytes(init.solverEvm, 20),
      addressBytes(init.solverSvm),
      i64(init.maxDeadlineWindow),
    ),
  } satisfies Instruction;
}

/** `whitelist_add` instruction. */
export async function whitelistAddInstruction(
  programId: Address,
  owner: KeyPairSigner,
  chainId: bigint,
  user: Uint8Array,
): Promise<Instruction> {
  const { config } = await receiverAddresses(programId);
  return {
    programAddress: programId,
    accounts: [
      signerMeta(owner, true),
      { address: config, role: AccountRole.READONLY },
      { address: await whitelistAddress(programId, chainId, user), role: AccountRole.WRITABLE },
      { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
    ],
    data: concat(WHITELIST_ADD, u64(chainId), user),
  } satisfies Instruction;
}

/**
 * Deploys through the upgradeable loader and initializes. Idempotence is the caller's: a second
 * run with the same program keypair fails at the program account creation.
 * WARNING: when `init.owner` differs from `payer`, `init.whitelist` must be empty (only the owner
 * can whitelist); whitelist afterwards with `whitelistAddInstruction` signed by the owner.
 */
export async function deployReceiver(options: DeployReceiverOptions): Promise<DeployedReceiver> {
  const { cluster, payer, program, init } = options;
  const elf = options.elf ?? new Uint8Array(readFileSync(RECEIVER_SO));
  const chunkSize = options.chunkSize ?? 900;
  const maxDataLen = options.maxDataLen ?? BigInt(elf.length * 2);
  let transactions = 0;
  const send = async (ixs: Instruction[]) => {
    await sendInstructions(cluster, payer, ixs);
    transactions++;
  };

  // 1. Buffer: header (u32 tag 1, Option<Pubkey> authority) + ELF, authority = payer.
  const { generateKeyPairSigner } = await import("@solana/kit");
  const buffer = await generateKeyPairSigner();
  const bufferSpace = BigInt(37 + elf.length);
  await send([
    createAccount(
      payer,
      buffer,
      await cluster.minimumBalanceForRentExemption(bufferSpace),
      bufferSpace,
      LOADER_V3,
    ),
    {
      programAddress: LOADER_V3,
      accounts: [
        { address: buffer.address, role: AccountRole.WRITABLE },
        { address: payer.address, role: AccountRole.READONLY },
      ],
      data: u32(0),
    },
  ]);
  // 2. Write the ELF in chunks.
  for (let offset = 0; offset < elf.length; offset += chunkSize) {
    const chunk = elf.subarray(offset, offset + chunkSize);
    await send([
      {
        programAddress: LOADER_V3,
        accounts: [{ address: buffer.address, role: AccountRole.WRITABLE }, signerMeta(payer, false)],
        data: concat(u32(1), u32(offset), u64(BigInt(chunk.length)), chunk),
      },
    ]);
  }
  // 3. Program account + DeployWithMaxDataLen.
  const { programData, config } = await receiverAddresses(program.address);
  await send([
    createAccount(payer, program, await cluster.minimumBalanceForRentExemption(36n), 36n, LOADER_V3),
    {
      programAddress: LOADER_V3,
      accounts: [
        signerMeta(payer, true),
        { address: programData, role: AccountRole.WRITABLE },
        { address: program.address, role: AccountRole.WRITABLE },
        { address: buffer.address, role: AccountRole.WRITABLE },
        { address: SYSVAR_RENT, role: AccountRole.READONLY },
        { address: SYSVAR_CLOCK, role: AccountRole.READONLY },
        { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
        signerMeta(payer, false),
      ],
      data: concat(u32(2), u64(maxDataLen)),
    },
  ]);
  await cluster.waitForNextSlot();
  // 4. Initialize (signed by the upgrade authority), then the whitelist.
  await send([await initializeInstruction(program.address, payer, init)]);
  for (const { chainId, user } of init.whitelist ?? []) {
    await send([await whitelistAddInstruction(program.address, payer, chainId, user)]);
  }
  return { programId: program.address, programData, config, transactions };
}
