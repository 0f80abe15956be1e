// `attestkit mutate --adapter` module for the reference AttestedReceiver: its adapter over a mutant's code.
import type { Hex } from "viem";
import { attestedReceiverAdapter } from "../../../src/testing/index.ts";

export default (bytecode: Hex, name: string) => attestedReceiverAdapter({ bytecode, name });
