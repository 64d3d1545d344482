import type { PostStatus } from '../../../../shared/domain/index.ts';

/** The colour of a status chip, as Naive UI's tags name them. */
export type ChipType = 'default' | 'info' | 'success' | 'warning' | 'error';

export interface StatusMeta {
  label: string;
  type: ChipType;
  /** One line on what the status means for the post. */
  meaning: string;
}

/** A scheduled post's status in a word, a colour, and a line on what it means. */
export const postStatusMeta: Record<PostStatus, StatusMeta> = {
  DRAFT: { label: 'Draft', type: 'default', meaning: 'Not scheduled yet: nothing will be published.' },
  SCHEDULED: { label: 'Scheduled', type: 'info', meaning: 'Will be published at its time.' },
  MISSING_APPROVALS: {
    label: 'Needs approval',
    type: 'warning',
    meaning: 'Waits for approvals from its reviewers before it can be published.',
  },
  AUTOPUBLISHING: { label: 'Publishing', type: 'info', meaning: 'Being published right now.' },
  POSTED: { label: 'Published', type: 'success', meaning: 'Published on the channel.' },
  FAILED: { label: 'Failed', type: 'error', meaning: 'Could not be published.' },
  PARTIALLY_FAILED: {
    label: 'Partly failed',
    type: 'error',
    meaning: 'Published, but part of its thread could not be.',
  },
  USERS_NOTIFIED: {
    label: 'Reminder sent',
    type: 'default',
    meaning: 'Not published automatically: the team was reminded to publish it by hand.',
  },
  EXPIRED: { label: 'Expired', type: 'warning', meaning: 'Its time passed before it was published.' },
  SKIPPED: { label: 'Skipped', type: 'default', meaning: 'Left out on purpose: it was not published.' },
  IMPORTED: { label: 'Imported', type: 'default', meaning: 'Published outside Socialdesk and imported.' },
};
