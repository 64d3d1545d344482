import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { campaignListSchema, campaignSchema } from '../../src/shared/domain/index.ts';
import { startSandbox } from '../../src/sandbox/start.ts';
import { startTestSandbox } from './helpers.ts';

describe('startSandbox', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every change in a file database across restarts and seeds it only once', async () => {
    const file = join(dir, 'nested', 'sandbox.db');
    const first = await startTestSandbox({ db: file, seed: 3 });
    expect(first.sandbox.seeded).toBe(true);
    const brand = first.brands[0]!;
    const listed = campaignListSchema.parse(
      (await first.call('GET', `/library/brands/${brand}/campaigns`)).body,
    );
    const target = listed.data[2]!.id;
    const renamed = await first.call('PUT', `/library/brands/${brand}/campaigns/${target}`, {
      body: { name: 'Kept Across Restarts' },
    });
    expect(renamed.status).toBe(200);
    const tokens = first.sandbox.tokens;
    await first.close();

    const second = await startTestSandbox({ db: file, seed: 3 });
    try {
      expect(second.sandbox.seeded).toBe(false);
      expect(second.sandbox.tokens).toEqual(tokens);
      // Connection settings hold on a reopened file too, where no seed step runs.
      expect(second.sandbox.db.prepare('PRAGMA cache_size').get()).toEqual({ cache_size: -65536 });
      expect(second.sandbox.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      const again = campaignListSchema.parse(
        (await second.call('GET', `/library/brands/${brand}/campaigns`, { query: { ids: String(target) } }))
          .body,
      );
      expect(campaignSchema.parse(again.data[0]).name).toBe('Kept Across Restarts');
      // No second seeding: the brand still has the same number of campaigns.
      const count = campaignListSchema.parse(
        (await second.call('GET', `/library/brands/${brand}/campaigns`, { query: { limit: 0 } })).body,
      ).paging.count;
      expect(count).toBe(listed.paging.count);
    } finally {
      await second.close();
    }
  });

  it('gives the same data and tokens for the same seed', async () => {
    const a = await startTestSandbox({ seed: 11, now: '2025-01-01T00:00:00Z' });
    const b = await startTestSandbox({ seed: 11, now: '2025-01-01T00:00:00Z' });
    try {
      expect(b.sandbox.tokens).toEqual(a.sandbox.tokens);
      const names = async (sb: typeof a) =>
        campaignListSchema
          .parse(
            (
              await sb.call('GET', `/library/brands/${sb.brands[0]}/campaigns`, {
                query: { summary: true, sort: 'CREATED' },
              })
            ).body,
          )
          .data.map((c) => c.name);
      expect(await names(b)).toEqual(await names(a));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('refuses a host that is not loopback', async () => {
    await expect(startSandbox({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });

  it('serves each area under its own base URL', async () => {
    const sb = await startTestSandbox();
    try {
      expect(Object.keys(sb.sandbox.urls).sort()).toEqual(['community', 'dashboard', 'library', 'scheduler']);
      expect(sb.sandbox.urls.library).toBe(`${sb.sandbox.origin}/library`);
      expect(sb.sandbox.brands.length).toBeGreaterThanOrEqual(3);
      expect(sb.sandbox.brands).not.toContain(sb.sandbox.foreignBrand);
    } finally {
      await sb.close();
    }
  });
});
