/**
 * anvil's mining modes on a devnet EVM chain: automine (`evm_setAutomine(true)`), interval
 * (`evm_setIntervalMining(seconds)`: a block every `seconds`, transactions wait for it) and none
 * (`evm_setIntervalMining(0)` or `evm_setAutomine(false)`: blocks only on `evm_mine` / `anvil_mine`).
 * The interval is in seconds, as anvil and viem's anvil mode give it (Hardhat takes milliseconds), and
 * its blocks are mined through the chain's clock and journal like any other (EDR's own interval
 * mining would stamp and record them behind both). `anvil_getIntervalMining` answers the interval
 * in seconds, or null when the chain does not mine on an interval.
 */
import { anvilParams, anvilQuantity } from "./anvil-methods.ts";
import type { Eip1193Provider } from "./json-rpc-server.ts";

export interface EvmMiningProvider extends Eip1193Provider {
  /** Stops interval mining (the chain is closing). */
  stop(): void;
}

const invalidParams = (message: string) =>
  Object.assign(new Error(`Invalid params: ${message}`), { code: -32602 });

export function evmMiningProvider(provider: Eip1193Provider): EvmMiningProvider {
  let timer: NodeJS.Timeout | null = null;
  let intervalSeconds: number | null = null;

  function stopInterval(): void {
    if (timer) clearInterval(timer);
    timer = null;
    intervalSeconds = null;
  }

  const own: Record<string, (params: unknown) => Promise<unknown>> = {
    async evm_setAutomine(params) {
      const [enabled] = anvilParams(params, 1, 1, "evm_setAutomine");
      if (typeof enabled !== "boolean") throw invalidParams("evm_setAutomine takes a boolean");
      stopInterval();
      await provider.request({ method: "evm_setAutomine", params: [enabled] });
      return null;
    },
    async evm_setIntervalMining(params) {
      const [interval] = anvilParams(params, 1, 1, "evm_setIntervalMining");
      if (typeof interval !== "number")
        throw invalidParams("evm_setIntervalMining takes a number of seconds");
      const seconds = Number(BigInt(anvilQuantity(interval, "interval")));
      stopInterval();
      await provider.request({ method: "evm_setAutomine", params: [false] });
      if (seconds === 0) return null;
      intervalSeconds = seconds;
      timer = setInterval(() => {
        provider.request({ method: "evm_mine" }).catch(() => {});
      }, seconds * 1000);
      timer.unref();
      return null;
    },
    async anvil_getIntervalMining(params) {
      anvilParams(params, 0, 0, "anvil_getIntervalMining");
      return intervalSeconds;
    },
  };

  return {
    request({ method, params }) {
      const handler = Object.hasOwn(own, method) ? own[method] : undefined;
      if (handler) return handler(params);
      return provider.request(params === undefined ? { method } : { method, params });
    },
    ...(provider.on ? { on: provider.on.bind(provider) } : {}),
    ...(provider.removeListener ? { removeListener: provider.removeListener.bind(provider) } : {}),
    stop: stopInterval,
  };
}
