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

  const server = createServer((client) => {
    if (mode === 'reset') {
      client.on('error', () => {});
      client.resetAndDestroy();
      return;
    }
    if (mode === 'blackhole') {
      track(held, client);
      client.resume(); // read and drop whatever the client sends
      return;
    }
    const service = connect(Number(upstream.port), upstream.hostname);
    track(open, client);
    track(open, service);
    client.once('close', () => service.destroy());
    service.once('close', () => client.destroy());
    client.pipe(service);
    service.pipe(client);
  });
  // port 0: the OS picks a free port at the moment we listen (no window for another process to take it)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut: (how = 'reset') => {
      mode = how;
      resetAll(open);
    },
    restore: () => {
      mode = null;
      resetAll(held);
    },
    close: async () => {
      resetAll(open);
      resetAll(held);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
