import { describe, expect, it } from 'vitest';
import {
  campaignSortSchema,
  communityPagingSchema,
  dateOrDateTimeSchema,
  dateSchema,
  dateTimeSchema,
  errorObjectSchema,
  idSchema,
  interactionListTypeSchema,
  interactionTypeSchema,
  listOf,
  pagingSchema,
  reportTypeSchema,
  schedulerChannels,
  settablePostStatusSchema,
  unreadCountTypeSchema,
} from '../../../src/shared/domain/index.ts';

describe('ids and dates', () => {
  it('accepts ids >= 0 and refuses -1 and fractions', () => {
    expect(idSchema.parse(0)).toBe(0);
    expect(idSchema.safeParse(-1).success).toBe(false);
    expect(idSchema.safeParse(1.5).success).toBe(false);
  });

  it('accepts date-times with a zone and refuses one without', () => {
    expect(dateTimeSchema.safeParse('2023-11-07T05:31:56Z').success).toBe(true);
    expect(dateTimeSchema.safeParse('2023-11-07T05:31:56+02:00').success).toBe(true);
    expect(dateTimeSchema.safeParse('2023-11-07T05:31:56').success).toBe(false);
    expect(dateSchema.safeParse('2023-11-07').success).toBe(true);
    expect(dateSchema.safeParse('07/11/2023').success).toBe(false);
  });

  it('accepts the date-or-date-time pattern of the stats overview', () => {
    for (const value of ['2023-11-07', '2023-11-07T05:31:56Z', '2023-11-07T05:31:56-05:00']) {
      expect(dateOrDateTimeSchema.safeParse(value).success, value).toBe(true);
    }
    for (const value of ['2023-11-07T05:31:56', '2023-11-07T05:31Z', '2023-02-30', '2023-11-07T25:00:00Z']) {
      expect(dateOrDateTimeSchema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('error object and paging', () => {
  it('parses the error object of a validation failure', () => {
    const body = {
      code: 422,
      errors: { text: ['Must be at most 500 characters.'] },
      message: 'The request is not valid.',
      status: 'Unprocessable Entity',
    };
    expect(errorObjectSchema.parse(body)).toEqual(body);
    expect(errorObjectSchema.safeParse({ ...body, code: '422' }).success).toBe(false);
  });

  it('parses paging at both ends, and community paging needs offset', () => {
    const last = { count: 3, next: null, previous: 'https://x.test/a?offset=0' };
    expect(pagingSchema.parse(last)).toEqual(last);
    expect(
      pagingSchema.parse({ count: 3, next: 'https://x.test/a?offset=2', previous: null }).next,
    ).toContain('offset=2');
    expect(communityPagingSchema.safeParse(last).success).toBe(false);
    expect(communityPagingSchema.parse({ ...last, offset: 2 }).offset).toBe(2);
  });

  it('builds {data, paging} lists that keep unknown fields', () => {
    const list = listOf(idSchema).parse({
      data: [1, 2],
      paging: { count: 2, next: null, previous: null },
      x: 1,
    });
    expect(list).toMatchObject({ data: [1, 2], x: 1 });
  });

  it('keeps unknown fields of a response', () => {
    expect(
      errorObjectSchema.parse({ code: 500, errors: {}, message: 'm', status: 's', trace: 't' }),
    ).toHaveProperty('trace', 't');
  });
});

describe('enums', () => {
  it('lists the interaction types and their list and unread-count extras', () => {
    expect(interactionTypeSchema.options).toHaveLength(11);
    expect(interactionTypeSchema.safeParse('FACEBOOK_ADS_COMMENT').success).toBe(false);
    expect(interactionListTypeSchema.safeParse('FACEBOOK_ADS_COMMENT').success).toBe(true);
    expect(interactionListTypeSchema.safeParse('TIKTOK_COMMENT_MENTION').success).toBe(false);
    expect(unreadCountTypeSchema.safeParse('TIKTOK_COMMENT_MENTION').success).toBe(true);
  });

  it('has every campaign sort ascending and descending', () => {
    expect(campaignSortSchema.options).toHaveLength(24);
    expect(campaignSortSchema.safeParse('-TOTAL_VIDEO_VIEWS').success).toBe(true);
    expect(campaignSortSchema.safeParse('--NAME').success).toBe(false);
  });

  it('keeps SINGLE_METRIC parseable and has TOTAL_METRIC', () => {
    expect(reportTypeSchema.safeParse('SINGLE_METRIC').success).toBe(true);
    expect(reportTypeSchema.safeParse('TOTAL_METRIC').success).toBe(true);
    expect(reportTypeSchema.safeParse('total_metric').success).toBe(false);
  });

  it('lets a client set only DRAFT, SCHEDULED or AUTOPUBLISHING', () => {
    expect(settablePostStatusSchema.options).toEqual(['DRAFT', 'SCHEDULED', 'AUTOPUBLISHING']);
    expect(settablePostStatusSchema.safeParse('POSTED').success).toBe(false);
    expect(schedulerChannels).toEqual(['threads', 'instagram', 'twitter', 'linkedin', 'snapchat']);
  });
});
