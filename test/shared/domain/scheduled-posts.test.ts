import { describe, expect, it } from 'vitest';
import {
  approvalRequestSchema,
  instagramPostCreateSchema,
  instagramPostSchema,
  instagramPostUpdateSchema,
  linkedinPostCreateSchema,
  linkedinPostSchema,
  readOnlyPostFields,
  scheduledPostListSchemas,
  scheduledPostSchemas,
  schedulerChannels,
  snapchatPostSchema,
  threadsPostCreateSchema,
  threadsPostSchema,
  threadsPostUpdateSchema,
  twitterPostCreateSchema,
  twitterPostSchema,
  type ThreadsPostCreate,
} from '../../../src/shared/domain/index.ts';
import {
  AT,
  approvalRequestSample,
  instagramPostSample,
  linkedinPostSample,
  snapchatPostSample,
  threadsPostSample,
  twitterPostSample,
  without,
} from './samples.ts';

const threadsCreate: ThreadsPostCreate = {
  brand_id: 3,
  status: 'SCHEDULED',
  text: 'Hello Threads',
  timestamp: '2030-01-01T09:00:00Z',
  media_ids: [501],
  link: 'https://example.com',
  approval_policy: 'APPROVAL_REQUIRED',
  approval_requests: [{ requested_by_user_id: 10, review_user_id: 11 }],
  duplicate_to_brand_ids: [4, 5],
  post_group_id: '3f0e6b52-4a8e-4c1a-9f0e-2b8f4d6a1c3e',
  source_id: 'draft-7f3a',
};

describe('post responses', () => {
  it('parses a post of every channel, with the example values', () => {
    expect(threadsPostSchema.parse(threadsPostSample()).text).toBe('Hello Threads');
    const instagram = instagramPostSchema.parse(instagramPostSample());
    expect(instagram.user_tags?.[0]).toMatchObject({ x: 0.5, y: 0.5, tag_type: 'COLLABORATOR' });
    expect(instagram.approval_requests?.[0]).toMatchObject({
      approval_status: 'PENDING',
      post_platform: 'instagram',
    });
    const twitter = twitterPostSchema.parse(twitterPostSample());
    expect(twitter.replies?.[0]).toMatchObject({ thread_order: 1, text: 'and 2/2' });
    expect(linkedinPostSchema.parse(linkedinPostSample()).text).toBe('We are hiring.');
    expect(snapchatPostSchema.parse(snapchatPostSample()).status).toBe('SCHEDULED');
  });

  it('parses a failed post with its auto_publish_error, refuses an unknown error or status', () => {
    const failed = { ...threadsPostSample(), status: 'FAILED', auto_publish_error: 'TEXT_LENGTH_EXCEEDED' };
    expect(threadsPostSchema.parse(failed).auto_publish_error).toBe('TEXT_LENGTH_EXCEEDED');
    expect(threadsPostSchema.safeParse({ ...failed, auto_publish_error: 'OOPS' }).success).toBe(false);
    expect(threadsPostSchema.safeParse({ ...failed, status: 'PUBLISHED' }).success).toBe(false);
  });

  it('parses an approval request, refuses a negative reviewer', () => {
    expect(approvalRequestSchema.parse(approvalRequestSample()).deleted_at).toBeNull();
    expect(approvalRequestSchema.safeParse({ ...approvalRequestSample(), review_user_id: -1 }).success).toBe(
      false,
    );
  });

  it('parses lists of every channel', () => {
    const list = scheduledPostListSchemas.instagram.parse({
      data: [instagramPostSample()],
      paging: { count: 1, next: null, previous: null },
    });
    expect(list.data[0]?.caption).toBe('New in store');
  });
});

describe('create and update bodies', () => {
  it('accepts a Threads create and a partial update', () => {
    expect(threadsPostCreateSchema.parse(threadsCreate)).toEqual(threadsCreate);
    expect(threadsPostUpdateSchema.parse({ text: 'Edited' })).toEqual({ text: 'Edited' });
    expect(threadsPostUpdateSchema.parse({ timestamp: null, status: 'DRAFT' })).toEqual({
      timestamp: null,
      status: 'DRAFT',
    });
  });

  it('needs brand_id to create', () => {
    expect(threadsPostCreateSchema.safeParse(without(threadsCreate, 'brand_id')).success).toBe(false);
  });

  it('bounds text per channel: Threads 500, LinkedIn 3000, Twitter 280 (posts and replies)', () => {
    expect(threadsPostCreateSchema.safeParse({ brand_id: 3, text: 'a'.repeat(500) }).success).toBe(true);
    const threads = threadsPostCreateSchema.safeParse({ brand_id: 3, text: 'a'.repeat(501) });
    expect(threads.error?.issues[0]?.path).toEqual(['text']);
    expect(threads.error?.issues[0]?.message).toBe('Must be at most 500 characters.');
    expect(linkedinPostCreateSchema.safeParse({ brand_id: 3, text: 'a'.repeat(3000) }).success).toBe(true);
    expect(linkedinPostCreateSchema.safeParse({ brand_id: 3, text: 'a'.repeat(3001) }).success).toBe(false);
    expect(twitterPostCreateSchema.safeParse({ brand_id: 3, text: 'a'.repeat(281) }).success).toBe(false);
    const reply = { text: 'a'.repeat(281), thread_order: 1 };
    const twitter = twitterPostCreateSchema.safeParse({ brand_id: 3, text: 'ok', replies: [reply] });
    expect(twitter.error?.issues[0]?.path).toEqual(['replies', 0, 'text']);
  });

  it('takes text: null, as a post written without text reads, on posts and Twitter replies', () => {
    const cleared = { text: null };
    expect(threadsPostUpdateSchema.parse(cleared)).toEqual(cleared);
    expect(linkedinPostCreateSchema.parse({ brand_id: 3, ...cleared })).toEqual({ brand_id: 3, ...cleared });
    const thread = { brand_id: 3, ...cleared, replies: [{ ...cleared, thread_order: 1 }] };
    expect(twitterPostCreateSchema.parse(thread)).toEqual(thread);
    expect(threadsPostUpdateSchema.safeParse({ text: 5 }).success).toBe(false);
  });

  it('allows at most 55 duplicate_to_brand_ids', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(threadsPostCreateSchema.safeParse({ brand_id: 3, duplicate_to_brand_ids: ids(55) }).success).toBe(
      true,
    );
    expect(threadsPostCreateSchema.safeParse({ brand_id: 3, duplicate_to_brand_ids: ids(56) }).success).toBe(
      false,
    );
  });

  it('keeps Instagram tag coordinates within 0..1', () => {
    const tag = { username: 'ana', media_id: 501, x: 0.5, y: 0.5 };
    const body = { brand_id: 3, post_type: 'FEED', user_tags: [tag], collaborators: [{ username: 'ben' }] };
    expect(instagramPostCreateSchema.parse(body)).toEqual(body);
    expect(instagramPostCreateSchema.safeParse({ ...body, user_tags: [{ ...tag, x: 1.2 }] }).success).toBe(
      false,
    );
    const shopping = { fb_product_id: 'p1', x: 0, y: -0.1 };
    expect(instagramPostUpdateSchema.safeParse({ shopping_tags: [shopping] }).success).toBe(false);
  });

  it('refuses the response-only tag_type in a request', () => {
    const tag = { username: 'ana', media_id: null, x: 0.5, y: 0.5, tag_type: 'COLLABORATOR' };
    expect(instagramPostUpdateSchema.safeParse({ user_tags: [tag] }).success).toBe(false);
    expect(
      instagramPostUpdateSchema.safeParse({ collaborators: [{ username: 'b', tag_type: 'X' }] }).success,
    ).toBe(false);
  });

  it('refuses statuses only the service sets', () => {
    for (const status of ['POSTED', 'FAILED', 'MISSING_APPROVALS']) {
      expect(threadsPostUpdateSchema.safeParse({ status }).success, status).toBe(false);
    }
    expect(threadsPostUpdateSchema.safeParse({ status: 'AUTOPUBLISHING' }).success).toBe(true);
  });

  it('refuses an unknown field and every read-only field, on every channel', () => {
    for (const channel of schedulerChannels) {
      const { create, update } = scheduledPostSchemas[channel];
      expect(create.safeParse({ brand_id: 3, colour: 'red' }).success, channel).toBe(false);
      for (const field of readOnlyPostFields) {
        const value = field === 'id' ? 1 : field === 'created_at' ? AT : 'x';
        expect(update.safeParse({ [field]: value }).success, `${channel}.${field}`).toBe(false);
      }
    }
  });

  it('refuses approval requests carrying more than the two request fields', () => {
    const body = { brand_id: 3, approval_requests: [{ ...approvalRequestSample() }] };
    expect(threadsPostCreateSchema.safeParse(body).success).toBe(false);
  });

  it('refuses a negative id, a date-time without zone and a non-UUID post group', () => {
    expect(threadsPostCreateSchema.safeParse({ brand_id: -1 }).success).toBe(false);
    expect(threadsPostUpdateSchema.safeParse({ media_ids: [-1] }).success).toBe(false);
    expect(threadsPostUpdateSchema.safeParse({ timestamp: '2030-01-01T09:00:00' }).success).toBe(false);
    expect(threadsPostUpdateSchema.safeParse({ post_group_id: 'group-1' }).success).toBe(false);
  });

  it('accepts only the common fields on Snapchat', () => {
    expect(scheduledPostSchemas.snapchat.create.safeParse({ brand_id: 3, status: 'DRAFT' }).success).toBe(
      true,
    );
    expect(scheduledPostSchemas.snapchat.create.safeParse({ brand_id: 3, text: 'hi' }).success).toBe(false);
  });
});
