import { useNotification, type NotificationReactive } from 'naive-ui';
import { h, watch } from 'vue';
import { presentError } from '../lib/error-presenter.ts';
import PresentedError from '../ui/presented-error.vue';
import { useCallErrorStore } from './call-error-store.ts';

/** How long a toast that goes by itself stays: long enough to read two lines. */
const toastMs = 8000;

/**
 * Shows every failed call as a Naive UI notification, in the presenter's words. Call it once, in
 * a component inside `n-notification-provider` (the app shell does); stores only report to the
 * call-error store. A refused input stays until read; the rest close themselves.
 */
export function useCallErrorNotifications(): void {
  const notification = useNotification();
  const errors = useCallErrorStore();
  // A lost connection fails every call at once; one notice per cause is enough.
  const connectionNotices = new Map<string, NotificationReactive>();

  watch(
    () => errors.pending,
    () => {
      for (const { action, error, connectionLost } of errors.take()) {
        const presented = presentError(error, { action });
        const connectionKey = connectionLost ? presented.sentence : undefined;
        if (connectionKey && connectionNotices.has(connectionKey)) continue;
        const notice = notification.error({
          title: presented.title,
          content: () =>
            h('div', { 'data-testid': 'call-error', 'data-code': error.code }, [
              h(PresentedError, { presented }),
            ]),
          duration: presented.stays ? undefined : toastMs,
          keepAliveOnHover: true,
          onAfterLeave: () => {
            if (connectionKey) connectionNotices.delete(connectionKey);
          },
        });
        if (connectionKey) connectionNotices.set(connectionKey, notice);
      }
    },
    { immediate: true },
  );
}
