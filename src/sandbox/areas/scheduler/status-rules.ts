import type { SettablePostStatus } from '../../../shared/domain/index.ts';
import { SandboxError } from '../../http/errors.ts';
import { isoSeconds, type StoredPost } from './post-store.ts';

/**
 * The status rules of conventions §7. A client asks for DRAFT, SCHEDULED or AUTOPUBLISHING; the
 * service decides what is stored:
 * - SCHEDULED needs a timestamp in the future (422 otherwise);
 * - SCHEDULED or AUTOPUBLISHING on a post that needs more approvals than it has becomes
 *   MISSING_APPROVALS;
 * - AUTOPUBLISHING means "publish now": the publisher takes it on its next run.
 * Every other status (POSTED, FAILED, ...) is set by the service only.
 */

/** Statuses that wait for the publisher or for approvals, re-checked when their inputs change. */
const waiting = new Set(['SCHEDULED', 'MISSING_APPROVALS']);

export function approvedCount(post: StoredPost): number {
  const requests = Array.isArray(post.approval_requests)
    ? (post.approval_requests as { approval_status?: unknown }[])
    : [];
  return requests.filter((request) => request.approval_status === 'APPROVED').length;
}

/** True when the post's approval policy asks for more approvals than it has. */
export function lacksApprovals(post: StoredPost): boolean {
  if (post.approval_policy !== 'APPROVAL_REQUIRED') return false;
  const required = typeof post.num_of_approvals_required === 'number' ? post.num_of_approvals_required : 1;
  return approvedCount(post) < required;
}

/** The post-level approval_status: null without a policy, else APPROVED or PENDING. */
export function approvalStatusOf(post: StoredPost): string | null {
  if (post.approval_policy !== 'APPROVAL_REQUIRED') return null;
  return lacksApprovals(post) ? 'PENDING' : 'APPROVED';
}

function requireFutureTimestamp(post: StoredPost, now: Date): void {
  const at = typeof post.timestamp === 'string' ? Date.parse(post.timestamp) : Number.NaN;
  if (Number.isNaN(at)) {
    throw new SandboxError(422, 'A SCHEDULED post needs a timestamp.', {
      timestamp: ['Required when status is SCHEDULED.'],
    });
  }
  if (at <= now.getTime()) {
    throw new SandboxError(422, 'A SCHEDULED post needs a timestamp in the future.', {
      timestamp: [`Must be after the current time (${now.toISOString()}).`],
    });
  }
}

export interface StatusChange {
  /** The status the client sent, if any. */
  requested: SettablePostStatus | undefined;
  /** True when the write touched the timestamp or the approval fields. */
  inputsChanged: boolean;
}

/** Decides the stored status of a post after a create or an update (the post is mutated). */
export function applyStatus(post: StoredPost, change: StatusChange, now: Date): void {
  const { requested } = change;
  let target: string;
  if (requested === 'DRAFT') {
    target = 'DRAFT';
  } else if (requested === 'SCHEDULED') {
    requireFutureTimestamp(post, now);
    target = lacksApprovals(post) ? 'MISSING_APPROVALS' : 'SCHEDULED';
  } else if (requested === 'AUTOPUBLISHING') {
    post.timestamp ??= isoSeconds(now);
    post.has_scheduled_time = true;
    target = lacksApprovals(post) ? 'MISSING_APPROVALS' : 'AUTOPUBLISHING';
  } else if (waiting.has(post.status) && change.inputsChanged) {
    // A waiting post whose time or approvals changed is scheduled again under the same rules.
    requireFutureTimestamp(post, now);
    target = lacksApprovals(post) ? 'MISSING_APPROVALS' : 'SCHEDULED';
  } else {
    target = post.status;
  }
  if (requested !== undefined) {
    // A post sent back to draft or to the publisher starts over: no result of an earlier attempt.
    post.auto_publish_error = null;
    post.live_post_url = null;
  }
  post.status = target;
  post.approval_status = approvalStatusOf(post);
}
