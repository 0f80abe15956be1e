import {
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getCreateAccountInstruction } from "@solana-program/system";
import {
  getInitializeAccount3Instruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
  type TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { FailedTransactionMetadata, type LiteSVM } from "litesvm";
import {
  initializeMintExtension,
  type MintExtension,
  mintSpace,
  thawAccount,
  tokenAccountSpace,
} from "./token2022.ts";

export { TOKEN_2022_PROGRAM_ADDRESS } from "./token2022.ts";

/** The outcome of one transaction. */
export type SvmAttempt = { ok: true; computeUnits: bigint } | { ok: false; code?: number; message: string };

/** A LiteSVM instance as the catalogue uses it: transactions, clock and token accounts. */
export class SvmConformanceEnv {
  readonly svm: LiteSVM;
  readonly feePayer: KeyPairSigner;

  constructor(svm: LiteSVM, feePayer: KeyPairSigner) {
    this.svm = svm;
    this.feePayer = feePayer;
  }

  static async create(svm: LiteSVM): Promise<SvmConformanceEnv> {
    const feePayer = await generateKeyPairSigner();
    svm.airdrop(feePayer.address, lamports(1_000_000_000_000n));
    return new SvmConformanceEnv(svm, feePayer);
  }

  /** Sends `instructions` in one transaction (fee paid by the env); returns the custom error code on failure. */
  async send(instructions: Instruction[]): Promise<SvmAttempt> {
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(this.feePayer, m),
      (m) => this.svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
      (m) => appendTransactionMessageInstructions(instructions, m),
      (m) => signTransactionMessageWithSigners(m),
    );
    const result = this.svm.sendTransaction(tx);
    this.svm.expireBlockhash();
    if (result instanceof FailedTransactionMetadata) {
      const message = result.toString();
      const code = message.match(/Custom\((\d+)\)/)?.[1];
      return { ok: false, code: code === undefined ? undefined : Number(code), message };
    }
    return { ok: true, computeUnits: result.computeUnitsConsumed() };
  }

  async sendOrThrow(instructions: Instruction[]): Promise<void> {
    const result = await this.send(instructions);
    if (!result.ok) throw new Error(`transaction failed: ${result.message}`);
  }

  now(): bigint {
    return this.svm.getClock().unixTimestamp;
  }

  warpTo(timestamp: bigint): void {
    const clock = this.svm.getClock();
    clock.unixTimestamp = timestamp;
    this.svm.setClock(clock);
  }

  lamports(account: Address): bigint {
    return this.svm.getBalance(account) ?? 0n;
  }

  fund(account: Address, amount = 100_000_000_000n): void {
    this.svm.airdrop(account, lamports(amount));
  }

  /** A mint of `tokenProgram` (SPL Token, Token-2022 or a copy) with the given Token-2022 extensions. */
  async createMint(tokenProgram: Address, extensions: readonly MintExtension[] = []): Promise<Address> {
    const mint = await generateKeyPairSigner();
    const space = mintSpace(extensions);
    const frozen = extensions.some((e) => e.kind === "defaultFrozen");
    await this.sendOrThrow([
      getCreateAccountInstruction({
        payer: this.feePayer,
        newAccount: mint,
        lamports: this.svm.minimumBalanceForRentExemption(BigInt(space)),
        space,
        programAddress: tokenProgram,
      }),
      ...extensions.map((e) => initializeMintExtension(mint.address, e)),
      getInitializeMint2Instruction(
        {
          mint: mint.address,
          decimals: 6,
          mintAuthority: this.feePayer.address,
          freezeAuthority: frozen ? this.feePayer.address : null,
        },
        { programAddress: tokenProgram as typeof TOKEN_PROGRAM_ADDRESS },
      ),
    ]);
    return mint.address;
  }

  /**
   * A token account of `mint` (created with `extensions`) owned by `owner` holding `amount`; on a
   * default-frozen mint the account is thawed when it receives an amount, and left frozen otherwise.
   */
  async createTokenAccount(
    tokenProgram: Address,
    mint: Address,
    owner: Address,
    amount = 0n,
    extensions: readonly MintExtension[] = [],
  ): Promise<Address> {
    const account = await generateKeyPairSigner();
    const space = tokenAccountSpace(extensions);
    const program = { programAddress: tokenProgram as typeof TOKEN_PROGRAM_ADDRESS };
    const instructions: Instruction[] = [
      getCreateAccountInstruction({
        payer: this.feePayer,
        newAccount: account,
        lamports: this.svm.minimumBalanceForRentExemption(BigInt(space)),
        space,
        programAddress: tokenProgram,
      }),
      getInitializeAccount3Instruction({ account: account.address, mint, owner }, program),
    ];
    if (amount > 0n) {
      if (extensions.some((e) => e.kind === "defaultFrozen"))
        instructions.push(thawAccount(account.address, mint, this.feePayer));
      instructions.push(
        getMintToInstruction({ mint, token: account.address, mintAuthority: this.feePayer, amount }, program),
      );
    }
    await this.sendOrThrow(instructions);
    return account.address;
  }

  tokenBalance(account: Address): bigint {
    const a = this.svm.getAccount(account);
    if (!a.exists) return 0n;
    return new DataView(a.data.buffer, a.data.byteOffset).getBigUint64(64, true);
  }
}
