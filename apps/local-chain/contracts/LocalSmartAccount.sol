// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC4337} from "solady/accounts/ERC4337.sol";
import {ERC4337Factory} from "solady/accounts/ERC4337Factory.sol";

/// Solady's audited ERC-4337 v0.7 account as it is: ERC4337 is abstract only so a product names its
/// EIP-712 domain (used by its ERC-1271 / ERC-7739 signatures).
contract LocalSmartAccount is ERC4337 {
    function _domainNameAndVersion()
        internal
        pure
        override
        returns (string memory name, string memory version)
    {
        name = "Modalkit Smart Account";
        version = "1";
    }
}

/// Solady's factory: ERC-1967 proxies of the account by CREATE2, the owner being the salt's first 20
/// bytes (so nobody else can take an owner's address). The two-argument entry is the one viem's
/// Solady account calls; it only checks that the salt names the owner and defers to Solady's.
contract LocalSmartAccountFactory is ERC4337Factory {
    error SaltNotOwner();

    constructor(address implementation) ERC4337Factory(implementation) {}

    function createAccount(address owner, bytes32 salt) external payable returns (address) {
        if (address(bytes20(salt)) != owner) revert SaltNotOwner();
        return createAccount(salt);
    }
}
