import type { DatabaseSync } from 'node:sqlite';
import {
  autoPublishErrors,
  type AutoPublishError,
  type SchedulerChannel,
} from '../../../shared/domain/index.ts';
import { hashString } from '../../random.ts';
import { prepareCached } from '../../sql.ts';
import { isoSeconds, parseStoredBody, savePost, type StoredPost } from './post-store.ts';

/**
 * The publisher: on the sandbox clock, every SCHEDULED post whose timestamp has come and every
 * AUTOPUBLISHING post is published. The outcome is a pure function of the post id, so a test (or
 * a demo) sees the same posts fail every time: about one in eight fails with an
 * auto_publish_error, the rest become POSTED with a live_post_url.
 */

export type PublishOutcome =
  { status: 'POSTED'; liveUrl: string } | { status: 'FAILED'; error: AutoPublishError };

const liveUrls: Record<SchedulerChannel, (id: number) => string> = {
  threads: (id) => `https://www.threads.net/@sandbox/post/${id.toString(36).toUpperCase()}`,
  instagram: (id) => `https://www.instagram.com/p/SBX${id.toString(36).toUpperCase()}/`,
  twitter: (id) => `https://x.com/sandbox/status/${1_800_000_000_000_000_000n + BigInt(id)}`,
  linkedin: (id) =>
    `https://www.linkedin.com/feed/update/urn:li:share:${7_100_000_000_000_000_000n + BigInt(id)}/`,
  snapchat: (id) => `https://www.snapchat.com/spotlight/SBX${id.toString(36).toUpperCase()}`,
};

/** What publishing post `id` on `channel` results in; the same id always gives the same result. */
export function publishOutcome(channel: SchedulerChannel, id: number): PublishOutcome {
  const hash = hashString(`publish:${id}`);
  if (hash % 8 === 0) {
    return {
      status: 'FAILED',
      error: autoPublishErrors[(hash >>> 3) % autoPublishErrors.length] ?? 'PLATFORM_ERROR',
    };
  }
  return { status: 'POSTED', liveUrl: liveUrls[channel](id) };
}

type Body = Record<string, unknown>;

function publish(channel: SchedulerChannel, post: StoredPost, stamp: string): void {
  const outcome = publishOutcome(channel, post.id);
  const apply = (item: Body, url: string | null) => {
    item.status = outcome.status;
    item.updated_at = stamp;
    item.live_post_url = url;
    item.auto_publish_error = outcome.status === 'FAILED' ? outcome.error : null;
  };
  apply(post, outcome.status === 'POSTED' ? outcome.liveUrl : null);
  if (channel === 'instagram' && typeof post.first_comment === 'string' && post.first_comment !== '') {
    post.first_comment_status = outcome.status === 'POSTED' ? 'SUCCESS' : 'FAILED';
  }
  if (channel === 'twitter') {
    post.tweet_status = outcome.status === 'POSTED' ? 'PUBLISHED' : 'FAILED';
    post.permalink = post.live_post_url;
    // A thread publishes as one: replies share the post's fate, each with its own link.
    for (const reply of (post.replies as Body[] | undefined) ?? []) {
      apply(reply, outcome.status === 'POSTED' ? liveUrls.twitter(Number(reply.id)) : null);
      reply.tweet_status = post.tweet_status;
      reply.permalink = reply.live_post_url;
    }
  }
}

/**
 * Publishes every post due at `now`; returns how many it published. Called by the interval in
 * `startPublisher` and directly by tests with a moved clock.
 */
export function publishDue(db: DatabaseSync, now: Date): number {
  // Cached: every scheduler request runs this before it is answered (routes.ts).
  const due = prepareCached(
    db,
    `SELECT channel, body FROM scheduled_posts
      WHERE status = 'AUTOPUBLISHING' OR (status = 'SCHEDULED' AND timestamp <= ?)
      ORDER BY timestamp, id`,
  ).all(now.getTime());
  if (due.length === 0) return 0;
  const stamp = isoSeconds(now);
  db.exec('BEGIN');
  try {
    for (const row of due) {
      const channel = String(row.channel) as SchedulerChannel;
      const post = parseStoredBody(row.body);
      publish(channel, post, stamp);
      savePost(db, channel, post);
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return due.length;
}

/** Runs `publishDue` every `intervalMs` on the sandbox clock; returns the stop function. */
export function startPublisher(db: DatabaseSync, now: () => Date, intervalMs = 1000): () => void {
  const timer = setInterval(() => {
    try {
      publishDue(db, now());
    } catch {
      // A closed database at shutdown ends the publisher; anything else is retried next tick.
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
