import { describe, expect, it } from 'vitest';
import {
  boolParam,
  campaignListQuerySchema,
  campaignMediaQuerySchema,
  campaignPathSchema,
  campaignStatsQuerySchema,
  commaIntList,
  communityInteractionListQuerySchema,
  overviewStatsQuerySchema,
  scheduledPostListQuerySchema,
  scheduledPostReadQuerySchema,
  tagListQuerySchema,
  toQueryParams,
  type CommunityInteractionListQueryInput,
} from '../../../src/shared/domain/index.ts';

describe('parameter helpers', () => {
  it('coerces the texts a URL carries and accepts typed values', () => {
    expect(boolParam().parse('true')).toBe(true);
    expect(boolParam().parse('false')).toBe(false);
    expect(boolParam().parse(true)).toBe(true);
    expect(commaIntList().parse('1,2,3')).toEqual([1, 2, 3]);
    expect(commaIntList().parse([1, 2])).toEqual([1, 2]);
    expect(commaIntList().parse(['4', '5'])).toEqual([4, 5]); // a repeated parameter
  });

  it("refuses 'yes' for a boolean and names the reason", () => {
    for (const value of ['yes', '1', '', 'TRUE']) {
      const result = boolParam().safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Must be true or false.');
    }
  });

  it('refuses non-integer and negative ids in a list', () => {
    expect(commaIntList().safeParse('1,a').success).toBe(false);
    expect(commaIntList().safeParse('1,-2').success).toBe(false);
    expect(commaIntList().safeParse('1.5').success).toBe(false);
  });

  it('turns typed values into query strings that parse back', () => {
    const typed: CommunityInteractionListQueryInput = {
      brand_ids: [3, 4],
      limit: 20,
      is_read: false,
      types: ['TIKTOK_COMMENT', 'FACEBOOK_ADS_COMMENT'],
      tag_ids: [],
      query: undefined,
    };
    const strings = toQueryParams(typed);
    expect(strings).toEqual({
      brand_ids: '3,4',
      limit: '20',
      is_read: 'false',
      types: 'TIKTOK_COMMENT,FACEBOOK_ADS_COMMENT',
    });
    expect(communityInteractionListQuerySchema.parse(strings)).toEqual({
      brand_ids: [3, 4],
      limit: 20,
      offset: 0,
      is_read: false,
      types: ['TIKTOK_COMMENT', 'FACEBOOK_ADS_COMMENT'],
    });
  });

  it('parses path ids and refuses negative ones', () => {
    expect(campaignPathSchema.parse({ brand_id: '3', campaign_id: '12' })).toEqual({
      brand_id: 3,
      campaign_id: 12,
    });
    expect(campaignPathSchema.safeParse({ brand_id: '-1', campaign_id: '12' }).success).toBe(false);
  });
});

describe('campaign queries', () => {
  it('defaults limit to 50 and bounds it to 0..1000', () => {
    expect(campaignListQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(campaignListQuerySchema.parse({ limit: '0' }).limit).toBe(0);
    expect(campaignListQuerySchema.parse({ limit: '1000' }).limit).toBe(1000);
    expect(campaignListQuerySchema.safeParse({ limit: '1001' }).success).toBe(false);
    expect(campaignListQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
  });

  it('parses every listed parameter and refuses unknown ones', () => {
    const query = campaignListQuerySchema.parse({
      ids: '1,2',
      summary: 'true',
      search: 'spr*',
      sort: '-AVG_EMV',
      creator_id: '4',
      has_creators: 'false',
      activity: 'ACTIVE',
    });
    expect(query).toMatchObject({
      ids: [1, 2],
      summary: true,
      sort: '-AVG_EMV',
      creator_id: 4,
      has_creators: false,
    });
    expect(campaignListQuerySchema.safeParse({ sort: 'POPULARITY' }).success).toBe(false);
    expect(campaignListQuerySchema.safeParse({ activity: 'SLEEPING' }).success).toBe(false);
    expect(campaignListQuerySchema.safeParse({ page: '2' }).success).toBe(false);
  });

  it('takes date or date-time bounds on the stats overview, and media/gallery id lists', () => {
    expect(
      campaignStatsQuerySchema.parse({ start_date: '2023-11-01', end_date: '2023-11-07T05:31:56Z' }),
    ).toEqual({
      start_date: '2023-11-01',
      end_date: '2023-11-07T05:31:56Z',
    });
    expect(campaignStatsQuerySchema.safeParse({ start_date: '2023-11-07T05:31:56' }).success).toBe(false);
    expect(campaignMediaQuerySchema.parse({ media_ids: '1,2', gallery_ids: '3' })).toEqual({
      media_ids: [1, 2],
      gallery_ids: [3],
    });
  });
});

describe('scheduled post queries', () => {
  it('parses the list filters', () => {
    const query = scheduledPostListQuerySchema.parse({
      brand_ids: '3,4',
      status: 'SCHEDULED',
      sort: '-TIMESTAMP',
      start_date: '2023-11-01',
      end_date: '2023-11-30T23:59:59+01:00',
      has_scheduled_time: 'true',
      source_ids: 'draft-1,draft-2',
      resolve_references: 'false',
    });
    expect(query).toMatchObject({ limit: 50, brand_ids: [3, 4], source_ids: ['draft-1', 'draft-2'] });
    expect(scheduledPostReadQuerySchema.parse({ resolve_references: 'true' })).toEqual({
      resolve_references: true,
    });
  });

  it('allows 1 to 10 brand ids and limits up to 1000', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
    expect(scheduledPostListQuerySchema.safeParse({ brand_ids: ids(10) }).success).toBe(true);
    const eleven = scheduledPostListQuerySchema.safeParse({ brand_ids: ids(11) });
    expect(eleven.error?.issues[0]?.path).toEqual(['brand_ids']);
    expect(scheduledPostListQuerySchema.safeParse({ brand_ids: '' }).success).toBe(false);
    expect(scheduledPostListQuerySchema.safeParse({ limit: '1001' }).success).toBe(false);
    expect(scheduledPostListQuerySchema.safeParse({ status: 'PUBLISHED' }).success).toBe(false);
  });
});

describe('community queries', () => {
  it('parses every filter of the interactions list', () => {
    const query = communityInteractionListQuerySchema.parse({
      brand_ids: '3',
      offset: '50',
      tag_ids: '5,6',
      source_updated_after: '2023-11-01T00:00:00Z',
      source_updated_before: '2023-11-07T05:31:56Z',
      is_archived: 'false',
      is_follow_up: 'true',
      query: 'refund,broken',
      multiple_keywords: 'true',
      media_ids: '501',
      is_positive: 'false',
      is_negative: 'true',
      is_neutral: 'false',
      is_question: 'true',
      ticket_id: 'z-1',
      assignee_id: '10',
      sort: '-SOURCE_UPDATED_AT',
      filter_messages_by_date: 'true',
      id: '900',
      must_include_text: 'true',
    });
    expect(query).toMatchObject({
      limit: 50,
      offset: 50,
      tag_ids: [5, 6],
      assignee_id: 10,
      id: 900,
      is_negative: true,
    });
  });

  it('bounds limit to 0..100 and needs brand_ids', () => {
    expect(communityInteractionListQuerySchema.safeParse({ brand_ids: '3', limit: '100' }).success).toBe(
      true,
    );
    const over = communityInteractionListQuerySchema.safeParse({ brand_ids: '3', limit: '101' });
    expect(over.error?.issues[0]?.path).toEqual(['limit']);
    expect(communityInteractionListQuerySchema.safeParse({}).success).toBe(false);
  });

  it('refuses the withdrawn brand_id, unknown types and a bad sort', () => {
    for (const schema of [
      communityInteractionListQuerySchema,
      tagListQuerySchema,
      overviewStatsQuerySchema,
    ]) {
      const result = schema.safeParse({ brand_ids: '3', brand_id: '3' });
      expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
    }
    expect(
      communityInteractionListQuerySchema.safeParse({ brand_ids: '3', types: 'TIKTOK_COMMENT_MENTION' })
        .success,
    ).toBe(false);
    expect(communityInteractionListQuerySchema.safeParse({ brand_ids: '3', sort: 'NEWEST' }).success).toBe(
      false,
    );
    expect(tagListQuerySchema.parse({ brand_ids: '3,4' })).toEqual({ brand_ids: [3, 4] });
  });
});
