import { NButton, useMessage, type MessageReactive } from 'naive-ui';
import { h, watch } from 'vue';
import { useRouter } from 'vue-router';
import type { PostView } from '../../../../shared/contract/index.ts';
import type { SchedulerChannel } from '../../../../shared/domain/index.ts';
import { brandLabel } from '../../app/brands-store.ts';
import { useCallErrorStore } from '../../app/call-error-store.ts';
import { presentError } from '../../lib/error-presenter.ts';
import { useConfirm } from '../../ui/use-confirm.ts';
import { postKey } from './calendar-events.ts';
import { channelNames } from '../../lib/labels/index.ts';
import { useSchedulerStore, type PostNotice } from './scheduler-store.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * The one toast of the Scheduler's post actions on screen, whichever part of the page (the
 * calendar, the list, the pane) asked: a new message takes the place of the last, so two never
 * stack. Kept at the module because each part calls usePostActions for itself.
 */
let toast: { notice: Outcome; shown: MessageReactive } | undefined;

function closeToast() {
  toast?.shown.destroy();
  toast = undefined;
}

/** What a toast here says: how an action went. A refusal goes through the error presenter. */
type Outcome = PostNotice & { kind: 'success' | 'info' };
const durations: Record<Outcome['kind'], number> = { success: 3_000, info: 3_000 };

/**
 * What the calendar, the list and the details do to a post: move it (with an Undo in the message
 * that says so), delete it after a confirmation, or open it in the composer. What an action came to
 * is said once: in the details pane while it is open (a toast would lie over its controls),
 * otherwise in one toast. A refusal shows where the error presenter puts it: a refused field (the
 * publish time) at the pane's own time field while it is open, anything else in the app's one
 * error toast.
 */
export function usePostActions() {
  const store = useSchedulerStore();
  const errors = useCallErrorStore();
  const message = useMessage();
  const confirm = useConfirm();
  const router = useRouter();

  function say(notice: Outcome) {
    closeToast();
    if (store.selected) {
      store.notice = notice;
      return;
    }
    const shown = message[notice.kind](
      () =>
        h('span', { class: 'post-notice', 'data-testid': notice.testId }, [
          notice.text,
          notice.undo
            ? [
                ' ',
                h(
                  NButton,
                  { text: true, type: 'primary', 'data-testid': 'undo-move', onClick: notice.undo },
                  () => 'Undo',
                ),
              ]
            : null,
        ]),
      {
        duration: notice.undo ? 10_000 : durations[notice.kind],
        closable: true,
        onAfterLeave: () => {
          if (toast?.shown === shown) toast = undefined;
        },
      },
    );
    toast = { notice, shown };
  }

  /**
   * An action on `post` was refused: `action` titles it ("The post stays where it was"), and at
   * the pane's fields `lead` says the same before the field's words.
   */
  function refuse(post: PostView, action: string, error: unknown, lead: string, testId: string) {
    closeToast();
    const presented = presentError(error, { action });
    if (store.selected && presented.place === 'field') {
      const atTime = presented.fields.find((f) => f.field === 'timestamp');
      const text = `${lead} ${atTime?.message ?? presented.line}`;
      store.notice = { kind: 'error', text, about: postKey(post), testId };
      return;
    }
    if (store.notice?.about === postKey(post)) store.notice = null;
    errors.report(action, error);
  }

  // The pane opened: a toast about its post goes into it; any other would lie over it, so it goes.
  watch(
    () => store.selected && postKey(store.selected),
    (opened) => {
      if (!opened || !toast) return;
      if (toast.notice.about === opened) store.notice = toast.notice;
      closeToast();
    },
  );

  function newPost(channel: SchedulerChannel) {
    void router.push(`/drafts/new?channel=${channel}`);
  }

  function edit(post: PostView) {
    // Over the Scheduler, which stays behind as it is (its filters and date stay in the address).
    store.selected = null;
    void router.push({
      name: 'scheduler-post',
      params: { channel: post.channel, postId: post.id },
      query: router.currentRoute.value.query,
    });
  }

  /**
   * Moves a post; `revert` puts the calendar's event back when the move did not happen. `lead`
   * says what the move was ("Moved to", "Added to the queue:", "Scheduled for").
   */
  async function move(post: PostView, start: Date, revert?: () => void, lead = 'Moved to'): Promise<boolean> {
    const from = post.timestamp;
    try {
      const moved = await store.reschedule(post, start.toISOString());
      say({
        kind: 'success',
        text: `${lead} ${when(moved.timestamp ?? start.toISOString())}.`,
        about: postKey(post),
        undo: from ? () => void undo(moved, from) : undefined,
        testId: 'moved-message',
      });
      return true;
    } catch (error) {
      revert?.();
      refuse(post, 'The post stays where it was', error, 'The post stays where it was.', 'move-refusal');
      return false;
    }
  }

  async function undo(post: PostView, timestamp: string) {
    closeToast();
    if (store.notice?.about === postKey(post)) store.notice = null;
    try {
      await store.reschedule(post, timestamp);
      say({
        kind: 'info',
        text: `Put back at ${when(timestamp)}.`,
        about: postKey(post),
        testId: 'put-back',
      });
    } catch (error) {
      refuse(post, 'Could not put the post back', error, 'Could not put the post back.', 'move-refusal');
    }
  }

  async function remove(post: PostView): Promise<boolean> {
    const sure = await confirm({
      title: 'Delete this post?',
      content: `The ${channelNames[post.channel]} post is deleted from the service for everyone. This cannot be undone.`,
      action: 'Delete post',
      danger: true,
    });
    if (!sure) return false;
    try {
      await store.remove(post);
      say({ kind: 'success', text: 'Post deleted.', about: postKey(post), testId: 'post-deleted' });
      return true;
    } catch (error) {
      refuse(post, 'Could not delete the post', error, 'Could not delete the post.', 'delete-refusal');
      return false;
    }
  }

  /**
   * "Add to queue": the post goes to the next posting time of its channel and brand that no post
   * holds, through the same path a move takes (its message, its Undo, its refusals).
   */
  async function addToQueue(post: PostView): Promise<boolean> {
    let next: Awaited<ReturnType<typeof store.nextFreeTime>>;
    try {
      next = await store.nextFreeTime(post);
    } catch (error) {
      refuse(
        post,
        'Could not add the post to the queue',
        error,
        'Could not add the post to the queue.',
        'queue-refusal',
      );
      return false;
    }
    if (next.timestamp === null) {
      const whose = `${channelNames[post.channel]} · ${brandLabel(post.brand_id)}`;
      say({
        kind: 'info',
        text:
          next.slotCount === 0
            ? `${whose} has no posting times yet: set them in Posting times.`
            : `Every posting time of ${whose} in the next ${next.horizonDays} days holds a post already.`,
        about: postKey(post),
        testId: 'queue-full',
      });
      return false;
    }
    return move(post, new Date(next.timestamp), undefined, 'Added to the queue:');
  }

  /** A post from Unscheduled dropped on the calendar: scheduled there, as a move would be. */
  function schedule(post: PostView, start: Date): Promise<boolean> {
    return move(post, start, undefined, 'Scheduled for');
  }

  return { newPost, edit, move, remove, addToQueue, schedule };
}
