'use strict';
// Runs a command with a Node that node-bootstrap.cjs accepts first on PATH, so `node`, npm and
// every tool's `#!/usr/bin/env node` inside it use that Node. Usage: node scripts/with-node.cjs
// <command> [args...]. It stays in between as the parent, so it passes on the signals npm or a
// supervisor sends it and ends the way the command ended: stopping the wrapper stops the command.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { ensureModernNode, isNewEnough } = require('./node-bootstrap.cjs');

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: node scripts/with-node.cjs <command> [args...]\n');
  process.exit(2);
}
const env = { ...process.env };
if (!isNewEnough(process.version)) {
  const binDir = path.dirname(ensureModernNode());
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') || 'PATH';
  env[pathKey] = binDir + path.delimiter + (env[pathKey] || '');
  // npm_node_execpath would point child npm invocations back at the old Node.
  env.npm_node_execpath = path.join(binDir, path.basename(process.execPath));
  env.NODE = env.npm_node_execpath;
  // Native addons (none today) must build against the headers of the Node that will load them.
  env.npm_config_nodedir = path.dirname(binDir);
}

const child = spawn(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });

// A Ctrl+C in a terminal reaches the whole process group, so the command may get SIGINT twice;
// a lone `kill` or npm's forwarding reaches only this process, which is why we pass them on.
const forward = (signal) => child.kill(signal);
for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);

// npm runs a script through `sh -c`, and where sh is dash (Debian, Ubuntu) that sh stays as our
// parent: npm's SIGTERM goes to it, it dies without passing the signal on, and we would run on
// as an orphan. Nothing signals an orphan, so notice the new parent and stop the command.
const parentAtStart = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === parentAtStart) return;
  clearInterval(parentWatch);
  child.kill('SIGTERM');
}, 200);
parentWatch.unref();

child.on('error', (error) => {
  process.stderr.write(`socialdesk: could not run ${command}: ${error.message}\n`);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  if (signal === null) process.exit(code ?? 1);
  // Die of the same signal, so whoever started us (npm, a shell, a test) sees what happened.
  for (const forwarded of FORWARDED_SIGNALS) process.off(forwarded, forward);
  process.exitCode = 1; // where the signal does not end us (Windows), still report a failure
  process.kill(process.pid, signal);
});
