// Preloaded into the app server with lib/api/client-errors.cjs (lib/api/server-preload.cjs). Appends the address of
// the connection's peer to X-Forwarded-For before Next sees the request, as a proxy hop does: the last entry is
// then always the socket's own address, which a client cannot forge (lib/api/client-address.ts reads it). Next
// alone would only fill the header in when the client sent none.
const http = require('node:http');

function appendPeerAddress(req) {
  const peer = req.socket?.remoteAddress;
  if (!peer) return;
  const sent = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] = sent ? `${sent}, ${peer}` : peer;
}

const createServer = http.createServer;
http.createServer = function createServerWithPeerAddress(...args) {
  const server = createServer.apply(this, args);
  server.prependListener('request', appendPeerAddress);
  return server;
};
