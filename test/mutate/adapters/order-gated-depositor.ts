// `attestkit mutate --adapter` module for the reference OrderGatedDepositor: its adapter over a mutant's code.
import type { Hex } from "viem";
import { orderGatedDepositorAdapter } from "../../../src/testing/index.ts";

export default (bytecode: Hex, name: string) => orderGatedDepositorAdapter({ bytecode, name });
