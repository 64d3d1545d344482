import { describe, expect, it } from 'vitest';
import {
  assignmentResponseSchema,
  assignmentSchema,
  bulkUpdateRequestSchema,
  bulkUpdateResponseSchema,
  commentCsvRequestSchema,
  communityInteractionListSchema,
  communityInteractionSchema,
  communityInteractionUpdateSchema,
  communityOverviewStatsResponseSchema,
  communityStatsBodySchema,
  interactionTagCreateSchema,
  interactionTagListSchema,
  interactionTagResponseSchema,
  presetReplyBundleSchema,
  sentimentDistributionResponseSchema,
  sentimentTimeSeriesResponseSchema,
  tiktokCommentSchema,
  topKeywordsResponseSchema,
  unreadInteractionCountsBodySchema,
  unreadInteractionCountsResponseSchema,
  volumeTimeSeriesResponseSchema,
} from '../../../src/shared/domain/index.ts';
import {
  AT,
  facebookCommentSample,
  instagramConversationSample,
  tagSample,
  tiktokCommentSample,
  twitterQuoteSample,
} from './samples.ts';

describe('tags', () => {
  it('parses a tag answer and a list of tags', () => {
    expect(interactionTagResponseSchema.parse({ data: tagSample() }).data.color).toBe('#FF8800');
    expect(interactionTagListSchema.parse({ data: [tagSample()] }).data).toHaveLength(1);
  });

  it('accepts a tag with or without a #RRGGBB color', () => {
    expect(interactionTagCreateSchema.parse({ brand_id: 3, name: 'Urgent' })).toEqual({
      brand_id: 3,
      name: 'Urgent',
    });
    expect(
      interactionTagCreateSchema.safeParse({ brand_id: 3, name: 'Urgent', color: '#a1B2c3' }).success,
    ).toBe(true);
  });

  it('refuses empty or long names, bad colors, read-only and unknown fields', () => {
    expect(interactionTagCreateSchema.safeParse({ brand_id: 3, name: '' }).success).toBe(false);
    expect(interactionTagCreateSchema.safeParse({ brand_id: 3, name: 'a'.repeat(65) }).success).toBe(false);
    expect(interactionTagCreateSchema.safeParse({ brand_id: 3, name: 'a'.repeat(64) }).success).toBe(true);
    expect(interactionTagCreateSchema.safeParse({ brand_id: 3, name: 'x', color: 'red' }).success).toBe(
      false,
    );
    expect(interactionTagCreateSchema.safeParse({ brand_id: 3, name: 'x', color: '#FFF' }).success).toBe(
      false,
    );
    expect(interactionTagCreateSchema.safeParse({ brand_id: 3, name: 'x', id: 9 }).success).toBe(false);
    expect(interactionTagCreateSchema.safeParse({ brand_id: 3, name: 'x', created_at: AT }).success).toBe(
      false,
    );
    expect(interactionTagCreateSchema.safeParse({ name: 'x' }).success).toBe(false);
  });
});

describe('community interactions', () => {
  it('parses a TikTok comment with its replies one level deep', () => {
    const comment = tiktokCommentSchema.parse(tiktokCommentSample());
    expect(comment.replies?.[0]?.tiktok_parent_comment_id).toBe('tt-900');
    expect(comment.media_comment_sentiment?.positive_percentage).toBe(50);
    expect(comment.post_media?.media_comment_sentiment?.neutral_count).toBe(1);
    expect(comment.brand_user_reply?.resource_type).toBe('TIKTOK_COMMENT');
    expect(comment.tickets?.[0]?.source).toBe('ZENDESK');
  });

  it('picks the shape by type, with the three public Twitter types sharing one', () => {
    const samples = [
      tiktokCommentSample(),
      facebookCommentSample(),
      instagramConversationSample(),
      twitterQuoteSample(),
    ];
    const parsed = samples.map((sample) => communityInteractionSchema.parse(sample));
    expect(parsed.map((interaction) => interaction.type)).toEqual([
      'TIKTOK_COMMENT',
      'FACEBOOK_COMMENT',
      'INSTAGRAM_CONVERSATION',
      'TWITTER_QUOTE',
    ]);
    const conversation = parsed[2];
    if (conversation?.type !== 'INSTAGRAM_CONVERSATION') throw new Error('wrong shape');
    expect(conversation.messages?.[1]?.attachments?.[0]?.width).toBe(480);
    for (const type of ['TWITTER_MENTION', 'TWITTER_RETWEET']) {
      expect(communityInteractionSchema.parse({ ...twitterQuoteSample(), type }).type).toBe(type);
    }
  });

  it('refuses an unknown type, media type, ticket source or sentiment flag', () => {
    expect(
      communityInteractionSchema.safeParse({ ...twitterQuoteSample(), type: 'MYSPACE_POST' }).success,
    ).toBe(false);
    expect(communityInteractionSchema.safeParse({ ...twitterQuoteSample(), media_type: 'GIF' }).success).toBe(
      false,
    );
    const ticket = { ...tiktokCommentSample().tickets[0]!, source: 'JIRA' };
    expect(communityInteractionSchema.safeParse({ ...twitterQuoteSample(), tickets: [ticket] }).success).toBe(
      false,
    );
    const sentiment = { is_negative: 'no', is_neutral: false, is_positive: true, is_question: false };
    expect(communityInteractionSchema.safeParse({ ...facebookCommentSample(), sentiment }).success).toBe(
      false,
    );
  });

  it('parses the list with offset paging', () => {
    const list = communityInteractionListSchema.parse({
      data: [facebookCommentSample(), tiktokCommentSample()],
      paging: {
        count: 40,
        next: 'https://x.test/community_interactions?offset=2',
        previous: null,
        offset: 0,
      },
    });
    expect(list.paging.offset).toBe(0);
    expect(list.data).toHaveLength(2);
  });

  it('accepts the PATCH extension fields and refuses anything else or nothing', () => {
    const body = { is_read: true, is_archived: false, is_follow_up: true, tag_ids: [5], assignee_id: null };
    expect(communityInteractionUpdateSchema.parse(body)).toEqual(body);
    expect(communityInteractionUpdateSchema.safeParse({}).success).toBe(false);
    expect(communityInteractionUpdateSchema.safeParse({ is_read: 'true' }).success).toBe(false);
    expect(communityInteractionUpdateSchema.safeParse({ text: 'edited' }).success).toBe(false);
    expect(communityInteractionUpdateSchema.safeParse({ tag_ids: [-1] }).success).toBe(false);
  });
});

describe('community statistics (ops 18 to 20)', () => {
  it('accepts the unread counts body with a comma-separated types string', () => {
    const body = {
      brand_ids: [3, 4],
      source_updated_after: '2023-11-01T00:00:00+00:00',
      source_updated_before: AT,
      types: 'TIKTOK_COMMENT,TIKTOK_COMMENT_MENTION,INSTAGRAM_ADS_COMMENT',
    };
    expect(unreadInteractionCountsBodySchema.parse(body)).toEqual(body);
    expect(
      unreadInteractionCountsBodySchema.safeParse({ ...body, types: 'TIKTOK_COMMENT,BOGUS' }).success,
    ).toBe(false);
    expect(unreadInteractionCountsBodySchema.safeParse({ ...body, brand_ids: [] }).success).toBe(false);
    expect(unreadInteractionCountsBodySchema.safeParse({ ...body, brand_id: 3 }).success).toBe(false);
    expect(
      unreadInteractionCountsBodySchema.safeParse({ ...body, source_updated_before: '2023-11-07' }).success,
    ).toBe(false);
  });

  it('parses every statistics answer of conventions §9', () => {
    const unread = { total: 3, by_type: { TIKTOK_COMMENT: 3 }, by_brand: { '3': 3 } };
    expect(unreadInteractionCountsResponseSchema.parse({ data: unread }).data.by_brand['3']).toBe(3);
    const overview = { average_response_time: null, follow_up_count: 2, unread_count: 5, total_count: 40 };
    expect(communityOverviewStatsResponseSchema.parse({ data: overview }).data).toEqual(overview);
    const distribution = { positive: 10, negative: 2, neutral: 5, question: 1 };
    expect(sentimentDistributionResponseSchema.parse({ data: distribution }).data).toEqual(distribution);
    const sentimentDay = { date: '2023-11-07', ...distribution };
    expect(sentimentTimeSeriesResponseSchema.parse({ data: [sentimentDay] }).data[0]).toEqual(sentimentDay);
    const volumeDay = { date: '2023-11-07', count: 12, TIKTOK_COMMENT: 12 };
    expect(volumeTimeSeriesResponseSchema.parse({ data: [volumeDay] }).data[0]).toEqual(volumeDay);
    expect(topKeywordsResponseSchema.parse({ data: [{ keyword: 'bike', count: 4 }] }).data[0]?.keyword).toBe(
      'bike',
    );
    expect(
      volumeTimeSeriesResponseSchema.safeParse({ data: [{ date: '2023-11-07', count: -1 }] }).success,
    ).toBe(false);
  });

  it('takes brand_ids in the statistics bodies, never the withdrawn brand_id', () => {
    expect(communityStatsBodySchema.parse({ brand_ids: [3] })).toEqual({ brand_ids: [3] });
    expect(communityStatsBodySchema.safeParse({ brand_id: 3 }).success).toBe(false);
  });
});

describe('other community shapes', () => {
  it('parses assignments, bulk updates, comment CSV requests and preset reply bundles', () => {
    expect(
      assignmentSchema.parse({ assigned_by_user: 10, assigned_to_user: null }).assigned_to_user,
    ).toBeNull();
    expect(assignmentSchema.safeParse({ assigned_to_user: 11 }).success).toBe(false);
    const assigned = {
      id: 1,
      community_interaction_id: 900,
      created_at: AT,
      brand_id: 3,
      assigned_by_user: 10,
      assigned_to_user: 11,
    };
    expect(assignmentResponseSchema.parse(assigned)).toEqual(assigned);
    const bulk = { brand_id: 3, notification_email: 'cm@example.com', types: ['TIKTOK_COMMENT'] };
    expect(bulkUpdateRequestSchema.parse(bulk)).toEqual(bulk);
    expect(bulkUpdateRequestSchema.safeParse({ ...bulk, notification_email: 'nope' }).success).toBe(false);
    expect(bulkUpdateRequestSchema.safeParse({ ...bulk, types: ['FACEBOOK_ADS_COMMENT'] }).success).toBe(
      false,
    );
    expect(bulkUpdateResponseSchema.parse({ count: 1, data: [facebookCommentSample()] }).count).toBe(1);
    expect(commentCsvRequestSchema.safeParse({ brand_id: 3, media_id: 501 }).success).toBe(false);
    expect(commentCsvRequestSchema.parse({ brand_id: 3, media_id: 501, socket_id: 's1' }).socket_id).toBe(
      's1',
    );
    expect(
      presetReplyBundleSchema.parse({ bulk_replies: [{ text: 'Thanks!' }], types: ['TIKTOK'] }).types,
    ).toEqual(['TIKTOK']);
    expect(presetReplyBundleSchema.safeParse({ bulk_replies: [], types: ['MYSPACE'] }).success).toBe(false);
  });
});
