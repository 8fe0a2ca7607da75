import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the OS picks it); for the local processes the stacks start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
