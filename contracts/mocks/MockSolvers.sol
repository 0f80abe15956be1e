// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Solver contract that records the tag it was paid with.
contract RecordingSolver {
    bytes32 public lastTag;
    uint256 public received;

    fallback() external payable {
        lastTag = bytes32(msg.data);
        received += msg.value;
    }

    receive() external payable {
        received += msg.value;
    }
}

/// @notice Solver that rejects every payment with a custom error.
contract RevertingSolver {
    error SolverRejects(bytes32 tag);

    fallback() external payable {
        revert SolverRejects(bytes32(msg.data));
    }
}

/// @notice Solver that rejects every payment without revert data.
contract SilentRevertingSolver {
    fallback() external payable {
        revert();
    }
}

/// @notice Solver that consumes all the gas it is given.
contract GasBurningSolver {
    fallback() external payable {
        assembly {
            invalid()
        }
    }
}

/// @notice Solver that, when paid, calls `target` with `payload` and the value it received (e.g. the same
/// deposit again) and bubbles its revert.
contract ReentrantSolver {
    address public target;
    bytes public payload;

    function arm(address target_, bytes calldata payload_) external {
        target = target_;
        payload = payload_;
    }

    receive() external payable {}

    fallback() external payable {
        if (target == address(0)) return;
        address t = target;
        target = address(0);
        (bool ok, bytes memory ret) = t.call{value: msg.value}(payload);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(ret, 0x20), mload(ret))
            }
        }
    }
}
