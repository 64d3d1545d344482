import { usePreferredDark } from '@vueuse/core';
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { defaultSettings, type Settings } from '../../../shared/settings.ts';
import { api } from '../api/contract-client.ts';
import { useLoad } from '../lib/use-load.ts';
import { useAccessStore } from './access-store.ts';
import { useCallErrorStore } from './call-error-store.ts';
import { reportLoadFailures } from './report-load-failures.ts';

export type ThemePreference = Settings['theme'];
export type EffectiveTheme = 'light' | 'dark';

/** The user's preferences as main stores them, and the theme they result in right now. */
export const useSettingsStore = defineStore('settings', () => {
  const errors = useCallErrorStore();
  const access = useAccessStore();
  const preferredDark = usePreferredDark();

  // Started by the app as it mounts (and by the refused page's Retry), not by a source.
  const read = useLoad(null, async (signal) => {
    const answer = await api['settings:get'](undefined, { signal });
    access.granted();
    return answer;
  });
  // A refused page is told once, full page, rather than as a notice per call.
  reportLoadFailures(read.error, 'Could not load your settings', { local: true });

  /** The last settings main confirmed. */
  const stored = computed<Settings>(() => read.data.value ?? defaultSettings);
  /** A theme choice on its way to main: shown at once, dropped again if main refuses it. */
  const requestedTheme = ref<ThemePreference | null>(null);
  const loaded = computed(() => read.data.value !== undefined);
  let latestUpdate = 0;
  let latestApplied = 0;

  const themePreference = computed<ThemePreference>(() => requestedTheme.value ?? stored.value.theme);
  const effectiveTheme = computed<EffectiveTheme>(() => {
    if (themePreference.value === 'system') return preferredDark.value ? 'dark' : 'light';
    return themePreference.value;
  });

  async function setTheme(theme: ThemePreference): Promise<void> {
    // Answers may arrive out of order (the web bridge runs calls concurrently): keep the newest
    // answer main gave, and let only the newest click decide what is shown meanwhile.
    const ticket = ++latestUpdate;
    requestedTheme.value = theme;
    try {
      const next = await api['settings:update']({ theme });
      if (ticket > latestApplied) {
        latestApplied = ticket;
        read.data.value = next;
      }
    } catch (error) {
      errors.report('Could not save the theme', error);
    } finally {
      if (ticket === latestUpdate) requestedTheme.value = null;
    }
  }

  return { stored, loaded, themePreference, effectiveTheme, load: read.reload, setTheme };
});
