import { NButton, useMessage, type MessageReactive } from 'naive-ui';
import { h, watch } from 'vue';
import { useRouter } from 'vue-router';
import type { PostView } from '../../../../shared/contract/index.ts';
import type { SchedulerChannel } from '../../../../shared/domain/index.ts';
import { presentError, sayError } from '../../lib/error-presenter.ts';
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
let toast: { notice: PostNotice; shown: MessageReactive } | undefined;

function closeToast() {
  toast?.shown.destroy();
  toast = undefined;
}

const durations: Record<PostNotice['kind'], number> = { success: 3_000, info: 3_000, error: 8_000 };

/**
 * What the calendar, the list and the details do to a post: move it (with an Undo in the message
 * that says so), delete it after a confirmation, or open it in the composer. What an action came to
 * is said once: in the details pane while it is open (a toast would lie over its controls),
 * otherwise in one toast.
 */
export function usePostActions() {
  const store = useSchedulerStore();
  const message = useMessage();
  const confirm = useConfirm();
  const router = useRouter();

  function say(notice: PostNotice) {
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
    void router.push(`/drafts/new?channel=${post.channel}&postId=${post.id}`);
  }

  /** Moves a post; `revert` puts the calendar's event back when the move did not happen. */
  async function move(post: PostView, start: Date, revert?: () => void): Promise<boolean> {
    const from = post.timestamp;
    try {
      const moved = await store.reschedule(post, start.toISOString());
      say({
        kind: 'success',
        text: `Moved to ${when(moved.timestamp ?? start.toISOString())}.`,
        about: postKey(post),
        undo: from ? () => void undo(moved, from) : undefined,
        testId: 'moved-message',
      });
      return true;
    } catch (error) {
      revert?.();
      say({ kind: 'error', text: moveRefusal(error), about: postKey(post), testId: 'move-refusal' });
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
      say({
        kind: 'error',
        text: `Could not put the post back. ${moveRefusal(error)}`,
        about: postKey(post),
        testId: 'move-refusal',
      });
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
      say({
        kind: 'error',
        text: `Could not delete the post. ${sayError(error)}`,
        about: postKey(post),
        testId: 'delete-refusal',
      });
      return false;
    }
  }

  return { newPost, edit, move, remove };
}

/**
 * Why a move was refused, in the presenter's words: a refused time says what to pick instead
 * ("Pick a time after 14:28 today."), anything else the error in one line.
 */
function moveRefusal(error: unknown): string {
  const presented = presentError(error, { action: 'Could not move the post' });
  const atTime = presented.fields.find((f) => f.field === 'timestamp');
  return `The post stays where it was. ${atTime?.message ?? presented.line}`;
}
