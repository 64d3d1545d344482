import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, vi } from 'vitest';
import { createMemoryHistory, type Router } from 'vue-router';
import App from '../../../src/renderer/src/app/app.vue';
import { createAppRouter } from '../../../src/renderer/src/app/router.ts';
import { fakeColorScheme } from './color-scheme.ts';

/** What `mountApp` mounted since the last clean-up, so a test need not unmount it itself. */
const mounted = new Set<VueWrapper>();

/** The whole frame (providers, shell, router) at `path`, as a user would see it after start. */
export async function mountApp(path = '/settings') {
  const pinia = createPinia();
  // The router's first-run guard reads the accounts store, and runs before the app mounts.
  setActivePinia(pinia);
  const router = createAppRouter(createMemoryHistory());
  await router.push(path);
  await router.isReady();
  const wrapper = mount(App, { global: { plugins: [pinia, router] }, attachTo: document.body });
  mounted.add(wrapper);
  await flushPromises();
  return { wrapper, router, pinia };
}

/**
 * Every test of the calling file starts under a light OS colour scheme and leaves nothing for the
 * next one: the app unmounted, what Naive UI teleported to <body> gone, the theme it set on
 * <html> removed, and the fake preload, stubs and fake timers undone.
 */
export function freshPageForEachTest(): void {
  beforeEach(() => {
    fakeColorScheme(false);
  });
  afterEach(() => {
    for (const wrapper of mounted) wrapper.unmount();
    mounted.clear();
    delete window.socialdesk;
    document.body.innerHTML = '';
    delete document.documentElement.dataset.theme;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** Text on screen, including what Naive UI teleports to <body> (notifications). */
export function screenText(): string {
  return document.body.textContent ?? '';
}

/**
 * Resolves once the router has arrived at the route `name` (its lazily loaded view included): a
 * readiness signal, where polling against a deadline fails on a busy machine.
 */
export function arrivedAt(router: Router, name: string): Promise<void> {
  return new Promise((resolve) => {
    if (router.currentRoute.value.name === name) return resolve();
    const stop = router.afterEach((to, _from, failure) => {
      if (failure || to.name !== name) return;
      stop();
      resolve();
    });
  });
}
