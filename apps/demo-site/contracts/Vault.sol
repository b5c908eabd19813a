// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The demo's contract with a custom error: withdrawing more than the balance reverts with
/// InsufficientBalance, which ethers and viem decode from the revert data (apps/demo-site's
/// ethers and viem pages; e2e/nodeErrors.spec.ts compiles it with solc and deploys it to anvil).
contract Vault {
    error InsufficientBalance(uint256 available, uint256 required);

    uint256 public balance = 1;

    function withdraw(uint256 amount) external {
        if (amount > balance) revert InsufficientBalance(balance, amount);
        balance -= amount;
    }
}
