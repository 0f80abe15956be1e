import { attestedReceiverAbi } from "attestkit/receiver";
import { type Address, createPublicClient, type Hex, webSocket } from "viem";

/** Calls `onDeposit` for every deposit the EVM receiver accepts on chain 8453, pushed over WebSocket. */
export function watchDeposits(
  receiver: Address,
  onDeposit: (requestId: Hex) => void,
  url = "ws://127.0.0.1:8545",
) {
  const client = createPublicClient({ transport: webSocket(url) });
  return client.watchContractEvent({
    address: receiver,
    abi: attestedReceiverAbi,
    eventName: "DepositAccepted",
    onLogs: (logs) => {
      for (const log of logs) if (log.args.requestId) onDeposit(log.args.requestId);
    },
  }); // returns the unwatch function
}
