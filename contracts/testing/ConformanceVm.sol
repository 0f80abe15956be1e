// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The cheatcodes attestkit's Solidity test helpers use, as Foundry and Hardhat 3 implement them.
/// @dev A minimal interface instead of forge-std, so the helpers compile in any project.
interface ConformanceVm {
    function addr(uint256 privateKey) external pure returns (address);
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);
    function prank(address sender) external;
    function deal(address account, uint256 newBalance) external;
    function warp(uint256 newTimestamp) external;
    function chainId(uint256 newChainId) external;
    function assume(bool condition) external pure;
    function skip(bool skipTest, string calldata reason) external;
    function label(address account, string calldata newLabel) external;
}

/// @dev The cheatcode address both test runners answer on.
ConformanceVm constant CONFORMANCE_VM = ConformanceVm(address(uint160(uint256(keccak256("hevm cheat code")))));
