'use strict';
// Finds a Node new enough to run this project's scripts. package.json's engines field says
// >= 22.12 (the tools' own floor), but the scripts need more: `node file.ts` without a flag
// (type stripping: 22.18 / 23.6) and node:sqlite without a flag (22.13 / 23.4). When the
// running Node is older than that, fetches Node 24 from the npm registry (the node-<os>-<arch>
// packages ship the binary) into a git-ignored cache folder. Plain CommonJS with no
// dependencies, because it must run on the old Node before anything is installed.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// Per major line, the first minor release with both features unflagged; 24 and later have them.
const FIRST_GOOD_MINOR = { 22: 18, 23: 6 };
const FETCHED_MAJOR = '24';
const CACHE_DIR = path.join(__dirname, '..', '.cache', 'node');

/** Whether `version` (as in process.version, "v22.18.0") runs the scripts without flags. */
function isNewEnough(version) {
  const match = /^v?(\d+)\.(\d+)\./.exec(version);
  if (!match) return false;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major >= 24) return true;
  return major in FIRST_GOOD_MINOR && minor >= FIRST_GOOD_MINOR[major];
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
    `socialdesk: Node ${process.version} cannot run TypeScript and node:sqlite without flags (needs >= 22.18); fetching ${spec} from the npm registry into .cache/node\n`,
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

/** Path of a Node binary that isNewEnough: the running one when it is new enough, else the cached Node 24. */
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
