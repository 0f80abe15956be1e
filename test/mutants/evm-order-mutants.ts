// Mutants of the reference order-gated depositor: each removes or weakens exactly one check, as a text
// patch of contracts/OrderGatedDepositor.sol (or of the signature rules in RequestAttestation.sol, which
// orders share), with the order catalogue property that must catch it.
import { EVM_MUTANTS, type EvmMutant } from "./evm-mutants.ts";

const DEPOSITOR = "contracts/OrderGatedDepositor.sol" as const;
const DEADLINE_CHECK = "if (block.timestamp > order.output.deadline) {";

const depositorMutants: readonly EvmMutant[] = [
  {
    name: "no replay mark",
    property: "order.replay.sameSignature",
    file: DEPOSITOR,
    find: "_orders[id] = _USED;",
    replace: "",
  },
  {
    name: "signer not compared with the solver",
    property: "order.signer.callerChosen",
    file: DEPOSITOR,
    find: "if (!isAuthorizedSigner(signer)) revert SignerMismatch(_solver, signer);",
    replace: "",
  },
  {
    name: "named solver not compared with the signer",
    property: "order.solver.named",
    file: DEPOSITOR,
    find: "if (order.solver != signer) revert OrderSolverMismatch(signer, order.solver);",
    replace: "",
  },
  {
    name: "no output deadline",
    property: "order.deadline.expired",
    file: DEPOSITOR,
    find: DEADLINE_CHECK,
    replace: "if (false) {",
  },
  {
    name: "output deadline off by one",
    property: "order.deadline.expired",
    file: DEPOSITOR,
    find: DEADLINE_CHECK,
    replace: "if (block.timestamp >= order.output.deadline) {",
  },
  {
    name: "no recipient whitelist",
    property: "order.whitelist.recipient",
    file: DEPOSITOR,
    find: "if (!_whitelist[_whitelistKey(outputChain, keccak256(recipient))]) {",
    replace: "if (false) {",
  },
  {
    name: "first output recipient only",
    property: "order.whitelist.everyRecipient",
    file: DEPOSITOR,
    find: "for (uint256 i; i < order.output.payments.length; ++i) {",
    replace: "for (uint256 i; i < 1; ++i) {",
  },
  {
    name: "whitelist keyed on a fixed output chain",
    property: "order.whitelist.outputChain",
    file: DEPOSITOR,
    find: "bytes32 outputChain = keccak256(bytes(order.output.chainId));",
    replace: 'bytes32 outputChain = keccak256(bytes("solana"));',
  },
  {
    name: "first input taken whatever its chain",
    property: "order.chain.input",
    file: DEPOSITOR,
    find: "if (keccak256(bytes(inputs[i].payment.chainId)) == _chainIdHash) return inputs[i];",
    replace: "return inputs[i];",
  },
  {
    name: "zero amount accepted",
    property: "order.amount.zero",
    file: DEPOSITOR,
    find: "if (payment.amount == 0) revert ZeroAmount();",
    replace: "",
  },
  {
    name: "native value not bound",
    property: "order.amount.shortNative",
    file: DEPOSITOR,
    find: "if (msg.value != payment.amount) revert ValueMismatch(payment.amount, msg.value);",
    replace: "",
  },
  {
    name: "native entry takes token orders",
    property: "order.currency.tokenPaidNatively",
    file: DEPOSITOR,
    find: "if (!_isNative(payment.currency)) revert NotNativeCurrency(payment.currency);",
    replace: "",
  },
  {
    name: "amount not bound by the balance delta",
    property: "order.token.rebasing",
    file: DEPOSITOR,
    find: "uint256 delivered = token.balanceOf(address(this)) - before;",
    replace: "uint256 delivered = amount;",
  },
  {
    name: "invalidation not recorded",
    property: "order.invalidation.refused",
    file: DEPOSITOR,
    find: "_orders[id] = _INVALIDATED;",
    replace: "",
  },
  {
    name: "payer not bound to the refund recipient",
    property: "order.payer.stranger",
    file: DEPOSITOR,
    find: "_requirePayerRefunded(input.refunds);",
    replace: "",
  },
  {
    name: "order without a refund here accepted",
    property: "order.payer.noRefundHere",
    file: DEPOSITOR,
    find: "revert NoRefundForThisChain(_protocolChainId);",
    replace: "",
  },
  {
    name: "output calls not refused",
    property: "order.calls.refused",
    file: DEPOSITOR,
    find: "if (calls != 0 && !_callsAllowed) revert OutputCallsNotAllowed(calls);",
    replace: "",
  },
  {
    name: "calls setting not stored",
    property: "order.calls.ownerAllows",
    file: DEPOSITOR,
    find: "_callsAllowed = allowed;",
    replace: "",
  },
  {
    name: "pause ignored",
    property: "order.pause.refused",
    file: DEPOSITOR,
    find: "if (_paused) revert DepositorPaused();",
    replace: "",
  },
];

/** The signature-rule mutants of the shared library, caught by the order catalogue's signature properties. */
const libraryMutants: readonly EvmMutant[] = EVM_MUTANTS.filter(
  (m) => m.file === "contracts/RequestAttestation.sol",
).map((m) => ({ ...m, property: `order.${m.property}` }));

export const EVM_ORDER_MUTANTS: readonly EvmMutant[] = [...depositorMutants, ...libraryMutants];
