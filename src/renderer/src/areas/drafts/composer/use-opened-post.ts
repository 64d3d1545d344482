import { shallowRef, watch } from 'vue';
import type { SchedulerChannel } from '../../../../../shared/domain/index.ts';
import { api } from '../../../api/contract-client.ts';
import { useLoad } from '../../../lib/use-load.ts';
import type { OpenedPost } from './use-draft-editor.ts';

/**
 * A post opened to edit from the Scheduler: the id of its draft still being worked on when there
 * is one, else the post as the service has it (read-only once published). Set once per post, so
 * the composer is not started again when the same answer is read again.
 */
export function useOpenedPost(channel: () => SchedulerChannel, postId: () => number) {
  const opened = useLoad([channel, postId], (signal) =>
    api['posts:open']({ channel: channel(), postId: postId() }, { signal }),
  );
  void opened.reload();
  const source = shallowRef<OpenedPost | string | null>(null);
  watch(opened.data, (answer) => {
    if (!answer) return;
    source.value =
      answer.draftId ??
      ({
        channel: channel(),
        post: answer.post!,
        fields: answer.fields ?? {},
        readOnly: answer.post!.status === 'POSTED',
      } satisfies OpenedPost);
  });
  return { source, error: opened.error, loading: opened.loading, reload: opened.reload };
}
