// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AttestedReceiver} from "../../../contracts/AttestedReceiver.sol";
import {RequestAttestation} from "../../../contracts/RequestAttestation.sol";

/// @notice Measurement double, NOT a receiver to deploy: AttestedReceiver whose token path skips check 3's
/// balance-delta (both `balanceOf` reads and the transient lock that guards them). The gas benchmark
/// deploys it next to AttestedReceiver; the difference of the two token deposits is the measured cost of
/// the balance-delta. Everything else is AttestedReceiver's own code.
/// @dev WARNING: accepts fee-on-transfer short payments and re-entrant double counting. Benchmark only.
contract ReceiverWithoutBalanceDelta is AttestedReceiver {
    constructor(address initialOwner, address solver_, uint40 maxDeadlineWindow_, Destination[] memory whitelist_)
        AttestedReceiver(initialOwner, solver_, maxDeadlineWindow_, whitelist_)
    {}

    /// @notice {AttestedReceiver.depositErc20} without the balance-delta and its lock.
    function depositErc20(RequestAttestation.RequestData calldata data, uint256 deadline, bytes calldata signature)
        external
        override
    {
        (address token, bool inputsBad) = _tokenOf(data, false);
        address solver_ = _verifyAndRecord(data, deadline, signature, inputsBad, false, false);
        _transferFromTagged(token, solver_, data.originAmount, data.requestId);
        _emitAccepted(data, token, solver_);
    }
}
