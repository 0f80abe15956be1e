// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title MultisigWallet
/// @notice A Safe-style multisig: a proxy (`MultisigProxy`) holds the funds and the owners and
/// delegates to this singleton, which runs a call once `threshold` owners signed it; any relayer
/// submits the transaction.
/// @dev Test contract.
contract MultisigWallet {
    error AlreadySetUp();
    error NotEnoughSignatures();
    error CallFailed(bytes reason);

    address[] public owners;
    uint256 public threshold;
    uint256 public nonce;

    receive() external payable {}

    function setup(address[] calldata owners_, uint256 threshold_) external {
        if (threshold != 0) revert AlreadySetUp();
        owners = owners_;
        threshold = threshold_;
    }

    /// @notice The hash each owner signs (EIP-191, raw 32 bytes) to authorise one call.
    function transactionHash(address to, uint256 value, bytes calldata data) public view returns (bytes32) {
        return keccak256(abi.encode(address(this), block.chainid, nonce, to, value, keccak256(data)));
    }

    /// @notice Calls `to` with `value` from the wallet's balance once `threshold` distinct owners signed
    /// (65-byte signatures concatenated, signers in ascending order).
    function execTransaction(address to, uint256 value, bytes calldata data, bytes calldata signatures) external {
        bytes32 digest =
            keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", transactionHash(to, value, data)));
        uint256 count = signatures.length / 65;
        if (count < threshold) revert NotEnoughSignatures();
        address last;
        for (uint256 i = 0; i < threshold; i++) {
            bytes calldata signature = signatures[i * 65:(i + 1) * 65];
            address signer =
                ecrecover(digest, uint8(signature[64]), bytes32(signature[0:32]), bytes32(signature[32:64]));
            if (signer <= last || !_isOwner(signer)) revert NotEnoughSignatures();
            last = signer;
        }
        nonce++;
        (bool ok, bytes memory reason) = to.call{value: value}(data);
        if (!ok) revert CallFailed(reason);
    }

    function _isOwner(address account) private view returns (bool) {
        for (uint256 i = 0; i < owners.length; i++) if (owners[i] == account) return true;
        return false;
    }
}

/// @title MultisigProxy
/// @notice Holds a multisig's funds and state, and runs `MultisigWallet` code by delegatecall.
contract MultisigProxy {
    address private immutable singleton;

    constructor(address singleton_) {
        singleton = singleton_;
    }

    receive() external payable {}

    fallback() external payable {
        address target = singleton;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }
}
