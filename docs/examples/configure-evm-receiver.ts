import { attestedReceiverAbi } from "attestkit";
import { configureReceiver, type ReceiverChanges } from "attestkit/deploy";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  getContract,
  type Hex,
  http,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * Applies `changes` (whitelist additions and removals, a solver rotation, the deadline window,
 * pause) to a deployed AttestedReceiver as its owner, one transaction each, waiting for every
 * receipt. Whitelist entries take addresses in their usual form (EVM hex or SVM base58).
 */
export async function configureEvmReceiver(options: {
  rpcUrl: string;
  ownerKey: Hex;
  receiver: Address;
  changes: ReceiverChanges;
}) {
  const id = await createPublicClient({ transport: http(options.rpcUrl) }).getChainId();
  const chain = defineChain({
    id,
    name: `chain ${id}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http() });
  const wallet = createWalletClient({
    account: privateKeyToAccount(options.ownerKey),
    chain,
    transport: http(),
  });
  const receiver = getContract({
    address: options.receiver,
    abi: attestedReceiverAbi,
    client: { public: publicClient, wallet },
  });
  const hashes = await configureReceiver(receiver, options.changes, (hash) =>
    publicClient.waitForTransactionReceipt({ hash }),
  );
  return { hashes, solver: await receiver.read.solver(), paused: await receiver.read.paused() };
}
