// The parts of the Safe contracts (1.3.0 and 1.4.1 share them) that Tickwork reads and calls.
import { parseAbi } from 'viem';

export const safeAbi = parseAbi([
  'function VERSION() view returns (string)',
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function nonce() view returns (uint256)',
  'function isModuleEnabled(address module) view returns (bool)',
  'function signedMessages(bytes32 messageHash) view returns (uint256)',
  'function getModulesPaginated(address start, uint256 pageSize) view returns (address[] array, address next)',
  'function enableModule(address module)',
  'function disableModule(address prevModule, address module)',
  'function setup(address[] _owners, uint256 _threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)',
  'function execTransactionFromModuleReturnData(address to, uint256 value, bytes data, uint8 operation) returns (bool success, bytes returnData)',
  'event ExecutionFromModuleSuccess(address indexed module)',
  'event ExecutionFromModuleFailure(address indexed module)',
]);

export const safeProxyFactoryAbi = parseAbi([
  'function proxyCreationCode() pure returns (bytes)',
  'function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'event ProxyCreation(address indexed proxy, address singleton)',
]);

/** Safe's SignMessageLib: delegatecalled by the Safe, it marks a message as signed by the Safe in its storage. */
export const signMessageLibAbi = parseAbi(['function signMessage(bytes _data)']);

export const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable']);

/** The head of the Safe's module list (and of its owner list). */
export const SENTINEL: `0x${string}` = '0x0000000000000000000000000000000000000001';

/** Safe operations: a plain call, or a delegatecall (used for MultiSendCallOnly). */
export const CALL = 0;
export const DELEGATE_CALL = 1;
