// Preloaded into the local helper services (`node --require …`): alto listens on 0.0.0.0 with no option to
// change it, and a service on every interface is reachable through the host's public addresses. This turns
// every wildcard listen of the process into a loopback one.
const net = require('node:net');

const WILDCARDS = new Set([undefined, null, '', '0.0.0.0', '::']);
const listen = net.Server.prototype.listen;

net.Server.prototype.listen = function loopbackListen(...args) {
  const [first] = args;
  if (typeof first === 'object' && first !== null && !('fd' in first) && !('path' in first)) {
    if (WILDCARDS.has(first.host)) args[0] = { ...first, host: '127.0.0.1' };
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    if (typeof args[1] !== 'string' || WILDCARDS.has(args[1])) {
      const rest = typeof args[1] === 'string' ? args.slice(2) : args.slice(1);
      args.splice(0, args.length, first, '127.0.0.1', ...rest);
    }
  }
  return listen.apply(this, args);
};
