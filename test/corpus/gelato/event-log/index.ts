// An event-triggered Web3 Function: parses the triggering log (context.log) with ethers v6's Interface.

import { Web3Function, type Web3FunctionEventContext } from '@gelatonetwork/web3-functions-sdk';
import { Interface } from 'ethers';

const counter = new Interface(['event Incremented(address indexed caller, uint256 count)']);

Web3Function.onRun(async (context: Web3FunctionEventContext) => {
  const { log } = context;
  const event = counter.parseLog(log);
  return {
    canExec: false,
    message: `${event?.name} #${event?.args.count.toString()} by ${event?.args.caller} in ${log.transactionHash}:${log.logIndex} removed=${log.removed}`,
  };
});
