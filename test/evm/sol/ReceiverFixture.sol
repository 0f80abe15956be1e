// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AttestedReceiver} from "../../../contracts/AttestedReceiver.sol";
import {RequestAttestation} from "../../../contracts/RequestAttestation.sol";
import {MockERC20} from "../../../contracts/mocks/MockERC20.sol";
import {TestBase} from "./Vm.sol";

/// Shared deployment and signing for the receiver's Solidity tests.
abstract contract ReceiverFixture is TestBase {
    uint256 internal constant SOLVER_PK = 0xA11CE;
    uint256 internal constant DEST_CHAIN = 8453;
    bytes32 internal constant DEST_USER = bytes32(uint256(0xd5));
    uint40 internal constant WINDOW = 3600;

    AttestedReceiver internal receiver;
    MockERC20 internal token;
    address internal solver;

    function _deploy() internal {
        solver = vm.addr(SOLVER_PK);
        AttestedReceiver.Destination[] memory wl = new AttestedReceiver.Destination[](1);
        wl[0] = AttestedReceiver.Destination(DEST_CHAIN, DEST_USER);
        receiver = new AttestedReceiver(address(this), solver, WINDOW, wl);
        token = new MockERC20("Token", "TKN", 18);
    }

    function _request(bytes32 id, address payer, address currency, uint256 amount)
        internal
        view
        returns (RequestAttestation.RequestData memory)
    {
        return RequestAttestation.RequestData({
            requestId: id,
            originChainId: block.chainid,
            originUser: bytes32(uint256(uint160(payer))),
            originCurrency: bytes32(uint256(uint160(currency))),
            originAmount: amount,
            destinationChainId: DEST_CHAIN,
            destinationUser: DEST_USER
        });
    }

    function _sign(uint256 pk, RequestAttestation.RequestData memory d) internal pure returns (bytes memory) {
        bytes32 digest = keccak256(
            abi.encodePacked(
                "\x19Ethereum Signed Message:\n32",
                keccak256(
                    abi.encode(
                        d.requestId,
                        d.originChainId,
                        d.originUser,
                        d.originCurrency,
                        d.originAmount,
                        d.destinationChainId,
                        d.destinationUser
                    )
                )
            )
        );
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(pk, digest);
        return abi.encodePacked(r, s, v);
    }
}
