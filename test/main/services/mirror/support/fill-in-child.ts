/**
 * A first fill in a process of its own (`node --expose-gc`), as main runs it: the mirror of every
 * brand of the sandbox at URLS (token TOKEN) into a profile database under DIR, retention a year.
 * Prints one JSON line: the rows stored, and how much the process's memory outside V8's heap
 * grew (the resident set less V8's heap, after a full collection each time): the C heap, where
 * zlib, SQLite and buffers live, and which keeps what it once took.
 */
import { getHeapStatistics } from 'node:v8';
import { createApiClient } from '../../../../../src/main/services/api/api-client.ts';
import { RateGate } from '../../../../../src/main/services/api/rate-gate.ts';
import { fillBrand } from '../../../../../src/main/services/mirror/mirror-fill.ts';
import { MirrorStore } from '../../../../../src/main/services/mirror/mirror-store.ts';
import { createProfileDatabases } from '../../../../../src/main/services/storage/profile-databases.ts';

const gc = (globalThis as { gc?: () => void }).gc!;
const outsideV8 = () => {
  gc();
  gc();
  return process.memoryUsage().rss - getHeapStatistics().total_physical_size;
};

const client = createApiClient({
  baseUrls: JSON.parse(process.env.URLS!),
  getToken: () => process.env.TOKEN!,
  gate: new RateGate({}),
});
const databases = createProfileDatabases({ directory: process.env.DIR! });
const store = new MirrorStore(databases.open('p1'));
const brandIds = JSON.parse(process.env.BRANDS!) as number[];
const signal = new AbortController().signal;
const before = outsideV8();
for (const brandId of brandIds)
  await fillBrand(
    { store, community: client.community, retentionDays: () => 365, now: Date.now, signal },
    brandId,
  );
const grown = outsideV8() - before;
const rows = Number(
  (store.db.prepare('SELECT count(*) AS n FROM mirror_interactions').get() as { n: number }).n,
);
databases.close();
console.log(JSON.stringify({ rows, outsideV8GrownMb: grown / (1024 * 1024) }));
// The client's connections are kept alive for a while; nothing else is left to do.
process.exit(0);
