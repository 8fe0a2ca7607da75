// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title DemoCounter: something for the local chain's first automation to change.
/// @notice Counts increments and remembers who made them, so a confirmed run is visible on chain:
///         `count()`, `lastCaller()` and `incrementsBy(profile)` all move.
contract DemoCounter {
    uint256 public count;
    address public lastCaller;
    mapping(address caller => uint256 increments) public incrementsBy;

    event Incremented(address indexed caller, uint256 count);

    function increment() external {
        count += 1;
        lastCaller = msg.sender;
        incrementsBy[msg.sender] += 1;
        emit Incremented(msg.sender, count);
    }
}
