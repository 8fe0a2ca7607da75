// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title CorpusStandIn: what the public corpus's tasks read and call, in one local contract.
/// @notice test/corpus/public-corpus.test.ts puts its runtime code (anvil_setCode) at the mainnet or testnet
///         addresses the unmodified tasks name, and at the addresses their corpus.json binds in secrets. Every
///         function is the minimum the tasks need: an oracle (Gelato's templates), an event counter, an ad
///         board, a mintable ERC-20, a Keep3r job that is always workable, and a Chainlink Keeper registry
///         whose upkeep has run dry (its LINK token is this contract, with an unlimited allowance).
contract CorpusStandIn {
    uint256 public lastUpdated;
    uint256 public price;
    uint256 public count;
    string public lastMessage;
    mapping(address account => uint256 amount) public balanceOf;

    event PriceUpdated(uint256 indexed time, uint256 price);
    event Transfer(address indexed from, address indexed to, uint256 value);

    function updatePrice(uint256 newPrice) external {
        price = newPrice;
        lastUpdated = block.timestamp;
        emit PriceUpdated(block.timestamp, newPrice);
    }

    function increaseCount(uint256 by) external {
        count += by;
    }

    function postMessage(string calldata message) external {
        lastMessage = message;
    }

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }

    function workable() external pure returns (bool) {
        return true;
    }

    function work() external {
        count += 1;
    }

    function getUpkeep(uint256)
        external
        view
        returns (
            address target,
            uint32 executeGas,
            bytes memory checkData,
            uint96 balance,
            address lastKeeper,
            address admin,
            uint64 maxValidBlocknumber
        )
    {
        return (address(this), 500_000, "", 0, address(0), address(0), type(uint64).max);
    }

    function LINK() external view returns (address) {
        return address(this);
    }

    function allowance(address, address) external pure returns (uint256) {
        return type(uint256).max;
    }

    function addFunds(uint256, uint96 amount) external {
        count += amount;
    }
}
