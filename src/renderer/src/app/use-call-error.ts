import { useNotification, type NotificationReactive } from 'naive-ui';
import { h, watch } from 'vue';
import type { ContractCallError } from '../../../shared/contract/index.ts';
import { useCallErrorStore } from './call-error-store.ts';

/** "field: message" lines for a form error; `(input)` stands for the input as a whole. */
export function fieldErrorLines(error: ContractCallError): string[] {
  return Object.entries(error.fieldErrors).flatMap(([field, messages]) =>
    messages.map((message) => (field === '(input)' ? message : `${field}: ${message}`)),
  );
}

function renderContent(error: ContractCallError) {
  const lines = fieldErrorLines(error);
  return () =>
    h('div', { 'data-testid': 'call-error', 'data-code': error.code }, [
      h('div', error.message),
      lines.length > 0
        ? h(
            'ul',
            { style: 'margin: 4px 0 0; padding-left: 18px' },
            lines.map((l) => h('li', l)),
          )
        : null,
    ]);
}

/** Codes that mean "main cannot be reached at all", as opposed to one call going wrong. */
const connectionCodes = new Set<ContractCallError['code']>(['offline', 'forbidden']);

/**
 * Shows every failed call as a Naive UI notification. Call it once, in a component inside
 * `n-notification-provider` (the app shell does); stores only report to the call-error store.
 */
export function useCallErrorNotifications(): void {
  const notification = useNotification();
  const errors = useCallErrorStore();
  // A lost connection fails every call at once; one notice per cause is enough.
  const connectionNotices = new Map<string, NotificationReactive>();

  watch(
    () => errors.pending,
    () => {
      for (const { action, error } of errors.take()) {
        const connectionKey = connectionCodes.has(error.code) ? `${error.code}:${error.message}` : undefined;
        if (connectionKey && connectionNotices.has(connectionKey)) continue;
        const notice = notification.error({
          title: action,
          content: renderContent(error),
          // Input errors must stay until read; the rest fade after a while.
          duration: error.code === 'invalid_input' ? undefined : 8000,
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
