import { describe, expect, it } from 'vitest';
import { withBrandIds } from '../../../../src/main/services/api/community.ts';
import { communityInteractionSchema, tiktokCommentSchema } from '../../../../src/shared/domain/index.ts';
import { clientFor, failureOf, sandboxForThisFile } from '../support/sandbox.ts';

/**
 * Community interactions, tags and statistics ({community_url}, ops 14 to 20 and the PATCH
 * extension) through the client, against a real sandbox whose clock is past the 2025-05-01
 * withdrawal of the single brand_id: a client that sent it would get 400.
 */
const sandbox = await sandboxForThisFile();
const client = clientFor(sandbox);
const brands = sandbox.brands;
const range = { source_updated_after: '2020-01-01T00:00:00Z', source_updated_before: '2030-01-01T00:00:00Z' };

describe('community client: tags', () => {
  it("creates a tag (service-picked color) and lists it among the brand's tags", async () => {
    const tag = await client.community.createTag({
      brand_id: brands[0]!,
      name: `Complaint ${crypto.randomUUID().slice(0, 8)}`,
    });
    expect(tag.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
    const tags = await client.community.listTags([brands[0]!]);
    expect(tags.map((t) => t.id)).toContain(tag.id);
  });

  it('answers 409 for a tag name already used in the brand, with a message for the form', async () => {
    const name = `Duplicate ${crypto.randomUUID().slice(0, 8)}`;
    await client.community.createTag({ brand_id: brands[0]!, name, color: '#112233' });
    const error = await failureOf(() => client.community.createTag({ brand_id: brands[0]!, name }));
    expect(error).toMatchObject({ kind: 'http', status: 409 });
    expect((error as Error).message).toMatch(/name|already|exists/i);
  });
});

describe('community client: interactions', () => {
  it('lists interactions of several brands at once, each one typed', async () => {
    const page = await client.community.listInteractions({ brand_ids: brands, limit: 25 });
    expect(page.data).toHaveLength(25);
    expect(page.paging.offset).toBe(0);
    expect(page.data.every((i) => brands.includes(i.brand_id))).toBe(true);
    expect(page.data.every((i) => communityInteractionSchema.safeParse(i).success)).toBe(true);
    expect(client.diagnosticsSeen).toEqual([]);
  });

  it('walks every page of a filtered list and yields exactly `count` interactions', async () => {
    const query = { brand_ids: [brands[0]!], types: ['INSTAGRAM_COMMENT' as const], limit: 100 };
    const { paging } = await client.community.listInteractions({ ...query, limit: 0 });
    const ids: number[] = [];
    for await (const interaction of client.community.iterateInteractions(query)) ids.push(interaction.id);
    expect(paging.count).toBeGreaterThan(100);
    expect(ids).toHaveLength(paging.count);
    expect(new Set(ids).size).toBe(paging.count);
  });

  it('marks an interaction read, follows it up and tags it (PATCH extension)', async () => {
    const [target] = (
      await client.community.listInteractions({ brand_ids: [brands[0]!], is_read: false, limit: 1 })
    ).data;
    const tag = await client.community.createTag({
      brand_id: brands[0]!,
      name: `Urgent ${crypto.randomUUID().slice(0, 8)}`,
    });
    const updated = await client.community.updateInteraction(target!.id, {
      is_read: true,
      is_follow_up: true,
      tag_ids: [tag.id],
    });
    expect(updated).toMatchObject({ id: target!.id, is_read: true, is_follow_up: true, tag_ids: [tag.id] });
    const tagged = await client.community.listInteractions({ brand_ids: [brands[0]!], tag_ids: [tag.id] });
    expect(tagged.data.map((i) => i.id)).toEqual([target!.id]);
  });

  it('reads a TikTok comment with its replies, and 404 for an unknown one', async () => {
    const [comment] = (
      await client.community.listInteractions({ brand_ids: brands, types: ['TIKTOK_COMMENT'], limit: 1 })
    ).data;
    const read = await client.community.tiktokComment(comment!.id);
    expect(tiktokCommentSchema.safeParse(read).success).toBe(true);
    expect(read.id).toBe(comment!.id);
    expect(await failureOf(() => client.community.tiktokComment(999_999_999))).toMatchObject({ status: 404 });
  });

  it('refuses a brand the token cannot reach (403)', async () => {
    const error = await failureOf(() =>
      client.community.listInteractions({ brand_ids: [sandbox.foreignBrand] }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 403 });
  });

  it('never sends the withdrawn single brand_id: one that slips in is sent as brand_ids', async () => {
    const legacy = { brand_id: brands[1]!, limit: 5 } as unknown as Parameters<
      typeof client.community.listInteractions
    >[0];
    expect(withBrandIds(legacy as never)).toEqual({ brand_ids: [brands[1]], limit: 5 });
    const page = await client.community.listInteractions(legacy);
    expect(page.data.every((i) => i.brand_id === brands[1])).toBe(true);
    // What the service does to a client that still sends it (and to the old per-brand paths).
    const raw = await failureOf(() =>
      client.http.send({
        operation: 'raw',
        area: 'community',
        method: 'GET',
        path: 'tags',
        query: { brand_id: brands[0] },
      }),
    );
    expect(raw).toMatchObject({ status: 400 });
    const gone = await failureOf(() =>
      client.http.send({
        operation: 'raw',
        area: 'community',
        method: 'GET',
        path: `brands/${brands[0]}/overview_stats`,
      }),
    );
    expect(gone).toMatchObject({ status: 410 });
  });
});

describe('community client: statistics across brands', () => {
  it('counts unread interactions by type and by brand', async () => {
    const counts = await client.community.unreadCounts({ brand_ids: brands, ...range });
    expect(counts.total).toBeGreaterThan(0);
    expect(Object.keys(counts.by_brand).map(Number).sort()).toEqual([...brands].sort());
  });

  it('reads the overview of several brands', async () => {
    const overview = await client.community.overviewStats(brands);
    expect(overview.total_count).toBeGreaterThan(0);
    expect(typeof overview.follow_up_count).toBe('number');
  });

  it('reads sentiment distribution, sentiment and volume series, and top keywords', async () => {
    const body = { brand_ids: brands, ...range };
    const distribution = await client.community.sentimentDistribution(body);
    expect(distribution.positive + distribution.negative + distribution.neutral).toBeGreaterThan(0);
    const sentiment = await client.community.sentimentTimeSeries(body);
    expect(sentiment[0]).toHaveProperty('date');
    const volume = await client.community.volumeTimeSeries(body);
    expect(volume.reduce((sum, day) => sum + day.count, 0)).toBeGreaterThan(0);
    const keywords = await client.community.topKeywords(body);
    expect(keywords[0]).toEqual(
      expect.objectContaining({ keyword: expect.any(String), count: expect.any(Number) }),
    );
  });
});
