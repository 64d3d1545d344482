import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { useRouter } from 'vue-router';
import type { InboxArrival, InboxNotification } from '../../../shared/contract/index.ts';
import { api } from '../api/contract-client.ts';
import { useLoad } from '../lib/use-load.ts';
import { useBrandsStore } from './brands-store.ts';
import { useSettingsStore } from './settings-store.ts';

const appName = 'Socialdesk';

/** The title the browser shell's tab shows: the unread count first, when there is one to show. */
export function titleWith(unread: number | null, badge: boolean): string {
  return badge && unread ? `(${unread.toLocaleString('en-US')}) ${appName}` : appName;
}

const sameBrands = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * What calls a person back to the inbox while they look elsewhere (issue 25 §3), from the app's
 * start, whichever page is open: the unread count of the chosen brands (op 18, all of it, not the
 * inbox's date range: what the service's unread counts count, by the one counting rule) on the
 * badge (in the browser shell the page title, "(12) Socialdesk"; Electron's dock badge is set by
 * main), and, in the browser shell, the notifications of the saved views the person chose once
 * the browser allows them (Electron shows them from main). A click opens the interaction.
 *
 * The count follows each delta main reads, and the inbox's own triage at once (`unreadChanged`).
 */
export const useLiveAttentionStore = defineStore('live-attention', () => {
  const settings = useSettingsStore();
  const brands = useBrandsStore();
  const router = useRouter();

  /** Triage seen on screen since the count was read. */
  const changed = ref(0);
  const counts = useLoad(
    () => brands.selected,
    (signal) => {
      changed.value = 0;
      return api['inbox:unread-counts']({ brandIds: [...brands.selected] }, { signal, lane: 'background' });
    },
    { enabled: () => brands.selected.length > 0 },
  );
  const unreadTotal = computed(() => {
    const loaded = counts.data.value?.total;
    return loaded === undefined ? null : Math.max(0, loaded + changed.value);
  });

  watch(
    [unreadTotal, () => settings.stored.unreadBadge],
    ([unread, badge]) => (document.title = titleWith(unread, badge)),
    { immediate: true },
  );

  api.on('inbox:arrived', (arrival: InboxArrival) => {
    if (!arrival.unread || !sameBrands(arrival.brandIds, brands.selected)) return;
    changed.value = 0;
    counts.data.value = arrival.unread;
  });

  let inBrowser = false;
  void api['app:info']().then(
    (info) => (inBrowser = info.shell === 'web'),
    () => undefined,
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

  return {
    unreadTotal,
    /** A row's unread state changed on screen (+1 or -1): the badge follows before the next delta. */
    unreadChanged(by: number): void {
      changed.value += by;
    },
    /** Many rows changed at once (a bulk action): the count is read again. */
    reload: () => counts.reload(),
  };
});

/**
 * Asks the browser to allow notifications (from a click: browsers ask only then). Answers what
 * the browser says: 'granted', 'denied' (blocked: only the site's settings in the browser undo it),
 * 'default' (the question was closed unanswered) or 'unsupported'.
 */
export async function allowBrowserNotifications(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

/** What the browser allows now, without asking. */
export function browserNotificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}
