import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityInteractionListSchema } from '../../../src/shared/domain/index.ts';
import type { TestSandbox } from '../helpers.ts';
import { startCommunitySandbox } from '../community/community-sandbox.ts';

/**
 * Paging links (conventions §5): only limit and offset change; every other parameter comes back
 * exactly as the client sent it, plain commas and colons included (conventions §6).
 */
describe('sandbox paging links', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startCommunitySandbox({ now: '2025-06-01T12:00:00Z' });
  });
  afterAll(() => sb.close());

  const list = async (search: string) => {
    const path = `${sb.sandbox.urls.community}/community_interactions`;
    const result = await sb.call('GET', `${path}?${search}`);
    expect(result.status).toBe(200);
    return { path, paging: communityInteractionListSchema.parse(result.body).paging };
  };

  it('adds limit and offset to a query without them, keeping the rest byte for byte', async () => {
    const brands = sb.brands.join(',');
    const search = `brand_ids=${brands}&source_updated_after=2025-01-01T00:00:00Z&types=TIKTOK_COMMENT,YOUTUBE_COMMENT`;
    const { path, paging } = await list(search);
    expect(paging.next).toBe(`${path}?${search}&limit=50&offset=50`);
    expect(paging.previous).toBeNull();
  });

  it('replaces limit and offset where the client put them, and keeps its own encoding of the rest', async () => {
    const rest = `brand_ids=${sb.brands[0]}%2C${sb.brands[1]}&source_updated_before=2025-06-01T00%3A00%3A00Z`;
    const { path, paging } = await list(`limit=2&${rest}&offset=4`);
    expect(paging.next).toBe(`${path}?limit=2&${rest}&offset=6`);
    expect(paging.previous).toBe(`${path}?limit=2&${rest}&offset=2`);
  });
});
