// `@gelatonetwork/web3-functions-sdk` (and its `/types` subpath) inside a Tickwork bundle: the bundler resolves
// the package here (cli/compat/gelato.ts). Only what a Web3 Function uses at run time exists; the SDK's build,
// upload and local-runner parts are not part of a task and are refused at bundle time.

export * from './types';
export { Web3Function } from './web3-function';
