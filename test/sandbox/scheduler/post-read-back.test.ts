import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  scheduledPostSchemas,
  schedulerChannels,
  type SchedulerChannel,
} from '../../../src/shared/domain/index.ts';
import type { TestSandbox } from '../helpers.ts';
import { nullKeys, requestFromRead } from '../request-from-read.ts';
import { startSchedulerSandbox } from './scheduler-sandbox.ts';

type Body = Record<string, unknown>;

const without = (body: Body, ...names: string[]): Body =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !names.includes(key)));

/**
 * What a client sends back of a post it read: its update form, every value as read. `status` is
 * left out: a client may set only DRAFT, SCHEDULED or AUTOPUBLISHING (conventions §7), so a POSTED
 * post's status is not sent back; so are a Twitter reply's status and approval requests, which
 * are its post's (sandbox README).
 */
function sentBack(channel: SchedulerChannel, post: Body): Body {
  const body = without(requestFromRead(scheduledPostSchemas[channel].update, post) as Body, 'status');
  if (Array.isArray(body.replies)) {
    body.replies = (body.replies as Body[]).map((reply) => without(reply, 'status', 'approval_requests'));
  }
  return body;
}

/** Posts written without any text, as a draft of media only starts (and a reply with no text). */
const textless: Record<SchedulerChannel, Body> = {
  threads: {},
  instagram: {},
  twitter: { replies: [{ thread_order: 1 }] },
  linkedin: {},
  snapchat: {},
};

/** The fields each channel's text-less post reads as null and must take back as null. */
const textField: Partial<Record<SchedulerChannel, string>> = {
  threads: 'text',
  instagram: 'caption',
  twitter: 'text',
  linkedin: 'text',
};

/**
 * Conventions §3: `null` for a field that reads as null is accepted in a request, so a client
 * that reads a post, edits one field and PATCHes the form back is not refused for a null it read
 * (every post reads `callback_socket_id: null`, a post written without text reads `text: null`),
 * and what it sent back unchanged stays unchanged.
 */
describe('scheduler: a post PATCHed back as it was read', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startSchedulerSandbox({ now: '2025-06-15T12:00:00Z', rateLimit: 100_000 });
    for (const channel of schedulerChannels) {
      const body = { brand_id: sb.brands[0], ...textless[channel] };
      const created = await sb.call('POST', `/scheduler/${channel}/scheduled_posts`, { body });
      expect(created.status, created.text).toBe(201);
    }
  });
  afterAll(() => sb.close());

  it.each(schedulerChannels)(
    'is accepted for every %s post, nulls included, and reads back unchanged',
    async (channel) => {
      const collection = `/scheduler/${channel}/scheduled_posts`;
      const list = await sb.call('GET', collection, {
        query: { brand_ids: sb.brands.join(','), limit: 1000 },
      });
      const posts = (list.body as { data: Body[] }).data;
      expect(posts.length).toBeGreaterThan(1);
      const nulls = new Set<string>();
      const replyNulls = new Set<string>();
      for (const post of posts) {
        const body = sentBack(channel, post);
        for (const key of nullKeys(body)) nulls.add(key);
        for (const reply of (body.replies as Body[] | undefined) ?? []) {
          for (const key of nullKeys(reply)) replyNulls.add(key);
        }
        const where = `${channel} post ${String(post.id)}`;
        const result = await sb.call('PATCH', `${collection}/${String(post.id)}`, { body });
        expect(result.status, `${where}: ${result.text}`).toBe(200);
        // Everything as read but updated_at, which the PATCH sets; a thread's replies included.
        const again = await sb.call('GET', `${collection}/${String(post.id)}`);
        const answer = again.body as Body;
        expect(answer, where).toEqual({ ...post, updated_at: answer.updated_at });
      }
      expect(nulls).toContain('callback_socket_id');
      const text = textField[channel];
      if (text) expect(nulls).toContain(text);
      if (channel === 'twitter') expect(replyNulls).toContain('text');
    },
  );
});
