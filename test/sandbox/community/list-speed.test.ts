import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityArea } from '../../../src/sandbox/areas/community/index.ts';
import { ftsExpression } from '../../../src/sandbox/areas/community/interaction-filter.ts';
import { filterOf, listInteractionIds } from '../../../src/sandbox/areas/community/interaction-list.ts';
import {
  brandStride,
  createWriter,
  documentBrandStride,
  type InteractionRow,
} from '../../../src/sandbox/areas/community/interaction-store.ts';
import { countedColumns, createCommunityTables } from '../../../src/sandbox/areas/community/tables.ts';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/start.ts';
import {
  communityInteractionListQuerySchema,
  communityInteractionListSchema,
} from '../../../src/shared/domain/index.ts';
import { TestSandbox, testSandboxDefaults } from '../helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- items are checked with the shared schema first
type Item = Record<string, any> & { id: number };

/**
 * What makes the interactions list fast (issue 3) without changing what it answers: every
 * statement it runs starts from an index, the count summaries stay equal to the rows through
 * updates, searches limited to brands and ranked pages give what a plain reading gives, and files
 * seeded before document ids carried the brand are still searched right.
 */
describe('community: interactions list speed', () => {
  let running: RunningSandbox;
  let sb: TestSandbox;
  let db: DatabaseSync;
  const now = '2025-06-01T12:00:00Z';

  beforeAll(async () => {
    running = await startSandbox({
      ...testSandboxDefaults,
      areas: [communityArea],
      now,
      rateLimit: 100_000,
      scale: 2,
    });
    sb = new TestSandbox(running);
    db = running.db;
  });
  afterAll(() => sb.close());

  /** Every statement the list runs for `query`, with its parameters. */
  function statementsOf(query: string): { sql: string; params: SQLInputValue[] }[] {
    const seen: { sql: string; params: SQLInputValue[] }[] = [];
    const prepare = db.prepare.bind(db);
    // Statements are cached per database object, so a fresh wrapper sees every one prepared.
    const traced = new Proxy(db, {
      get(target, name) {
        if (name !== 'prepare') {
          const value = Reflect.get(target, name, target) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return (sql: string) => {
          const statement = prepare(sql);
          const record =
            (method: 'all' | 'get' | 'run') =>
            (...params: SQLInputValue[]) => {
              seen.push({ sql, params });
              return statement[method](...params);
            };
          return { all: record('all'), get: record('get'), run: record('run') };
        };
      },
    });
    const parsed = communityInteractionListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    listInteractionIds(traced, filterOf(parsed), parsed.sort ?? '-SOURCE_UPDATED_AT', {
      limit: parsed.limit,
      offset: parsed.offset,
    });
    return seen;
  }

  it('starts every statement of the main filter combinations from an index: no full scan of the interactions', () => {
    const brands = sb.brands.join(',');
    const one = (sql: string) => db.prepare(sql).get() as Record<string, SQLInputValue>;
    const tag = one('SELECT tag_id AS v FROM community_interaction_tags LIMIT 1').v;
    const media = one(
      'SELECT media_id AS v FROM community_interactions WHERE media_id IS NOT NULL LIMIT 1',
    ).v;
    const ticket = one('SELECT source_id AS v FROM community_interaction_tickets LIMIT 1').v;
    const assignee = one(
      'SELECT assignee_id AS v FROM community_interactions WHERE assignee_id IS NOT NULL LIMIT 1',
    ).v;
    const id = one('SELECT max(id) AS v FROM community_interactions').v;
    const window = 'source_updated_after=2025-03-01T00:00:00Z&source_updated_before=2025-03-15T00:00:00Z';
    const combinations = [
      '',
      'offset=3000',
      'types=INSTAGRAM_COMMENT,FACEBOOK_ADS_COMMENT',
      `tag_ids=${tag}`,
      'source_updated_after=2025-05-01T00:00:00Z',
      'source_updated_before=2025-02-01T00:00:00Z',
      window,
      'is_archived=false&is_read=false',
      'is_follow_up=true',
      'query=love',
      'query=refund&is_archived=false',
      'query=price,water%20bottle&multiple_keywords=true',
      `media_ids=${media}`,
      'is_positive=true&is_neutral=true&is_question=true',
      `ticket_id=${ticket}`,
      `assignee_id=${assignee}`,
      'sort=SOURCE_UPDATED_AT',
      'sort=SAMPLE&is_read=false',
      'sort=RELEVANCE&query=love',
      'sort=RELEVANCE&query=love&is_negative=true',
      `filter_messages_by_date=true&${window}`,
      `filter_messages_by_date=true&query=love&${window}`,
      'filter_messages_by_date=true&source_updated_before=2025-02-01T00:00:00Z',
      `id=${id}`,
      'must_include_text=true&types=TWITTER_MENTION',
    ];
    for (const extra of combinations) {
      for (const brandIds of [brands, String(sb.brands[0])]) {
        const query = `brand_ids=${brandIds}${extra ? `&${extra}` : ''}`;
        const statements = statementsOf(query).filter(({ sql }) =>
          /community_interaction(s|_counts)\b/.test(sql),
        );
        expect(statements.length, query).toBeGreaterThan(0);
        // Brands, types, flags and sentiment alone are counted from the summaries, not row by row.
        if (!/tag_ids|source_updated|query|media_ids|ticket_id|assignee_id|id=/.test(extra))
          expect(
            statements.some(({ sql }) => sql.includes('FROM community_interaction_counts ci')),
            query,
          ).toBe(true);
        for (const { sql, params } of statements) {
          const plan = db
            .prepare(`EXPLAIN QUERY PLAN ${sql}`)
            .all(...params)
            .map((row) => String(row.detail));
          const where = `${query}\n${sql}\n${plan.join('\n')}`;
          // A table scan reads as "SCAN ci" (or the table's name) with no index after it.
          expect(
            plan.some((line) => /^SCAN (ci|community_interactions)$/.test(line)),
            where,
          ).toBe(false);
          // A count never reads a whole index either: it searches a range, or sums the summaries.
          if (/^\s*SELECT (count|coalesce\(sum)/i.test(sql))
            expect(
              plan.some((line) => /^SCAN (ci|community_interactions)\b/.test(line)),
              where,
            ).toBe(false);
        }
      }
    }
  });

  async function walk(query: Record<string, string | number | boolean>): Promise<Item[]> {
    const items: Item[] = [];
    let result = await sb.call('GET', '/community/community_interactions', {
      query: { limit: 100, ...query },
    });
    for (;;) {
      expect(result.status, result.text).toBe(200);
      const page = communityInteractionListSchema.parse(result.body);
      items.push(...(page.data as Item[]));
      if (!page.paging.next) {
        expect(items.length).toBe(page.paging.count);
        return items;
      }
      result = await sb.call('GET', page.paging.next);
    }
  }
  const sortedIds = (items: Item[]) => items.map((item) => item.id).sort((a, b) => a - b);
  const queryString = (query: Record<string, string | number | boolean>) =>
    new URLSearchParams(
      Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
    ).toString();

  it('keeps the count summaries equal to the interactions through updates, and fills them for an older file', async () => {
    const summaries = () =>
      db
        .prepare(
          `SELECT ${countedColumns.join(', ')}, n FROM community_interaction_counts WHERE n > 0 ORDER BY ${countedColumns.join(', ')}`,
        )
        .all();
    const actual = () =>
      db
        .prepare(
          `SELECT ${countedColumns.join(', ')}, count(*) AS n FROM community_interactions
            GROUP BY ${countedColumns.join(', ')} ORDER BY ${countedColumns.join(', ')}`,
        )
        .all();
    expect(summaries()).toEqual(actual());
    const brand = sb.brands[0]!;
    const unread = await walk({ brand_ids: brand, is_read: false, is_archived: false });
    for (const item of unread.slice(0, 5)) {
      const result = await sb.call('PATCH', `/community/community_interactions/${item.id}`, {
        body: { is_read: true, is_follow_up: !item.is_follow_up },
      });
      expect(result.status, result.text).toBe(200);
    }
    expect(summaries()).toEqual(actual());
    // The count (from the summaries) and the walk (from the rows) still agree.
    const after = await walk({ brand_ids: brand, is_read: false, is_archived: false });
    expect(sortedIds(after)).toEqual(sortedIds(unread.slice(5)));

    // A file seeded before the summaries existed gets them on its next start.
    const before = summaries();
    db.exec(`DROP TABLE community_interaction_counts; DROP TABLE community_interaction_span;`);
    createCommunityTables(db);
    expect(summaries()).toEqual(before);
    const span = db.prepare('SELECT max_span AS n FROM community_interaction_span').get();
    const longest = db
      .prepare('SELECT max(source_updated_at - first_at) AS n FROM community_interactions')
      .get();
    expect(span?.n).toBe(longest?.n);
  });

  it('answers several brands as the union of each brand, searches limited to brand ranges included', async () => {
    const [first, second, third] = sb.brands as [number, number, number];
    const filters: Record<string, string | boolean>[] = [
      { source_updated_after: '2025-05-01T00:00:00Z' },
      { is_read: false },
      { query: 'refund' },
      { query: 'love', is_negative: false },
      { query: 'price, shipping', multiple_keywords: true, sort: 'RELEVANCE' },
      {
        query: 'love',
        filter_messages_by_date: true,
        source_updated_after: '2025-02-01T00:00:00Z',
        source_updated_before: '2025-03-01T00:00:00Z',
      },
    ];
    for (const filter of filters) {
      // Brands that are not consecutive make two ranges; all three make one.
      for (const brands of [
        [first, third],
        [first, second, third],
      ]) {
        const together = await walk({ brand_ids: brands.join(','), ...filter });
        const each = (await Promise.all(brands.map((brand) => walk({ brand_ids: brand, ...filter })))).flat();
        expect(sortedIds(together), JSON.stringify({ brands, filter })).toEqual(sortedIds(each));
        expect(together.every((item) => brands.includes(item.brand_id))).toBe(true);
      }
    }
  });

  it('orders RELEVANCE by the best bm25 score of any document, newest first among equal scores', async () => {
    expect(documentBrandStride(db)).toBe(brandStride);
    const [first, , third] = sb.brands as [number, number, number];
    const since = '2025-03-01T00:00:00Z';
    // 'ship' starts two words (ship, shipping), so it and the two-word text are scored at query
    // time; a one-word search reads its word's scores, kept since the seed.
    expect(db.prepare("SELECT count(*) AS n FROM community_words WHERE word LIKE 'ship%'").get()?.n).toBe(2);
    // [brands, list parameters, the same filter on ci, ranked from kept word scores]
    const cases: [number[], Record<string, string | boolean>, string, boolean][] = [
      [sb.brands, { query: 'love', is_archived: false }, 'AND ci.is_archived = 0', true],
      [[first, third], { query: 'Love!' }, '', true],
      [
        sb.brands,
        { query: 'the', types: 'INSTAGRAM_COMMENT,TIKTOK_COMMENT', source_updated_after: since },
        `AND ci.type IN ('INSTAGRAM_COMMENT', 'TIKTOK_COMMENT') AND ci.source_updated_at >= ${Date.parse(since)}`,
        true,
      ],
      [
        sb.brands,
        { query: 'refund', multiple_keywords: true, is_negative: false },
        'AND ci.is_negative = 0',
        true,
      ],
      [sb.brands, { query: 'ship' }, '', false],
      [[first, third], { query: 'thank you', is_read: true }, 'AND ci.is_read = 1', false],
    ];
    for (const [brands, parameters, condition, fromWordScores] of cases) {
      const query = { brand_ids: brands.join(','), sort: 'RELEVANCE', ...parameters };
      const label = JSON.stringify(query);
      const statements = statementsOf(queryString(query));
      expect(
        statements.some(({ sql }) => sql.includes('community_word_scores')),
        label,
      ).toBe(fromWordScores);
      expect(
        statements.some(({ sql }) => sql.includes('bm25(')),
        label,
      ).toBe(!fromWordScores);
      // The order read straight from the index: every matching document scored, then sorted.
      const match = ftsExpression(String(parameters.query), parameters.multiple_keywords === true);
      const expected = db
        .prepare(
          `WITH scored AS MATERIALIZED (
             SELECT (f.rowid & ${brandStride - 1}) >> 6 AS id, bm25(community_documents_fts) AS score
               FROM community_documents_fts f WHERE community_documents_fts MATCH ?)
           SELECT ci.id FROM scored JOIN community_interactions ci ON ci.id = scored.id
            WHERE ci.brand_id IN (${brands.join(',')}) ${condition}
            GROUP BY ci.id ORDER BY min(scored.score) ASC, ci.source_updated_at DESC, ci.id DESC`,
        )
        .all(match)
        .map((row) => Number(row.id));
      expect(expected.length, label).toBeGreaterThan(150);
      const ranked = await walk(query);
      expect(
        ranked.map((item) => item.id),
        label,
      ).toEqual(expected);
      // A page from the middle, its first entries tied with the page before.
      const middle = await sb.call('GET', '/community/community_interactions', {
        query: { ...query, limit: 37, offset: 113 },
      });
      expect(
        (middle.body.data as Item[]).map((item) => item.id),
        label,
      ).toEqual(expected.slice(113, 150));
    }
  });

  it('finds a one-word search in time and sample order from its word rows, as the documents themselves do', async () => {
    const [first, second] = sb.brands as [number, number, number];
    const tagged = db.prepare('SELECT tag_id AS id FROM community_interaction_tags LIMIT 1').get()?.id;
    // [brands, list parameters, the same filter on ci, order]: dense and rare words, read in
    // index order and from the word's rows.
    const cases: [number[], Record<string, string | boolean | number>, string, string][] = [
      [sb.brands, { query: 'love' }, '', 'ci.source_updated_at DESC, ci.id DESC'],
      [[first], { query: 'the', sort: 'SOURCE_UPDATED_AT', offset: 40 }, '', 'ci.source_updated_at, ci.id'],
      [
        [first, second],
        { query: 'refund', is_read: false },
        'AND ci.is_read = 0',
        'ci.source_updated_at DESC, ci.id DESC',
      ],
      [sb.brands, { query: 'love', sort: 'SAMPLE' }, '', 'ci.sample_key, ci.id'],
      [
        sb.brands,
        { query: 'the', tag_ids: String(tagged) },
        `AND ci.id IN (SELECT interaction_id FROM community_interaction_tags WHERE tag_id = ${String(tagged)})`,
        'ci.source_updated_at DESC, ci.id DESC',
      ],
    ];
    for (const [brands, parameters, condition, order] of cases) {
      const query = { brand_ids: brands.join(','), limit: 30, ...parameters };
      const label = JSON.stringify(query);
      const statements = statementsOf(queryString(query));
      expect(
        statements.some(({ sql }) => sql.includes('community_word_scores')),
        label,
      ).toBe(true);
      expect(
        statements.some(({ sql }) => sql.includes('community_documents_fts')),
        label,
      ).toBe(false);
      const matches = db
        .prepare(
          `SELECT ci.id FROM community_interactions ci
            WHERE ci.brand_id IN (${brands.join(',')}) ${condition}
              AND ci.id IN (SELECT (f.rowid & ${brandStride - 1}) >> 6 FROM community_documents_fts f
                             WHERE community_documents_fts MATCH ?)
            ORDER BY ${order}`,
        )
        .all(ftsExpression(String(parameters.query), false))
        .map((row) => Number(row.id));
      expect(matches.length, label).toBeGreaterThan(20);
      const result = await sb.call('GET', '/community/community_interactions', { query });
      const answer = communityInteractionListSchema.parse(result.body);
      expect(answer.paging.count, label).toBe(matches.length);
      const offset = Number(parameters.offset ?? 0);
      expect(
        (answer.data as Item[]).map((item) => item.id),
        label,
      ).toEqual(matches.slice(offset, offset + 30));
    }
  });

  it('keeps word scores equal to a fresh scoring, fills them for an older file, and refuses a document written outside a seed', () => {
    const kept = (from: DatabaseSync) =>
      from
        .prepare(
          `SELECT w.word, s.score, s.interaction_id, s.brand_id FROM community_word_scores s
             JOIN community_words w ON w.id = s.word_id ORDER BY w.word, s.score, s.interaction_id`,
        )
        .all();
    const seeded = kept(db);
    expect(seeded.length).toBeGreaterThan(10_000);
    // A file seeded before word scores were kept: its tables are gone, reopening fills them.
    const file = join(mkdtempSync(join(tmpdir(), 'socialdesk-words-')), 'older.db');
    db.exec(`VACUUM INTO '${file}'`);
    const older = new DatabaseSync(file);
    try {
      older.exec(
        'DROP TABLE community_word_scores; DROP TABLE community_word_counts; DROP TABLE community_words',
      );
      createCommunityTables(older);
      expect(kept(older)).toEqual(seeded);
      // Any new document would change every score (bm25 counts documents and their lengths).
      const writer = createWriter(older);
      const interaction = older
        .prepare('SELECT * FROM community_interactions LIMIT 1')
        .get() as unknown as InteractionRow;
      writer.interaction({ ...interaction, id: 10_000_000 }, {});
      expect(() => writer.document(10_000_000, 0, interaction.source_updated_at, 'love it')).toThrow(
        /only in a bulk load/,
      );
    } finally {
      older.close();
      rmSync(dirname(file), { recursive: true, force: true });
    }
  });
});

describe('community: search in a file seeded before document ids carried the brand', () => {
  it('finds, counts and bounds the documents numbered interaction id * 64 + k', () => {
    const db = new DatabaseSync(':memory:');
    createCommunityTables(db);
    const day = 86_400_000;
    const start = Date.parse('2025-01-01T00:00:00Z');
    const insert = db.prepare(
      `INSERT INTO community_interactions (id, brand_id, type, is_ad, source_updated_at, first_at, is_read,
         is_archived, is_follow_up, is_positive, is_negative, is_neutral, is_question, assignee_id, media_id,
         has_text, sample_key, reply_count, response_seconds, updated_at)
       VALUES (?, ?, 'INSTAGRAM_CONVERSATION', 0, ?, ?, 0, 0, 0, 1, 0, 0, 0, NULL, NULL, 1, ?, 0, NULL, ?)`,
    );
    // [interaction id, brand, [text, day of the message]...]
    const conversations: [number, number, [string, number][]][] = [
      [
        1,
        7,
        [
          ['where is my refund', 1],
          ['thanks', 2],
        ],
      ],
      [
        2,
        7,
        [
          ['love it', 2],
          ['refund please', 3],
        ],
      ],
      [
        3,
        8,
        [
          ['refund?', 3],
          ['ok', 4],
        ],
      ],
      [
        4,
        7,
        [
          ['nothing here', 4],
          ['still nothing', 5],
        ],
      ],
      // Both span day 3 with neither end in it: only 5 has a message that day.
      [
        5,
        8,
        [
          ['hello', 1],
          ['a refund inside', 3.5],
          ['bye', 6],
        ],
      ],
      [
        6,
        8,
        [
          ['hello', 1],
          ['bye', 6],
        ],
      ],
    ];
    for (const [id, brand, messages] of conversations) {
      const days = messages.map(([, at]) => start + at * day);
      insert.run(id, brand, Math.max(...days), Math.min(...days), id, start);
      messages.forEach(([text], k) => {
        db.prepare('INSERT INTO community_documents (id, at) VALUES (?, ?)').run(id * 64 + k, days[k]!);
        db.prepare('INSERT INTO community_documents_fts (rowid, text) VALUES (?, ?)').run(id * 64 + k, text);
      });
    }
    expect(documentBrandStride(db)).toBe(0);
    const list = (query: string) => {
      const parsed = communityInteractionListQuerySchema.parse(
        Object.fromEntries(new URLSearchParams(query)),
      );
      return listInteractionIds(db, filterOf(parsed), parsed.sort ?? '-SOURCE_UPDATED_AT', {
        limit: parsed.limit,
        offset: parsed.offset,
      });
    };
    expect(list('brand_ids=7&query=refund')).toEqual({ count: 2, ids: [2, 1] });
    expect(list('brand_ids=7,8&query=refund&sort=SOURCE_UPDATED_AT')).toEqual({
      count: 4,
      ids: [1, 2, 3, 5],
    });
    expect(list('brand_ids=7&query=refund&sort=RELEVANCE').count).toBe(2);
    const dayThree = (extra: string) =>
      `${extra}&filter_messages_by_date=true&source_updated_after=${new Date(start + 3 * day).toISOString()}` +
      `&source_updated_before=${new Date(start + 4 * day).toISOString()}`;
    expect(list(dayThree('brand_ids=7,8'))).toEqual({ count: 3, ids: [5, 3, 2] });
    expect(list(dayThree('brand_ids=7,8&query=refund'))).toEqual({ count: 3, ids: [5, 3, 2] });
    expect(list(dayThree('brand_ids=7&query=refund'))).toEqual({ count: 1, ids: [2] });
    // A short window (under a quarter of the time the data spans) limits the search by interaction id.
    const window = `source_updated_after=${new Date(start + 3 * day).toISOString()}&source_updated_before=${new Date(start + 3.9 * day).toISOString()}`;
    expect(list(`brand_ids=7,8&query=refund&${window}`)).toEqual({ count: 1, ids: [2] });
    expect(list(`brand_ids=7,8&query=refund&sort=RELEVANCE&${window}`)).toEqual({ count: 1, ids: [2] });
    db.close();
  });
});
