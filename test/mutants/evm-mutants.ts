// Mutants of the EVM reference receiver: each removes or weakens exactly one property, as a text patch
// of contracts/AttestedReceiver.sol or contracts/RequestAttestation.sol, with the catalogue property
// that must catch it.

export interface EvmMutant {
  name: string;
  /** The catalogue property that must fail on this mutant. */
  property: string;
  file:
    | "contracts/AttestedReceiver.sol"
    | "contracts/RequestAttestation.sol"
    | "contracts/OrderGatedDepositor.sol"
    | "test/conformance/WindowedOrderDepositor.sol";
  find: string;
  replace: string;
}

const RECEIVER = "contracts/AttestedReceiver.sol" as const;
const LIBRARY = "contracts/RequestAttestation.sol" as const;
const DEADLINE_LINE = "bad := or(bad, or(gt(timestamp(), deadline), gt(deadline, latest)))";
const NATIVE_INPUTS =
  "inputsBad := or(calldataload(add(data, 0x60)), xor(callvalue(), calldataload(add(data, 0x80))))";
const OWNERSHIP_ANCHOR = "function renounceOwnership() public view override onlyOwner {";
/** Inserts, before renounceOwnership, a transferOwnership that hands the contract over without the owner check. */
export const OPEN_OWNERSHIP = {
  find: OWNERSHIP_ANCHOR,
  replace: `function transferOwnership(address newOwner) public override {\n        _transferOwnership(newOwner);\n    }\n\n    ${OWNERSHIP_ANCHOR}`,
};
const NATIVE_FORWARD = `bytes32 requestId = data.requestId;
        bool ok;
        assembly ("memory-safe") {
            mstore(0x00, requestId)
            ok := call(gas(), solver_, callvalue(), 0x00, 0x20, 0x00, 0x00)
        }`;
export const SIGNATURE_RULES = "bad := or(gt(s, HALF_CURVE_ORDER), gt(sub(and(v, 0xff), 27), 1))";

export const EVM_MUTANTS: readonly EvmMutant[] = [
  {
    name: "no replay mark",
    property: "replay.sameSignature",
    file: RECEIVER,
    find: "bad := or(bad, replayed)",
    replace: "",
  },
  {
    name: "amount not bound by the balance delta",
    property: "token.feeOnTransfer",
    file: RECEIVER,
    find: "bad := or(iszero(readAfter), or(lt(afterBalance, before), xor(sub(afterBalance, before), amount)))",
    replace: "bad := iszero(readAfter)",
  },
  {
    name: "no payer binding",
    property: "payer.binding",
    file: RECEIVER,
    find: "bad := or(bad, xor(mload(add(copy, 0x40)), caller()))",
    replace: "",
  },
  {
    name: "no chain binding",
    property: "chain.binding",
    file: RECEIVER,
    find: "bad := or(bad, xor(mload(add(copy, 0x20)), chainid()))",
    replace: "",
  },
  {
    name: "no deadline",
    property: "deadline.expired",
    file: RECEIVER,
    find: DEADLINE_LINE,
    replace: "bad := or(bad, gt(deadline, latest))",
  },
  {
    name: "no maximum window",
    property: "deadline.maxWindow",
    file: RECEIVER,
    find: DEADLINE_LINE,
    replace: "bad := or(bad, gt(timestamp(), deadline))",
  },
  {
    name: "no whitelist",
    property: "whitelist.destination",
    file: RECEIVER,
    find: "bad := or(bad, iszero(sload(keccak256(add(copy, 0xa0), 0x60))))",
    replace: "",
  },
  {
    name: "invalidation not recorded",
    property: "invalidation.refused",
    file: RECEIVER,
    find: "_requests[id] = _INVALIDATED;",
    replace: "",
  },
  {
    name: "pause ignored",
    property: "pause.refused",
    file: RECEIVER,
    find: "bad := or(inputsBad, shr(200, config)) // paused",
    replace: "bad := inputsBad",
  },
  {
    name: "no grace cap",
    property: "rotation.graceCap",
    file: RECEIVER,
    find: "if (gracePeriod > _MAX_GRACE_PERIOD) revert GracePeriodTooLong(gracePeriod, _MAX_GRACE_PERIOD);",
    replace: "",
  },
  {
    name: "grace never ends",
    property: "rotation.grace",
    file: RECEIVER,
    find: "if (signer != p.solver || block.timestamp >= p.validUntil)",
    replace: "if (signer != p.solver)",
  },
  {
    name: "grace end inclusive",
    property: "rotation.grace",
    file: RECEIVER,
    find: "if (signer != p.solver || block.timestamp >= p.validUntil)",
    replace: "if (signer != p.solver || block.timestamp > p.validUntil)",
  },
  {
    name: "any signer",
    property: "signer.stranger",
    file: RECEIVER,
    find: "if (signer != current) {",
    replace: "if (false) {",
  },
  {
    name: "no low-s rule",
    property: "signature.highS",
    file: LIBRARY,
    find: SIGNATURE_RULES,
    replace: "bad := gt(sub(and(v, 0xff), 27), 1)",
  },
  {
    name: "no v rule",
    property: "signature.v",
    file: LIBRARY,
    find: SIGNATURE_RULES,
    replace: "bad := gt(s, HALF_CURVE_ORDER)",
  },
  {
    name: "zero-address recovery accepted",
    property: "signature.zeroAddress",
    file: LIBRARY,
    find: "if (signer == address(0)) revert InvalidSignature();",
    replace: "",
  },
  {
    name: "longer signatures read as 65 bytes",
    property: "signature.length",
    file: LIBRARY,
    find: 'if (signature.length == 65) {\n            assembly ("memory-safe") {\n                r := calldataload(signature.offset)\n                s :=',
    replace:
      'if (signature.length >= 65) {\n            assembly ("memory-safe") {\n                r := calldataload(signature.offset)\n                s :=',
  },
  {
    name: "no re-entrancy lock",
    property: "reentrancy.tokenHook",
    file: RECEIVER,
    find: "inputsBad := or(locked, or(shr(160, token), iszero(token)))",
    replace: "inputsBad := or(shr(160, token), iszero(token))",
  },
  {
    name: "failed permit reverts the deposit",
    property: "permit.frontRun",
    file: RECEIVER,
    find: "pop(call(gas(), token, 0, add(permitCall, 0x20), mload(permitCall), 0x00, 0x00))",
    replace:
      "if iszero(call(gas(), token, 0, add(permitCall, 0x20), mload(permitCall), 0x00, 0x00)) { revert(0, 0) }",
  },
  {
    name: "zero amount accepted",
    property: "amount.zero",
    file: RECEIVER,
    find: "bad := or(bad, iszero(mload(add(copy, 0x80)))) // zero amount",
    replace: "",
  },
  {
    name: "native value not bound",
    property: "amount.shortNative",
    file: RECEIVER,
    find: NATIVE_INPUTS,
    replace: "inputsBad := calldataload(add(data, 0x60))",
  },
  {
    name: "native entry takes token attestations",
    property: "currency.tokenPaidNatively",
    file: RECEIVER,
    find: NATIVE_INPUTS,
    replace: "inputsBad := xor(callvalue(), calldataload(add(data, 0x80)))",
  },
  {
    name: "false return accepted",
    property: "token.falseReturn",
    file: RECEIVER,
    find: "accepted := and(ok, or(iszero(returndatasize()), and(gt(returndatasize(), 0x1f), eq(mload(0x00), 1))))",
    replace: "accepted := ok",
  },
  {
    name: "token-path replay not recorded",
    property: "replay.token",
    file: RECEIVER,
    find: "sstore(slot, _ACCEPTED)",
    replace: "if native { sstore(slot, _ACCEPTED) }",
  },
  {
    name: "replay record written after the native forward",
    property: "reentrancy.nativeForward",
    file: RECEIVER,
    find: NATIVE_FORWARD,
    replace: NATIVE_FORWARD.replace("bool ok;", "delete _requests[requestId];\n        bool ok;").concat(
      "\n        _requests[requestId] = _ACCEPTED;",
    ),
  },
  {
    name: "solver rotation open to anyone",
    property: "admin.rotateByStranger",
    file: RECEIVER,
    find: "function setSolver(address newSolver, uint40 gracePeriod) external onlyOwner {",
    replace: "function setSolver(address newSolver, uint40 gracePeriod) external {",
  },
  {
    name: "pause open to anyone",
    property: "admin.pauseByStranger",
    file: RECEIVER,
    find: "function pause() external onlyOwner {",
    replace: "function pause() external {",
  },
  {
    name: "invalidation open to anyone",
    property: "admin.invalidateByStranger",
    file: RECEIVER,
    find: "if (msg.sender != _config.solver && msg.sender != owner()) revert NotSolverOrOwner(msg.sender);",
    replace: "",
  },
  {
    name: "whitelist open to anyone",
    property: "admin.whitelistByStranger",
    file: RECEIVER,
    find: "function addToWhitelist(Destination[] calldata destinations) external onlyOwner {",
    replace: "function addToWhitelist(Destination[] calldata destinations) external {",
  },
  {
    name: "ownership open to anyone",
    property: "admin.ownershipByStranger",
    file: RECEIVER,
    ...OPEN_OWNERSHIP,
  },
  {
    name: "balance after the transfer, not its change",
    property: "token.standingBalance",
    file: RECEIVER,
    find: "xor(sub(afterBalance, before), amount)",
    replace: "xor(afterBalance, amount)",
  },
  {
    name: "payer checked against tx.origin",
    property: "payer.txOrigin",
    file: RECEIVER,
    find: "bad := or(bad, xor(mload(add(copy, 0x40)), caller()))",
    replace: "bad := or(bad, xor(mload(add(copy, 0x40)), origin()))",
  },
  {
    name: "zero solver accepted at deployment",
    property: "deploy.zeroSolver",
    file: RECEIVER,
    find: "if (solver_ == address(0)) revert ZeroSolver();",
    replace: "",
  },
];
