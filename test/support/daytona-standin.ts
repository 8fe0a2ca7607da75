import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type WebSocket, WebSocketServer } from 'ws';

// A local stand-in for Daytona: the subset of its HTTP API that @daytonaio/sdk 0.218.0 calls for the Daytona
// runner, with the paths and shapes of the SDK's own generated clients (@daytona/api-client SandboxApi,
// @daytona/toolbox-api-client FileSystemApi and ProcessApi) and checked against what the SDK requests:
//
//   API (the SDK's apiUrl, here `<origin>/api`):
//     POST   /api/sandbox                 daytona.create (answers the sandbox started, with its toolboxProxyUrl)
//     GET    /api/sandbox/:id             daytona.get, and the state polls of sandbox.start
//     POST   /api/sandbox/:id/start       sandbox.start (a stopped sandbox)
//     DELETE /api/sandbox/:id             sandbox.delete (the runner's discard and a failed build)
//   Toolbox (the sandbox's toolboxProxyUrl + '/' + id, here `<origin>/toolbox/:id`):
//     POST   /files/bulk-upload                            fs.uploadFile (multipart: files[i].path, files[i].file)
//     POST   /process/session                              process.createSession
//     DELETE /process/session/:sid                         process.deleteSession (ends its commands)
//     POST   /process/session/:sid/exec                    process.executeSessionCommand (runAsync only)
//     POST   /process/session/:sid/command/:cid/input      process.sendSessionCommandInput
//     WS     /process/session/:sid/command/:cid/logs?follow=true
//            process.getSessionCommandLogs with callbacks: a websocket of the command's log, each stdout line
//            prefixed 01 01 01 and each stderr line 02 02 02 (as Daytona's daemon writes it), closed when the
//            command has exited.
//
// Every request must carry `Authorization: Bearer <apiKey>` (401 otherwise). The SDK is run with
// `useDeprecatedPolling`, so Daytona's socket.io event gateway is not needed. Sandboxes are temp directories;
// a snapshot is a directory holding runner/node_modules/isolated-vm (from this repo); session commands run as
// real local processes (`/bin/sh -c`) with sandbox paths (`/runner/…`) rewritten into the sandbox's directory,
// stdin fed by the input endpoint, and input echoed into the log unless `suppressInputEcho` (as the daemon
// does).

const require = createRequire(import.meta.url);

const STDOUT_PREFIX = Buffer.from([1, 1, 1]);
const STDERR_PREFIX = Buffer.from([2, 2, 2]);
/** Log frames stay small: the SDK's demuxer copies each frame byte by byte. */
const FRAME_BYTES = 32 * 1024;

type Command = {
  id: string;
  command: string;
  child: ChildProcess;
  exitCode: number | null;
  log: Buffer[];
  followers: Set<WebSocket>;
  suppressInputEcho: boolean;
};
type Session = { id: string; commands: Map<string, Command> };
type StandInSandbox = {
  id: string;
  dir: string;
  state: 'started' | 'stopped' | 'destroyed';
  snapshot: string;
  labels: Record<string, string>;
  networkBlockAll: boolean;
  sessions: Map<string, Session>;
};

export type DaytonaStandIn = {
  /** The API URL to give the SDK (DAYTONA_API_URL). */
  apiUrl: string;
  apiKey: string;
  counters: { created: number; deleted: number; unauthorized: number; requests: string[] };
  /** Sandboxes not deleted, by id. */
  sandboxes: () => { id: string; labels: Record<string, string>; state: string; networkBlockAll: boolean }[];
  /** The file at `sandboxPath` inside a sandbox, or null. */
  readFile: (sandboxId: string, sandboxPath: string) => string | null;
  /** SIGKILLs every running session command of a sandbox (the worker dies as if the sandbox lost it). */
  killCommands: (sandboxId: string) => number;
  /** SIGSTOPs every running session command of a sandbox (a worker that hangs without dying). */
  freezeCommands: (sandboxId: string) => number;
  /** Stops a sandbox as Daytona's auto-stop would: its processes end, its files stay. */
  stopSandbox: (sandboxId: string) => void;
  /** Commands running now in a sandbox. */
  running: (sandboxId: string) => number;
  stop: () => Promise<void>;
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
};
const fail = (res: ServerResponse, status: number, message: string) =>
  json(res, status, { statusCode: status, message, error: message });

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The parts of a multipart/form-data body, by field name. */
function multipart(body: Buffer, contentType: string): Map<string, Buffer> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const parts = new Map<string, Buffer>();
  if (!boundary) return parts;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const part = body.subarray(start + 2, next - 2); // after CRLF, before CRLF
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString();
    const name = /name="([^"]+)"/.exec(headers)?.[1];
    if (name) parts.set(name, part.subarray(headerEnd + 4));
    at = next;
  }
  return parts;
}

/** The sandbox's view of a path: absolute paths are inside the sandbox's directory. */
const inside = (sandbox: StandInSandbox, p: string) =>
  path.join(sandbox.dir, path.isAbsolute(p) ? p : path.join('home', 'daytona', p));

/** Commands run in their own process group: a kill ends the shell and what it started. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

function signalCommands(sandbox: StandInSandbox, signal: NodeJS.Signals): number {
  let signalled = 0;
  for (const session of sandbox.sessions.values())
    for (const command of session.commands.values())
      if (command.exitCode === null) {
        killGroup(command.child, signal);
        signalled++;
      }
  return signalled;
}

function appendLog(command: Command, prefix: Buffer, line: Buffer) {
  const entry = Buffer.concat([prefix, line, Buffer.from('\n')]);
  command.log.push(entry);
  for (const ws of command.followers) sendFrames(ws, entry);
}

function sendFrames(ws: WebSocket, data: Buffer) {
  for (let i = 0; i < data.length; i += FRAME_BYTES) ws.send(data.subarray(i, i + FRAME_BYTES));
}

/** Splits a stream into lines and appends each to the command's log with the stream's prefix. */
function labelLines(command: Command, prefix: Buffer) {
  let pending = Buffer.alloc(0);
  return {
    data: (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      let newline = pending.indexOf(10);
      while (newline >= 0) {
        appendLog(command, prefix, pending.subarray(0, newline));
        pending = pending.subarray(newline + 1);
        newline = pending.indexOf(10);
      }
    },
    end: () => {
      if (pending.length > 0) appendLog(command, prefix, pending);
      pending = Buffer.alloc(0);
    },
  };
}

/** A snapshot directory with what the Daytona runner's image has: isolated-vm under /runner/node_modules. */
function makeSnapshot(root: string): string {
  const dir = path.join(root, 'snapshot');
  const ivm = path.dirname(require.resolve('isolated-vm/package.json'));
  const to = path.join(dir, 'runner', 'node_modules', 'isolated-vm');
  fs.mkdirSync(to, { recursive: true });
  for (const entry of ['package.json', 'isolated-vm.js', 'out'])
    fs.cpSync(path.join(ivm, entry), path.join(to, entry), { recursive: true });
  return dir;
}

export async function startDaytonaStandIn(opts: {
  apiKey: string;
  snapshot?: string;
}): Promise<DaytonaStandIn> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'daytona-standin-'));
  const snapshotName = opts.snapshot ?? 'tickwork-runner';
  const snapshotDir = makeSnapshot(root);
  const sandboxes = new Map<string, StandInSandbox>();
  const counters = { created: 0, deleted: 0, unauthorized: 0, requests: [] as string[] };
  let origin = '';

  const dto = (s: StandInSandbox) => ({
    id: s.id,
    organizationId: 'standin-org',
    name: s.id,
    snapshot: s.snapshot,
    user: 'daytona',
    env: {},
    labels: s.labels,
    public: false,
    networkBlockAll: s.networkBlockAll,
    target: 'local',
    cpu: 1,
    gpu: 0,
    memory: 1,
    disk: 3,
    state: s.state,
    desiredState: s.state,
    toolboxProxyUrl: `${origin}/toolbox`,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  });

  const endProcesses = (s: StandInSandbox) => {
    for (const session of s.sessions.values())
      for (const command of session.commands.values())
        if (command.exitCode === null) killGroup(command.child);
    s.sessions.clear();
  };

  const authorized = (req: IncomingMessage) => req.headers.authorization === `Bearer ${opts.apiKey}`;

  function execute(s: StandInSandbox, session: Session, body: any): Command {
    // Sandbox paths are rewritten into the sandbox's directory; node is this process's.
    const command = String(body.command).replaceAll(/(^|[\s'"=])\//g, `$1${s.dir}/`);
    const env = { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: path.join(s.dir, 'home') };
    const child: ChildProcess = spawn('/bin/sh', ['-c', command], {
      cwd: s.dir,
      env: env as unknown as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const cmd: Command = {
      id: randomUUID(),
      command: String(body.command),
      child,
      exitCode: null,
      log: [],
      followers: new Set(),
      suppressInputEcho: body.suppressInputEcho === true,
    };
    const out = labelLines(cmd, STDOUT_PREFIX);
    const err = labelLines(cmd, STDERR_PREFIX);
    child.stdout?.on('data', out.data);
    child.stderr?.on('data', err.data);
    child.stdin?.on('error', () => {});
    child.on('close', (code, signal) => {
      out.end();
      err.end();
      cmd.exitCode = code ?? (signal ? 137 : 1);
      for (const ws of cmd.followers) ws.close(1000);
      cmd.followers.clear();
    });
    session.commands.set(cmd.id, cmd);
    return cmd;
  }

  async function toolbox(req: IncomingMessage, res: ServerResponse, s: StandInSandbox, rest: string) {
    if (s.state !== 'started') return fail(res, 409, 'the sandbox is not started');
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    if (method === 'POST' && rest === '/files/bulk-upload') {
      const parts = multipart(body, req.headers['content-type'] ?? '');
      for (const [name, value] of parts) {
        const index = /^files\[(\d+)\]\.path$/.exec(name)?.[1];
        if (index === undefined) continue;
        const file = parts.get(`files[${index}].file`);
        if (!file) continue;
        const to = inside(s, value.toString());
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.writeFileSync(to, file);
      }
      return json(res, 200, undefined);
    }
    if (method === 'POST' && rest === '/process/session') {
      const { sessionId } = JSON.parse(body.toString() || '{}');
      if (s.sessions.has(sessionId)) return fail(res, 409, 'session already exists');
      s.sessions.set(sessionId, { id: sessionId, commands: new Map() });
      return json(res, 201, undefined);
    }
    const sessionRoute = /^\/process\/session\/([^/]+)$/.exec(rest);
    if (sessionRoute) {
      const session = s.sessions.get(decodeURIComponent(sessionRoute[1] as string));
      if (!session) return fail(res, 404, 'session not found');
      if (method === 'DELETE') {
        for (const command of session.commands.values())
          if (command.exitCode === null) killGroup(command.child);
        s.sessions.delete(session.id);
        return json(res, 204, undefined);
      }
      return json(res, 200, {
        sessionId: session.id,
        commands: [...session.commands.values()].map((c) => ({
          id: c.id,
          command: c.command,
          exitCode: c.exitCode ?? undefined,
        })),
      });
    }
    const execRoute = /^\/process\/session\/([^/]+)\/exec$/.exec(rest);
    if (method === 'POST' && execRoute) {
      const session = s.sessions.get(decodeURIComponent(execRoute[1] as string));
      if (!session) return fail(res, 404, 'session not found');
      const request = JSON.parse(body.toString() || '{}');
      if (!request.runAsync && !request.async) return fail(res, 400, 'the stand-in runs async commands only');
      return json(res, 202, { cmdId: execute(s, session, request).id });
    }
    const inputRoute = /^\/process\/session\/([^/]+)\/command\/([^/]+)\/input$/.exec(rest);
    if (method === 'POST' && inputRoute) {
      const command = s.sessions
        .get(decodeURIComponent(inputRoute[1] as string))
        ?.commands.get(inputRoute[2] as string);
      if (!command) return fail(res, 404, 'command not found');
      if (command.exitCode !== null) return fail(res, 410, 'command has already completed');
      let data = String(JSON.parse(body.toString()).data ?? '');
      if (!data.endsWith('\n')) data += '\n';
      command.child.stdin?.write(data);
      if (!command.suppressInputEcho) appendLog(command, STDOUT_PREFIX, Buffer.from(data.slice(0, -1)));
      return json(res, 200, undefined);
    }
    return fail(res, 404, `no such toolbox route: ${method} ${rest}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const route = url.pathname
      .replace(/^\/api\/sandbox\/[^/]+/, '/api/sandbox/:id')
      .replace(/^\/toolbox\/[^/]+/, '/toolbox/:id')
      .replace(/\/session\/[^/]+/, '/session/:sid')
      .replace(/\/command\/[^/]+/, '/command/:cid');
    counters.requests.push(`${req.method} ${route}`);
    if (!authorized(req)) {
      counters.unauthorized++;
      return fail(res, 401, 'Unauthorized');
    }
    const method = req.method ?? 'GET';
    if (method === 'POST' && url.pathname === '/api/sandbox') {
      const body = JSON.parse((await readBody(req)).toString() || '{}');
      if (body.snapshot !== snapshotName) return fail(res, 400, `snapshot ${body.snapshot} not found`);
      const id = randomUUID();
      const dir = path.join(root, 'sandboxes', id);
      fs.mkdirSync(path.join(dir, 'runner'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'home', 'daytona'), { recursive: true });
      fs.symlinkSync(
        path.join(snapshotDir, 'runner', 'node_modules'),
        path.join(dir, 'runner', 'node_modules'),
      );
      const sandbox: StandInSandbox = {
        id,
        dir,
        state: 'started',
        snapshot: body.snapshot,
        labels: body.labels ?? {},
        networkBlockAll: body.networkBlockAll === true,
        sessions: new Map(),
      };
      sandboxes.set(id, sandbox);
      counters.created++;
      return json(res, 200, dto(sandbox));
    }
    const m = /^\/api\/sandbox\/([^/]+)(\/start)?$/.exec(url.pathname);
    if (m) {
      const sandbox = sandboxes.get(decodeURIComponent(m[1] as string));
      if (!sandbox) return fail(res, 404, 'Sandbox not found');
      if (method === 'GET' && !m[2]) return json(res, 200, dto(sandbox));
      if (method === 'POST' && m[2]) {
        sandbox.state = 'started';
        return json(res, 200, dto(sandbox));
      }
      if (method === 'DELETE' && !m[2]) {
        endProcesses(sandbox);
        sandbox.state = 'destroyed';
        sandboxes.delete(sandbox.id);
        fs.rmSync(sandbox.dir, { recursive: true, force: true });
        counters.deleted++;
        return json(res, 200, dto(sandbox));
      }
    }
    const tb = /^\/toolbox\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (tb) {
      const sandbox = sandboxes.get(decodeURIComponent(tb[1] as string));
      if (!sandbox) return fail(res, 404, 'Sandbox not found');
      return toolbox(req, res, sandbox, tb[2] as string);
    }
    return fail(res, 404, `no such route: ${method} ${url.pathname}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => fail(res, 500, error.message));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', origin);
    counters.requests.push('WS /toolbox/:id/process/session/:sid/command/:cid/logs');
    const m = /^\/toolbox\/([^/]+)\/process\/session\/([^/]+)\/command\/([^/]+)\/logs$/.exec(url.pathname);
    const command = m
      ? sandboxes
          .get(m[1] as string)
          ?.sessions.get(decodeURIComponent(m[2] as string))
          ?.commands.get(m[3] as string)
      : undefined;
    if (!authorized(req) || !command) {
      if (!authorized(req)) counters.unauthorized++;
      socket.end(`HTTP/1.1 ${authorized(req) ? '404 Not Found' : '401 Unauthorized'}\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      for (const entry of command.log) sendFrames(ws, entry);
      if (command.exitCode !== null || url.searchParams.get('follow') !== 'true') ws.close(1000);
      else {
        command.followers.add(ws);
        ws.on('close', () => command.followers.delete(ws));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sandboxOf = (id: string) => {
    const sandbox = sandboxes.get(id);
    if (!sandbox) throw new Error(`no stand-in sandbox ${id}`);
    return sandbox;
  };
  return {
    apiUrl: `${origin}/api`,
    apiKey: opts.apiKey,
    counters,
    sandboxes: () =>
      [...sandboxes.values()].map((s) => ({
        id: s.id,
        labels: s.labels,
        state: s.state,
        networkBlockAll: s.networkBlockAll,
      })),
    readFile: (id, p) => {
      const sandbox = sandboxes.get(id);
      if (!sandbox) return null;
      try {
        return fs.readFileSync(inside(sandbox, p), 'utf8');
      } catch {
        return null;
      }
    },
    killCommands: (id) => signalCommands(sandboxOf(id), 'SIGKILL'),
    freezeCommands: (id) => signalCommands(sandboxOf(id), 'SIGSTOP'),
    stopSandbox: (id) => {
      const sandbox = sandboxOf(id);
      endProcesses(sandbox);
      sandbox.state = 'stopped';
    },
    running: (id) =>
      [...(sandboxes.get(id)?.sessions.values() ?? [])].reduce(
        (n, session) => n + [...session.commands.values()].filter((c) => c.exitCode === null).length,
        0,
      ),
    stop: async () => {
      for (const sandbox of sandboxes.values()) endProcesses(sandbox);
      for (const ws of wss.clients) ws.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
