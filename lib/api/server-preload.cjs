// The app server's preload (`node --require ./lib/api/server-preload.cjs`; the start and test commands load it, a
// deployment that runs `next start` itself sets NODE_OPTIONS="--require ./lib/api/server-preload.cjs"): what must
// happen in Node's HTTP server before Next sees a request.
require('./client-errors.cjs');
require('./forwarded-for.cjs');
