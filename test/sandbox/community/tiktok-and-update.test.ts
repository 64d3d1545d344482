import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communityInteractionListSchema,
  communityInteractionSchema,
  errorObjectSchema,
  tiktokCommentSchema,
} from '../../../src/shared/domain/index.ts';
import type { TestSandbox } from '../helpers.ts';
import { startCommunitySandbox } from './community-sandbox.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- items are checked with the shared schemas first
type Item = Record<string, any> & { id: number };

/** Op 17 (GET /tiktok_comments/{id}) and the PATCH /community_interactions/{id} extension. */
describe('community: TikTok threads and interaction updates', () => {
  let sb: TestSandbox;
  let brand: number;
  const now = '2025-06-01T12:00:00Z';

  beforeAll(async () => {
    sb = await startCommunitySandbox({ now, rateLimit: 100_000 });
    brand = sb.brands[0]!;
  });
  afterAll(() => sb.close());

  async function list(query: Record<string, string | number | boolean>): Promise<Item[]> {
    const result = await sb.call('GET', '/community/community_interactions', {
      query: { brand_ids: brand, limit: 100, ...query },
    });
    return communityInteractionListSchema.parse(result.body).data as Item[];
  }
  const expectError = (result: { status: number; body: unknown }, status: number, field?: string) => {
    expect(result.status).toBe(status);
    const error = errorObjectSchema.parse(result.body);
    if (field)
      expect(Object.keys(error.errors).some((key) => key === field || key.startsWith(`${field}.`))).toBe(
        true,
      );
  };

  it('reads a TikTok comment with its replies, brand reply, video and sentiment share', async () => {
    const comments = await list({ types: 'TIKTOK_COMMENT' });
    const threaded = comments.find((item) => item.replies.length >= 2 && item.brand_user_reply)!;
    const result = await sb.call('GET', `/community/tiktok_comments/${threaded.id}`);
    expect(result.status).toBe(200);
    const comment = tiktokCommentSchema.parse(result.body);
    expect(comment).toEqual(threaded);
    expect(comment.comment_count).toBe(comment.replies!.length);
    for (const reply of comment.replies!) {
      expect(reply).toMatchObject({
        type: 'TIKTOK_COMMENT',
        brand_id: brand,
        tiktok_parent_comment_id: comment.tiktok_comment_id,
        media_id: comment.media_id,
      });
      expect(reply).not.toHaveProperty('replies');
    }
    const owned = comment.replies!.find((reply) => reply.is_owned)!;
    expect(comment.brand_user_reply).toMatchObject({
      resource_id: comment.id,
      resource_type: 'TIKTOK_COMMENT',
      brand_id: brand,
      created_at: owned.created_at,
    });
    const share = comment.media_comment_sentiment!;
    expect(share.positive_percentage + share.negative_percentage + share.neutral_percentage).toBeCloseTo(
      100,
      0,
    );
    // post_media counts come from the comments on that video.
    const onVideo = comments.filter((item) => item.media_id === comment.media_id);
    const all = await list({ media_ids: comment.media_id!, limit: 100 });
    expect(all.length).toBeGreaterThanOrEqual(onVideo.length);
    const counts = comment.post_media!.media_comment_sentiment!;
    expect(counts.positive_count).toBe(all.filter((item) => item.sentiment.is_positive).length);
    expect(comment.post_media!.comment_count).toBe(
      all.reduce((sum, item) => sum + 1 + item.replies.length, 0),
    );
  });

  it('names a pinned comment on some videos', async () => {
    const comments = await list({ types: 'TIKTOK_COMMENT' });
    const pinned = comments.filter((item) => item.video_pinned_comment_id !== null);
    expect(pinned.length).toBeGreaterThan(0);
    const target = await sb.call('GET', `/community/tiktok_comments/${pinned[0]!.video_pinned_comment_id}`);
    expect(target.body.media_id).toBe(pinned[0]!.media_id);
  });

  it('answers 404 for unknown ids and other types, 403 for another brand, 401 without a token', async () => {
    expectError(await sb.call('GET', '/community/tiktok_comments/999999999'), 404);
    expectError(await sb.call('GET', '/community/tiktok_comments/abc'), 404);
    const mention = (await list({ types: 'TWITTER_MENTION', limit: 1 }))[0]!;
    expectError(await sb.call('GET', `/community/tiktok_comments/${mention.id}`), 404);
    const foreign = sb.sandbox.db
      .prepare("SELECT id FROM community_interactions WHERE brand_id = ? AND type = 'TIKTOK_COMMENT' LIMIT 1")
      .get(sb.sandbox.foreignBrand);
    expectError(await sb.call('GET', `/community/tiktok_comments/${Number(foreign?.id)}`), 403);
    expectError(await sb.call('GET', `/community/tiktok_comments/${mention.id}`, { token: null }), 401);
  });

  it('answers a reply id with that reply, as its thread shows it (403 for another brand)', async () => {
    const thread = (await list({ types: 'TIKTOK_COMMENT' })).find((item) => item.replies.length >= 2)!;
    for (const reply of thread.replies as Item[]) {
      const result = await sb.call('GET', `/community/tiktok_comments/${reply.id}`);
      expect(result.status).toBe(200);
      expect(tiktokCommentSchema.parse(result.body)).toEqual(reply);
      expect(result.body.tiktok_parent_comment_id).toBe(thread.tiktok_comment_id);
    }
    const foreignThread = sb.sandbox.db
      .prepare(
        "SELECT id FROM community_interactions WHERE brand_id = ? AND type = 'TIKTOK_COMMENT' AND reply_count > 0 LIMIT 1",
      )
      .get(sb.sandbox.foreignBrand);
    // A thread's first reply takes the id after it (the seed numbers replies after their comment).
    expectError(await sb.call('GET', `/community/tiktok_comments/${Number(foreignThread?.id) + 1}`), 403);
  });

  it('answers a PATCH of a reply id with 422 naming its thread, and changes nothing', async () => {
    const thread = (await list({ types: 'TIKTOK_COMMENT', is_read: false })).find(
      (item) => item.replies.length > 0,
    )!;
    const reply = thread.replies[0] as Item;
    const result = await sb.call('PATCH', `/community/community_interactions/${reply.id}`, {
      body: { is_read: true },
    });
    expectError(result, 422, 'community_interaction_id');
    expect(result.body.message).toContain(`PATCH /community_interactions/${thread.id}`);
    expect(result.body.errors.community_interaction_id[0]).toContain(String(thread.id));
    const [after] = await list({ id: thread.id });
    expect(after).toEqual(thread);
  });

  it('updates flags, tags and assignee; omitted fields stay; the list filters see the change', async () => {
    const target = (await list({ is_read: false, is_archived: false, limit: 1 }))[0]!;
    const tags = (await sb.call('GET', '/community/tags', { query: { brand_ids: brand } })).body.data as {
      id: number;
    }[];
    const tagIds = [tags[0]!.id, tags[1]!.id];
    const assignee = sb.sandbox.db
      .prepare(
        'SELECT user_id FROM user_brands ub JOIN users u ON u.id = ub.user_id WHERE brand_id = ? AND is_application_user = 0 LIMIT 1',
      )
      .get(brand);
    const result = await sb.call('PATCH', `/community/community_interactions/${target.id}`, {
      body: { is_read: true, tag_ids: tagIds, assignee_id: Number(assignee?.user_id) },
    });
    expect(result.status).toBe(200);
    const updated = communityInteractionSchema.parse(result.body) as Item;
    expect(updated).toMatchObject({
      is_read: true,
      tag_ids: [...tagIds].sort((a, b) => a - b),
      assignee_id: Number(assignee?.user_id),
    });
    for (const key of Object.keys(target)) {
      if (['is_read', 'tag_ids', 'assignee_id', 'updated_at', 'replies'].includes(key)) continue;
      expect(updated[key], key).toEqual(target[key]);
    }
    // Reading a TikTok thread reads its replies too; nothing else about them changes.
    const unread = (reply: Item) => ({ ...reply, is_read: false });
    expect((updated.replies ?? []).map(unread)).toEqual((target.replies ?? []).map(unread));
    expect((updated.replies ?? []).every((reply: Item) => reply.is_read)).toBe(true);
    expect(updated.updated_at).toBe(now);
    const tagged = await list({ tag_ids: tagIds.join(','), is_read: true });
    expect(tagged.map((item) => item.id)).toContain(target.id);
    expect((await list({ id: target.id, is_read: false })).length).toBe(0);

    const unassigned = await sb.call('PATCH', `/community/community_interactions/${target.id}`, {
      body: { assignee_id: null, tag_ids: [] },
    });
    expect(unassigned.body).toMatchObject({ assignee_id: null, tag_ids: [], is_read: true });
    const archived = await sb.call('PATCH', `/community/community_interactions/${target.id}`, {
      body: { is_archived: true, is_follow_up: true },
    });
    expect(archived.body).toMatchObject({ is_archived: true, is_follow_up: true, is_read: true });
  });

  it('refuses tags of another brand, strangers as assignees and empty or unknown bodies (422)', async () => {
    const target = (await list({ limit: 1 }))[0]!;
    const otherTags = (await sb.call('GET', '/community/tags', { query: { brand_ids: sb.brands[1]! } })).body
      .data as { id: number }[];
    const path = `/community/community_interactions/${target.id}`;
    expectError(await sb.call('PATCH', path, { body: { tag_ids: [otherTags[0]!.id] } }), 422, 'tag_ids');
    expectError(await sb.call('PATCH', path, { body: { assignee_id: 12 } }), 422, 'assignee_id');
    expectError(await sb.call('PATCH', path, { body: {} }), 422);
    expectError(await sb.call('PATCH', path, { body: { is_read: 'yes' } }), 422, 'is_read');
    expectError(await sb.call('PATCH', path, { body: { text: 'edited' } }), 422, 'text');
    expectError(await sb.call('PATCH', path, { rawBody: '{' }), 400);
    // Nothing changed.
    const [after] = await list({ id: target.id });
    expect(after).toEqual(target);
  });

  it('answers 404, 403 and 405 where they apply', async () => {
    expectError(
      await sb.call('PATCH', '/community/community_interactions/999999999', { body: { is_read: true } }),
      404,
    );
    const foreign = sb.sandbox.db
      .prepare('SELECT id FROM community_interactions WHERE brand_id = ? LIMIT 1')
      .get(sb.sandbox.foreignBrand);
    expectError(
      await sb.call('PATCH', `/community/community_interactions/${Number(foreign?.id)}`, {
        body: { is_read: true },
      }),
      403,
    );
    expectError(await sb.call('DELETE', `/community/community_interactions/${Number(foreign?.id)}`), 405);
    expectError(await sb.call('POST', '/community/tiktok_comments/1', { body: {} }), 405);
  });
});
