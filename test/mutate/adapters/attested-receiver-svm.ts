// `attestkit mutate --adapter` module for the reference SVM attested-receiver: its adapter over a mutant's build.
import { attestedReceiverSvmAdapter } from "../../../src/testing/svm/index.ts";

export default (elf: Uint8Array, _svm: unknown, name: string) => attestedReceiverSvmAdapter({ elf, name });
