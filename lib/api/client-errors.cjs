// Preloaded into the app server (lib/api/server-preload.cjs). Node answers requests it cannot parse (headers over
// --max-http-header-size, malformed request lines) before Next sees them, with an empty body. This gives those
// answers the API's error shape and a request id. It also answers requests whose path is not valid
// percent-encoding (`/%FF`, `/safe/tx/%E0%A4`) before Next, which would fail decoding them with a plain 500 and a
// stack in the log: 400 in the error shape, or a JSON-RPC error under the RPC gateway's `/rpc/`.
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

function hasMalformedPath(url) {
  try {
    decodeURIComponent((url ?? '/').split('?')[0]);
    return false;
  } catch {
    return true;
  }
}

const MALFORMED_PATH = 'the URL path is not valid percent-encoding';

function answerMalformedPath(req, res) {
  const id = requestId();
  const gateway = /^\/rpc(\/|$)/.test(req.url);
  const body = gateway
    ? { jsonrpc: '2.0', id: null, error: { code: -32600, message: MALFORMED_PATH } }
    : { error: MALFORMED_PATH, code: 'invalid_request', requestId: id };
  res.writeHead(400, { 'Content-Type': 'application/json', 'X-Request-Id': id }).end(JSON.stringify(body));
}

const createServer = http.createServer;
http.createServer = function createServerWithJsonClientErrors(...args) {
  const server = createServer.apply(this, args);
  server.on('clientError', onClientError);
  const emit = server.emit;
  server.emit = function emitUnlessMalformedPath(event, ...rest) {
    if (event !== 'request' || !hasMalformedPath(rest[0].url)) return emit.call(this, event, ...rest);
    answerMalformedPath(rest[0], rest[1]);
    return true;
  };
  return server;
};
