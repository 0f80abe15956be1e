/** One JSON-RPC method of the Solana RPC server: its params in, its result out. */
export type RpcMethod = (params: unknown) => unknown | Promise<unknown>;
