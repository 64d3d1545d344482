import { usePreferredDark } from '@vueuse/core';
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { defaultSettings, type Settings } from '../../../shared/settings.ts';
import { api } from '../api/contract-client.ts';
import { useAccessStore } from './access-store.ts';
import { toCallError, useCallErrorStore } from './call-error-store.ts';

export type ThemePreference = Settings['theme'];
export type EffectiveTheme = 'light' | 'dark';

/** The user's preferences as main stores them, and the theme they result in right now. */
export const useSettingsStore = defineStore('settings', () => {
  const errors = useCallErrorStore();
  const access = useAccessStore();
  const preferredDark = usePreferredDark();

  /** The last settings main confirmed. */
  const stored = ref<Settings>({ ...defaultSettings });
  /** A theme choice on its way to main: shown at once, dropped again if main refuses it. */
  const requestedTheme = ref<ThemePreference | null>(null);
  const loaded = ref(false);
  let latestUpdate = 0;
  let latestApplied = 0;

  const themePreference = computed<ThemePreference>(() => requestedTheme.value ?? stored.value.theme);
  const effectiveTheme = computed<EffectiveTheme>(() => {
    if (themePreference.value === 'system') return preferredDark.value ? 'dark' : 'light';
    return themePreference.value;
  });

  async function load(): Promise<void> {
    try {
      stored.value = await api['settings:get']();
      loaded.value = true;
      access.granted();
    } catch (thrown) {
      const error = toCallError(thrown);
      // A refused page is told once, full page, rather than as a notice per call.
      if (!access.judgeLocalFailure(error)) errors.report('Could not load your settings', error);
    }
  }

  async function setTheme(theme: ThemePreference): Promise<void> {
    // Answers may arrive out of order (the web bridge runs calls concurrently): keep the newest
    // answer main gave, and let only the newest click decide what is shown meanwhile.
    const ticket = ++latestUpdate;
    requestedTheme.value = theme;
    try {
      const next = await api['settings:update']({ theme });
      if (ticket > latestApplied) {
        latestApplied = ticket;
        stored.value = next;
      }
    } catch (error) {
      errors.report('Could not save the theme', error);
    } finally {
      if (ticket === latestUpdate) requestedTheme.value = null;
    }
  }

  return { stored, loaded, themePreference, effectiveTheme, load, setTheme };
});
