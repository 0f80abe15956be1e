// npm run demo: walks through the library on fixed example data and exits
// non-zero if any step does not verify.
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  createTransactionMessage,
  getAddressDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { privateKeyToAccount } from "viem/accounts";
import {
  decodeAppBalanceFundingCalldata,
  encodeAppBalanceFundingCalldata,
  getSvmTransactionMessageSize,
  hashRequestData,
  type RequestData,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
  SVM_TX_SIZE_LIMIT,
  setSvmComputeBudgetIfFits,
  signRequestData,
  toBytes32Address,
  verifyAttestation,
} from "../index.ts";

const solver = privateKeyToAccount(`0x${"5a".repeat(32)}`);
const svmPayer = getAddressDecoder().decode(new Uint8Array(32).fill(7));
const requestId = `0x${"ab".repeat(32)}`;
const requestData: RequestData = {
  originChainId: SVM_CHAIN_ID,
  originUser: svmPayer,
  originCurrency: SVM_NATIVE_TOKEN,
  originAmount: "1500000000",
  destinationChainId: 8453,
  destinationUser: "0x000000000000000000000000000000000000dEaD",
};

let failures = 0;
function step(title: string, ok: boolean, detail: string): void {
  if (!ok) failures++;
  console.log(`${ok ? "✔" : "✘"} ${title}\n    ${detail}`);
}

console.log("attestkit demo: one SVM -> EVM request, attested and checked\n");
const hash = hashRequestData(requestId, requestData);
step("hash the seven attested fields (spec 4.7)", /^0x[0-9a-f]{64}$/.test(hash), hash);
step(
  "SVM native token is 32 zero bytes, like the EVM zero address",
  toBytes32Address(SVM_NATIVE_TOKEN, SVM_CHAIN_ID) === `0x${"0".repeat(64)}`,
  `${SVM_NATIVE_TOKEN} -> ${toBytes32Address(SVM_NATIVE_TOKEN, SVM_CHAIN_ID)}`,
);
const signature = await signRequestData(solver, requestId, requestData);
step("solver signs the raw hash bytes (EIP-191)", signature.length === 132, signature);
const valid = await verifyAttestation({ requestId, requestData, signature, solver: solver.address });
step("verifyAttestation accepts the solver's signature", valid, `solver ${solver.address}`);
const tampered = { ...requestData, originAmount: "1" };
const refused = !(await verifyAttestation({
  requestId,
  requestData: tampered,
  signature,
  solver: solver.address,
}));
step("a tampered amount is refused", refused, "originAmount 1500000000 -> 1");
const calldata = encodeAppBalanceFundingCalldata({ solver: solver.address, amount: 25_000_000n });
const decoded = decodeAppBalanceFundingCalldata(calldata);
step(
  "app-balance funding calldata decodes back (credits the sender)",
  decoded?.amount === 25_000_000n && decoded.credit === null,
  calldata,
);

// An SVM deposit-sized message: one instruction with 24 accounts and 200 data bytes.
const key = (n: number) => getAddressDecoder().decode(new Uint8Array(32).fill(n)) as Address;
const message = pipe(
  createTransactionMessage({ version: 0 }),
  (m) => setTransactionMessageFeePayer(key(7), m),
  (m) =>
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash: key(9) as string as Blockhash, lastValidBlockHeight: 0n },
      m,
    ),
  (m) =>
    appendTransactionMessageInstruction(
      {
        programAddress: key(8),
        accounts: Array.from({ length: 24 }, (_, i) => ({
          address: key(20 + i),
          role: AccountRole.WRITABLE,
        })),
        data: new Uint8Array(200),
      },
      m,
    ),
);
const size = getSvmTransactionMessageSize(message);
const budgeted = setSvmComputeBudgetIfFits(message, { computeUnitLimit: 60_000, computeUnitPrice: 1n });
step(
  "SVM size gate: measured against the 1232-byte limit, compute budget added only if it fits",
  size <= SVM_TX_SIZE_LIMIT,
  `${size} bytes (${SVM_TX_SIZE_LIMIT - size} to spare); compute budget ${budgeted.added ? "added" : "skipped"}`,
);

console.log(failures === 0 ? "\nall steps verified" : `\n${failures} step(s) failed`);
process.exitCode = failures === 0 ? 0 : 1;
