// attestkit/deploy: configure an EVM AttestedReceiver; deploy and initialize the SVM receiver program.
export * from "./evm.ts";
export * from "./svm.ts";
