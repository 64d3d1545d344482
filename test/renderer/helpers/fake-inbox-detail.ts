import {
  calls,
  invalidInput,
  type CallInput,
  type CallName,
  type CallOutput,
  type CallResult,
  type ContractError,
  type InboxInsights,
  type InboxItem,
  type InboxOverview,
} from '../../../src/shared/contract/index.ts';
import type { createFakePreload } from './fake-preload.ts';

type Thread = CallOutput<'inbox:thread'>;
type Reply = NonNullable<Thread['replies']>[number];

const at = '2026-03-04T10:00:00Z';

function reply(id: number, fields: Partial<Reply>): Reply {
  return {
    id,
    brand_id: 101,
    type: 'TIKTOK_COMMENT',
    created_at: at,
    updated_at: at,
    source_updated_at: at,
    is_read: true,
    is_hidden: false,
    is_liked: false,
    is_owned: false,
    tiktok_comment_id: `tt-${id}`,
    tiktok_parent_comment_id: 'tt-5001',
    author_profile_picture_url: null,
    sentiment: { is_positive: false, is_negative: false, is_neutral: true, is_question: false },
    ...fields,
  };
}

/** A TikTok comment on a video, with a user's reply, the brand's reply and a hidden reply. */
export const sampleThread: Thread = {
  ...reply(5001, {
    text: 'Does this come in blue?',
    author_username: 'mia.k',
    tiktok_username: 'mia.k',
    tiktok_parent_comment_id: null,
    is_liked: true,
    sentiment: { is_positive: false, is_negative: false, is_neutral: true, is_question: true },
    brand_user_reply: { id: 77, brand_id: 101, user_id: 9, resource_type: 'TIKTOK_COMMENT', created_at: at },
  }),
  comment_count: 3,
  media_comment_sentiment: { positive_percentage: 60, neutral_percentage: 30, negative_percentage: 10 },
  video_pinned_comment_id: 5001,
  post_media: {
    caption: 'Spring collection, first look',
    likes: 12_400,
    comment_count: 318,
    user_handle: 'acme.shop',
    image_sizes: { default: 'https://media.example.com/thumb.jpg' },
  },
  replies: [
    reply(5002, {
      text: 'I want to know too',
      author_username: 'leo_b',
      is_liked: true,
      sentiment: { is_positive: false, is_negative: false, is_neutral: true, is_question: true },
    }),
    reply(5003, {
      text: 'Yes! Blue lands next week.',
      author_username: 'acme.shop',
      is_owned: true,
      is_liked: true,
      sentiment: { is_positive: true, is_negative: false, is_neutral: false, is_question: false },
    }),
    reply(5004, {
      text: 'buy followers at spam.example',
      author_username: 'spam_bot',
      is_hidden: true,
      sentiment: { is_positive: false, is_negative: true, is_neutral: false, is_question: false },
    }),
  ],
};

const base = {
  brand_id: 101,
  created_at: at,
  updated_at: at,
  source_updated_at: at,
  tag_ids: [],
};

/** An Instagram conversation with a ticket and the brand's answer, and a Facebook comment. */
export const sampleConversation: InboxItem = {
  ...base,
  id: 6001,
  type: 'INSTAGRAM_CONVERSATION',
  author_username: 'nora.p',
  is_read: false,
  is_follow_up: true,
  assignee_id: 12,
  sentiment: { is_positive: false, is_negative: true, is_neutral: false, is_question: false },
  messages: [
    {
      id: '6001-1',
      text: 'My order never arrived.',
      author_username: 'nora.p',
      is_from_brand: false,
      created_at: at,
    },
    {
      id: '6001-2',
      text: 'Sorry to hear that! Could you send the order number?',
      author_username: 'acme.shop',
      is_from_brand: true,
      created_at: at,
    },
  ],
  tickets: [
    {
      label: 'Missing parcel',
      source: 'ZENDESK',
      source_id: 'ZD-4411',
      status: 'open',
      source_created_at: at,
      source_updated_at: at,
    },
  ],
  brand_user_reply: { id: 78, brand_id: 101, user_id: 9, resource_type: 'INSTAGRAM_MESSAGE', created_at: at },
};

export const sampleComment: InboxItem = {
  ...base,
  id: 6002,
  brand_id: 102,
  type: 'FACEBOOK_COMMENT',
  author_username: 'sam w',
  text: 'Great service, thanks!',
  is_read: true,
  is_archived: true,
  sentiment: { is_positive: true, is_negative: false, is_neutral: false, is_question: false },
  post_media: { caption: 'Our new store opens today' },
  tickets: [],
  brand_user_reply: null,
};

export const sampleOverview: InboxOverview = {
  unreadCount: 1234,
  followUpCount: 56,
  totalCount: 98_765,
  averageResponseTime: 2 * 3600 + 5 * 60 + 30,
};

export const sampleInsights: InboxInsights = {
  sentiment: { positive: 120, negative: 30, neutral: 50, question: 18 },
  sentimentSeries: [
    { date: '2026-03-01', positive: 40, negative: 10, neutral: 20 },
    { date: '2026-03-02', positive: 80, negative: 20, neutral: 30 },
  ],
  volumeSeries: [
    { date: '2026-03-01', count: 70 },
    { date: '2026-03-02', count: 130 },
  ],
  keywords: [
    { keyword: 'shipping', count: 40 },
    { keyword: 'refund', count: 25 },
    { keyword: 'blue', count: 60 },
  ],
  rangeApplied: true,
};

type Preload = ReturnType<typeof createFakePreload>;

const notFound = (message: string): ContractError => ({
  code: 'not_found',
  message,
  fieldErrors: {},
  status: 404,
});

/**
 * The inbox calls the detail pane, the overview bar and the insights panel make, answered as
 * main answers them: inputs checked against the contract, a thread only for TikTok ids (404 with
 * the service's own words otherwise), an interaction only among the chosen brands.
 */
export function fakeInboxDetail(
  preload: Preload,
  init: { threads?: Thread[]; items?: InboxItem[]; overview?: InboxOverview; insights?: InboxInsights } = {},
) {
  const threads = init.threads ?? [sampleThread];
  const items = init.items ?? [sampleConversation, sampleComment];
  let overview = init.overview ?? sampleOverview;
  let insights = init.insights ?? sampleInsights;

  function answer<K extends CallName>(name: K, fn: (input: CallInput<K>) => CallResult<CallOutput<K>>) {
    preload.answer(name, (input) => {
      const parsed = calls[name].input.safeParse(input);
      if (!parsed.success) return { ok: false, error: invalidInput(parsed.error) };
      return fn(parsed.data as CallInput<K>);
    });
  }

  answer('inbox:thread', ({ id }) => {
    const thread = threads.find((t) => t.id === id);
    if (thread) return { ok: true, value: thread };
    const other = items.find((i) => i.id === id);
    return {
      ok: false,
      error: notFound(
        other ? `Interaction ${id} is a ${other.type}, not a TikTok comment.` : `No interaction ${id}.`,
      ),
    };
  });
  answer('inbox:get', ({ id, brandIds }) => ({
    ok: true,
    value: items.find((i) => i.id === id && brandIds.includes(i.brand_id)) ?? null,
  }));
  answer('inbox:overview', () => ({ ok: true, value: overview }));
  answer('inbox:insights', ({ from, to }) => ({
    ok: true,
    value: { ...insights, rangeApplied: from || to ? insights.rangeApplied : true },
  }));

  return {
    setOverview(next: InboxOverview) {
      overview = next;
    },
    setInsights(next: InboxInsights) {
      insights = next;
    },
  };
}
