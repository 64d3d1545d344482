import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledPostSchemas, schedulerChannels } from '../../../src/shared/domain/index.ts';
import type { TestSandbox } from '../helpers.ts';
import { nullKeys, requestFromRead } from '../request-from-read.ts';
import { startSchedulerSandbox } from './scheduler-sandbox.ts';

type Body = Record<string, unknown>;

const without = (body: Body, ...names: string[]): Body =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !names.includes(key)));

/**
 * Conventions §3: `null` for a field that reads as null is accepted in a request, so a client
 * that reads a post, edits one field and PATCHes the form back is not refused for a null it read
 * (every post reads `callback_socket_id: null`). `status` is left out: a client may set only
 * DRAFT, SCHEDULED or AUTOPUBLISHING (conventions §7), so a POSTED post's status is not sent back;
 * so are a Twitter reply's status and approval requests, which are its post's (sandbox README).
 */
describe('scheduler: a post PATCHed back as it was read', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startSchedulerSandbox({ now: '2025-06-15T12:00:00Z', rateLimit: 100_000 });
  });
  afterAll(() => sb.close());

  it.each(schedulerChannels)('is accepted for every seeded %s post, nulls included', async (channel) => {
    const collection = `/scheduler/${channel}/scheduled_posts`;
    const list = await sb.call('GET', collection, { query: { brand_ids: sb.brands.join(','), limit: 1000 } });
    const posts = (list.body as { data: Body[] }).data;
    expect(posts.length).toBeGreaterThan(0);
    const nulls = new Set<string>();
    for (const post of posts) {
      const body = without(requestFromRead(scheduledPostSchemas[channel].update, post) as Body, 'status');
      // A Twitter reply shows its post's status and approvals, which are sent on the post.
      if (Array.isArray(body.replies)) {
        body.replies = (body.replies as Body[]).map((reply) => without(reply, 'status', 'approval_requests'));
      }
      for (const key of nullKeys(body)) nulls.add(key);
      const result = await sb.call('PATCH', `${collection}/${String(post.id)}`, { body });
      expect(result.status, `${channel} post ${String(post.id)}: ${result.text}`).toBe(200);
    }
    expect(nulls).toContain('callback_socket_id');
  });
});
