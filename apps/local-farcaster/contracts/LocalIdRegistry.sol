// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/**
 * A stand-in for Farcaster's IdRegistry (OP mainnet 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b) with
 * the part of its ABI that sign-in reads: `idOf(custody)`, `custodyOf(fid)`, `idCounter`, and the
 * `Register` event. Its code is placed at the real address by `anvil_setCode`, so no constructor
 * runs: only the fixed registrar below may register, as only the IdGateway may on the real chain.
 */
contract LocalIdRegistry {
    address public constant REGISTRAR = 0x000000000000000000000000000000000000Fc01;

    uint256 public idCounter;
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    error Unauthorized();
    error HasId();

    function register(address to) external returns (uint256 fid) {
        if (msg.sender != REGISTRAR) revert Unauthorized();
        if (idOf[to] != 0) revert HasId();
        fid = ++idCounter;
        idOf[to] = fid;
        custodyOf[fid] = to;
        emit Register(to, fid, address(0));
    }
}
