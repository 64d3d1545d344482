/**
 * Sandbox benchmark: `node bench/sandbox-bench.ts [--scale 20] [--rounds 60] [--duration 10]
 * [--verbose] [--db FILE]` (`npm run bench:sandbox`). Prints each figure of issue 3 beside its
 * target:
 *   1. seeding a new file database at --scale 20 (~100k interactions): target under 15 s;
 *   2. the interactions list over a broad set of filter combinations (every parameter of
 *      conventions §6 alone, then combined the way an inbox combines them, with every sort):
 *      issue 3 asks that any combination answer with p95 under 20 ms, so the figure held to the
 *      target is the p95 of the slowest combination, of filters in the default order and then of
 *      filters with every sort (RELEVANCE among them); then the p95 of all timed requests, and the
 *      three slowest combinations with their own median and p95; then, outside the set and for
 *      the record, a stop word found in most documents and a prefix of several common words
 *      (the worst case: every matching document is read to count them exactly, and scored for
 *      RELEVANCE);
 *   3. throughput of the interactions list with limit=100, measured with autocannon. Issue 3 sets
 *      no target; the line shows the rate limit's own ceiling (1000 calls per 60 s per
 *      application, conventions §4) for scale.
 *
 * How latency is measured: the server runs in its own process (the CLI, on the seeded file, rate
 * limit lifted), so the client never shares its event loop. Ids for the filters (tags, media,
 * tickets, assignee, interaction) are taken from the seeded data, so every combination has
 * matches. Two untimed warm-up rounds, then --rounds timed rounds; each round sends every
 * combination once, one request at a time, in a freshly shuffled order (seeded), so background
 * load and caches spread over all combinations alike. A request's time runs from sending it to
 * the last byte of its body. Every answer must be a 200.
 *
 * `--db FILE` keeps the database in FILE (seeded when new, so the seed is timed only then) to
 * compare runs on the same data without seeding again.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { AREAS } from '../src/sandbox/areas/index.ts';
import { startSandbox } from '../src/sandbox/start.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '20' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '60' },
    verbose: { type: 'boolean', default: false },
    db: { type: 'string' },
  },
});
const scale = Number(values.scale);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const targets = { seedSeconds: 15, p95Ms: 20 };
/** conventions §4: 1000 calls per 60 s window per application. */
const rateLimitPerSecond = 1000 / 60;
const hasCommunity = AREAS.some((area) => area.name === 'community');

function line(name: string, figure: string, target: string, ok: boolean | null) {
  const verdict = ok === null ? '' : ok ? 'ok' : 'MISSED';
  console.log(`${name.padEnd(46)} ${figure.padStart(14)}   target ${target.padEnd(10)} ${verdict}`);
}

/** The value at fraction p of sorted samples (nearest rank). */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}

/** A small seeded PRNG (mulberry32), so every run shuffles the same way. */
function shuffler(seed: number) {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
}

interface Item {
  id: number;
  brand_id: number;
  source_updated_at: string;
  tag_ids: number[];
  media_id?: number | null;
  assignee_id: number | null;
  tickets?: { source_id: string }[] | null;
}

/** Values from the seeded data, so each filter has matches. */
function sampleValues(items: readonly Item[]) {
  const first = <T>(found: T | undefined, what: string): T => {
    if (found === undefined) throw new Error(`No seeded interaction has ${what}.`);
    return found;
  };
  const newest = Math.max(...items.map((item) => Date.parse(item.source_updated_at)));
  const day = 86_400_000;
  const at = (daysBack: number) => new Date(newest - daysBack * day).toISOString().slice(0, 19) + 'Z';
  return {
    tag: first(items.find((item) => item.tag_ids.length > 0)?.tag_ids[0], 'a tag'),
    tagPair: first(items.find((item) => item.tag_ids.length >= 2)?.tag_ids.slice(0, 2), 'two tags'),
    media: [...new Set(items.map((item) => item.media_id).filter((id) => typeof id === 'number'))].slice(
      0,
      3,
    ),
    ticket: first(items.find((item) => (item.tickets?.length ?? 0) > 0)?.tickets?.[0]?.source_id, 'a ticket'),
    assignee: first(items.find((item) => item.assignee_id !== null)?.assignee_id ?? undefined, 'an assignee'),
    id: first(items[items.length - 1]?.id, 'an id'),
    last30: at(30),
    last90: at(90),
    before120: at(120),
    windowStart: at(100),
    windowEnd: at(86),
  };
}

/** The filter combinations: [label, query string without brand_ids]. */
function combinations(v: ReturnType<typeof sampleValues>, brands: readonly number[]): [string, string][] {
  const one = `brand_ids=${brands[0]}`;
  const window = `source_updated_after=${v.windowStart}&source_updated_before=${v.windowEnd}`;
  const alone: [string, string][] = [
    ['brand_ids only (newest first)', ''],
    ['one brand', one],
    ['limit=100', 'limit=100'],
    ['offset=5000', 'offset=5000'],
    ['types (2 types)', 'types=INSTAGRAM_COMMENT,FACEBOOK_COMMENT'],
    ['types (ads comments)', 'types=FACEBOOK_ADS_COMMENT,INSTAGRAM_ADS_COMMENT'],
    ['tag_ids (one)', `tag_ids=${v.tag}`],
    ['tag_ids (two, AND)', `tag_ids=${v.tagPair.join(',')}`],
    ['source_updated_after (30 days)', `source_updated_after=${v.last30}`],
    ['source_updated_before (120 days back)', `source_updated_before=${v.before120}`],
    ['after + before (2 weeks)', window],
    ['is_archived=false', 'is_archived=false'],
    ['is_follow_up=true', 'is_follow_up=true'],
    ['is_read=false', 'is_read=false'],
    ['query (one word)', 'query=love'],
    ['query (a rarer word)', 'query=refund'],
    ['query (two words, AND)', 'query=broken%20shipping'],
    ['query + multiple_keywords', 'query=price,water%20bottle&multiple_keywords=true'],
    ['media_ids', `media_ids=${v.media.join(',')}`],
    ['is_positive=true', 'is_positive=true'],
    ['is_negative=true', 'is_negative=true'],
    ['is_neutral=true', 'is_neutral=true'],
    ['is_question=true', 'is_question=true'],
    ['ticket_id', `ticket_id=${v.ticket}`],
    ['assignee_id', `assignee_id=${v.assignee}`],
    ['sort=SOURCE_UPDATED_AT', 'sort=SOURCE_UPDATED_AT'],
    ['sort=SAMPLE', 'sort=SAMPLE'],
    ['sort=RELEVANCE + query', 'sort=RELEVANCE&query=love'],
    ['filter_messages_by_date (2 weeks)', `filter_messages_by_date=true&${window}`],
    ['id', `id=${v.id}`],
    ['must_include_text=true', 'must_include_text=true'],
  ];
  const combined: [string, string][] = [
    ['inbox: unread, not archived', 'is_archived=false&is_read=false'],
    [
      'inbox: unread comments, 2 types',
      'is_archived=false&is_read=false&types=INSTAGRAM_COMMENT,TIKTOK_COMMENT',
    ],
    ['follow-ups of one assignee', `is_archived=false&is_follow_up=true&assignee_id=${v.assignee}`],
    [
      'negative TikTok comments, 30 days',
      `types=TIKTOK_COMMENT&is_negative=true&source_updated_after=${v.last30}`,
    ],
    [
      'questions, unread, with text, SAMPLE',
      'is_question=true&is_read=false&must_include_text=true&sort=SAMPLE',
    ],
    ['tag + unread, oldest first', `tag_ids=${v.tag}&is_read=false&sort=SOURCE_UPDATED_AT`],
    ['query + not archived, 90 days', `query=shipping&is_archived=false&source_updated_after=${v.last90}`],
    ['query + filter_messages_by_date', `query=love&filter_messages_by_date=true&${window}`],
    ['one brand, negative, query, RELEVANCE', `${one}&is_negative=true&query=refund&sort=RELEVANCE`],
    ['positive + neutral (multi-select)', 'is_positive=true&is_neutral=true&limit=100'],
    [
      'twitter types, limit=100, offset=200',
      'types=TWITTER_MENTION,TWITTER_QUOTE,TWITTER_RETWEET&limit=100&offset=200',
    ],
    [
      'one brand, ads, before, oldest, offset',
      `${one}&types=INSTAGRAM_ADS_COMMENT&source_updated_before=${v.before120}&sort=SOURCE_UPDATED_AT&offset=100`,
    ],
    ['media + unread + SAMPLE', `media_ids=${v.media.join(',')}&is_read=false&sort=SAMPLE`],
  ];
  return [...alone, ...combined];
}

const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
const dbFile = values.db ?? join(dir, 'bench.db');
const reused = existsSync(dbFile);
try {
  // ---- 1. seeding ----
  const started = performance.now();
  const seeded = await startSandbox({ db: dbFile, scale, quiet: true });
  const startMs = performance.now() - started;
  const counts = seeded.db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM campaigns) AS campaigns,
      ${hasCommunity ? '(SELECT COUNT(*) FROM community_interactions)' : '0'} AS interactions`,
    )
    .get();
  await seeded.close();
  console.log(
    `sandbox benchmark, --scale ${scale}: ${counts?.campaigns} campaigns, ${counts?.interactions} interactions\n`,
  );
  if (reused) {
    console.log(`seeding not timed: ${dbFile} was seeded before`);
  } else {
    line(
      'seed a new file database',
      `${(seeded.seedMs / 1000).toFixed(2)} s`,
      `< ${targets.seedSeconds} s`,
      seeded.seedMs / 1000 < targets.seedSeconds,
    );
    line('  start, seeding included', `${(startMs / 1000).toFixed(2)} s`, '-', null);
  }

  // ---- the server, in its own process, on the seeded file ----
  const child = spawn(
    process.execPath,
    ['src/sandbox/cli.ts', '--port', '0', '--json', '--db', dbFile, '--rate-limit', '1000000000'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ready = await new Promise<{
    urls: Record<string, string>;
    tokens: { application: string };
    brands: number[];
  }>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (text) => resolve(JSON.parse(text)));
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  const headers = { authorization: `Bearer ${ready.tokens.application}` };
  try {
    if (!hasCommunity) {
      console.log('interactions list: pending (community area not registered yet)');
    } else {
      const base = `${ready.urls.community}/community_interactions`;
      const brands = ready.brands.join(',');
      const get = async (query: string) => {
        const response = await fetch(`${base}?${query}`, { headers });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`${query} answered ${response.status}: ${text}`);
        return text;
      };
      const sample = JSON.parse(await get(`brand_ids=${brands}&limit=100&offset=300`)) as { data: Item[] };
      const combos = combinations(sampleValues(sample.data), ready.brands).map(
        ([label, extra]) =>
          [
            label,
            extra.startsWith('brand_ids=') ? extra : `brand_ids=${brands}${extra ? `&${extra}` : ''}`,
          ] as const,
      );

      // ---- 2. latency over the combinations ----
      const shuffle = shuffler(20_240_601);
      const perCombo = combos.map(() => [] as number[]);
      const matches = combos.map(() => 0);
      for (let round = 0; round < 2; round++)
        for (const index of shuffle(combos.map((_, i) => i))) {
          const body = JSON.parse(await get(combos[index]![1])) as { paging: { count: number } };
          matches[index] = body.paging.count;
        }
      const empty = combos.filter((_, index) => matches[index] === 0).map(([label]) => label);
      if (empty.length > 0) console.log(`  (no match, so timing an empty answer: ${empty.join('; ')})`);
      const all: number[] = [];
      for (let round = 0; round < rounds; round++) {
        for (const index of shuffle(combos.map((_, i) => i))) {
          const t = performance.now();
          await get(combos[index]![1]);
          const ms = performance.now() - t;
          perCombo[index]!.push(ms);
          all.push(ms);
        }
      }
      all.sort((a, b) => a - b);
      const stats = combos
        .map(([label, query], index) => {
          const sorted = [...perCombo[index]!].sort((a, b) => a - b);
          return {
            label,
            query,
            count: matches[index]!,
            p50: percentile(sorted, 0.5),
            p95: percentile(sorted, 0.95),
          };
        })
        .sort((a, b) => b.p95 - a.p95);
      // Filters choose which interactions answer, sort only their order: both readings of "any
      // filter combination" are held to the target, the strict one (every sort too) last.
      const filtersOnly = stats.filter((s) => !/(^|&)sort=/.test(s.query));
      for (const [label, set] of [
        [`list p95, slowest of ${filtersOnly.length} filter combinations`, filtersOnly],
        [`  the same with every sort: slowest of ${stats.length}`, stats],
      ] as const) {
        const worst = set[0]!;
        line(label, `${worst.p95.toFixed(1)} ms`, `< ${targets.p95Ms} ms`, worst.p95 < targets.p95Ms);
      }
      line(`  p95 of all ${all.length} requests`, `${percentile(all, 0.95).toFixed(1)} ms`, '-', null);
      line(
        '  p50 / p99 / max of all requests',
        `${percentile(all, 0.5).toFixed(1)} / ${percentile(all, 0.99).toFixed(1)} / ${all.at(-1)?.toFixed(1)}`,
        '-',
        null,
      );
      const describe = (s: (typeof stats)[number]) =>
        `${s.p50.toFixed(1).padStart(5)} ms median ${s.p95.toFixed(1).padStart(5)} ms p95 ${String(s.count).padStart(6)} matches  ${s.label}`;
      for (const s of stats.slice(0, 3)) console.log(`    slowest: ${describe(s)}`);
      if (values.verbose) {
        console.log('\n  every combination, slowest first:');
        for (const s of stats) console.log(`    ${describe(s)}\n${' '.repeat(10)}${s.query}`);
        console.log('');
      }

      // Outside the set, for the record: a stop word found in most documents (a one-word search,
      // answered from the word's rows), then the worst case of a search, a prefix of several
      // common words (th: the, this, that, ...), whose every matching document is read to count
      // them and scored for RELEVANCE.
      for (const [label, extra] of [
        ['stop word "the" (not in the set)', 'query=the'],
        ['stop word "the", RELEVANCE (not in the set)', 'query=the&sort=RELEVANCE'],
        ['prefix "th" of common words (not in the set)', 'query=th'],
        ['prefix "th", RELEVANCE (not in the set)', 'query=th&sort=RELEVANCE'],
      ]) {
        const times: number[] = [];
        let count = 0;
        for (let i = 0; i < 7; i++) {
          const t = performance.now();
          count = (JSON.parse(await get(`brand_ids=${brands}&${extra}`)) as { paging: { count: number } })
            .paging.count;
          times.push(performance.now() - t);
        }
        line(
          `  ${label}`,
          `${percentile(
            times.sort((a, b) => a - b),
            0.5,
          ).toFixed(1)} ms`,
          '-',
          null,
        );
        if (values.verbose) console.log(`${''.padEnd(46)} (${count} matches, median of 7)`);
      }

      // ---- 3. throughput ----
      const result = await autocannon({
        url: `${base}?brand_ids=${brands}&limit=100`,
        connections: 10,
        duration,
        headers,
      });
      const rps = result.requests.average;
      line(
        'interactions list limit=100 throughput',
        `${rps.toFixed(0)} req/s`,
        'none',
        result.non2xx === 0 && result.errors === 0 ? null : false,
      );
      console.log(
        `${''.padEnd(46)} (issue 3 sets no target; the rate limit lets one application send ${rateLimitPerSecond.toFixed(1)} req/s)`,
      );
      line(
        '  latency p50 / p99 (10 connections)',
        `${result.latency.p50} / ${result.latency.p99} ms`,
        '-',
        null,
      );
      if (result.non2xx > 0 || result.errors > 0)
        console.log(`  (${result.non2xx} non-2xx answers, ${result.errors} errors)`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
