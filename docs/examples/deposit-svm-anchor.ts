import { AnchorProvider, BN, type Idl, Program } from "@coral-xyz/anchor";
import { address } from "@solana/kit";
import { Connection, PublicKey, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { type RequestData, toRequestDataWords } from "attestkit";
import idl from "attestkit/idl/attested_receiver.json" with { type: "json" };
import {
  getSvmReceiverConfigAddress,
  getSvmReceiverReplayAddress,
  getSvmReceiverWhitelistAddress,
} from "attestkit/receiver";
import { type Hex, hexToBytes } from "viem";

/**
 * The receiver's `deposit_native` instruction built with Anchor from the program's IDL, for a
 * frontend that already uses an Anchor provider. The arguments are the attestation's words as the
 * solver signed them; `amount` equals `originAmount`.
 */
export async function anchorDepositNativeInstruction(options: {
  provider: AnchorProvider;
  programId: PublicKey;
  solver: PublicKey;
  requestId: Hex;
  requestData: RequestData;
  signature: Hex;
  deadline: bigint;
}): Promise<TransactionInstruction> {
  const { programId, requestData } = options;
  const program = new Program({ ...(idl as Idl), address: programId.toBase58() }, options.provider);
  const words = toRequestDataWords(options.requestId, requestData);
  const programAddress = address(programId.toBase58());
  const requestId = hexToBytes(words[0]);
  const destinationChainId = words[5];
  const destinationUser = hexToBytes(words[6]);
  const [replay, replayBump] = await getSvmReceiverReplayAddress(programAddress, requestId);
  const whitelist = await getSvmReceiverWhitelistAddress(programAddress, destinationChainId, destinationUser);
  const config = await getSvmReceiverConfigAddress(programAddress);
  const depositNative = program.methods.depositNative;
  if (depositNative === undefined) throw new Error("the IDL has no deposit_native");
  return depositNative(
    Array.from(requestId),
    new BN(words[1].toString()),
    new PublicKey(requestData.originUser),
    new PublicKey(requestData.originCurrency),
    new BN(words[4].toString()),
    new BN(destinationChainId.toString()),
    Array.from(destinationUser),
    new BN(words[4].toString()),
    new BN(options.deadline.toString()),
    replayBump,
    Buffer.from(hexToBytes(options.signature)),
  )
    .accountsStrict({
      payer: new PublicKey(requestData.originUser),
      config: new PublicKey(config),
      whitelist: new PublicKey(whitelist),
      replay: new PublicKey(replay),
      solver: options.solver,
      systemProgram: SystemProgram.programId,
    })
    .instruction();
}

/** A read-only provider is enough to build instructions; your wallet adapter signs and sends them. */
export function readOnlyProvider(rpcUrl: string, wallet: AnchorProvider["wallet"]): AnchorProvider {
  return new AnchorProvider(new Connection(rpcUrl, "confirmed"), wallet, { commitment: "confirmed" });
}
