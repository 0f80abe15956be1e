import { createServiceClient } from "attestkit/client";
import {
  decodeEvmReceiverDeposit,
  decodeEvmReceiverError,
  encodeEvmReceiverDeposit,
} from "attestkit/receiver";
import {
  type Account,
  type Address,
  type Chain,
  erc20Abi,
  type PublicClient,
  type Transport,
  type WalletClient,
  zeroAddress,
} from "viem";

/**
 * Pays the deposit of `requestId` through the reference receiver on the origin chain, from the
 * user's wallet, and returns the receiver's `DepositAccepted` record once the transaction is mined.
 * `deadline` is the last second (unix) at which the transaction may land; keep it short.
 */
export async function depositThroughEvmReceiver(options: {
  serviceUrl: string;
  requestId: string;
  receiver: Address;
  wallet: WalletClient<Transport, Chain, Account>;
  publicClient: PublicClient;
  deadline: bigint;
}) {
  const { wallet, publicClient, receiver, requestId } = options;
  const client = createServiceClient({ baseUrl: options.serviceUrl });
  const { requestData, signature } = await client.getSignature(requestId);

  // ERC-20 deposits pull `originAmount` from the payer: approve the receiver first.
  if (requestData.originCurrency.toLowerCase() !== zeroAddress) {
    const approval = await wallet.writeContract({
      address: requestData.originCurrency as Address,
      abi: erc20Abi,
      functionName: "approve",
      args: [receiver, BigInt(requestData.originAmount)],
    });
    await publicClient.waitForTransactionReceipt({ hash: approval });
  }

  const call = encodeEvmReceiverDeposit({ requestId, requestData, signature, deadline: options.deadline });
  const hash = await wallet
    .sendTransaction({ to: receiver, data: call.data, value: call.value })
    .catch((error: unknown) => {
      // The node answers raw calldata with bare revert bytes: name them with the receiver's ABI.
      const reverted = decodeEvmReceiverError(error);
      if (reverted === null) throw error;
      throw new Error(
        `the receiver refused the deposit: ${reverted.errorName}(${reverted.args.join(", ")})`,
        {
          cause: error,
        },
      );
    });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`deposit ${hash} reverted`);
  for (const log of receipt.logs) {
    const deposit = decodeEvmReceiverDeposit(log, [receiver]);
    if (deposit !== null) return { hash, deposit };
  }
  throw new Error(`deposit ${hash} emitted no DepositAccepted event`);
}
