import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communityInteractionListSchema,
  errorObjectSchema,
  replySchema,
  tiktokCommentSchema,
} from '../../../src/shared/domain/index.ts';
import type { TestSandbox } from '../helpers.ts';
import { startCommunitySandbox } from './community-sandbox.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- items are checked with the shared schemas first
type Item = Record<string, any> & { id: number };

/** The reply extension (conventions §9): POST /community_interactions/{id}/replies. */
describe('community: replies', () => {
  let sb: TestSandbox;
  let brand: number;
  const now = '2025-06-01T12:00:00Z';

  beforeAll(async () => {
    sb = await startCommunitySandbox({ now, rateLimit: 100_000 });
    brand = sb.brands[0]!;
  });
  afterAll(() => sb.close());

  /** Interactions of one type no other test of this file answers: each test takes its own index. */
  async function itemsOf(type: string): Promise<Item[]> {
    const result = await sb.call('GET', '/community/community_interactions', {
      query: { brand_ids: brand, types: type, limit: 20 },
    });
    return communityInteractionListSchema.parse(result.body).data as Item[];
  }
  async function reread(id: number): Promise<Item> {
    const result = await sb.call('GET', '/community/community_interactions', {
      query: { brand_ids: brand, id, limit: 1 },
    });
    return communityInteractionListSchema.parse(result.body).data[0] as Item;
  }
  const reply = (id: number, body: unknown) =>
    sb.call('POST', `/community/community_interactions/${id}/replies`, { body });
  const expectRefusal = (result: { status: number; body: unknown }, field: string) => {
    expect(result.status).toBe(422);
    expect(Object.keys(errorObjectSchema.parse(result.body).errors)).toContain(field);
  };

  it('answers 201 with the brand user reply and its text, and the interaction names it', async () => {
    const [item] = await itemsOf('INSTAGRAM_COMMENT');
    const result = await reply(item!.id, { text: 'Thanks, we are on it!' });
    expect(result.status).toBe(201);
    const sent = replySchema.parse(result.body.data);
    expect(sent).toMatchObject({
      brand_id: brand,
      resource_id: item!.id,
      resource_type: 'INSTAGRAM_COMMENT',
      text: 'Thanks, we are on it!',
      created_at: now,
      updated_at: now,
    });
    // The default replying user is the token's own.
    expect(typeof sent.user_id).toBe('number');
    expect((await reread(item!.id)).brand_user_reply).toEqual(sent);
  });

  it('adds a TikTok reply to the thread as the brand’s own, a comment like the others', async () => {
    const [comment] = await itemsOf('TIKTOK_COMMENT');
    const before = comment!.replies.length;
    const result = await reply(comment!.id, { text: 'Glad you liked it 🎉' });
    expect(result.status).toBe(201);
    const sent = replySchema.parse(result.body.data);
    const thread = tiktokCommentSchema.parse(
      (await sb.call('GET', `/community/tiktok_comments/${comment!.id}`)).body,
    );
    expect(thread.replies).toHaveLength(before + 1);
    expect(thread.comment_count).toBe(before + 1);
    expect(thread.replies!.at(-1)).toMatchObject({
      id: sent.id,
      is_owned: true,
      text: 'Glad you liked it 🎉',
      tiktok_parent_comment_id: thread.tiktok_comment_id,
    });
    expect(thread.brand_user_reply).toMatchObject({ id: sent.id, resource_type: 'TIKTOK_COMMENT' });
    // The new reply is a TikTok comment of its own id, and answering it is answering its thread.
    const byId = await sb.call('GET', `/community/tiktok_comments/${sent.id}`);
    expect(byId.body).toMatchObject({ id: sent.id, is_owned: true });
    expectRefusal(await reply(sent.id, { text: 'nested' }), 'community_interaction_id');
  });

  it('adds a conversation reply as the brand’s message at the end of the thread', async () => {
    const [conversation] = await itemsOf('FACEBOOK_CONVERSATION');
    const result = await reply(conversation!.id, { text: 'We sent you a new code.' });
    expect(result.status).toBe(201);
    expect(result.body.data.resource_type).toBe('FACEBOOK_MESSAGE');
    const after = await reread(conversation!.id);
    expect(after.messages.at(-1)).toMatchObject({ text: 'We sent you a new code.', is_from_brand: true });
    expect(after.messages).toHaveLength(conversation!.messages.length + 1);
  });

  it('counts each network’s limit, X by its weighted length, and refuses beyond it naming text', async () => {
    const [tiktok] = await itemsOf('TIKTOK_COMMENT').then((items) => items.slice(1));
    expectRefusal(await reply(tiktok!.id, { text: 'a'.repeat(151) }), 'text');
    expect((await reply(tiktok!.id, { text: 'a'.repeat(150) })).status).toBe(201);

    const [tweet] = await itemsOf('TWITTER_MENTION');
    // 140 emoji weigh 2 each: 280, the most X takes; one more is over.
    expect((await reply(tweet!.id, { text: '😀'.repeat(140) })).status).toBe(201);
    const over = await reply(tweet!.id, { text: '😀'.repeat(140) + 'a' });
    expectRefusal(over, 'text');
    expect(errorObjectSchema.parse(over.body).errors.text![0]).toContain('281');

    const [youtube] = await itemsOf('YOUTUBE_COMMENT');
    expectRefusal(await reply(youtube!.id, { text: 'y'.repeat(10_001) }), 'text');
    expectRefusal(await reply(youtube!.id, { text: '' }), 'text');
    expectRefusal(await reply(youtube!.id, {}), 'text');
  });

  it('refuses a retweet: it cannot be answered', async () => {
    const [retweet] = await itemsOf('TWITTER_RETWEET');
    const result = await reply(retweet!.id, { text: 'Thanks!' });
    expect(result.status).toBe(422);
    expect((await reread(retweet!.id)).brand_user_reply).toEqual(retweet!.brand_user_reply);
  });

  it('takes another replying user of the brand, and refuses one who does not work on it', async () => {
    const [item] = await itemsOf('FACEBOOK_COMMENT');
    expectRefusal(await reply(item!.id, { text: 'Hello', user_id: 999_999 }), 'user_id');
    expectRefusal(await reply(item!.id, { text: 'Hello', extra: true }), 'extra');
    expect(
      (await sb.call('POST', '/community/community_interactions/999999999/replies', { body: { text: 'x' } }))
        .status,
    ).toBe(404);
  });
});

describe('community: a service without the reply extension', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startCommunitySandbox({ without: ['replies'] });
  });
  afterAll(() => sb.close());

  it('answers 404 on the replies path, as a service that lacks it', async () => {
    const listed = await sb.call('GET', '/community/community_interactions', {
      query: { brand_ids: sb.brands[0]!, limit: 1 },
    });
    const [item] = communityInteractionListSchema.parse(listed.body).data;
    const result = await sb.call('POST', `/community/community_interactions/${item!.id}/replies`, {
      body: { text: 'Hello' },
    });
    expect(result.status).toBe(404);
  });
});
