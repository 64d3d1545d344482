import type { PostView } from '../../../../shared/contract/index.ts';
import type { AutoPublishError, PostStatus, SchedulerChannel } from '../../../../shared/domain/index.ts';
import { channelNames, countLabel, postStatusMeta, sentenceCase } from '../../lib/labels/index.ts';

/**
 * What only the Scheduler says: which statuses a move may change, publishing errors in words, and
 * a channel's two-letter code (channel names and statuses are in lib/labels).
 */

/** Statuses a drag (or the details' time picker) may move: those that are still to be published. */
export const movableStatuses: ReadonlySet<PostStatus> = new Set(['DRAFT', 'SCHEDULED', 'MISSING_APPROVALS']);

export interface ErrorExplanation {
  /** What happened, in plain words. */
  what: string;
  /** What the person can do about it. */
  todo: string;
}

const reconnect = 'Reconnect the account in the service, then schedule the post again.';

export const publishErrorExplanations: Record<AutoPublishError, ErrorExplanation> = {
  ACCOUNT_RESTRICTED: {
    what: 'The channel has restricted this account, so it may not publish for now.',
    todo: "Check the account's notices on the channel itself, then schedule the post again.",
  },
  AGAINST_COMMUNITY_STANDARDS: {
    what: 'The channel refused the post: it found something against its community rules.',
    todo: 'Change the text or media that may break the rules, then schedule it again.',
  },
  APPROVED_PUBLISHING_DATES_HAVE_NO_OVERLAP: {
    what: 'The dates approved for this content do not overlap, so there is no day it may go out.',
    todo: "Ask for the content's approved dates to be corrected, then schedule it within them.",
  },
  AUTO_PUBLISH_LIMIT_EXCEEDED: {
    what: 'The channel allows only so many automatic posts a day, and the limit was reached.',
    todo: 'Move the post to a later time, or publish it by hand.',
  },
  DUPLICATE_POST: {
    what: 'The channel refused the post because the same post was published just before.',
    todo: 'Change the text a little, or delete this post if it is a copy.',
  },
  FLAGGED_AS_SPAM: {
    what: 'The channel took the post for spam.',
    todo: 'Use fewer links and hashtags, change the wording, then schedule it again.',
  },
  INTERNAL: {
    what: 'Something went wrong in the publishing service itself.',
    todo: 'Schedule the post again in a few minutes.',
  },
  INVALID_ACCOUNT_TYPE: {
    what: 'This kind of account cannot publish automatically (a personal account, say).',
    todo: 'Switch the account to a business or creator account, or publish by hand.',
  },
  INVALID_AUTH: {
    what: "The channel no longer accepts the account's connection (its access expired or was revoked).",
    todo: reconnect,
  },
  INVALID_DESCRIPTION: {
    what: 'The channel refused the description of the post.',
    todo: 'Shorten or reword the description, then schedule it again.',
  },
  INVALID_IMAGE: {
    what: "The channel refused an image: its size, format or proportions do not fit the channel's rules.",
    todo: 'Replace the image with one the channel accepts, then schedule it again.',
  },
  INVALID_PIN_BOARD: {
    what: 'The board chosen for the post does not exist any more or cannot be used.',
    todo: 'Pick another board, then schedule it again.',
  },
  INVALID_PRODUCT_TAGS: {
    what: 'Some product tags are not valid on the channel (a product removed from the catalog, say).',
    todo: 'Remove or fix the product tags, then schedule it again.',
  },
  INVALID_TARGETING: {
    what: 'The audience chosen for the post is not valid on the channel.',
    todo: 'Change the targeting, then schedule it again.',
  },
  INVALID_TITLE: {
    what: 'The channel refused the title of the post.',
    todo: 'Shorten or reword the title, then schedule it again.',
  },
  INVALID_VIDEO_THUMBNAIL: {
    what: "The video's cover image was refused by the channel.",
    todo: 'Choose another cover image or thumbnail offset, then schedule it again.',
  },
  MEDIA_CONTAINER_EXPIRED: {
    what: 'The uploaded media expired on the channel before the post went out.',
    todo: 'Schedule the post again: the media is uploaded anew.',
  },
  MISSING_AUTH: {
    what: 'No account of this channel is connected for the brand.',
    todo: 'Connect the account in the service, then schedule the post again.',
  },
  OUTSIDE_OF_APPROVED_PUBLISHING_DATES: {
    what: 'The post was due outside the dates its content is approved for.',
    todo: 'Move the post to a time within the approved dates.',
  },
  PAGE_PUBLISHING_AUTH_REQUIRED: {
    what: 'The account may not publish on this page: the page has not given it that right.',
    todo: 'Ask a page admin to grant publishing rights, then schedule the post again.',
  },
  PLATFORM_ERROR: {
    what: 'The channel had a problem of its own and did not publish the post.',
    todo: 'Schedule the post again a little later.',
  },
  REJECTED: {
    what: 'A reviewer rejected the post, so it was not published.',
    todo: "Read the reviewers' comments, change the post, and ask for approval again.",
  },
  TEXT_LENGTH_EXCEEDED: {
    what: 'The text is longer than the channel allows.',
    todo: 'Shorten the text, then schedule it again.',
  },
};

/** A channel in two letters, where a calendar cell has room for little more. */
export const channelCodes: Record<SchedulerChannel, string> = {
  threads: 'TH',
  instagram: 'IG',
  twitter: 'X',
  linkedin: 'in',
  snapchat: 'SC',
};

/**
 * A channel's mark on the calendar and the lists: its code on its colour. One palette for both
 * themes, each colour chosen so its text reads at 4.5:1 or more (Snapchat's yellow takes black).
 */
export const channelColors: Record<SchedulerChannel, { background: string; text: string }> = {
  threads: { background: '#1c1c1c', text: '#ffffff' },
  instagram: { background: '#b3206f', text: '#ffffff' },
  twitter: { background: '#0f5c8f', text: '#ffffff' },
  linkedin: { background: '#0a58a8', text: '#ffffff' },
  snapchat: { background: '#fff200', text: '#1c1c1c' },
};

/**
 * A post's time as the calendar and the list write it, 24-hour: "Tue, Oct 27, 09:30" (the list
 * adds the year).
 */
export function postTimeText(iso: string, { year = false } = {}): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: year ? 'numeric' : undefined,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

type Titled = Pick<PostView, 'channel' | 'text' | 'post_type' | 'media_count'>;

/**
 * What a post says in a line. A post without text says what it holds instead: a Snapchat post
 * (which never has text) "Snapchat · 1 media file", so nobody deletes a post without knowing
 * which; others their type ("Story without text").
 */
export function postBody(post: Titled): string {
  const text = post.text?.trim();
  if (text) return text;
  if (post.channel === 'snapchat')
    return post.media_count > 0
      ? `Snapchat · ${countLabel(post.media_count, 'media file', 'media files')}`
      : 'Snapchat · no media yet';
  return post.post_type ? `${sentenceCase(post.post_type)} without text` : 'No text';
}

/** The start of a post's text for a calendar event (its channel shows as its mark). */
export function postTitle(post: Titled): string {
  const body = postBody(post);
  return body.length > 120 ? `${body.slice(0, 119)}…` : body;
}

/** Whether a post matches every word of a search: its text, channel, brand, status or label. */
export function matchesSearch(
  post: PostView,
  words: readonly string[],
  brandName: (id: number) => string,
): boolean {
  if (words.length === 0) return true;
  const haystack = [
    postBody(post),
    channelNames[post.channel],
    brandName(post.brand_id),
    postStatusMeta[post.status].label,
  ]
    .join(' ')
    .toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** A search's words, lower case (empty: no search). */
export const searchWords = (text: string) => text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
