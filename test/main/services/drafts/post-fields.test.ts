import { describe, expect, it } from 'vitest';
import {
  differingFields,
  updateBody,
  validBody,
  writableFields,
} from '../../../../src/main/services/drafts/post-fields.ts';
import { scheduledPostSchemas } from '../../../../src/shared/domain/index.ts';

describe('post fields of a draft', () => {
  it('reduce a post as read to a body its update schema accepts, at every depth', () => {
    const post = {
      id: 5,
      brand_id: 101,
      source_id: 'sd-1',
      status: 'DRAFT',
      created_at: '2030-01-01T00:00:00Z',
      updated_at: '2030-01-01T00:00:00Z',
      text: 'Thread start',
      media_ids: null, // read as "no value"; the request form takes no null here
      timestamp: null, // ... but takes it here (unscheduled)
      approval_requests: [
        { id: 3, requested_by_user_id: 1, review_user_id: 2, approval_status: 'PENDING', post_id: 5 },
      ],
      replies: [{ id: 8, text: 'Part two', thread_order: 1, status: 'DRAFT', permalink: null }],
      tweet_status: 'DRAFT',
      live_post_url: null,
    };
    const fields = writableFields('twitter', post);
    expect(fields).toEqual({
      status: 'DRAFT',
      text: 'Thread start',
      timestamp: null,
      approval_requests: [{ requested_by_user_id: 1, review_user_id: 2 }],
      replies: [{ text: 'Part two', thread_order: 1, status: 'DRAFT' }],
    });
    expect(scheduledPostSchemas.twitter.update.safeParse(fields).success).toBe(true);
  });

  it('send only what changed since the base, a date-time written another way being no change', () => {
    const base = { text: 'a', timestamp: '2030-01-01T10:00:00Z', media_ids: [1, 2], status: 'DRAFT' };
    const mine = { text: 'b', timestamp: '2030-01-01T10:00:00.000+00:00', media_ids: [1, 2, 3] };
    expect(updateBody(mine, base)).toEqual({ text: 'b', media_ids: [1, 2, 3] });
    expect(differingFields({ ...base, ...mine }, { ...base, text: 'c' })).toEqual(['media_ids', 'text']);
  });

  it('name each field the shared schemas refuse, keyed as the service keys its 422s', () => {
    const checked = validBody('twitter', 'create', {
      brand_id: 101,
      text: 'x'.repeat(281),
      replies: [{ text: 'ok' }, { text: 'y'.repeat(281) }],
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.error.fieldErrors).sort()).toEqual(['replies.1.text', 'text']);
    expect(checked.error.code).toBe('invalid_input');
  });

  it('refuse a body past a network’s limit with the limit’s sentence, where the schemas take it', () => {
    const caption = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ');
    const checked = validBody('instagram', 'update', { caption, first_comment: 'ok' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error.fieldErrors).toEqual({ caption: ['31 hashtags, 1 more than the 30 allowed.'] });
    expect(checked.error.message).toBe(
      'This draft cannot be sent yet: caption: 31 hashtags, 1 more than the 30 allowed.',
    );
    expect(validBody('instagram', 'update', { caption: caption.replace(' #tag30', '') }).ok).toBe(true);
  });

  it('weigh an X reply as X counts it: 141 emoji are 282, past 280, in words', () => {
    const checked = validBody('twitter', 'update', { text: 'One', replies: [{ text: '🎉'.repeat(141) }] });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error.fieldErrors).toEqual({
      'replies.0.text': ['282 characters as X counts them, 2 more than the 280 allowed.'],
    });
  });
});
