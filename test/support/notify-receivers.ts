import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string; json: any };

/**
 * One local HTTP server standing in for webhook receivers, Slack and Discord incoming webhooks and the Telegram
 * Bot API (TICKWORK_TELEGRAM_API_URL points at it). Every request is kept; a path answers 200 unless given a
 * script of statuses (`script('/x', [500, 500])`: the first two requests fail, the rest succeed).
 */
export async function startHttpReceiver() {
  const received: Received[] = [];
  const scripts = new Map<string, number[]>();
  const always = new Map<string, number>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '/';
    let json: any = null;
    try {
      json = JSON.parse(body);
    } catch {}
    received.push({ path, headers: req.headers, body, json });
    const status = scripts.get(path)?.shift() ?? always.get(path) ?? 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status < 300 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    script: (path: string, statuses: number[]) => scripts.set(path, [...statuses]),
    answer: (path: string, status: number) => always.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server (smtp-server) on 127.0.0.1 that requires the given login and keeps every message. */
export async function startSmtpReceiver(login = { user: 'alerts', pass: 'smtp-pass' }) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === login.user && auth.password === login.pass)
        callback(null, { user: auth.username });
      else callback(new Error('invalid login'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${login.user}:${login.pass}@127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a received mail, unfolded and with its RFC 2047 encoded words decoded. */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!line) return undefined;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}
