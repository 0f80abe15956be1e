// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Share-based token in the style of stETH: balances are `shares * pooled / totalShares`, and a
/// transfer moves `amount * totalShares / pooled` shares rounded down, so the recipient's balance can grow
/// by one wei less than the amount sent.
contract SharesToken {
    mapping(address => uint256) public sharesOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalShares;
    uint256 public pooled;

    /// @notice Mints `shares` shares to `to` and adds `pooledAmount` to the pool.
    function mint(address to, uint256 shares, uint256 pooledAmount) external {
        sharesOf[to] += shares;
        totalShares += shares;
        pooled += pooledAmount;
    }

    function balanceOf(address account) external view returns (uint256) {
        return (sharesOf[account] * pooled) / totalShares;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        allowance[from][msg.sender] -= amount;
        uint256 shares = (amount * totalShares) / pooled;
        sharesOf[from] -= shares;
        sharesOf[to] += shares;
        return true;
    }
}
