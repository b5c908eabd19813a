// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC4337} from "solady/accounts/ERC4337.sol";
import {ERC4337Factory} from "solady/accounts/ERC4337Factory.sol";
import {LibERC7579} from "solady/accounts/LibERC7579.sol";

/// Solady's audited ERC-4337 v0.7 account. ERC4337 is abstract only so a product names its EIP-712
/// domain (used by its ERC-1271 / ERC-7739 signatures). One addition: the account is an ERC-7710
/// delegator of MetaMask's Delegation Framework, so a site can be granted a scoped permission
/// (ERC-7715). Its DelegationManager checks each delegation (the account's own ERC-1271 signature,
/// then every caveat enforcer) before it calls `executeFromExecutor`; nothing else may call it.
contract LocalSmartAccount is ERC4337 {
    /// @dev The Delegation Framework's DelegationManager on this chain (fixed per implementation).
    address public immutable delegationManager;

    /// @dev Only single calls in the default (revert on failure) mode: the framework's enforcers
    /// check single calls only, so a batch could not be scoped by them.
    error UnsupportedExecutionMode();
    /// @dev A delegation never reaches the account's own functions (its owner, its upgrades).
    error SelfCallNotAllowed();

    constructor(address delegationManager_) payable {
        delegationManager = delegationManager_;
    }

    function _domainNameAndVersion()
        internal
        pure
        override
        returns (string memory name, string memory version)
    {
        name = "Modalkit Smart Account";
        version = "1";
    }

    /// @dev The owner's plain signature counts as the account's for no caller: Solady trusts the
    /// EntryPoint and MulticallerWithSigner that way; the wallet's key is never asked for the latter's
    /// messages on the account's behalf, so only the EntryPoint (which never asks) keeps it.
    function _erc1271CallerIsSafe() internal view override returns (bool) {
        return msg.sender == entryPoint();
    }

    /// @dev Off-chain reads (gas price 0) accept only what on-chain checks accept: Solady's
    /// sign-in shortcut took the owner's raw signature there.
    function _erc1271IsValidSignatureViaRPC(bytes32, bytes calldata) internal pure override returns (bool) {
        return false;
    }

    /// @dev ERC-7579's execution from an executor, as the DelegationManager calls it on redemption.
    function executeFromExecutor(bytes32 mode, bytes calldata executionCalldata)
        external
        payable
        returns (bytes[] memory returnData)
    {
        if (msg.sender != delegationManager) revert Unauthorized();
        if (LibERC7579.getCallType(mode) != LibERC7579.CALLTYPE_SINGLE) revert UnsupportedExecutionMode();
        if (LibERC7579.getExecType(mode) != LibERC7579.EXECTYPE_DEFAULT) revert UnsupportedExecutionMode();
        (address target, uint256 value, bytes calldata data) = LibERC7579.decodeSingle(executionCalldata);
        if (target == address(this)) revert SelfCallNotAllowed();
        (bool success, bytes memory result) = target.call{value: value}(data);
        if (!success) {
            /// @solidity memory-safe-assembly
            assembly {
                revert(add(result, 0x20), mload(result))
            }
        }
        returnData = new bytes[](1);
        returnData[0] = result;
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
