import { computed, ref, watch } from 'vue';
import { settingsSchema, type Settings } from '../../../../shared/settings.ts';
import { api } from '../../api/contract-client.ts';
import { useBrandsStore } from '../../app/brands-store.ts';
import { useCallErrorStore } from '../../app/call-error-store.ts';
import { allowBrowserNotifications, browserNotificationPermission } from '../../app/live-attention.ts';
import { useSettingsStore } from '../../app/settings-store.ts';
import { useViewNotifications } from '../../app/view-notifications.ts';
import { sayAtField, sayError } from '../../lib/error-presenter.ts';
import { useLoad } from '../../lib/use-load.ts';

type Switch = 'unreadBadge' | 'notifyNewInViews';

/** What the browser answered, in words: what it means and, for a block, how to undo it. */
const permissionWords: Record<NotificationPermission | 'unsupported', string> = {
  granted: 'This browser shows Socialdesk’s notifications.',
  denied:
    'This browser blocks Socialdesk’s notifications. To undo it, open the site’s settings from the icon at the left of the address bar, set Notifications to Allow, then reload the page.',
  default: 'The browser has not been asked yet, or its question was closed unanswered.',
  unsupported: 'This browser cannot show notifications.',
};

/**
 * The live inbox's settings: how often main asks the service what arrived (checked with the
 * settings' own rule before it is sent, the refusal at the field in words), the unread count on
 * the badge, notifications on or off and per saved view, and, in the browser shell, the
 * browser's permission to show them.
 */
export function useLiveInboxSettings() {
  const settings = useSettingsStore();
  const errors = useCallErrorStore();
  const brands = useBrandsStore();
  const viewNotifications = useViewNotifications();

  // The interval.
  const intervalDraft = ref('');
  const intervalError = ref('');
  const savingInterval = ref(false);
  const intervalSaved = ref(false);
  const savedInterval = computed(() => settings.stored.inboxDeltaSeconds);
  watch(savedInterval, (seconds) => (intervalDraft.value = String(seconds)), { immediate: true });
  const intervalChanged = computed(() => intervalDraft.value.trim() !== String(savedInterval.value));

  async function saveInterval(): Promise<void> {
    intervalSaved.value = false;
    const typed = intervalDraft.value.trim();
    const seconds = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
    if (Number.isNaN(seconds)) {
      intervalError.value = 'Write a whole number of seconds, such as 30.';
      return;
    }
    const checked = settingsSchema.shape.inboxDeltaSeconds.safeParse(seconds);
    if (!checked.success) {
      intervalError.value = checked.error.issues[0]?.message ?? 'This value was refused.';
      return;
    }
    intervalError.value = '';
    savingInterval.value = true;
    try {
      await api['settings:update']({ inboxDeltaSeconds: checked.data });
      await settings.load();
      intervalSaved.value = true;
    } catch (thrown) {
      intervalError.value = sayAtField(thrown, 'inboxDeltaSeconds') ?? sayError(thrown);
    } finally {
      savingInterval.value = false;
    }
  }
  function resetInterval(): void {
    intervalDraft.value = String(savedInterval.value);
    intervalError.value = '';
  }

  // The switches: shown at once while main saves them.
  const requested = ref<Partial<Pick<Settings, Switch>>>({});
  const switchOn = (name: Switch) => requested.value[name] ?? settings.stored[name];
  async function setSwitch(name: Switch, on: boolean): Promise<void> {
    requested.value = { ...requested.value, [name]: on };
    try {
      await api['settings:update']({ [name]: on });
      await settings.load();
    } catch (error) {
      errors.report('Could not save the live inbox setting', error);
    } finally {
      const rest = { ...requested.value };
      delete rest[name];
      requested.value = rest;
    }
  }

  // The profile's saved views, each with its switch.
  const views = useLoad(
    () => brands.selected,
    (signal) => api['inbox:views']({ brandIds: [...brands.selected] }, { signal, lane: 'background' }),
    { enabled: () => brands.selected.length > 0 },
  );

  // The browser's permission (browser shell only; Electron shows them from main).
  const inBrowser = ref(false);
  void api['app:info']().then(
    (info) => (inBrowser.value = info.shell === 'web'),
    () => undefined,
  );
  const permission = ref(browserNotificationPermission());
  const asking = ref(false);
  async function allow(): Promise<void> {
    asking.value = true;
    try {
      permission.value = await allowBrowserNotifications();
    } finally {
      asking.value = false;
    }
  }
  const permissionText = computed(() => permissionWords[permission.value]);

  return {
    intervalDraft,
    intervalError,
    intervalChanged,
    intervalSaved,
    savingInterval,
    saveInterval,
    resetInterval,
    switchOn,
    setSwitch,
    views,
    viewOn: viewNotifications.isOn,
    setView: viewNotifications.set,
    inBrowser,
    permission,
    permissionText,
    asking,
    allow,
  };
}
