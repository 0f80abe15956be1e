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
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getCreateAccountInstruction } from "@solana-program/system";
import {
  getInitializeAccount3Instruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
  type TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import type { LiteSVM } from "litesvm";
import { NotApplicable } from "../evm/context.ts";
import { liteSvmLedger, type SvmAccountState, type SvmAttempt, type SvmLedger } from "./ledger.ts";
import {
  initializeMintExtension,
  type MintExtension,
  mintSpace,
  thawAccount,
  tokenAccountSpace,
} from "./token2022.ts";

export type { SvmAccountState, SvmAttempt } from "./ledger.ts";
export { TOKEN_2022_PROGRAM_ADDRESS } from "./token2022.ts";

/** A ledger as the catalogue uses it: transactions, clock, balances and token accounts. */
export class SvmConformanceEnv {
  readonly ledger: SvmLedger;
  readonly feePayer: KeyPairSigner;

  constructor(ledger: SvmLedger, feePayer: KeyPairSigner) {
    this.ledger = ledger;
    this.feePayer = feePayer;
  }

  /** An env over `ledger` (or a LiteSVM instance) with a funded fee payer. */
  static async create(ledger: SvmLedger | LiteSVM): Promise<SvmConformanceEnv> {
    const resolved = "cluster" in ledger ? ledger : liteSvmLedger(ledger);
    const feePayer = await generateKeyPairSigner();
    await resolved.airdrop(feePayer.address, 1_000_000_000_000n);
    return new SvmConformanceEnv(resolved, feePayer);
  }

  /**
   * The LiteSVM instance, for properties that plant accounts or programs in the ledger.
   * @throws NotApplicable over RPC.
   */
  get svm(): LiteSVM {
    if (!this.ledger.svm)
      throw new NotApplicable("needs accounts planted in the ledger: in-process LiteSVM only");
    return this.ledger.svm;
  }

  /** Sends `instructions` in one transaction (fee paid by the env); returns the custom error code on failure. */
  async send(instructions: Instruction[]): Promise<SvmAttempt> {
    const lifetime = await this.ledger.freshBlockhash();
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(this.feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
      (m) => signTransactionMessageWithSigners(m),
    );
    return this.ledger.send(tx);
  }

  /** Sends `instructions` as the payer; throws with the failure message when the transaction fails. */
  async sendOrThrow(instructions: Instruction[]): Promise<void> {
    const result = await this.send(instructions);
    if (!result.ok) throw new Error(`transaction failed: ${result.message}`);
  }

  /** The account's state on the ledger. */
  account(address: Address): Promise<SvmAccountState> {
    return this.ledger.account(address);
  }

  /** The ledger's clock, Unix seconds. */
  now(): Promise<bigint> {
    return this.ledger.now();
  }

  /** `account`'s lamports (0 when it does not exist). */
  async lamports(account: Address): Promise<bigint> {
    const a = await this.ledger.account(account);
    return a.exists ? a.lamports : 0n;
  }

  /** Airdrops `amount` lamports (default 100 SOL) to `account`. */
  fund(account: Address, amount = 100_000_000_000n): Promise<void> {
    return this.ledger.airdrop(account, amount);
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
        lamports: lamports(await this.ledger.rent(BigInt(space))),
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
        lamports: lamports(await this.ledger.rent(BigInt(space))),
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

  /** The token amount held by the token account `account` (0 when it does not exist). */
  async tokenBalance(account: Address): Promise<bigint> {
    const a = await this.ledger.account(account);
    if (!a.exists) return 0n;
    return new DataView(a.data.buffer, a.data.byteOffset).getBigUint64(64, true);
  }
}
