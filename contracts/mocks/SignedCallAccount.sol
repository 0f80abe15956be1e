// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title SignedCallAccount
/// @notice A minimal smart account whose calls anyone may submit (an ERC-4337 bundler, a sponsor)
/// once its key has signed them: the shape of the accounts users pay from when someone else sends
/// the transaction. Deployed with an owner it is a contract account; used as the EIP-7702 delegate
/// of an EOA (no constructor runs, `owner` stays zero) its key is the EOA's own.
/// @dev Test contract: it pays from its own balance, never from the submitter's.
contract SignedCallAccount {
    error BadSignature(address signer);
    error CallFailed(bytes reason);

    address public immutable owner;
    uint256 public nonce;

    constructor(address owner_) payable {
        owner = owner_;
    }

    receive() external payable virtual {}

    /// @dev Takes native transfers that carry data too: the service tags its refunds with the order id.
    fallback() external payable virtual {}

    /// @notice The key that signs this account's calls: its owner, or for a delegated EOA the EOA.
    function key() public view returns (address) {
        return owner == address(0) ? address(this) : owner;
    }

    /// @notice The hash `key()` signs (EIP-191, raw 32 bytes) to authorise one call.
    function callHash(address to, uint256 value, bytes calldata data) public view returns (bytes32) {
        return keccak256(abi.encode(address(this), block.chainid, nonce, to, value, keccak256(data)));
    }

    /// @notice Calls `to` with `value` from this account's balance, when `key()` signed it.
    function execute(address to, uint256 value, bytes calldata data, bytes calldata signature) external {
        bytes32 digest = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", callHash(to, value, data)));
        address signer = _recover(digest, signature);
        if (signer != key()) revert BadSignature(signer);
        nonce++;
        (bool ok, bytes memory reason) = to.call{value: value}(data);
        if (!ok) revert CallFailed(reason);
    }

    function _recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(digest, v, r, s);
    }
}
