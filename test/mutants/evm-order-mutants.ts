// Mutants of the reference order-gated depositor: each removes or weakens exactly one check, as a text
// patch of contracts/OrderGatedDepositor.sol (or of the signature rules in RequestAttestation.sol, which
// orders share), with the order catalogue property that must catch it.
import { EVM_MUTANTS, type EvmMutant, OPEN_OWNERSHIP } from "./evm-mutants.ts";

const DEPOSITOR = "contracts/OrderGatedDepositor.sol" as const;
const DEADLINE_CHECK = "if (block.timestamp > output.deadline) {";
const GRACE_CHECK = "return signer == _previous.solver && block.timestamp < _previous.validUntil;";

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
    replace: "if (block.timestamp >= output.deadline) {",
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
    find: "for (uint256 i; i < _length(payments); ++i) {",
    replace: "for (uint256 i; i < 1; ++i) {",
  },
  {
    name: "whitelist keyed on a fixed output chain",
    property: "order.whitelist.outputChain",
    file: DEPOSITOR,
    find: "bytes32 outputChain = keccak256(_bytes(_at(output, 0)));",
    replace: 'bytes32 outputChain = keccak256(bytes("solana"));',
  },
  {
    name: "first input taken whatever its chain",
    property: "order.chain.input",
    file: DEPOSITOR,
    find: "if (keccak256(_bytes(_at(_at(input, 0), 0))) == _chainIdHash) return input;",
    replace: "return input;",
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
    find: "_requirePayerRefunded(_at(input, 0x20));",
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
  {
    name: "token-path replay not recorded",
    property: "order.replay.token",
    file: DEPOSITOR,
    find: "_orders[id] = _USED;",
    replace: "if (msg.value != 0) _orders[id] = _USED;",
  },
  {
    name: "native deposit under another id",
    property: "order.pay.native",
    file: DEPOSITOR,
    find: "depository.depositNative{value: msg.value}(msg.sender, id);",
    replace: "depository.depositNative{value: msg.value}(msg.sender, bytes32(uint256(id) ^ 1));",
  },
  {
    name: "native deposit credited to the depositor contract",
    property: "order.pay.native",
    file: DEPOSITOR,
    find: "depository.depositNative{value: msg.value}(msg.sender, id);",
    replace: "depository.depositNative{value: msg.value}(address(0), id);",
  },
  {
    name: "token deposit under another id",
    property: "order.pay.token",
    file: DEPOSITOR,
    find: "depository.depositErc20(msg.sender, address(token), amount, id);",
    replace: "depository.depositErc20(msg.sender, address(token), amount, bytes32(0));",
  },
  {
    name: "previous solver's grace never ends",
    property: "order.rotation.grace",
    file: DEPOSITOR,
    find: GRACE_CHECK,
    replace: "return signer == _previous.solver;",
  },
  {
    name: "previous solver's grace end inclusive",
    property: "order.rotation.grace",
    file: DEPOSITOR,
    find: GRACE_CHECK,
    replace: "return signer == _previous.solver && block.timestamp <= _previous.validUntil;",
  },
  {
    name: "no grace cap",
    property: "order.rotation.graceCap",
    file: DEPOSITOR,
    find: "if (gracePeriod > _MAX_GRACE_PERIOD) revert GracePeriodTooLong(gracePeriod, _MAX_GRACE_PERIOD);",
    replace: "",
  },
  {
    name: "zero grace keeps the outgoing solver a minute",
    property: "order.rotation.zeroGrace",
    file: DEPOSITOR,
    find: "uint40 validUntil = uint40(block.timestamp) + gracePeriod;",
    replace: "uint40 validUntil = uint40(block.timestamp) + gracePeriod + 60;",
  },
  {
    name: "solver rotation open to anyone",
    property: "order.admin.rotateByStranger",
    file: DEPOSITOR,
    find: "function setSolver(address newSolver, uint40 gracePeriod) external onlyOwner {",
    replace: "function setSolver(address newSolver, uint40 gracePeriod) external {",
  },
  {
    name: "pause open to anyone",
    property: "order.admin.pauseByStranger",
    file: DEPOSITOR,
    find: "function pause() external onlyOwner {",
    replace: "function pause() external {",
  },
  {
    name: "invalidation open to anyone",
    property: "order.admin.invalidateByStranger",
    file: DEPOSITOR,
    find: "if (msg.sender != owner() && !isAuthorizedSigner(msg.sender)) revert NotSolverOrOwner(msg.sender);",
    replace: "",
  },
  {
    name: "whitelist open to anyone",
    property: "order.admin.whitelistByStranger",
    file: DEPOSITOR,
    find: "function addToWhitelist(Destination[] calldata destinations) external onlyOwner {",
    replace: "function addToWhitelist(Destination[] calldata destinations) external {",
  },
  {
    name: "calls switch open to anyone",
    property: "order.admin.callsByStranger",
    file: DEPOSITOR,
    find: "function setCallsAllowed(bool allowed) external onlyOwner {",
    replace: "function setCallsAllowed(bool allowed) external {",
  },
  {
    name: "ownership open to anyone",
    property: "order.admin.ownershipByStranger",
    file: DEPOSITOR,
    ...OPEN_OWNERSHIP,
  },
];

/** The signature-rule mutants of the shared library, caught by the order catalogue's signature properties. */
const libraryMutants: readonly EvmMutant[] = EVM_MUTANTS.filter(
  (m) => m.file === "contracts/RequestAttestation.sol",
).map((m) => ({ ...m, property: `order.${m.property}` }));

export const EVM_ORDER_MUTANTS: readonly EvmMutant[] = [...depositorMutants, ...libraryMutants];
