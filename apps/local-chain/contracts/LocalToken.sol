// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// A fungible token of the local chain world: its decimals are a constructor argument (6 like USDC,
/// 18 like most), and its whole supply is minted at deployment to the listed holders.
contract LocalToken is ERC20 {
    uint8 private immutable _decimals;

    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        address[] memory holders,
        uint256[] memory amounts
    ) ERC20(name_, symbol_) {
        require(holders.length == amounts.length, "holders and amounts differ");
        _decimals = decimals_;
        for (uint256 i = 0; i < holders.length; i++) {
            _mint(holders[i], amounts[i]);
        }
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}
