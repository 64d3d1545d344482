import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/main/services/api/api-error.ts';
import { createApiClient } from '../../../../src/main/services/api/api-client.ts';
import { RateGate } from '../../../../src/main/services/api/rate-gate.ts';
import {
  scheduledPostSchemas,
  schedulerChannels,
  type ScheduledPostCreateOf,
  type SchedulerChannel,
} from '../../../../src/shared/domain/index.ts';
import { clientFor, failureOf, sandboxForThisFile } from '../support/sandbox.ts';

/** Scheduled posts on every channel ({scheduler_url}) through the client, against a real sandbox. */
const sandbox = await sandboxForThisFile();
const client = clientFor(sandbox);
const brand = sandbox.brands[0]!;

function draftFor<C extends SchedulerChannel>(channel: C, words: string): ScheduledPostCreateOf<C> {
  const text: Record<SchedulerChannel, object> = {
    threads: { text: words },
    instagram: { caption: words },
    twitter: { text: words },
    linkedin: { text: words },
    snapchat: {},
  };
  return { brand_id: brand, status: 'DRAFT', ...text[channel] } as ScheduledPostCreateOf<C>;
}

describe.each(schedulerChannels)('scheduled posts on %s', (channel) => {
  it('creates, reads, updates and deletes a post', async () => {
    const created = await client.scheduler.create(channel, draftFor(channel, `Launch day on ${channel}`));
    expect(created).toMatchObject({ brand_id: brand, status: 'DRAFT' });
    expect(scheduledPostSchemas[channel].post.safeParse(created).success).toBe(true);

    const read = await client.scheduler.get(channel, created.id);
    expect(read.id).toBe(created.id);

    const updated = await client.scheduler.update(channel, created.id, { sort_index: 7 });
    expect(updated).toMatchObject({ id: created.id, sort_index: 7, status: 'DRAFT' }); // omitted fields kept

    await expect(client.scheduler.delete(channel, created.id)).resolves.toBeUndefined();
    expect(await failureOf(() => client.scheduler.get(channel, created.id))).toMatchObject({ status: 404 });
  });

  it('walks every page of the list and yields exactly `count` posts', async () => {
    const { paging } = await client.scheduler.list(channel, { brand_ids: [brand], limit: 0 });
    const ids: number[] = [];
    for await (const post of client.scheduler.iterate(channel, { brand_ids: [brand], limit: 7 }))
      ids.push(post.id);
    expect(paging.count).toBeGreaterThan(7);
    expect(ids).toHaveLength(paging.count);
    expect(new Set(ids).size).toBe(paging.count);
  });
});

describe('scheduled posts: errors and lost answers', () => {
  it('gives the form the field error of a Threads text over 500 characters (422)', async () => {
    const error = await failureOf(() =>
      client.scheduler.create('threads', { brand_id: brand, text: 'x'.repeat(501) }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).fieldErrors.text?.[0]).toMatch(/500/);
  });

  it('refuses a list without brands for a normal user (422) and a foreign brand (403)', async () => {
    expect(await failureOf(() => client.scheduler.list('threads'))).toMatchObject({ status: 422 });
    expect(
      await failureOf(() => client.scheduler.list('threads', { brand_ids: [sandbox.foreignBrand] })),
    ).toMatchObject({ status: 403 });
  });

  it('finds a create whose answer was lost by its source_id instead of creating it twice', async () => {
    let creates = 0;
    const lossy = createApiClient({
      baseUrls: sandbox.urls,
      getToken: () => sandbox.tokens.user,
      gate: new RateGate(),
      // The request reaches the service, then the connection drops before the answer arrives.
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if ((input as Request).method === 'POST') {
          creates += 1;
          throw new TypeError('fetch failed');
        }
        return response;
      },
    });
    const sourceId = `draft-${crypto.randomUUID()}`;
    const post = await lossy.scheduler.create('linkedin', {
      brand_id: brand,
      text: 'Hiring!',
      source_id: sourceId,
    });
    expect(creates).toBe(1); // never re-sent
    expect(post).toMatchObject({ source_id: sourceId, text: 'Hiring!' });
    const matches = await client.scheduler.list('linkedin', { brand_ids: [brand], source_ids: [sourceId] });
    expect(matches.paging.count).toBe(1);
  });
});
