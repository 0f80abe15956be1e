// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AttestedReceiver} from "../../contracts/AttestedReceiver.sol";
import {OrderGatedDepositor} from "../../contracts/OrderGatedDepositor.sol";
import {RelayDepository} from "../../contracts/depository/RelayDepository.sol";
import {AttestedReceiverConformance} from "../../contracts/testing/AttestedReceiverConformance.sol";
import {CONFORMANCE_VM} from "../../contracts/testing/ConformanceVm.sol";
import {OrderGatedDepositorConformance} from "../../contracts/testing/OrderGatedDepositorConformance.sol";

address constant OTHER_OWNER = address(0xA11CE);
address constant OTHER_SOLVER = address(0xB0B);

/// The ready adapters' fork path: a receiver someone else deployed (its own owner and solver, paused,
/// nothing whitelisted) is attached by address, reconfigured as its owner, and passes the catalogue.
contract DeployedAttestedReceiverConformanceTest is AttestedReceiverConformance {
    function receiverUnderTest() internal override returns (address) {
        AttestedReceiver receiver = new AttestedReceiver(OTHER_OWNER, OTHER_SOLVER, 600, new AttestedReceiver.Destination[](0));
        CONFORMANCE_VM.prank(OTHER_OWNER);
        receiver.pause();
        return address(receiver);
    }
}

/// The same for an order-gated depositor deployed in front of its own depository.
contract DeployedOrderGatedDepositorConformanceTest is OrderGatedDepositorConformance {
    function depositorUnderTest() internal override returns (address) {
        OrderGatedDepositor depositor = new OrderGatedDepositor(
            OTHER_OWNER, OTHER_SOLVER, new RelayDepository(OTHER_OWNER), "base", new OrderGatedDepositor.Destination[](0)
        );
        CONFORMANCE_VM.prank(OTHER_OWNER);
        depositor.pause();
        return address(depositor);
    }
}
