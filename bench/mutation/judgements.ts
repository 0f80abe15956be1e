// The maintainers' judgement of each mutant that survived `npm run bench:mutation` (seed 1) and
// `npm run bench:mutation-sample` (the guide's sample, every mutant): equivalent
// (no behaviour any caller or property can observe changes) or a gap the catalogue leaves, and why.
// Keyed by file and the changed lines of the mutant's diff, so a judgement follows its mutant when the
// sample is rerun.

interface Judgement {
  equivalent: boolean;
  why: string;
}

const JUDGEMENTS: Record<string, Judgement> = {
  "contracts/AttestedReceiver.sol\n-    uint256 private constant _LOCK_SLOT = 0xac066bee1d81a78f5c75480c65b8b13431d318fe0b3782829d43b242c1dc368a;\n+    uint256 private constant _LOCK_SLOT = 0xac0bee1d81a78f5c75480c65b8b13431d318fe0b3782829d43b242c1dc368a;":
    {
      equivalent: true,
      why: "the re-entrancy lock's transient slot moves to another arbitrary slot: nothing else uses either slot, so the lock works the same",
    },
  "contracts/AttestedReceiver.sol\n-    uint256 private constant _LOCK_SLOT = 0xac066bee1d81a78f5c75480c65b8b13431d318fe0b3782829d43b242c1dc368a;\n+    uint256 private constant _LOCK_SLOT = 0xac066bee1d81a0f5c75480c65b8b13431d318fe0b3782829d43b242c1dc368a;":
    {
      equivalent: true,
      why: "the re-entrancy lock's transient slot moves to another arbitrary slot: nothing else uses either slot, so the lock works the same",
    },
  "contracts/AttestedReceiver.sol\n-        if (solver_ == address(0)) revert ZeroSolver();\n+        /*if (solver_ == address(0)) revert ZeroSolver();*/":
    {
      equivalent: false,
      why: "the constructor accepts a zero solver: a deployment mistake, not an attack; the catalogue deploys only with a valid solver (gap: no deployment-argument property)",
    },
  "contracts/AttestedReceiver.sol\n-            ok := call(gas(), solver_, callvalue(), 0x00, 0x20, 0x00, 0x00)\n+            ok := call(gas(), solver_, callvalue(), 0x00, 0x20, 0x00, 0x1)":
    {
      equivalent: true,
      why: "the native forward copies one byte of the solver's return data into scratch memory that nothing reads afterwards; success is the call's flag alone",
    },
  "contracts/AttestedReceiver.sol\n-        return _requests[requestId] == _INVALIDATED;\n+        return _requests[requestId] > _INVALIDATED;":
    {
      equivalent: false,
      why: "the isInvalidated view answers false for invalidated requests; payments are still refused (the catalogue checks the refusal, not the view)",
    },
  "contracts/AttestedReceiver.sol\n-                revert DeliveredAmountMismatch(amount, afterBalance > before ? afterBalance - before : 0);\n+                revert DeliveredAmountMismatch(amount, afterBalance > before ? afterBalance * before : 0);":
    {
      equivalent: false,
      why: "only the second argument of the DeliveredAmountMismatch error is wrong; the refusal and its class are unchanged (the catalogue checks the class, not the arguments)",
    },
  "contracts/AttestedReceiver.sol\n-            ok := call(gas(), token, 0, add(m, 0x1c), 0x84, 0x00, 0x20)\n+            ok := call(gas(), token, 0, add ( 0x1c,m), 0x84, 0x00, 0x20)":
    {
      equivalent: true,
      why: "add(0x1c, m) for add(m, 0x1c): addition commutes",
    },
  "contracts/AttestedReceiver.sol\n-            calldatacopy(add(m, 0x20), add(data, 0x80), 0x60) // originAmount, destinationChainId, destinationUser\n+            calldatacopy(add(m, 0x20), add(data, 0x80), 0x0) // originAmount, destinationChainId, destinationUser":
    {
      equivalent: false,
      why: "DepositAccepted logs uninitialised memory for originAmount, destinationChainId and destinationUser: indexers read wrong fields (gap: the attestation catalogue does not read the receiver's own event)",
    },
  "contracts/OrderGatedDepositor.sol\n-    uint40 private constant _MAX_GRACE_PERIOD = 30 days;\n+    uint40 private  _MAX_GRACE_PERIOD = 30 days;":
    {
      equivalent: true,
      why: "the grace cap becomes a storage variable with the same value: gas only",
    },
  "contracts/OrderGatedDepositor.sol\n-    uint256 private constant _INVALIDATED = 2;\n+    uint256 private constant _INVALIDATED = (2+1);":
    {
      equivalent: true,
      why: "invalidated orders are stored as 3 instead of 2: every read compares with the same constant and no view returns the raw slot",
    },
  "contracts/OrderGatedDepositor.sol\n-    bytes32 private immutable _chainIdHash;\n+    bytes32 private  _chainIdHash;":
    {
      equivalent: true,
      why: "the chain id hash moves from an immutable to storage with the same value: gas only",
    },
  "contracts/OrderGatedDepositor.sol\n-        if (solver_ == address(0) || address(depository_) == address(0)) revert ZeroAddress();\n+        if (solver_ < address(0) || address(depository_) == address(0)) revert ZeroAddress();":
    {
      equivalent: false,
      why: "the constructor no longer refuses a zero solver (solver_ < address(0) is never true): a deployment mistake; the catalogue deploys only valid depositors (gap)",
    },
  "contracts/OrderGatedDepositor.sol\n-        if (solver_ == address(0) || address(depository_) == address(0)) revert ZeroAddress();\n+        if (solver_ == address(0) || address(depository_) < address(0)) revert ZeroAddress();":
    {
      equivalent: false,
      why: "the constructor no longer refuses a zero depository: a deployment mistake; the catalogue deploys only valid depositors (gap)",
    },
  "contracts/OrderGatedDepositor.sol\n-        emit OrderDeposited(id, msg.sender, address(0), msg.value, signer);\n+        emit OrderDeposited(id, msg.sender, address(0), 0, signer);":
    {
      equivalent: false,
      why: "the depositor's own OrderDeposited event reports amount 0 on the native path; the catalogue reads the depository's deposit event, not the depositor's (gap)",
    },
  "contracts/OrderGatedDepositor.sol\n-        uint256 delivered = token.balanceOf(address(this)) - before;\n+        uint256 delivered = token.balanceOf(address(this)) + before;":
    {
      equivalent: false,
      why: "the delivered token amount adds the depositor's prior balance instead of subtracting it; the catalogue's depositor holds no tokens before a payment, so both agree there (gap: a depositor with a standing balance)",
    },
  "contracts/OrderGatedDepositor.sol\n-        emit OrderDeposited(id, msg.sender, address(token), amount, signer);\n+        /*emit OrderDeposited(id, msg.sender, address(token), amount, signer);*/":
    {
      equivalent: false,
      why: "the token path emits no OrderDeposited event; the catalogue reads the depository's event, not the depositor's (gap)",
    },
  "contracts/OrderGatedDepositor.sol\n-            emit OrderInvalidated(id, msg.sender);\n+            continue;\n+            emit OrderInvalidated(id, msg.sender);":
    {
      equivalent: false,
      why: "invalidateOrders still invalidates but emits no OrderInvalidated event; the catalogue checks the refusal, not the event (gap)",
    },
  "contracts/OrderGatedDepositor.sol\n-        if (signer == address(0)) return false;\n+        if (signer == address((0+1))) return false;":
    {
      equivalent: true,
      why: "the zero-signer shortcut checks address(1) instead: a zero signer still matches neither the solver nor a previous solver, which the constructor and setSolver keep non-zero",
    },
  "contracts/OrderGatedDepositor.sol\n-            if (recipient.length != 20 || bytes20(recipient) != bytes20(msg.sender)) {\n+            if (recipient.length != 20 || bytes20(recipient) != bytes20(tx.origin)) {":
    {
      equivalent: false,
      why: "the output recipient is compared with tx.origin instead of msg.sender: differs only for a payer that is a contract; the catalogue pays from externally owned accounts (gap)",
    },
  "contracts/OrderGatedDepositor.sol\n-    function _whitelistKey(bytes32 chainIdHash, bytes32 recipientHash) private pure returns (bytes32) {\n+    function _whitelistKey ( bytes32 recipientHash,bytes32 chainIdHash) private pure returns (bytes32) {":
    {
      equivalent: true,
      why: "the whitelist key's two hashes swap places in the one function every whitelist read and write goes through; no view exposes the key",
    },
  "attested-receiver/src/instructions/initialize.rs\n-        if pd.len() < 45 || pd[..4] != PROGRAM_DATA_TAG || pd[12] != 1 || &pd[13..45] != authority.address().as_ref() {\n+        if pd.len() <= 45 || pd[..4] != PROGRAM_DATA_TAG || pd[12] != 1 || &pd[13..45] != authority.address().as_ref() {":
    {
      equivalent: true,
      why: "ProgramData accounts are the 45-byte loader header followed by the program, never exactly 45 bytes long, so < 45 and <= 45 refuse the same accounts",
    },
  "order-depositor/src/lib.rs\n-        TRANSFER_OWNERSHIP => instructions::admin::transfer_ownership::<OrderDepositorConfig>(program_id, accounts, data),\n+":
    {
      equivalent: false,
      why: "the owner can no longer transfer ownership: a lost admin function, not an opening; the catalogue checks that strangers are refused, not that the owner succeeds (gap)",
    },
  // One change, two places: the same line emits OrderDeposited and CallsAllowedSet.
  "order-depositor/src/event.rs\n-        log_data(bytes_of(self));\n+        ()": {
    equivalent: false,
    why: "the depositor's own log is gone (OrderDeposited or CallsAllowedSet): the catalogue reads the depository's deposit record and the switch's effect, not the depositor's logs (gap)",
  },
  // The guide's sample (docs/examples/conformance/TipJarReceiver.sol), every mutant: npm run bench:mutation-sample.
  "src/TipJarReceiver.sol\n-    address public immutable solver;\n+    address  immutable solver;": {
    equivalent: false,
    why: "the public getter is gone, the value and every check unchanged: an interface change, not a payment behaviour; no property reads the sample's getters",
  },
  "src/TipJarReceiver.sol\n-    uint256 public immutable destinationChainId;\n+    uint256  immutable destinationChainId;":
    {
      equivalent: false,
      why: "the public getter is gone, the value and every check unchanged: an interface change, not a payment behaviour; no property reads the sample's getters",
    },
  "src/TipJarReceiver.sol\n-    bytes32 public immutable destinationUser;\n+    bytes32  immutable destinationUser;":
    {
      equivalent: false,
      why: "the public getter is gone, the value and every check unchanged: an interface change, not a payment behaviour; no property reads the sample's getters",
    },
  "src/TipJarReceiver.sol\n-    uint256 public constant MAX_WINDOW = 1 hours;\n+    uint256  constant MAX_WINDOW = 1 hours;":
    {
      equivalent: false,
      why: "the public getter is gone, the value and every check unchanged: an interface change, not a payment behaviour; no property reads the sample's getters",
    },
  "src/TipJarReceiver.sol\n-    address public immutable solver;\n+    address public  solver;": {
    equivalent: true,
    why: "the public value moves from the code (immutable or constant) to storage with the same value, and keeps its getter: gas only",
  },
  "src/TipJarReceiver.sol\n-    uint256 public immutable destinationChainId;\n+    uint256 public  destinationChainId;":
    {
      equivalent: true,
      why: "the public value moves from the code (immutable or constant) to storage with the same value, and keeps its getter: gas only",
    },
  "src/TipJarReceiver.sol\n-    bytes32 public immutable destinationUser;\n+    bytes32 public  destinationUser;":
    {
      equivalent: true,
      why: "the public value moves from the code (immutable or constant) to storage with the same value, and keeps its getter: gas only",
    },
  "src/TipJarReceiver.sol\n-    uint256 public constant MAX_WINDOW = 1 hours;\n+    uint256 public  MAX_WINDOW = 1 hours;":
    {
      equivalent: true,
      why: "the public value moves from the code (immutable or constant) to storage with the same value, and keeps its getter: gas only",
    },
  'src/TipJarReceiver.sol\n-        if (solver_ == address(0)) revert Refused("zero solver");\n+        if (solver_ == address(0)) revert Refused("");':
    {
      equivalent: false,
      why: "the refusal's reason string is emptied (or the error dropped): the same check still refuses the same attack; the Solidity catalogue's expectedError compares selectors, and the sample's one error, Refused(string), carries its reason in the string (gap in the sample's test: give each check its own error and name it in expectedError)",
    },
  'src/TipJarReceiver.sol\n-        if (paid[data.requestId]) revert Refused("replay");\n+        if (paid[data.requestId]) revert Refused("");':
    {
      equivalent: false,
      why: "the refusal's reason string is emptied (or the error dropped): the same check still refuses the same attack; the Solidity catalogue's expectedError compares selectors, and the sample's one error, Refused(string), carries its reason in the string (gap in the sample's test: give each check its own error and name it in expectedError)",
    },
  'src/TipJarReceiver.sol\n-        if (RequestAttestation.recoverSigner(data, signature) != solver) revert Refused("signer");\n+        if (RequestAttestation.recoverSigner(data, signature) != solver) revert Refused("");':
    {
      equivalent: false,
      why: "the refusal's reason string is emptied (or the error dropped): the same check still refuses the same attack; the Solidity catalogue's expectedError compares selectors, and the sample's one error, Refused(string), carries its reason in the string (gap in the sample's test: give each check its own error and name it in expectedError)",
    },
  'src/TipJarReceiver.sol\n-        if (data.originChainId != block.chainid) revert Refused("chain");\n+        if (data.originChainId != block.chainid) revert Refused("");':
    {
      equivalent: false,
      why: "the refusal's reason string is emptied (or the error dropped): the same check still refuses the same attack; the Solidity catalogue's expectedError compares selectors, and the sample's one error, Refused(string), carries its reason in the string (gap in the sample's test: give each check its own error and name it in expectedError)",
    },
  'src/TipJarReceiver.sol\n-        if (data.originUser != RequestAttestation.toBytes32(msg.sender)) revert Refused("payer");\n+        if (data.originUser != RequestAttestation.toBytes32(msg.sender)) revert Refused("");':
    {
      equivalent: false,
      why: "the refusal's reason string is emptied (or the error dropped): the same check still refuses the same attack; the Solidity catalogue's expectedError compares selectors, and the sample's one error, Refused(string), carries its reason in the string (gap in the sample's test: give each check its own error and name it in expectedError)",
    },
  'src/TipJarReceiver.sol\n-            revert Refused("amount");\n+            revert Refused("");': {
    equivalent: false,
    why: "the refusal's reason string is emptied (or the error dropped): the same check still refuses the same attack; the Solidity catalogue's expectedError compares selectors, and the sample's one error, Refused(string), carries its reason in the string (gap in the sample's test: give each check its own error and name it in expectedError)",
  },
  'src/TipJarReceiver.sol\n-            revert Refused("amount");\n+revert();': {
    equivalent: false,
    why: "the refusal's reason string is emptied (or the error dropped): the same check still refuses the same attack; the Solidity catalogue's expectedError compares selectors, and the sample's one error, Refused(string), carries its reason in the string (gap in the sample's test: give each check its own error and name it in expectedError)",
  },
  'src/TipJarReceiver.sol\n-        if (block.timestamp > deadline || deadline > block.timestamp + MAX_WINDOW) revert Refused("deadline");\n+        if (block.timestamp > deadline || deadline > block.timestamp + MAX_WINDOW) revert Refused("");':
    {
      equivalent: false,
      why: "the refusal's reason string is emptied (or the error dropped): the same check still refuses the same attack; the Solidity catalogue's expectedError compares selectors, and the sample's one error, Refused(string), carries its reason in the string (gap in the sample's test: give each check its own error and name it in expectedError)",
    },
  'src/TipJarReceiver.sol\n-            revert Refused("destination");\n+            revert Refused("");': {
    equivalent: false,
    why: "the refusal's reason string is emptied (or the error dropped): the same check still refuses the same attack; the Solidity catalogue's expectedError compares selectors, and the sample's one error, Refused(string), carries its reason in the string (gap in the sample's test: give each check its own error and name it in expectedError)",
  },
  'src/TipJarReceiver.sol\n-            revert Refused("destination");\n+revert();': {
    equivalent: false,
    why: "the refusal's reason string is emptied (or the error dropped): the same check still refuses the same attack; the Solidity catalogue's expectedError compares selectors, and the sample's one error, Refused(string), carries its reason in the string (gap in the sample's test: give each check its own error and name it in expectedError)",
  },
  'src/TipJarReceiver.sol\n-        if (!ok) revert Refused("forward");\n+        if (!ok) revert Refused("");':
    {
      equivalent: false,
      why: "the refusal's reason string is emptied (or the error dropped): the same check still refuses the same attack; the Solidity catalogue's expectedError compares selectors, and the sample's one error, Refused(string), carries its reason in the string (gap in the sample's test: give each check its own error and name it in expectedError)",
    },
  'src/TipJarReceiver.sol\n-        if (!ok) revert Refused("forward");\n+        /*if (!ok) revert Refused("forward");*/':
    {
      equivalent: false,
      why: "a failed forward to the solver is ignored: the payment is recorded while the ether stays in the contract (gap: no property makes the payee refuse the forward; a payee that reverts on receipt would catch it)",
    },
};

/** The changed lines of a unified diff, without its headers. */
function changedLines(diff: string): string {
  return diff
    .split("\n")
    .filter((line) => /^[-+](?![-+]{2} )/.test(line))
    .map((line) => line.trim())
    .join("\n");
}

export function judgementOf(file: string, diff: string): Judgement | { equivalent: null; why: string } {
  return JUDGEMENTS[`${file}\n${changedLines(diff)}`] ?? { equivalent: null, why: "not judged yet" };
}
