import { bytesToHex, type Hex, sha256, stringToBytes } from "viem";

/** The service's SVM depository program (Anchor). */
export const SVM_DEPOSITORY_PROGRAM = "99vQwtBwYtrqqD9YSXbdum3KBdxPAVxYTaQ3cfnJSrN2";

function anchorDiscriminator(instruction: string): Hex {
  return bytesToHex(sha256(stringToBytes(`global:${instruction}`), "bytes").subarray(0, 8));
}

/** Anchor discriminators (first 8 bytes of sha256("global:<name>")) of the two deposit instructions. */
export const SVM_DEPOSIT_DISCRIMINATORS = {
  native: anchorDiscriminator("deposit_native"),
  token: anchorDiscriminator("deposit_token"),
} as const;

/**
 * Account positions of the deposit instructions: `deposit_native` takes
 * (depository, sender, depositor, vault, system program); `deposit_token`
 * takes (depository, sender, depositor, vault, mint, sender token account,
 * vault token account, token program, associated token program, system program).
 */
export const SVM_DEPOSIT_ACCOUNTS = { sender: 1, depositor: 2, vault: 3, mint: 4 } as const;

export type SvmDepositInstruction = {
  kind: "native" | "token";
  amount: bigint;
  id: Hex;
  depositor: string;
  mint: string | null;
};

/** An SVM instruction as quote steps carry it (the SDK's form: program id, keys, hex data). */
export type QuoteSvmInstruction = { programId: string; keys: { pubkey: string }[]; data: string };

/**
 * Decodes a deposit instruction's data (8-byte discriminator, u64 LE amount,
 * 32-byte id) and accounts, or null when it is neither deposit instruction.
 */
export function decodeSvmDepositInstruction(instruction: QuoteSvmInstruction): SvmDepositInstruction | null {
  const data = instruction.data.replace(/^0x/, "");
  if (!/^[0-9a-fA-F]{96}$/.test(data)) return null;
  const discriminator = `0x${data.slice(0, 16).toLowerCase()}`;
  const kind =
    discriminator === SVM_DEPOSIT_DISCRIMINATORS.native
      ? "native"
      : discriminator === SVM_DEPOSIT_DISCRIMINATORS.token
        ? "token"
        : null;
  if (kind === null) return null;
  const amountBytes = data.slice(16, 32).match(/../g) as string[];
  const amount = BigInt(`0x${amountBytes.reverse().join("")}`);
  const depositor = instruction.keys[SVM_DEPOSIT_ACCOUNTS.depositor]?.pubkey;
  if (depositor === undefined) return null;
  const mint = kind === "token" ? (instruction.keys[SVM_DEPOSIT_ACCOUNTS.mint]?.pubkey ?? null) : null;
  if (kind === "token" && mint === null) return null;
  return { kind, amount, id: `0x${data.slice(32).toLowerCase()}`, depositor, mint };
}

/** The instruction data of a deposit: discriminator || amount (u64 LE) || id. */
export function encodeSvmDepositData(kind: "native" | "token", amount: bigint, id: Hex): Hex {
  if (amount < 0n || amount >= 1n << 64n)
    throw new RangeError(`deposit amount ${amount} does not fit in a u64`);
  const le = amount.toString(16).padStart(16, "0").match(/../g)?.reverse().join("");
  return `${SVM_DEPOSIT_DISCRIMINATORS[kind]}${le}${id.slice(2)}` as Hex;
}
