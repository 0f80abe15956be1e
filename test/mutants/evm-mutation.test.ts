// The conformance catalogue must fail on every mutant of the EVM reference receiver, naming the
// property the mutant removed; the unmutated source, built the same way, must pass (the control).
import { attestedReceiverAdapter, runEvmConformance } from "../../src/testing/index.ts";
import { compileReceiver, mutantSources } from "./compile-mutant.ts";
import { EVM_MUTANTS } from "./evm-mutants.ts";
import { describeMutationSuite } from "./mutation-suite.ts";

describeMutationSuite({
  title: "conformance mutation test (EVM): the catalogue catches every weakened reference",
  label: "EVM",
  mutants: EVM_MUTANTS,
  build: (mutant) => compileReceiver(mutantSources(mutant)),
  run: (transport, bytecode, name) =>
    runEvmConformance({ transport, adapter: attestedReceiverAdapter({ bytecode, name }), print: false }),
});
