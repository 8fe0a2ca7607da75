// A stand-in for code that broke out of the isolate: plain Node with its whole API, started inside a gVisor
// sandbox exactly as the runner starts its worker. It waits for one line, tries what an attacker would, and
// answers what it saw. The line names a host file, a host TCP port and a host environment variable.
const fs = require('node:fs');
const net = require('node:net');

const read = (p) => {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch (error) {
    return `ERR ${error.code}`;
  }
};
const connect = (hostPort) =>
  new Promise((resolve) => {
    const socket = net.connect(Number(hostPort), '127.0.0.1');
    socket.setTimeout(2000, () => resolve('timeout') || socket.destroy());
    socket.on('connect', () => resolve('connected') || socket.destroy());
    socket.on('error', (error) => resolve(`ERR ${error.code}`));
  });

async function probe({ hostFile, port, envName }) {
  const pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  let wrote;
  try {
    fs.writeFileSync('/runner/worker.js', 'tampered');
    wrote = 'written';
  } catch (error) {
    wrote = `ERR ${error.code}`;
  }
  return {
    hostFile: read(hostFile),
    etcPasswd: read('/etc/passwd'),
    env: process.env,
    environs: pids.map((pid) => read(`/proc/${pid}/environ`)).join('\n'),
    cmdlines: pids.map((pid) => read(`/proc/${pid}/cmdline`)).join('\n'),
    envSeen: Object.hasOwn(process.env, envName),
    root: fs.readdirSync('/').sort(),
    connect: await connect(port),
    wrote,
  };
}

process.stdout.write(`${JSON.stringify({ t: 'ready' })}\n`);
/** Takes memory 64 MiB at a time, saying how much it holds after each step, up to `mb`. */
function hog(mb) {
  const held = [];
  for (let total = 64; total <= mb; total += 64) {
    held.push(Buffer.alloc(64 * 1024 * 1024, 1));
    process.stdout.write(`${JSON.stringify({ t: 'built', id: 2, error: String(total) })}\n`);
  }
  return held.length;
}

process.stdin.once('data', async (line) => {
  const asked = JSON.parse(JSON.parse(line).source);
  if (asked.hogMb) {
    hog(asked.hogMb);
    return;
  }
  const seen = await probe(asked);
  process.stdout.write(`${JSON.stringify({ t: 'built', id: 1, error: JSON.stringify(seen) })}\n`);
});
