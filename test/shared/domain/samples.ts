/**
 * Realistic samples of every resource, with the example values interface.md shows
 * (2023-11-07T05:31:56Z, 0.5 coordinates, PENDING, instagram, COLLABORATOR, META_ADS, ...).
 * Each builder returns a fresh object, so a test may change it freely.
 */

export const AT = '2023-11-07T05:31:56Z';

/** A copy of `value` without `keys`, to test what a missing field does. */
export function without<T extends object, K extends keyof T>(value: T, ...keys: K[]): Omit<T, K> {
  const copy: Partial<T> = { ...value };
  for (const key of keys) delete copy[key];
  return copy as Omit<T, K>;
}

export function campaignSample() {
  return {
    id: 12,
    brand_id: 3,
    name: 'Spring launch',
    start_date: AT,
    end_date: '2023-12-07T05:31:56Z',
    created_at: AT,
    updated_at: AT,
    earliest_media_published_date: AT,
    latest_media_published_date: AT,
    ad_campaigns: [{ source: 'META_ADS', source_ad_account_id: 'act_1', source_campaign_id: 'c_9' }],
    creator_ids: [4, 5],
    creator_filters: {
      excluded_media_ids: [1],
      included_media_ids: [2, 3],
      source_created_at: { start: AT, end: AT },
    },
    google_analytics_selected_campaigns: ['spring'],
    included_media_sources: ['INSTAGRAM'],
    has_relationships: true,
    has_ugc: false,
    show_v1_facebook_metrics: false,
    show_v1_instagram_metrics: false,
    show_v2_facebook_metrics: true,
    show_v2_instagram_metrics: true,
    number_of_media: 42,
    avg_emv: 120.5,
    avg_engagement_rate: 0.034,
    avg_engagements: 310,
    total_clicks: 900,
    total_creator_likes: 1200,
    total_emv: 5061,
    total_engagements: 13020,
    total_impressions: 400000,
    total_video_views: 25000,
    ttcm_orders_campaign_code: 'SPRING23',
    ttcm_orders_invite_link: 'https://example.com/invite/SPRING23',
    ttcm_spark_ads_authorization_days: 30,
    topline_metrics: {
      CREATOR_SUMMARY: [{ metric: 'ENGAGEMENTS', source: 'creator_insights', goal: null }],
      OWNED_SUMMARY: [
        { id: 7, metric: 'IMPRESSIONS', source: 'campaign_stats', aggregation: 'SUM', goal: 50000 },
      ],
      SOCIAL_ADS_SUMMARY: [{ metric: 'TOTAL_SPENT', source: 'dashboards', goal: 1000 }],
    },
    benchmark_campaigns: [],
    hashtags: [{ id: 1, name: 'spring' }],
    included_ad_sources: ['META_ADS'],
    included_creator_sources: null,
    top_media: [],
  };
}

export function approvalRequestSample() {
  return {
    id: 1,
    brand_id: 3,
    post_id: 77,
    requested_by_user_id: 10,
    review_user_id: 11,
    approval_status: 'PENDING',
    post_platform: 'instagram',
    created_at: AT,
    updated_at: AT,
    deleted_at: null,
  };
}

function postCommonSample() {
  return {
    id: 77,
    brand_id: 3,
    auto_publish: true,
    status: 'SCHEDULED',
    media_ids: [501],
    media: [{ id: 501, type: 'IMAGE' }],
    timestamp: '2023-11-08T09:00:00+01:00',
    has_scheduled_time: true,
    approval_policy: 'APPROVAL_REQUIRED',
    approval_requests: [approvalRequestSample()],
    approval_status: 'PENDING',
    num_of_approvals_required: 1,
    auto_publish_error: null,
    board_ids: [],
    campaign_ids: [12],
    content_tag_ids: [],
    creation_source: null,
    post_group_id: '3f0e6b52-4a8e-4c1a-9f0e-2b8f4d6a1c3e',
    sort_index: 0,
    source_id: 'draft-7f3a',
    live_post_url: null,
    alt_text_media_map: { '501': 'A red bicycle' },
    callback_socket_id: 'socket-1',
    created_at: AT,
    updated_at: AT,
    subtitle_content: null,
    subtitle_error_message: null,
    subtitle_metadata: { language_code: 'af', filename: 'clip.srt' },
    subtitle_upload_status: 'SUCCESS',
    rss_feed_id: null,
    rss_guid: null,
    rss_publish_date: null,
  };
}

export function threadsPostSample() {
  return {
    ...postCommonSample(),
    text: 'Hello Threads',
    link: 'https://example.com',
    duplicate_to_brand_ids: [4],
  };
}

export function instagramPostSample() {
  return {
    ...postCommonSample(),
    post_type: 'FEED',
    caption: 'New in store',
    first_comment: '#spring',
    first_comment_status: 'SUCCESS',
    story_link: null,
    share_to_feed: true,
    user_tags: [{ username: 'ana', media_id: 501, x: 0.5, y: 0.5, tag_type: 'COLLABORATOR' }],
    collaborators: [{ username: 'ben', tag_type: 'COLLABORATOR' }],
    cover_image_media_id: null,
    cover_image_media: null,
    location_id: '1123',
    location: { id: '1123', is_verified: true, link: 'https://example.com/l', location: {}, name: 'Paris' },
    invalid_location: null,
    invalid_collaborators: [],
    invalid_user_tags: [],
    shopping_tags: [
      {
        fb_product_id: 'p1',
        x: 0.5,
        y: 0.5,
        catalog_id: 'cat1',
        image_url: 'https://example.com/p1.jpg',
        media_id: null,
        title: 'Bike',
      },
    ],
    has_invalid_product_tags: false,
    thumb_offset: 0,
    thumbnail_url: null,
    duplicate_to_brand_ids: [],
  };
}

export function twitterPostSample() {
  const replyBase = without(postCommonSample(), 'brand_id', 'board_ids', 'campaign_ids', 'timestamp');
  return {
    ...postCommonSample(),
    text: 'A thread, 1/2',
    tweet_status: 'SCHEDULED',
    permalink: null,
    auto_numbering_enabled: true,
    replies: [
      { ...replyBase, id: 78, text: 'and 2/2', permalink: null, tweet_status: null, thread_order: 1 },
    ],
  };
}

export function linkedinPostSample() {
  return { ...postCommonSample(), text: 'We are hiring.' };
}

export function snapchatPostSample() {
  return postCommonSample();
}

export function tagSample() {
  return { id: 5, brand_id: 3, name: 'Urgent', color: '#FF8800', created_at: AT, updated_at: AT };
}

function interactionBaseSample() {
  return {
    id: 900,
    brand_id: 3,
    assignee_id: null,
    is_archived: false,
    is_author_blocked: false,
    is_follow_up: true,
    is_read: false,
    media_type: 'VIDEO',
    post_thumbnail_url: 'https://example.com/thumb.jpg',
    search_result_snippet: 'love it',
    source_updated_at: AT,
    created_at: AT,
    updated_at: AT,
    tag_ids: [5],
    tickets: [
      {
        label: 'T-1',
        source_created_at: AT,
        source_id: 'z-1',
        source_updated_at: AT,
        status: 'open',
        message_id: 3,
        source: 'ZENDESK',
      },
    ],
  };
}

const sentiment = { is_negative: false, is_neutral: false, is_positive: true, is_question: false };

function tiktokFieldsSample(id: number, parent: string | null) {
  return {
    ...interactionBaseSample(),
    id,
    type: 'TIKTOK_COMMENT',
    is_hidden: false,
    is_liked: true,
    is_owned: false,
    text: 'love it',
    tiktok_comment_id: `tt-${id}`,
    tiktok_parent_comment_id: parent,
    tiktok_username: 'fan_1',
    tiktok_video_created_at: AT,
    author_profile_picture_url: 'https://example.com/a.jpg',
    author_username: null,
    brand_user_reply: {
      id: 1,
      brand_id: 3,
      resource_id: id,
      user_id: 10,
      resource_type: 'TIKTOK_COMMENT',
      created_at: AT,
      updated_at: AT,
    },
    media_id: 501,
    post_media: {
      comment_count: 2,
      image_sizes: { default: 'https://example.com/m.jpg' },
      media_comment_sentiment: { negative_count: 0, neutral_count: 1, positive_count: 1 },
      media_type: 'VIDEO',
      source_created_at: AT,
      caption: 'Our new bike',
      likes: 30,
      user_avatar: 'https://example.com/u.jpg',
      user_handle: 'brand',
    },
    sentiment,
  };
}

export function tiktokCommentSample() {
  return {
    ...tiktokFieldsSample(900, null),
    comment_count: 1,
    media_comment_sentiment: { negative_percentage: 0, neutral_percentage: 50, positive_percentage: 50 },
    replies: [tiktokFieldsSample(901, 'tt-900')],
    video_pinned_comment_id: 900,
  };
}

export function facebookCommentSample() {
  return { ...interactionBaseSample(), id: 902, type: 'FACEBOOK_COMMENT', text: 'Nice!', sentiment };
}

export function instagramConversationSample() {
  return {
    ...interactionBaseSample(),
    id: 903,
    type: 'INSTAGRAM_CONVERSATION',
    messages: [
      { id: 1, text: 'Hi, is it in stock?', is_from_brand: false, created_at: AT, attachments: [] },
      {
        id: 2,
        text: 'Yes!',
        is_from_brand: true,
        created_at: AT,
        attachments: [{ src: 'https://example.com/p.jpg', type: 'image', height: 640, width: 480 }],
      },
    ],
  };
}

export function twitterQuoteSample() {
  return { ...interactionBaseSample(), id: 904, type: 'TWITTER_QUOTE', text: 'This!' };
}
