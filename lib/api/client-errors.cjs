// Preloaded into the app server (`node --require ./lib/api/client-errors.cjs`; the start and test commands do
// it). Node answers requests it cannot parse (headers over --max-http-header-size, malformed request lines)
// before Next sees them, with an empty body. This gives those answers the API's error shape and a request id.
const http = require('node:http');
const { randomBytes } = require('node:crypto');

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `req_` + a ULID-layout id, as lib/ids.ts mints them (48-bit ms time, 80 random bits). */
function requestId() {
  let time = '';
  for (let t = Date.now(), i = 0; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32] + time;
  const random = Array.from(randomBytes(16), (b) => CROCKFORD[b % 32]).join('');
  return `req_${time}${random}`;
}

function answer(socket, status, reason, code, message) {
  const id = requestId();
  const body = JSON.stringify({ error: message, code, requestId: id });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function onClientError(error, socket) {
  if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return answer(
      socket,
      431,
      'Request Header Fields Too Large',
      'headers_too_large',
      'the request headers are too large',
    );
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return answer(socket, 408, 'Request Timeout', 'request_timeout', 'the request took too long to arrive');
  answer(socket, 400, 'Bad Request', 'invalid_request', 'the request is not valid HTTP');
}

const createServer = http.createServer;
http.createServer = function createServerWithJsonClientErrors(...args) {
  const server = createServer.apply(this, args);
  server.on('clientError', onClientError);
  return server;
};
