// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title DemoToken (TICK): a faucet-like ERC-20 for the local chain.
/// @notice Anyone may `topUp(account)`: it mints 100 TICK to the account. Dev chains only; it has no value.
contract DemoToken {
    string public constant name = "Tickwork Demo Token";
    string public constant symbol = "TICK";
    uint8 public constant decimals = 18;
    uint256 public constant TOP_UP_AMOUNT = 100 ether;

    uint256 public totalSupply;
    mapping(address owner => uint256 balance) public balanceOf;
    mapping(address owner => mapping(address spender => uint256 amount)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event ToppedUp(address indexed account, address indexed by, uint256 value);

    function topUp(address account) external {
        totalSupply += TOP_UP_AMOUNT;
        balanceOf[account] += TOP_UP_AMOUNT;
        emit Transfer(address(0), account, TOP_UP_AMOUNT);
        emit ToppedUp(account, msg.sender, TOP_UP_AMOUNT);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "DemoToken: allowance too low");
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "DemoToken: balance too low");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
