import { privateKeyToAccount } from "viem/accounts";
import {
  encodeAppBalanceFundingCalldata,
  encodeRequestData,
  fromBytes32Address,
  hashRequestData,
  parseUint256,
  type RequestData,
  recoverAttestationSigner,
  signRequestData,
  toBytes32Address,
  verifyAttestation,
} from "../../src/index.ts";
import { expectCode } from "./expect-code.ts";
import { attestationVectors } from "./vectors.ts";

const evmToSvm = attestationVectors.find((v) => v.name.startsWith("evm-svm"))!;
const svmToEvm = attestationVectors.find((v) => v.name.startsWith("svm-evm"))!;
const evmAddress = evmToSvm.requestData.originUser;
const svmAddress = evmToSvm.requestData.destinationUser;
const { requestId, signature, signer } = evmToSvm;

type Case = [
  name: string,
  patch: Partial<Record<keyof RequestData, unknown>> | { requestId: unknown },
  code: string,
];

const requestCases: Case[] = [
  ["request id one byte short", { requestId: requestId.slice(0, -2) }, "INVALID_REQUEST_ID"],
  ["request id without 0x", { requestId: requestId.slice(2) }, "INVALID_REQUEST_ID"],
  ["request id with a non-hex character", { requestId: `${requestId.slice(0, -1)}g` }, "INVALID_REQUEST_ID"],
  ["request id as a number", { requestId: 1 }, "INVALID_REQUEST_ID"],
  ["origin chain id zero", { originChainId: 0 }, "INVALID_CHAIN_ID"],
  ["origin chain id negative", { originChainId: -1 }, "INVALID_CHAIN_ID"],
  ["origin chain id fractional", { originChainId: 1.5 }, "INVALID_CHAIN_ID"],
  ["origin chain id as a string", { originChainId: "1" }, "INVALID_CHAIN_ID"],
  ["destination chain id above 2^53", { destinationChainId: 2 ** 53 }, "INVALID_CHAIN_ID"],
  ["destination chain id NaN", { destinationChainId: Number.NaN }, "INVALID_CHAIN_ID"],
  ["amount negative", { originAmount: "-1" }, "INVALID_AMOUNT"],
  ["amount decimal", { originAmount: "1.5" }, "INVALID_AMOUNT"],
  ["amount exponent", { originAmount: "1e18" }, "INVALID_AMOUNT"],
  ["amount empty", { originAmount: "" }, "INVALID_AMOUNT"],
  ["amount with whitespace", { originAmount: " 1" }, "INVALID_AMOUNT"],
  ["amount with a leading zero", { originAmount: "01" }, "INVALID_AMOUNT"],
  ["amount hex", { originAmount: "0x10" }, "INVALID_AMOUNT"],
  ["amount as a number", { originAmount: 1 }, "INVALID_AMOUNT"],
  ["amount overflowing uint256", { originAmount: (1n << 256n).toString() }, "INVALID_AMOUNT"],
  ["EVM origin user given as SVM", { originUser: svmAddress }, "ADDRESS_VM_MISMATCH"],
  ["SVM destination user given as EVM", { destinationUser: evmAddress }, "ADDRESS_VM_MISMATCH"],
  [
    "SVM destination user with its case changed",
    { destinationUser: svmAddress.toLowerCase() },
    "INVALID_ADDRESS",
  ],
  ["SVM destination user too short", { destinationUser: svmAddress.slice(0, 30) }, "INVALID_ADDRESS"],
  [
    "EVM origin currency with a bad checksum",
    { originCurrency: evmToSvm.requestData.originCurrency.replace(/[a-f]/, (c) => c.toUpperCase()) },
    "INVALID_ADDRESS",
  ],
  ["EVM origin user truncated", { originUser: evmAddress.slice(0, -1) }, "INVALID_ADDRESS"],
  ["origin user null", { originUser: null }, "INVALID_ADDRESS"],
];

const account = privateKeyToAccount(evmToSvm.signerPrivateKey);
const functions = {
  encodeRequestData: (id: string, data: RequestData) => encodeRequestData(id, data),
  hashRequestData: (id: string, data: RequestData) => hashRequestData(id, data),
  signRequestData: (id: string, data: RequestData) => signRequestData(account, id, data),
  recoverAttestationSigner: (id: string, data: RequestData) =>
    recoverAttestationSigner({ requestId: id, requestData: data, signature }),
  verifyAttestation: (id: string, data: RequestData) =>
    verifyAttestation({ requestId: id, requestData: data, signature, solver: signer }),
};

describe("bad input: attestation functions", () => {
  for (const [fnName, fn] of Object.entries(functions)) {
    for (const [name, patch, code] of requestCases) {
      it(`${fnName}: ${name} -> ${code}`, async () => {
        const { requestId: patchedId, ...dataPatch } = patch as { requestId?: unknown };
        const data = { ...evmToSvm.requestData, ...dataPatch } as RequestData;
        const id = ("requestId" in patch ? patchedId : requestId) as string;
        await expectCode(() => fn(id, data), code);
      });
    }
  }

  it("verifyAttestation: a solver given as an SVM address -> ADDRESS_VM_MISMATCH", async () => {
    await expectCode(
      () =>
        verifyAttestation({ requestId, requestData: evmToSvm.requestData, signature, solver: svmAddress }),
      "ADDRESS_VM_MISMATCH",
    );
  });

  it("SVM origin: an EVM payer where an SVM one is required -> ADDRESS_VM_MISMATCH", async () => {
    const data = { ...svmToEvm.requestData, originUser: evmAddress };
    await expectCode(() => hashRequestData(svmToEvm.requestId, data), "ADDRESS_VM_MISMATCH");
  });
});

describe("bad input: address codecs, amounts and funding calldata", () => {
  const table: Array<[string, () => unknown, string]> = [
    ["toBytes32Address: number", () => toBytes32Address(42 as unknown as string, 1), "INVALID_ADDRESS"],
    ["toBytes32Address: chain id 0", () => toBytes32Address(evmAddress, 0), "INVALID_CHAIN_ID"],
    ["toBytes32Address: SVM key on EVM chain", () => toBytes32Address(svmAddress, 1), "ADDRESS_VM_MISMATCH"],
    [
      "toBytes32Address: EVM on SVM chain",
      () => toBytes32Address(evmAddress, 792703809),
      "ADDRESS_VM_MISMATCH",
    ],
    ["fromBytes32Address: not hex", () => fromBytes32Address(`0x${"zz".repeat(32)}`, 1), "INVALID_ADDRESS"],
    ["fromBytes32Address: 33 bytes", () => fromBytes32Address(`0x${"00".repeat(33)}`, 1), "INVALID_ADDRESS"],
    ["fromBytes32Address: object", () => fromBytes32Address({} as unknown as string, 1), "INVALID_ADDRESS"],
    [
      "fromBytes32Address: dirty upper byte",
      () => fromBytes32Address(`0x${"ff".repeat(32)}`, 1),
      "INVALID_ADDRESS",
    ],
    ["parseUint256: negative bigint", () => parseUint256(-1n), "INVALID_AMOUNT"],
    ["parseUint256: 2^256", () => parseUint256(1n << 256n), "INVALID_AMOUNT"],
    ["parseUint256: undefined", () => parseUint256(undefined), "INVALID_AMOUNT"],
    [
      "funding: SVM solver",
      () => encodeAppBalanceFundingCalldata({ solver: svmAddress, amount: 1n }),
      "ADDRESS_VM_MISMATCH",
    ],
    [
      "funding: bad solver checksum",
      () =>
        encodeAppBalanceFundingCalldata({
          solver: evmAddress.replace(/[a-f]/, (c) => c.toUpperCase()),
          amount: 1n,
        }),
      "INVALID_ADDRESS",
    ],
    [
      "funding: negative amount",
      () => encodeAppBalanceFundingCalldata({ solver: evmAddress, amount: "-5" }),
      "INVALID_AMOUNT",
    ],
    [
      "funding: amount overflow",
      () => encodeAppBalanceFundingCalldata({ solver: evmAddress, amount: 1n << 256n }),
      "INVALID_AMOUNT",
    ],
    [
      "funding: non-numeric amount",
      () => encodeAppBalanceFundingCalldata({ solver: evmAddress, amount: "ten" }),
      "INVALID_AMOUNT",
    ],
    [
      "funding: SVM credit",
      () => encodeAppBalanceFundingCalldata({ solver: evmAddress, amount: 1n, credit: svmAddress }),
      "ADDRESS_VM_MISMATCH",
    ],
    [
      "funding: short credit",
      () => encodeAppBalanceFundingCalldata({ solver: evmAddress, amount: 1n, credit: "0x1234" }),
      "INVALID_ADDRESS",
    ],
  ];
  for (const [name, fn, code] of table) {
    it(`${name} -> ${code}`, async () => {
      await expectCode(fn, code);
    });
  }
});
