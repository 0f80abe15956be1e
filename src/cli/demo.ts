// npm run demo: walks through the library on fixed example data and exits
// non-zero if any step does not verify.
import { getAddressDecoder } from "@solana/kit";
import { privateKeyToAccount } from "viem/accounts";
import {
  decodeAppBalanceFundingCalldata,
  encodeAppBalanceFundingCalldata,
  hashRequestData,
  type RequestData,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
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

console.log(failures === 0 ? "\nall steps verified" : `\n${failures} step(s) failed`);
process.exitCode = failures === 0 ? 0 : 1;
