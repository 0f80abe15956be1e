import { mockSolverKey } from "../keys.ts";

/** The SVM chain's id in attestations. */
export const SVM_CHAIN_ID = 792_703_809n;
/** The amount of the catalogues' valid payments. */
export const SVM_AMOUNT = 1_000_000n;
/** The attestation catalogue's maximum deadline window, in seconds. */
export const SVM_WINDOW = 3600n;
/** The mock keys of the SVM catalogues (never real keys). */
export const SVM_KEYS = {
  solver: mockSolverKey("conformance.svm.solver"),
  stranger: mockSolverKey("conformance.svm.stranger"),
} as const;
