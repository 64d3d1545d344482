import { describe, expect, it } from 'vitest';
import { serviceQueryOf } from '../../../../src/main/services/inbox/inbox-query.ts';
import { communityInteractionListQuerySchema } from '../../../../src/shared/domain/index.ts';

/** What the filter leaves out of the query; the sandbox tests check what each field maps to. */
describe('serviceQueryOf', () => {
  it('sends brands and the newest-first sort alone for an empty filter', () => {
    expect(serviceQueryOf([101, 102], {})).toEqual({ brand_ids: [101, 102], sort: '-SOURCE_UPDATED_AT' });
  });

  it('leaves out empty lists, which would ask for nothing rather than everything', () => {
    expect(serviceQueryOf([101], { types: [], tagIds: [], mediaIds: [] })).toEqual({
      brand_ids: [101],
      sort: '-SOURCE_UPDATED_AT',
    });
  });

  it('sends false flags as false, not as left out', () => {
    expect(
      serviceQueryOf([101], { read: false, archived: false, followUp: false, question: false }),
    ).toMatchObject({
      is_read: false,
      is_archived: false,
      is_follow_up: false,
      is_question: false,
    });
  });

  it('sends the keyword-list switch and message dates only with what they apply to', () => {
    const query = serviceQueryOf([101], { keywordList: true, messageDates: true });
    expect(query).not.toHaveProperty('multiple_keywords');
    expect(query).not.toHaveProperty('filter_messages_by_date');
  });

  it('builds a query the service schema accepts, for every field at once', () => {
    const query = serviceQueryOf([101, 102], {
      types: ['TIKTOK_COMMENT'],
      tagIds: [1, 2],
      read: false,
      archived: false,
      followUp: true,
      sentiment: 'neutral',
      question: true,
      assigneeId: 3,
      ticketId: 'T-1',
      mediaIds: [9],
      text: 'a, b',
      keywordList: true,
      mustIncludeText: true,
      from: '2026-01-01T00:00:00Z',
      to: '2026-02-01T00:00:00Z',
      messageDates: true,
      sort: 'RELEVANCE',
    });
    expect(communityInteractionListQuerySchema.safeParse(query).success).toBe(true);
    expect(query).toMatchObject({ is_neutral: true, multiple_keywords: true, filter_messages_by_date: true });
    expect(query).not.toHaveProperty('is_positive');
  });
});
