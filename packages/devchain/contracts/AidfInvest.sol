// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// The on-chain way to fund a pledge (RULES.md "Pledge"): a wallet approves this contract for AIDF, calls
/// invest(amount), and the platform's watcher credits the event, after its confirmations, to the account bound
/// to the sender. The contract keeps what it receives as the reserve behind those credits: it has no owner and
/// no way to move the tokens out, so the platform's check "the contract holds at least what was credited from
/// it" (error 81035) can only fail if the token itself takes them.
contract AidfInvest is ReentrancyGuard {
    using SafeERC20 for IERC20;

    IERC20 public immutable token;

    /// What each sender has invested, as the contract itself counted it.
    mapping(address => uint256) public invested;

    event Invested(address indexed from, uint256 amount);

    error ZeroAmount();
    error ZeroToken();

    constructor(IERC20 token_) {
        if (address(token_) == address(0)) revert ZeroToken();
        token = token_;
    }

    /// Takes `amount` AIDF from the sender (allowance needed) and emits what actually arrived, so a token that
    /// charged a fee on transfers could never make the event claim more than the contract holds.
    function invest(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        uint256 before = token.balanceOf(address(this));
        token.safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = token.balanceOf(address(this)) - before;
        if (received == 0) revert ZeroAmount();
        invested[msg.sender] += received;
        emit Invested(msg.sender, received);
    }
}
