import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

/**
 * How a cut link behaves for new connections: `reset` accepts and resets them at once (the client fails fast,
 * like a refused port), `blackhole` accepts them and never answers (the client waits for its own timeout).
 */
export type CutMode = 'reset' | 'blackhole';

export type TcpProxy = {
  /** `http://127.0.0.1:<port>`: give this to the app instead of the upstream's own URL. */
  url: string;
  /** Cuts the link: open connections are reset, new ones behave as `mode` says (default `reset`). */
  cut: (mode?: CutMode) => void;
  /**
   * Arms a lost answer: the next request whose bytes contain `text` still reaches the upstream, but its
   * connection is reset before any answer comes back (the link stays up for the next connections).
   */
  loseAnswerTo: (text: string) => void;
  /** How many answers were lost so far (a test checks its trap fired). */
  lostAnswers: () => number;
  /** Forwards again; connections held by a blackhole are reset, so their clients retry on fresh ones. */
  restore: () => void;
  close: () => Promise<void>;
};

/**
 * A TCP proxy of our own between the app and a local service (anvil, the bundler) that a test can cut and
 * restore, listening on a free port of 127.0.0.1 all along (so the app's URL never changes).
 */
export async function startTcpProxy(upstreamUrl: string): Promise<TcpProxy> {
  const upstream = new URL(upstreamUrl);
  let mode: CutMode | null = null;
  let trap: string | null = null;
  let lost = 0;
  const open = new Set<Socket>();
  const held = new Set<Socket>();
  const track = (set: Set<Socket>, socket: Socket) => {
    set.add(socket);
    socket.once('close', () => set.delete(socket));
    socket.on('error', () => {});
  };
  const resetAll = (set: Set<Socket>) => {
    for (const socket of set) socket.resetAndDestroy();
    set.clear();
  };
  const cut = (how: CutMode) => {
    mode = how;
    resetAll(open);
  };

  function forward(client: Socket) {
    const service = connect(Number(upstream.port), upstream.hostname);
    track(open, client);
    track(open, service);
    const closeService = () => service.destroy();
    client.once('close', closeService);
    service.once('close', () => client.destroy());
    service.pipe(client);
    client.on('data', (chunk: Buffer) => {
      if (trap && chunk.includes(trap)) {
        // The request goes out whole and its connection stays open until the answer arrives (a half-closed
        // connection may make the server drop the request); the answer is dropped, the client reset.
        trap = null;
        lost++;
        client.off('close', closeService);
        service.unpipe(client);
        service.once('data', () => service.destroy());
        service.write(chunk);
        client.resetAndDestroy();
        return;
      }
      if (!service.write(chunk)) {
        client.pause();
        service.once('drain', () => client.resume());
      }
    });
  }

  const server = createServer((client) => {
    if (mode === 'reset') {
      client.on('error', () => {});
      client.resetAndDestroy();
    } else if (mode === 'blackhole') {
      track(held, client);
      client.resume(); // read and drop whatever the client sends
    } else forward(client);
  });
  // port 0: the OS picks a free port at the moment we listen (no window for another process to take it)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut: (how = 'reset') => cut(how),
    loseAnswerTo: (text) => {
      trap = text;
    },
    lostAnswers: () => lost,
    restore: () => {
      mode = null;
      trap = null;
      resetAll(held);
    },
    close: async () => {
      resetAll(open);
      resetAll(held);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
