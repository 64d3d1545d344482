// `npm run bench`: every benchmark, one after another (they measure time, so never in parallel).
// Each prints its figures beside their targets. `npm run bench -- sandbox` runs just one;
// options (`npm run bench:rate -- --quick`) go to the benchmarks run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const benchDir = join(import.meta.dirname, '..', 'bench');
const options = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const benches = readdirSync(benchDir)
  .filter((name) => name.endsWith('-bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.startsWith(`${w}-`)));
let failed = 0;
for (const name of benches) {
  console.log(`\n== ${name}`);
  const run = spawnSync(process.execPath, [join(benchDir, name), ...options], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
