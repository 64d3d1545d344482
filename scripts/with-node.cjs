'use strict';
// Runs a command with a Node >= 22.12 first on PATH, so `node`, npm and every tool's
// `#!/usr/bin/env node` inside it use that Node. Usage: node scripts/with-node.cjs <command> [args...]
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { ensureModernNode, isNewEnough } = require('./node-bootstrap.cjs');

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
const result = spawnSync(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
if (result.error) {
  process.stderr.write(`socialdesk: could not run ${command}: ${result.error.message}\n`);
  process.exit(1);
}
process.exit(result.status === null ? 1 : result.status);
