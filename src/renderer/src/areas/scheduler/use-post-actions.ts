import { NButton, useMessage } from 'naive-ui';
import { h } from 'vue';
import { useRouter } from 'vue-router';
import type { PostView } from '../../../../shared/contract/index.ts';
import type { SchedulerChannel } from '../../../../shared/domain/index.ts';
import { toCallError } from '../../lib/call-error.ts';
import { useConfirm } from '../../ui/use-confirm.ts';
import { channelLabels } from './post-labels.ts';
import { useSchedulerStore } from './scheduler-store.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** Why a move was refused, in a sentence: the service's own words for the time when it gave some. */
function moveRefusal(error: unknown): string {
  const failure = toCallError(error);
  const atTime = failure.fieldErrors.timestamp?.[0];
  return atTime
    ? `The post stays where it was: ${atTime}`
    : `The post stays where it was. ${failure.message}`;
}

/**
 * What the calendar, the list and the details do to a post: move it (with an Undo in the message
 * that says so), delete it after a confirmation, or open it in the composer.
 */
export function usePostActions() {
  const store = useSchedulerStore();
  const message = useMessage();
  const confirm = useConfirm();
  const router = useRouter();

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
      const shown = message.success(
        () =>
          h('span', { class: 'undo-message', 'data-testid': 'moved-message' }, [
            `Moved to ${when(moved.timestamp ?? start.toISOString())}. `,
            from
              ? h(
                  NButton,
                  {
                    text: true,
                    type: 'primary',
                    'data-testid': 'undo-move',
                    onClick: () => {
                      shown.destroy();
                      void undo(moved, from);
                    },
                  },
                  () => 'Undo',
                )
              : null,
          ]),
        { duration: 10_000, closable: true },
      );
      return true;
    } catch (error) {
      revert?.();
      message.error(moveRefusal(error), { duration: 8_000, closable: true });
      return false;
    }
  }

  async function undo(post: PostView, timestamp: string) {
    try {
      await store.reschedule(post, timestamp);
      message.info(`Put back at ${when(timestamp)}.`);
    } catch (error) {
      message.error(`Could not put the post back. ${moveRefusal(error)}`, {
        duration: 8_000,
        closable: true,
      });
    }
  }

  async function remove(post: PostView): Promise<boolean> {
    const sure = await confirm({
      title: 'Delete this post?',
      content: `The ${channelLabels[post.channel]} post is deleted from the service for everyone. This cannot be undone.`,
      action: 'Delete post',
      danger: true,
    });
    if (!sure) return false;
    try {
      await store.remove(post);
      message.success('Post deleted.');
      return true;
    } catch (error) {
      message.error(`Could not delete the post. ${toCallError(error).message}`, {
        duration: 8_000,
        closable: true,
      });
      return false;
    }
  }

  return { newPost, edit, move, remove };
}
