// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// An NFT collection of the local chain world: token i + 1 is minted at deployment to owners[i], and
/// tokenURI is the base URI (served by the demo site) followed by the token id and ".json".
contract LocalCollection is ERC721 {
    string private _base;

    constructor(
        string memory name_,
        string memory symbol_,
        string memory baseURI_,
        address[] memory owners
    ) ERC721(name_, symbol_) {
        _base = baseURI_;
        for (uint256 i = 0; i < owners.length; i++) {
            _mint(owners[i], i + 1);
        }
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        return string.concat(_base, Strings.toString(tokenId), ".json");
    }

    function _baseURI() internal view override returns (string memory) {
        return _base;
    }
}
