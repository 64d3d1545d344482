import type { AutoPublishError, PostStatus, SchedulerChannel } from '../../../../shared/domain/index.ts';

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
  twitter: 'TW',
  linkedin: 'IN',
  snapchat: 'SC',
};

/** The start of a post's text for a calendar event, after its channel's code. */
export function postTitle(channel: SchedulerChannel, text: string | null, postType: string | null): string {
  const body = text?.trim() || (postType ? `${postType.toLowerCase()} without text` : 'No text');
  return `${channelCodes[channel]} ${body.length > 120 ? `${body.slice(0, 119)}…` : body}`;
}
