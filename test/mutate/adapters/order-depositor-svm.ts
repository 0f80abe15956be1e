// `attestkit mutate --adapter` module for the reference SVM order-depositor: its adapter over a mutant's build.
import type { LiteSVM } from "litesvm";
import { orderDepositorSvmAdapter } from "../../../src/testing/svm/index.ts";

export default (elf: Uint8Array, svm: LiteSVM, name: string) => orderDepositorSvmAdapter(svm, { elf, name });
