import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { createMemoryHistory } from 'vue-router';
import App from '../../../src/renderer/src/app.vue';
import { createAppRouter } from '../../../src/renderer/src/router.ts';

/** The whole frame (providers, shell, router) at `path`, as a user would see it after start. */
export async function mountApp(path = '/settings') {
  const pinia = createPinia();
  // The router's first-run guard reads the accounts store, and runs before the app mounts.
  setActivePinia(pinia);
  const router = createAppRouter(createMemoryHistory());
  await router.push(path);
  await router.isReady();
  const wrapper = mount(App, { global: { plugins: [pinia, router] }, attachTo: document.body });
  await flushPromises();
  return { wrapper, router, pinia };
}

/** Text on screen, including what Naive UI teleports to <body> (notifications). */
export function screenText(): string {
  return document.body.textContent ?? '';
}
