// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The part of Multicall3's interface (the contract at 0xcA11bde05977b3631167028862bE2a173976CA11 on BNB Smart
/// Chain and most EVM chains) that the platform's batched reads use, written for the dev chain: the same function
/// signatures and return encoding, so a client reads the dev chain and BNB Smart Chain alike. The dev chain places
/// its runtime code at the canonical address (src/evm/multicall3.ts).
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// Calls each target in turn; a failing call answers success=false unless it may not fail, which reverts all.
    function aggregate3(Call3[] calldata calls) public payable returns (Result[] memory returnData) {
        uint256 length = calls.length;
        returnData = new Result[](length);
        for (uint256 i = 0; i < length; i++) {
            Call3 calldata call = calls[i];
            (bool success, bytes memory data) = call.target.call(call.callData);
            require(success || call.allowFailure, "Multicall3: call failed");
            returnData[i] = Result(success, data);
        }
    }

    function getEthBalance(address addr) public view returns (uint256 balance) {
        balance = addr.balance;
    }

    function getBlockNumber() public view returns (uint256 blockNumber) {
        blockNumber = block.number;
    }

    function getChainId() public view returns (uint256 chainid) {
        chainid = block.chainid;
    }
}
