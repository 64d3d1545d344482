import { onScopeDispose, readonly, ref, type Ref } from 'vue';

/**
 * Whether the OS asks for a dark scheme, kept live. (Naive UI's `useOsTheme` keeps module-wide
 * state tied to component mounts, which does not fit a store that lives as long as the app.)
 */
export function usePreferredDark(): Readonly<Ref<boolean>> {
  const dark = ref(false);
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return readonly(dark);
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  dark.value = query.matches;
  const update = (event: MediaQueryListEvent) => {
    dark.value = event.matches;
  };
  query.addEventListener('change', update);
  onScopeDispose(() => query.removeEventListener('change', update));
  return readonly(dark);
}
