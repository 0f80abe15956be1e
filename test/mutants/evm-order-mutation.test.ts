// The order conformance catalogue must fail on every mutant of the reference order-gated depositor,
// naming the property the mutant removed; the unmutated source, built the same way, must pass (the control).
import { orderGatedDepositorAdapter, runEvmOrderConformance } from "../../src/testing/index.ts";
import { compileReceiver, DEPOSITOR_TARGET, mutantSources } from "./compile-mutant.ts";
import { EVM_ORDER_MUTANTS } from "./evm-order-mutants.ts";
import { describeMutationSuite } from "./mutation-suite.ts";

describeMutationSuite({
  title: "conformance mutation test (EVM orders): the catalogue catches every weakened depositor",
  label: "EVM order",
  mutants: EVM_ORDER_MUTANTS,
  build: (mutant) => compileReceiver(mutantSources(mutant, DEPOSITOR_TARGET), DEPOSITOR_TARGET),
  run: (transport, bytecode, name) =>
    runEvmOrderConformance({
      transport,
      adapter: orderGatedDepositorAdapter({ bytecode, name }),
      print: false,
    }),
});
