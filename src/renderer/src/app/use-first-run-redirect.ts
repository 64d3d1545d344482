import { watch } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import { useAccountsStore } from './accounts-store.ts';
import { welcomeRoute } from './router.ts';

/**
 * Keeps the page in step with the profiles after start-up: the first profile saved (or the
 * sandbox opened) leaves the welcome screen, and removing the last one returns to it. The
 * router guard decides the first page; this follows the changes made while the app runs.
 */
export function useFirstRunRedirect(): void {
  const accounts = useAccountsStore();
  const router = useRouter();
  const route = useRoute();

  watch(
    () => [accounts.loaded, accounts.hasProfiles] as const,
    ([loaded, hasProfiles]) => {
      if (!loaded || route.matched.length === 0) return;
      const onWelcome = route.name === welcomeRoute;
      if (hasProfiles && onWelcome) void router.replace('/');
      else if (!hasProfiles && !onWelcome) void router.replace({ name: welcomeRoute });
    },
  );
}
