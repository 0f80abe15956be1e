import { createService } from "attestkit/service";

/**
 * Starts the mock service in your test process on a free loopback port. The solver key here is a
 * public development key: the service signs attestations with it, so your tests know the solver.
 */
export async function startMockService() {
  const service = createService({
    solverPrivateKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
    apiKeys: ["integration-test-key"],
  });
  const baseUrl = await service.listen(0);
  return { service, baseUrl, solver: service.solverAddress };
}
