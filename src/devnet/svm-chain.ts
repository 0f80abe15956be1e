/**
 * The devnet SVM chain: a LiteSVM instance with the attested receiver deployed through the upgradeable
 * loader by the project's deploy script, a USDC mint (6 decimals) with funded token accounts, the
 * route-hop program behind every simulated swap source (so quoted routes execute as is), and the mock
 * service's SVM adapter over it.
 */

import {
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getCreateAccountInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { hexToBytes } from "viem";
import { toBytes32Address } from "../address/index.ts";
import { deployReceiver, liteSvmCluster } from "../deploy/svm.ts";
import { createSvmChainAdapter, installSvmRouteHops, type SvmChainAdapter } from "../service/chains/svm.ts";
import { SVM_ROLE_NAMES, type SvmRole, svmDevKeypair } from "./accounts.ts";

export interface SvmDevChainOptions {
  /** The solver's EVM address: the receiver verifies attestations against it. */
  solverEvm: string;
  /** Destinations whitelisted on the receiver. */
  whitelist: readonly { chainId: number; user: string }[];
  maxDeadlineWindow: number;
}

export interface SvmDevChain {
  svm: LiteSVM;
  adapter: SvmChainAdapter;
  receiverProgram: Address;
  receiverConfig: Address;
  accounts: Readonly<Record<SvmRole, KeyPairSigner>>;
  usdc: { mint: Address; decimals: number };
  /** The associated token account of `owner` for the USDC mint. */
  usdcAccount(owner: Address): Promise<Address>;
}

const SOL = 1_000_000_000n;
const USDC_DECIMALS = 6;
const USDC_PER_ACCOUNT = 1_000_000n * 10n ** BigInt(USDC_DECIMALS);

/** Sends setup instructions straight to LiteSVM (they are not deposits: the adapter never sees them). */
async function send(svm: LiteSVM, payer: KeyPairSigner, instructions: Instruction[]): Promise<void> {
  const tx = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => signTransactionMessageWithSigners(m),
  );
  const result = svm.sendTransaction(tx);
  svm.expireBlockhash();
  if (result instanceof FailedTransactionMetadata) {
    throw new Error(
      `devnet SVM setup failed: ${result.err().toString()}\n${result.meta().logs().join("\n")}`,
    );
  }
}

export async function startSvmDevChain(options: SvmDevChainOptions): Promise<SvmDevChain> {
  const svm = new LiteSVM();
  const accounts = Object.fromEntries(
    await Promise.all(SVM_ROLE_NAMES.map(async (role) => [role, await svmDevKeypair(role)] as const)),
  ) as Record<SvmRole, KeyPairSigner>;
  for (const signer of Object.values(accounts)) svm.airdrop(signer.address, lamports(1_000n * SOL));
  const { authority, solver } = accounts;

  const deployed = await deployReceiver({
    cluster: liteSvmCluster(svm),
    payer: authority,
    program: await svmDevKeypair("program:attested-receiver"),
    init: {
      owner: authority.address,
      solverEvm: options.solverEvm,
      solverSvm: solver.address,
      maxDeadlineWindow: BigInt(options.maxDeadlineWindow),
      whitelist: options.whitelist.map((d) => ({
        chainId: BigInt(d.chainId),
        user: hexToBytes(toBytes32Address(d.user, d.chainId)),
      })),
    },
  });

  const mint = await svmDevKeypair("mint:usdc");
  const mintSpace = BigInt(getMintSize());
  const usdcAccount = async (owner: Address) =>
    (await findAssociatedTokenPda({ owner, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
  const setup: Instruction[] = [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mint,
      lamports: svm.minimumBalanceForRentExemption(mintSpace),
      space: mintSpace,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals: USDC_DECIMALS,
      mintAuthority: authority.address,
    }),
  ];
  for (const signer of Object.values(accounts)) {
    const ata = await usdcAccount(signer.address);
    setup.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: authority,
        ata,
        owner: signer.address,
        mint: mint.address,
      }),
      getMintToInstruction({
        mint: mint.address,
        token: ata,
        mintAuthority: authority,
        amount: USDC_PER_ACCOUNT,
      }),
    );
  }
  await send(svm, authority, setup);
  installSvmRouteHops(svm);

  return {
    svm,
    adapter: createSvmChainAdapter({ svm, solver, receiverProgram: deployed.programId }),
    receiverProgram: deployed.programId,
    receiverConfig: deployed.config,
    accounts,
    usdc: { mint: mint.address, decimals: USDC_DECIMALS },
    usdcAccount,
  };
}
