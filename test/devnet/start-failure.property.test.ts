/**
 * A devnet start that fails part way leaves nothing behind and says why: whichever of its five
 * listening ports is taken (the SVM chain's RPC or PubSub, either EVM chain's RPC, the service),
 * `startDevnet` rejects with `PortInUseError` naming that port and the option that sets it, and every
 * server it had opened before is closed (each of the other ports can be bound again, and the process
 * holds no more listening sockets than before).
 */
import { createServer, type Server } from "node:net";
import { expect } from "chai";
import fc from "fast-check";
import { startDevnet } from "../../src/devnet/devnet.ts";
import { PortInUseError } from "../../src/start-errors.ts";
import { freePort } from "../outside/free-port.ts";

type Step = "svmRpcPort" | "svmWsPort" | "rpcPorts[8453]" | "rpcPorts[10]" | "servicePort";
const STEPS: readonly Step[] = ["svmRpcPort", "svmWsPort", "rpcPorts[8453]", "rpcPorts[10]", "servicePort"];

const listeningSockets = () =>
  process.getActiveResourcesInfo().filter((kind) => kind === "TCPServerWrap").length;

function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

describe("devnet: a start that fails at any step closes what it opened and names the option", function () {
  this.timeout(300_000);

  it("property: one taken port of five, any of them: PortInUseError naming it, no socket left open", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...STEPS), async (taken) => {
        const ports = Object.fromEntries(
          await Promise.all(STEPS.map(async (step) => [step, await freePort()])),
        );
        const holder = await occupy(ports[taken] as number);
        const before = listeningSockets();
        try {
          const error = await startDevnet({
            logger: false,
            svmRpcPort: ports.svmRpcPort,
            svmWsPort: ports.svmWsPort,
            rpcPorts: { 8453: ports["rpcPorts[8453]"] as number, 10: ports["rpcPorts[10]"] as number },
            servicePort: ports.servicePort,
          }).then(
            async (devnet) => {
              await devnet.close();
              return null;
            },
            (reason: unknown) => reason,
          );
          expect(error).to.be.instanceOf(PortInUseError);
          expect((error as PortInUseError).port).to.equal(ports[taken]);
          expect((error as Error).message).to.contain(`choose another with ${taken}`);
          expect(listeningSockets(), "listening sockets left open").to.be.at.most(before);
          for (const step of STEPS.filter((step) => step !== taken)) {
            expect(await bindable(ports[step] as number), `${step} (${ports[step]}) still held`).to.equal(
              true,
            );
          }
        } finally {
          await new Promise((resolve) => holder.close(resolve));
        }
      }),
      { numRuns: 2, examples: STEPS.map((step) => [step]) },
    );
  });
});
