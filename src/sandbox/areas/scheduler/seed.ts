import type { DatabaseSync } from 'node:sqlite';
import type { Faker } from '@faker-js/faker';
import {
  LINKEDIN_TEXT_MAX,
  THREADS_TEXT_MAX,
  TWITTER_TEXT_MAX,
  schedulerChannels,
  type PostStatus,
  type SchedulerChannel,
} from '../../../shared/domain/index.ts';
import type { SeedContext } from '../../area.ts';
import { isoSeconds, nextId, savePost, type StoredPost } from './post-store.ts';
import { channelDefaults, commonDefaults } from './post-writer.ts';
import { publishOutcome } from './publisher.ts';
import { approvalStatusOf } from './status-rules.ts';

/**
 * ~300 posts per sandbox (times `--scale`) over every channel, brand and status a client can
 * meet at rest. AUTOPUBLISHING is left out: it lasts until the publisher's next run, so a seeded
 * one would change under the client's feet at start. Past statuses get past timestamps and
 * waiting ones future timestamps, so the publisher has nothing to do until a client acts.
 */

const hour = 3_600_000;
const day = 24 * hour;

const statusWeights: { weight: number; value: PostStatus }[] = [
  { weight: 28, value: 'POSTED' },
  { weight: 20, value: 'SCHEDULED' },
  { weight: 16, value: 'DRAFT' },
  { weight: 7, value: 'FAILED' },
  { weight: 7, value: 'MISSING_APPROVALS' },
  { weight: 4, value: 'EXPIRED' },
  { weight: 4, value: 'IMPORTED' },
  { weight: 4, value: 'PARTIALLY_FAILED' },
  { weight: 4, value: 'SKIPPED' },
  { weight: 6, value: 'USERS_NOTIFIED' },
];
const pastStatuses = new Set<PostStatus>([
  'POSTED',
  'FAILED',
  'EXPIRED',
  'IMPORTED',
  'PARTIALLY_FAILED',
  'SKIPPED',
  'USERS_NOTIFIED',
]);

function usersByBrand(db: DatabaseSync): Map<number, number[]> {
  const rows = db
    .prepare(
      `SELECT ub.brand_id, ub.user_id FROM user_brands ub JOIN users u ON u.id = ub.user_id
        WHERE u.is_application_user = 0 ORDER BY ub.brand_id, ub.user_id`,
    )
    .all();
  const map = new Map<number, number[]>();
  for (const row of rows) {
    const list = map.get(Number(row.brand_id)) ?? [];
    list.push(Number(row.user_id));
    map.set(Number(row.brand_id), list);
  }
  return map;
}

function textOf(faker: Faker, channel: SchedulerChannel): string {
  const hashtags = faker.helpers
    .multiple(() => `#${faker.word.noun()}`, { count: { min: 0, max: 3 } })
    .join(' ');
  const sentences = faker.lorem.sentences({ min: 1, max: channel === 'linkedin' ? 8 : 3 });
  const text = `${faker.company.catchPhrase()}. ${sentences} ${hashtags}`.trim();
  const max =
    channel === 'twitter' ? TWITTER_TEXT_MAX : channel === 'threads' ? THREADS_TEXT_MAX : LINKEDIN_TEXT_MAX;
  return text.slice(0, max);
}

function channelFields(faker: Faker, channel: SchedulerChannel): Record<string, unknown> {
  switch (channel) {
    case 'threads':
      return {
        text: textOf(faker, channel),
        link: faker.helpers.maybe(() => faker.internet.url(), { probability: 0.3 }) ?? null,
      };
    case 'linkedin':
      return { text: textOf(faker, channel) };
    case 'twitter':
      return { text: textOf(faker, channel), auto_numbering_enabled: faker.datatype.boolean() };
    case 'instagram': {
      const withComment = faker.datatype.boolean({ probability: 0.3 });
      return {
        post_type: faker.helpers.weightedArrayElement([
          { weight: 6, value: 'FEED' },
          { weight: 2, value: 'REEL' },
          { weight: 2, value: 'STORY' },
        ]),
        caption: textOf(faker, 'threads'),
        first_comment: withComment
          ? faker.helpers.multiple(() => `#${faker.word.noun()}`, { count: 5 }).join(' ')
          : null,
        user_tags: faker.helpers.multiple(
          () => ({
            username: faker.internet.username().toLowerCase(),
            media_id: null,
            x: faker.number.float({ min: 0, max: 1, fractionDigits: 2 }),
            y: faker.number.float({ min: 0, max: 1, fractionDigits: 2 }),
            tag_type: 'USER',
          }),
          { count: { min: 0, max: 2 } },
        ),
        collaborators: faker.helpers.multiple(
          () => ({ username: faker.internet.username().toLowerCase(), tag_type: 'COLLABORATOR' }),
          {
            count: { min: 0, max: 1 },
          },
        ),
      };
    }
    default:
      return {};
  }
}

export function seedScheduler(ctx: SeedContext): void {
  const { db, faker, now } = ctx;
  const nowMs = now.getTime();
  const users = usersByBrand(db);
  const total = Math.round(300 * ctx.scale);
  for (let index = 0; index < total; index++) {
    const channel = schedulerChannels[index % schedulerChannels.length] as SchedulerChannel;
    const brandId = faker.helpers.arrayElement(ctx.brandIds);
    const team = users.get(brandId) ?? [];
    let status = faker.helpers.weightedArrayElement(statusWeights);
    // Only a thread can fail in part: PARTIALLY_FAILED is a Twitter status, with replies.
    if (status === 'PARTIALLY_FAILED' && channel !== 'twitter') status = 'FAILED';
    if (channel === 'twitter' && faker.datatype.boolean({ probability: 0.1 })) status = 'PARTIALLY_FAILED';
    const id = nextId(db);
    const created = nowMs - faker.number.int({ min: 2 * day, max: 120 * day });
    const unscheduled = status === 'DRAFT' && faker.datatype.boolean();
    const timestamp = unscheduled
      ? null
      : pastStatuses.has(status)
        ? // A post is published (or fails) after it was written, never before.
          Math.max(created + hour, nowMs - faker.number.int({ min: hour, max: 90 * day }))
        : nowMs + faker.number.int({ min: hour, max: 45 * day });
    const needsApproval = status === 'MISSING_APPROVALS' || faker.datatype.boolean({ probability: 0.15 });
    const required = needsApproval ? faker.number.int({ min: 1, max: 2 }) : 0;
    const approvals = needsApproval
      ? Array.from({ length: required }, (_, n) => {
          const approved = status !== 'MISSING_APPROVALS' || n < required - 1;
          return {
            id: nextId(db),
            brand_id: brandId,
            post_id: id,
            requested_by_user_id: team[0] ?? 2,
            review_user_id: team[(n + 1) % Math.max(team.length, 1)] ?? 2,
            approval_status: approved ? 'APPROVED' : 'PENDING',
            post_platform: channel,
            created_at: isoSeconds(created),
            updated_at: isoSeconds(created + hour),
            deleted_at: null,
          };
        })
      : [];
    const hasSubtitles = channel !== 'twitter' && faker.datatype.boolean({ probability: 0.1 });
    const fromRss = faker.datatype.boolean({ probability: 0.05 });
    const post = {
      id,
      brand_id: brandId,
      ...commonDefaults(),
      ...channelDefaults[channel](),
      ...channelFields(faker, channel),
      status,
      auto_publish: status !== 'USERS_NOTIFIED' && faker.datatype.boolean({ probability: 0.8 }),
      media_ids: faker.helpers.multiple(() => faker.number.int({ min: 1000, max: 99_999 }), {
        count: { min: channel === 'twitter' ? 0 : 1, max: 4 },
      }),
      timestamp: timestamp === null ? null : isoSeconds(timestamp),
      has_scheduled_time: timestamp !== null,
      sort_index: unscheduled ? index : null,
      approval_policy: needsApproval ? 'APPROVAL_REQUIRED' : 'APPROVAL_NOT_REQUIRED',
      num_of_approvals_required: required,
      approval_requests: approvals,
      campaign_ids:
        faker.helpers.maybe(() => [faker.number.int({ min: 1, max: 40 })], { probability: 0.3 }) ?? [],
      content_tag_ids: faker.helpers.multiple(() => faker.number.int({ min: 1, max: 30 }), {
        count: { min: 0, max: 2 },
      }),
      source_id: faker.helpers.maybe(() => `sd-${faker.string.uuid()}`, { probability: 0.3 }) ?? null,
      post_group_id: faker.helpers.maybe(() => faker.string.uuid(), { probability: 0.2 }) ?? null,
      subtitle_content: hasSubtitles ? '1\n00:00:00,000 --> 00:00:02,500\nHello!\n' : null,
      subtitle_metadata: hasSubtitles ? { language_code: 'en', filename: 'captions.srt' } : null,
      subtitle_error_message:
        hasSubtitles && faker.datatype.boolean({ probability: 0.3 })
          ? 'The SRT file has overlapping cues.'
          : null,
      creation_source: fromRss ? 'RSS_FEED' : null,
      rss_feed_id: fromRss ? faker.number.int({ min: 1, max: 9 }) : null,
      rss_guid: fromRss ? faker.string.uuid() : null,
      rss_publish_date: fromRss ? isoSeconds(created - day) : null,
      created_at: isoSeconds(created),
      updated_at: isoSeconds(timestamp !== null && timestamp < nowMs ? timestamp : created),
    } as StoredPost;
    post.approval_status = approvalStatusOf(post);
    if (
      channel === 'twitter' &&
      (status === 'PARTIALLY_FAILED' || faker.datatype.boolean({ probability: 0.3 }))
    ) {
      post.replies = Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, (_, n) => ({
        ...commonDefaults(),
        id: nextId(db),
        text: faker.lorem.sentence().slice(0, TWITTER_TEXT_MAX),
        thread_order: n + 1,
        status,
        tweet_status: null,
        permalink: null,
        created_at: post.created_at,
        updated_at: post.updated_at,
      }));
    }
    settleOutcome(channel, post, status);
    savePost(db, channel, post);
  }
}

/** Published and failed posts carry what publishing left on them. */
function settleOutcome(channel: SchedulerChannel, post: StoredPost, status: PostStatus): void {
  const replies = (post.replies as Record<string, unknown>[] | undefined) ?? [];
  if (status === 'POSTED' || status === 'PARTIALLY_FAILED') {
    const outcome = publishOutcome(channel, post.id);
    post.live_post_url =
      outcome.status === 'POSTED' ? outcome.liveUrl : `https://x.com/sandbox/status/${post.id}`;
    if (channel === 'twitter') {
      post.tweet_status = 'PUBLISHED';
      post.permalink = post.live_post_url;
      replies.forEach((reply, n) => {
        const failed = status === 'PARTIALLY_FAILED' && n === replies.length - 1;
        reply.status = failed ? 'FAILED' : 'POSTED';
        reply.auto_publish_error = failed ? 'PLATFORM_ERROR' : null;
        reply.live_post_url = failed ? null : `https://x.com/sandbox/status/${Number(reply.id)}`;
      });
    }
    if (channel === 'instagram' && post.first_comment) post.first_comment_status = 'SUCCESS';
  }
  if (status === 'FAILED') {
    const outcome = publishOutcome(channel, post.id);
    post.auto_publish_error = outcome.status === 'FAILED' ? outcome.error : 'PLATFORM_ERROR';
    if (channel === 'twitter') post.tweet_status = 'FAILED';
  }
}
