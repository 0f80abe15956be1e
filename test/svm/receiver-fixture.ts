// Shared fixture of the attested-receiver LiteSVM suites: deploys the committed .so through the
// upgradeable loader with src/deploy/svm.ts, builds instructions from the Anchor IDL
// with @coral-xyz/anchor (web3.js v1 instructions converted to kit instructions), signs
// attestations with the library's signRequestData, and creates SPL Token / Token-2022 mints and
// accounts with raw token instructions.
import anchor, { type Idl } from "@coral-xyz/anchor";
import {
  type AccountMeta,
  AccountRole,
  type AccountSignerMeta,
  type Address,
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
  type Transaction,
} from "@solana/kit";
import { expect } from "chai";
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from "litesvm";
import { type Hex, hexToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import idlJson from "../../programs/idl/attested_receiver.json" with { type: "json" };
import {
  deployReceiver,
  liteSvmCluster,
  receiverAddresses,
  SYSTEM_PROGRAM,
  whitelistAddress,
} from "../../src/deploy/svm.ts";
import { type RequestData, signRequestData, toRequestDataWords } from "../../src/index.ts";
import { getSvmReceiverReplayAddress } from "../../src/receiver/svm.ts";

const { Program, BN, web3 } = anchor;

export { BN, web3 };

export const SVM_CHAIN_ID = 792703809;
export const TOKEN_PROGRAM = address("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
export const TOKEN_2022_PROGRAM = address("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");
export const NATIVE = "11111111111111111111111111111111";
export const MAX_WINDOW = 3600n;
/** Solver EVM key used by the suites (a well-known test key: never use it for value). */
export const SOLVER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" as Hex;
export const OTHER_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a" as Hex;
export const EVM_DESTINATION = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

export const idl = idlJson as Idl;
export const ERRORS: Record<string, number> = Object.fromEntries(
  (idlJson.errors as { code: number; name: string }[]).map((e) => [e.name, e.code]),
);

const pk = (a: string) => new web3.PublicKey(a);
const u64le = (n: bigint) => new Uint8Array(new BigUint64Array([n]).buffer);

/** web3.js v1 instruction from Anchor -> kit instruction, attaching the kit signers. */
export function toKit(
  ix: InstanceType<typeof web3.TransactionInstruction>,
  signers: KeyPairSigner[] = [],
): Instruction {
  return {
    programAddress: address(ix.programId.toBase58()),
    accounts: ix.keys.map((k) => {
      const a = address(k.pubkey.toBase58());
      const signer = signers.find((s) => s.address === a);
      const role = k.isSigner
        ? k.isWritable
          ? AccountRole.WRITABLE_SIGNER
          : AccountRole.READONLY_SIGNER
        : k.isWritable
          ? AccountRole.WRITABLE
          : AccountRole.READONLY;
      return signer && k.isSigner ? { address: a, role, signer } : { address: a, role };
    }),
    data: new Uint8Array(ix.data),
  };
}

export type Result = TransactionMetadata | FailedTransactionMetadata;

export function expectOk(result: Result): TransactionMetadata {
  if (result instanceof FailedTransactionMetadata) {
    expect.fail(`transaction failed: ${result.toString()}\n${result.meta().logs().join("\n")}`);
  }
  return result;
}

/** Asserts the transaction failed in instruction `index` with the program's custom error `name`. */
export function expectError(result: Result, name: string, index = 0) {
  const code = ERRORS[name];
  if (code === undefined) throw new Error(`no error ${name} in the IDL`);
  expect(result, `expected ${name}`).to.be.instanceOf(FailedTransactionMetadata);
  const text = (result as FailedTransactionMetadata).toString();
  expect(text, text).to.include(`InstructionError(${index}, Custom(${code}))`);
}

export type Attested = {
  requestId: Uint8Array;
  requestData: RequestData;
  signature: Uint8Array;
  destinationUser: Uint8Array;
};

export class Fixture {
  svm = new LiteSVM();
  program!: InstanceType<typeof Program>;
  programId!: Address;
  config!: Address;
  programData!: Address;
  authority!: KeyPairSigner;
  owner!: KeyPairSigner;
  payer!: KeyPairSigner;
  solver!: KeyPairSigner;
  solverEvm = privateKeyToAccount(SOLVER_KEY);
  deployTransactions = 0;

  /**
   * `programSeed` (32 bytes): a fixed program keypair, so the program id and every PDA (and so
   * each request id's canonical replay bump) are the same on every run (the CU benchmark).
   */
  static async create(options: { whitelistEvm?: boolean; programSeed?: Uint8Array } = {}): Promise<Fixture> {
    const f = new Fixture();
    f.authority = await generateKeyPairSigner();
    f.owner = f.authority;
    f.payer = await generateKeyPairSigner();
    f.solver = await generateKeyPairSigner();
    const programKey = options.programSeed
      ? await createKeyPairSignerFromPrivateKeyBytes(options.programSeed)
      : await generateKeyPairSigner();
    for (const who of [f.authority, f.payer, f.solver])
      f.svm.airdrop(who.address, lamports(100_000_000_000n));
    const deployed = await deployReceiver({
      cluster: liteSvmCluster(f.svm),
      payer: f.authority,
      program: programKey,
      init: {
        owner: f.authority.address,
        solverEvm: f.solverEvm.address,
        solverSvm: f.solver.address,
        maxDeadlineWindow: MAX_WINDOW,
        whitelist:
          options.whitelistEvm === false ? [] : [{ chainId: 1n, user: destinationWord(EVM_DESTINATION, 1) }],
      },
    });
    f.deployTransactions = deployed.transactions;
    f.programId = deployed.programId;
    f.config = deployed.config;
    f.programData = deployed.programData;
    f.program = new Program({ ...idl, address: f.programId }, { connection: {} } as never);
    return f;
  }

  idl() {
    return idlJson as { instructions: { name: string; accounts: { name: string }[] }[] };
  }

  now(): bigint {
    return this.svm.getClock().unixTimestamp;
  }

  async send(instructions: Instruction[], feePayer: KeyPairSigner = this.payer): Promise<Result> {
    const tx = await this.transaction(instructions, feePayer);
    const result = this.svm.sendTransaction(tx);
    this.svm.expireBlockhash();
    return result;
  }

  async transaction(instructions: Instruction[], feePayer: KeyPairSigner = this.payer): Promise<Transaction> {
    return pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) => this.svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
      (m) => appendTransactionMessageInstructions(instructions, m),
      (m) => signTransactionMessageWithSigners(m),
    );
  }

  async attest(
    overrides: Partial<RequestData> & { requestId?: Uint8Array } = {},
    key: Hex = SOLVER_KEY,
  ): Promise<Attested> {
    const requestId = overrides.requestId ?? crypto.getRandomValues(new Uint8Array(32));
    const requestData: RequestData = {
      originChainId: SVM_CHAIN_ID,
      originUser: this.payer.address,
      originCurrency: NATIVE,
      originAmount: "1000000",
      destinationChainId: 1,
      destinationUser: EVM_DESTINATION,
      ...overrides,
    } as RequestData;
    const id = `0x${Buffer.from(requestId).toString("hex")}`;
    const signature = hexToBytes(await signRequestData(privateKeyToAccount(key), id, requestData));
    const words = toRequestDataWords(id, requestData);
    return { requestId, requestData, signature, destinationUser: hexToBytes(words[6]) };
  }

  async replayPda(requestId: Uint8Array): Promise<readonly [Address, number]> {
    return getSvmReceiverReplayAddress(this.programId, requestId);
  }

  /** A fresh request id whose canonical replay bump is `bump` (one PDA attempt per step below 255). */
  async requestIdWithReplayBump(bump: number): Promise<Uint8Array> {
    for (let tries = 0; tries < 1 << 16; tries++) {
      const id = crypto.getRandomValues(new Uint8Array(32));
      if ((await this.replayPda(id))[1] === bump) return id;
    }
    throw new Error(`no request id with canonical replay bump ${bump} in 65,536 tries`);
  }

  /** What a griefer does: the replay PDA of `requestId` becomes a system account of `amount` lamports. */
  async prefundReplay(requestId: Uint8Array, amount: bigint): Promise<Address> {
    const [pda] = await this.replayPda(requestId);
    this.svm.setAccount({
      address: pda,
      lamports: lamports(amount),
      programAddress: SYSTEM_PROGRAM,
      executable: false,
      data: new Uint8Array(),
      space: 0n,
    });
    return pda;
  }

  async whitelist(chainId: bigint, user: Uint8Array): Promise<Address> {
    return whitelistAddress(this.programId, chainId, user);
  }

  /** Anchor `depositNative` / `depositToken` builder with every arg and account overridable. */
  async depositArgs(a: Attested, o: DepositOverrides = {}) {
    const [replay, bump] = await this.replayPda(a.requestId);
    const rd = a.requestData;
    const args = [
      Array.from(a.requestId),
      new BN((o.originChainId ?? BigInt(rd.originChainId)).toString()),
      pk(o.originUser ?? rd.originUser),
      pk(o.originCurrency ?? rd.originCurrency),
      new BN(rd.originAmount),
      new BN((o.destinationChainId ?? BigInt(rd.destinationChainId)).toString()),
      Array.from(a.destinationUser),
      new BN((o.amount ?? BigInt(rd.originAmount)).toString()),
      new BN((o.deadline ?? this.now() + 600n).toString()),
      o.replayBump ?? bump,
      Buffer.from(o.signature ?? a.signature),
    ] as const;
    const whitelist = await this.whitelist(BigInt(rd.destinationChainId), a.destinationUser);
    return { args, replay, whitelist, bump };
  }

  async depositNative(a: Attested, o: DepositOverrides = {}): Promise<Instruction> {
    const { args, replay, whitelist } = await this.depositArgs(a, o);
    const ix = await this.program.methods.depositNative!(...args)
      .accountsStrict({
        payer: pk(o.payer?.address ?? this.payer.address),
        config: pk(this.config),
        whitelist: pk(whitelist),
        replay: pk(replay),
        solver: pk(this.solver.address),
        systemProgram: pk(SYSTEM_PROGRAM),
        ...o.accounts,
      })
      .instruction();
    return patch(toKit(ix, [this.payer, ...(o.payer ? [o.payer] : [])]), o);
  }

  async depositToken(a: Attested, t: TokenSetup, o: DepositOverrides = {}): Promise<Instruction> {
    const { args, replay, whitelist } = await this.depositArgs(a, o);
    const ix = await this.program.methods.depositToken!(...args)
      .accountsStrict({
        payer: pk(o.payer?.address ?? this.payer.address),
        config: pk(this.config),
        whitelist: pk(whitelist),
        replay: pk(replay),
        payerToken: pk(t.payerToken),
        mint: pk(t.mint),
        solverToken: pk(t.solverToken),
        tokenProgram: pk(t.tokenProgram),
        systemProgram: pk(SYSTEM_PROGRAM),
        ...o.accounts,
      })
      .instruction();
    return patch(toKit(ix, [this.payer, ...(o.payer ? [o.payer] : [])]), o);
  }

  async ownerIx(
    method: string,
    args: unknown[],
    signer: KeyPairSigner = this.owner,
    extra: Record<string, string> = {},
  ) {
    const m = (
      this.program.methods as Record<
        string,
        (...a: unknown[]) => {
          accountsStrict(x: object): {
            instruction(): Promise<InstanceType<typeof web3.TransactionInstruction>>;
          };
        }
      >
    )[method]!;
    const ix = await m(...args)
      .accountsStrict({ owner: pk(signer.address), config: pk(this.config), ...extra })
      .instruction();
    return toKit(ix, [signer]);
  }

  async whitelistAdd(chainId: bigint, user: Uint8Array, signer: KeyPairSigner = this.owner) {
    return this.ownerIx("whitelistAdd", [new BN(chainId.toString()), Array.from(user)], signer, {
      entry: (await this.whitelist(chainId, user)) as string,
      systemProgram: SYSTEM_PROGRAM,
    });
  }

  async whitelistRemove(chainId: bigint, user: Uint8Array, signer: KeyPairSigner = this.owner) {
    return this.ownerIx("whitelistRemove", [new BN(chainId.toString()), Array.from(user)], signer, {
      entry: (await this.whitelist(chainId, user)) as string,
    });
  }

  decode<T>(name: string, at: Address): T {
    const account = this.svm.getAccount(at);
    if (!account.exists) throw new Error(`${name} ${at} is missing`);
    // Program camel-cases the IDL, account names included ("Config" -> "config").
    const camel = name.charAt(0).toLowerCase() + name.slice(1);
    return this.program.coder.accounts.decode(camel, Buffer.from(account.data)) as T;
  }

  lamports(at: Address): bigint {
    return this.svm.getBalance(at) ?? 0n;
  }

  // ---- tokens (raw instructions of SPL Token / Token-2022) ----

  async createMint(
    tokenProgram: Address,
    { decimals = 6, transferFeeBps }: { decimals?: number; transferFeeBps?: number } = {},
  ) {
    const mint = await generateKeyPairSigner();
    const space = transferFeeBps === undefined ? 82n : 278n;
    const ixs: Instruction[] = [
      createAccountIx(this.payer, mint, this.svm.minimumBalanceForRentExemption(space), space, tokenProgram),
    ];
    if (transferFeeBps !== undefined) {
      const data = new Uint8Array(2 + 1 + 1 + 2 + 8);
      data.set([26, 0, 0, 0]);
      new DataView(data.buffer).setUint16(4, transferFeeBps, true);
      new DataView(data.buffer).setBigUint64(6, 2n ** 64n - 1n, true);
      ixs.push({
        programAddress: tokenProgram,
        accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
        data,
      });
    }
    ixs.push({
      programAddress: tokenProgram,
      accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
      data: Uint8Array.from([20, decimals, ...getAddressEncoder().encode(this.payer.address), 0]),
    });
    expectOk(await this.send(ixs));
    return mint.address;
  }

  async createTokenAccount(tokenProgram: Address, mint: Address, owner: Address, withFeeExtension = false) {
    const account = await generateKeyPairSigner();
    const space = withFeeExtension ? 178n : 165n;
    expectOk(
      await this.send([
        createAccountIx(
          this.payer,
          account,
          this.svm.minimumBalanceForRentExemption(space),
          space,
          tokenProgram,
        ),
        {
          programAddress: tokenProgram,
          accounts: [
            { address: account.address, role: AccountRole.WRITABLE },
            { address: mint, role: AccountRole.READONLY },
          ],
          data: Uint8Array.from([18, ...getAddressEncoder().encode(owner)]),
        },
      ]),
    );
    return account.address;
  }

  async mintTo(tokenProgram: Address, mint: Address, to: Address, amount: bigint) {
    expectOk(
      await this.send([
        {
          programAddress: tokenProgram,
          accounts: [
            { address: mint, role: AccountRole.WRITABLE },
            { address: to, role: AccountRole.WRITABLE },
            signerMeta(this.payer, AccountRole.READONLY_SIGNER),
          ],
          data: Uint8Array.from([7, ...u64le(amount)]),
        },
      ]),
    );
  }

  async tokenSetup(tokenProgram: Address = TOKEN_PROGRAM, transferFeeBps?: number): Promise<TokenSetup> {
    const fee = transferFeeBps !== undefined;
    const mint = await this.createMint(tokenProgram, { transferFeeBps });
    const payerToken = await this.createTokenAccount(tokenProgram, mint, this.payer.address, fee);
    const solverToken = await this.createTokenAccount(tokenProgram, mint, this.solver.address, fee);
    await this.mintTo(tokenProgram, mint, payerToken, 1_000_000_000n);
    return { tokenProgram, mint, payerToken, solverToken, decimals: 6 };
  }

  tokenBalance(account: Address): bigint {
    const a = this.svm.getAccount(account);
    if (!a.exists) throw new Error(`token account ${account} is missing`);
    return new DataView(a.data.buffer, a.data.byteOffset).getBigUint64(64, true);
  }

  /** TransferChecked from `t.payerToken` to `t.solverToken`, signed by `authority`. */
  transferCheckedIx(t: TokenSetup, amount: bigint, authority: KeyPairSigner = this.payer): Instruction {
    return {
      programAddress: t.tokenProgram,
      accounts: [
        { address: t.payerToken, role: AccountRole.WRITABLE },
        { address: t.mint, role: AccountRole.READONLY },
        { address: t.solverToken, role: AccountRole.WRITABLE },
        signerMeta(authority, AccountRole.READONLY_SIGNER),
      ],
      data: Uint8Array.from([12, ...u64le(amount), t.decimals]),
    };
  }
}

export type TokenSetup = {
  tokenProgram: Address;
  mint: Address;
  payerToken: Address;
  solverToken: Address;
  decimals: number;
};

export type DepositOverrides = {
  originChainId?: bigint;
  originUser?: string;
  originCurrency?: string;
  destinationChainId?: bigint;
  amount?: bigint;
  deadline?: bigint;
  replayBump?: number;
  signature?: Uint8Array;
  payer?: KeyPairSigner;
  /** Anchor account overrides (base58). */
  accounts?: Record<string, InstanceType<typeof web3.PublicKey>>;
  /** Post-process the kit instruction (e.g. drop a signer flag). */
  patch?: (ix: Instruction) => Instruction;
};

function patch(ix: Instruction, o: DepositOverrides): Instruction {
  return o.patch ? o.patch(ix) : ix;
}

export function createAccountIx(
  payer: KeyPairSigner,
  account: KeyPairSigner,
  rent: bigint,
  space: bigint,
  owner: Address,
): Instruction {
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      signerMeta(payer, AccountRole.WRITABLE_SIGNER),
      signerMeta(account, AccountRole.WRITABLE_SIGNER),
    ],
    data: Uint8Array.from([
      0,
      0,
      0,
      0,
      ...u64le(rent),
      ...u64le(space),
      ...getAddressEncoder().encode(owner),
    ]),
  };
}

/** A kit account meta that carries its signer (kit signs with it). */
export function signerMeta(
  signer: KeyPairSigner,
  role: AccountRole.WRITABLE_SIGNER | AccountRole.READONLY_SIGNER,
): AccountMeta {
  const meta: AccountSignerMeta = { address: signer.address, role, signer };
  return meta;
}

/** 32-byte ABI word of a destination user, as the attestation encodes it. */
export function destinationWord(user: string, chainId: number): Uint8Array {
  const words = toRequestDataWords(`0x${"00".repeat(32)}`, {
    originChainId: 1,
    originUser: "0x0000000000000000000000000000000000000001",
    originCurrency: "0x0000000000000000000000000000000000000000",
    originAmount: "0",
    destinationChainId: chainId,
    destinationUser: user,
  } as RequestData);
  return hexToBytes(words[6]);
}

export { receiverAddresses };
