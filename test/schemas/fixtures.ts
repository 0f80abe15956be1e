/** Test helper (no tests here): realistic sample payloads shared by the schema tests. */

export const REQUEST_ID = "0x5b2c6f0e9a1d4c3b8e7f6a5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a291";
export const EVM_USER = "0x03508bB71268BBA25ECaCC8F620e01866650532c";
export const EVM_RECIPIENT = "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF";
export const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
export const SVM_USER = "CbwqtSAfLwxn7u5HeqWhNodHcHzjYGCjpvhWJcYTyeTw";
export const SVM_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
export const SIGNATURE = `0x${"ab".repeat(64)}1b`;

const amount = (raw: string, formatted: string, usd: string) => ({
  amount: raw,
  amountFormatted: formatted,
  amountUsd: usd,
  minimumAmount: raw,
});

const bucket = (selected: boolean, total: string, sponsored: string) => {
  const userPays = String(BigInt(total) - BigInt(sponsored));
  const fmt = (raw: string) => (Number(raw) / 1e6).toString();
  return {
    selected,
    total: amount(total, fmt(total), fmt(total)),
    sponsored: amount(sponsored, fmt(sponsored), fmt(sponsored)),
    userPays: amount(userPays, fmt(userPays), fmt(userPays)),
  };
};

export function feeSponsorshipPhase() {
  return {
    selectedComponents: ["execution", "swap"],
    maxSubsidizationAmount: "5000000",
    capHit: false,
    components: {
      execution: bucket(true, "120000", "120000"),
      swap: bucket(true, "30000", "30000"),
      platform: bucket(false, "10000", "0"),
      app: bucket(false, "25000", "0"),
      rent: bucket(false, "0", "0"),
    },
    sponsoredTotal: amount("150000", "0.15", "0.15"),
    userPaysTotal: amount("35000", "0.035", "0.035"),
  };
}

export const USDC_ON_BASE = {
  chainId: 8453,
  address: USDC_BASE,
  symbol: "USDC",
  name: "USD Coin",
  decimals: 6,
  metadata: { logoURI: "https://example.org/usdc.png", verified: true },
};

export function currencyAmount() {
  return { currency: USDC_ON_BASE, ...amount("25000000", "25", "24.99") };
}

/** A complete request record: deposit-address request, filled, with app fees and sponsorship. */
export function requestRecord() {
  return {
    id: REQUEST_ID,
    status: "success",
    user: EVM_USER,
    recipient: EVM_RECIPIENT,
    sender: EVM_USER,
    refundTo: null,
    supersededByRequestId: null,
    depositAddress: {
      address: "0x9aD3a7b1C2e8d4F5a6B7c8D9e0F1a2B3c4D5e6F7",
      type: "strict",
      depositor: EVM_USER,
      depositTxHash: "0x4f1c8e2a9b3d5f7e6c0a1b2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f",
      recoveryAddress: null,
    },
    data: {
      slippageTolerance: "50",
      failReason: "N/A",
      refundFailReason: null,
      usesExternalLiquidity: false,
      timeEstimate: 12,
      triggeredByFastFill: false,
      inTxs: [
        {
          txHash: "0x4f1c8e2a9b3d5f7e6c0a1b2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f",
          fee: "21000000000000",
          feeUsd: "0.06",
          block: 24511022,
          type: "onchain",
          chainId: 8453,
          timestamp: 1735689600,
          status: "success",
          data: { from: EVM_USER, to: "0xa5F565650890fBA1824Ee0F21EbBbF660a179934", value: "0" },
          stateChanges: [{ address: USDC_BASE, change: { balanceDiff: "-25000000" } }],
        },
      ],
      outTxs: [
        {
          txHash: "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW",
          fee: "5000",
          feeUsd: "0.001",
          block: 312000000,
          type: "onchain",
          chainId: 792703809,
          timestamp: 1735689612,
          status: "success",
          data: null,
          stateChanges: null,
        },
      ],
      appFees: {
        quoted: [{ recipient: EVM_USER, bps: "25", amount: "62500", amountFormatted: "0.0625" }],
        actual: [
          { recipient: EVM_USER, bps: "25", amount: "62500", amountFormatted: "0.0625", amountUsd: "0.0625" },
        ],
        currency: { ...USDC_ON_BASE, metadata: { ...USDC_ON_BASE.metadata, isNative: false } },
      },
      feeSponsorship: { quoted: feeSponsorshipPhase(), actual: feeSponsorshipPhase() },
    },
    createdAt: "2025-01-01T00:00:00.000Z",
  };
}

/** A failed request record: the failure-only members are present. */
export function failedRequestRecord() {
  const record = requestRecord();
  return {
    ...record,
    status: "failure",
    depositAddress: null,
    data: {
      ...record.data,
      failReason: "SLIPPAGE",
      failedTxHash: "0x9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d",
      failedTxBlockNumber: 24511030,
      failedCallData: { from: EVM_USER, to: EVM_RECIPIENT, data: "0xdeadbeef", value: "0" },
      outTxs: [],
    },
  };
}

export function quoteV2Body() {
  return {
    user: EVM_USER,
    originChainId: 8453,
    destinationChainId: 792703809,
    originCurrency: USDC_BASE,
    destinationCurrency: SVM_USDC,
    recipient: SVM_USER,
    tradeType: "EXACT_INPUT",
    amount: "25000000",
    referrer: "attestkit",
    useExternalLiquidity: false,
    includedOriginSwapSources: ["some_dex"],
    maxRouteLength: 4,
  };
}

export function quoteResponse() {
  const txData = { from: EVM_USER, to: USDC_BASE, chainId: 8453, data: "0x095ea7b3", value: "0" };
  return {
    steps: [
      {
        id: "approve",
        action: "Confirm transaction in your wallet",
        description: "Sign an approval for USDC",
        kind: "transaction",
        requestId: REQUEST_ID,
        items: [{ status: "incomplete", data: txData }],
      },
      {
        id: "deposit",
        action: "Confirm transaction in your wallet",
        description: "Depositing funds to the relayer",
        kind: "transaction",
        requestId: REQUEST_ID,
        depositAddress: "0x9aD3a7b1C2e8d4F5a6B7c8D9e0F1a2B3c4D5e6F7",
        items: [
          {
            status: "incomplete",
            data: { ...txData, data: "0xa9059cbb" },
            check: { endpoint: `/intents/status/v3?requestId=${REQUEST_ID}`, method: "GET" },
          },
        ],
      },
    ],
    fees: { gas: currencyAmount(), relayer: currencyAmount() },
    details: {
      operation: "swap",
      sender: EVM_USER,
      recipient: SVM_USER,
      currencyIn: currencyAmount(),
      currencyOut: currencyAmount(),
      timeEstimate: 10,
    },
  };
}
