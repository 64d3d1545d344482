'use strict';
// Finds a Node new enough for this project (>= 22.12, for node:sqlite and the tool versions).
// When the running Node is older, fetches Node 24 from the npm registry (the node-<os>-<arch>
// packages ship the binary) into a git-ignored cache folder. Plain CommonJS with no
// dependencies, because it must run on the old Node before anything is installed.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const MINIMUM = [22, 12, 0];
const FETCHED_MAJOR = '24';
const CACHE_DIR = path.join(__dirname, '..', '.cache', 'node');

function isNewEnough(version) {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if (parts[i] !== MINIMUM[i]) return parts[i] > MINIMUM[i];
  }
  return true;
}

function packageName() {
  const platform = { linux: 'linux', darwin: 'darwin', win32: 'win' }[process.platform];
  if (!platform) throw new Error(`No Node package for platform ${process.platform}`);
  return `node-${platform}-${process.arch}`;
}

function cachedBinary() {
  const exe = process.platform === 'win32' ? 'node.exe' : path.join('bin', 'node');
  return path.join(CACHE_DIR, `v${FETCHED_MAJOR}`, 'package', exe);
}

function npmCommand() {
  // Inside an npm script npm tells us where its CLI lives; run it with the current Node.
  if (process.env.npm_execpath && process.env.npm_execpath.endsWith('.js')) {
    return { file: process.execPath, prefix: [process.env.npm_execpath] };
  }
  return { file: process.platform === 'win32' ? 'npm.cmd' : 'npm', prefix: [] };
}

function fetchNode() {
  const target = path.join(CACHE_DIR, `v${FETCHED_MAJOR}`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'socialdesk-node-'));
  const spec = `${packageName()}@${FETCHED_MAJOR}`;
  process.stderr.write(
    `socialdesk: Node ${process.version} is older than 22.12; fetching ${spec} from the npm registry into .cache/node\n`,
  );
  const npm = npmCommand();
  const tarball = execFileSync(
    npm.file,
    [...npm.prefix, 'pack', spec, '--silent', '--pack-destination', staging],
    {
      encoding: 'utf8',
      shell: process.platform === 'win32',
    },
  )
    .trim()
    .split('\n')
    .pop();
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(staging, tarball), '-C', target]);
  fs.rmSync(staging, { recursive: true, force: true });
  const binary = cachedBinary();
  if (!fs.existsSync(binary)) throw new Error(`The fetched package has no Node binary at ${binary}`);
  return binary;
}

/** Path of a Node binary >= 22.12: the running one when it is new enough, else the cached Node 24. */
function ensureModernNode() {
  if (isNewEnough(process.version)) return process.execPath;
  const binary = cachedBinary();
  if (fs.existsSync(binary)) return binary;
  return fetchNode();
}

module.exports = { ensureModernNode, isNewEnough };

if (require.main === module) {
  // `node scripts/node-bootstrap.cjs` prints the folder to put first on PATH.
  process.stdout.write(path.dirname(ensureModernNode()) + '\n');
}
