import { effectScope, watch, type Ref } from 'vue';
import type { Router } from 'vue-router';
import type { InboxNotification } from '../../../../../shared/contract/index.ts';
import { api } from '../../../api/contract-client.ts';
import { useSettingsStore } from '../../../app/settings-store.ts';

const appName = 'Socialdesk';

/**
 * What calls a person back to the inbox while they look elsewhere (issue 25 §3): the unread count
 * on the badge (in the browser shell the page title, "(12) Socialdesk"; Electron's dock badge is
 * set by main) and, in the browser shell, the notifications of the saved views they chose, once
 * the browser allows them (Electron shows them from main). A click opens the interaction.
 * Started once with the inbox's data and kept for the app's life.
 */
export function startLiveAttention(unreadTotal: Ref<number | null>, router: Router): void {
  const scope = effectScope(true);
  scope.run(() => {
    const settings = useSettingsStore();
    let inBrowser = false;
    void api['app:info']().then(
      (info) => (inBrowser = info.shell === 'web'),
      () => undefined,
    );

    watch(
      [unreadTotal, () => settings.stored.unreadBadge],
      ([unread, badge]) => {
        document.title = badge && unread ? `(${unread}) ${appName}` : appName;
      },
      { immediate: true },
    );

    const open = (id: number) => void router.push({ name: 'inbox-detail', params: { id: String(id) } });
    api.on('inbox:open-item', ({ id }) => open(id));
    api.on('inbox:notify', (notification: InboxNotification) => {
      if (!inBrowser || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      const shown = new Notification(notification.title, {
        body: notification.body,
        // One per view: a newer one replaces its view's last rather than piling up.
        tag: `inbox-view-${notification.viewId}`,
      });
      shown.onclick = () => {
        window.focus();
        open(notification.itemId);
        shown.close();
      };
    });
  });
}

/** Asks the browser to allow notifications (from a click: browsers ask only then). */
export async function allowBrowserNotifications(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}
