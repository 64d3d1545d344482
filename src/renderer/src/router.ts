import { createRouter, createWebHashHistory, type RouteComponent, type RouterHistory } from 'vue-router';

export interface Area {
  /** Route name and menu key. */
  name: string;
  path: string;
  /** Label in the side navigation. */
  label: string;
  component: () => Promise<RouteComponent | { default: RouteComponent }>;
}

/**
 * The areas of the app, in menu order. Each row is a route and a navigation entry; adding an
 * area (Inbox, Scheduler, Campaigns, Reports) is one line here plus its view.
 */
export const areas: readonly Area[] = [
  {
    name: 'settings',
    path: '/settings',
    label: 'Settings',
    component: () => import('./views/settings-view.vue'),
  },
];

/**
 * Hash history works for both `file://` in Electron and the browser shell's one served page.
 * Created on demand (not at import) because the web bridge must take its secret out of the
 * fragment before hash history reads it.
 */
export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  const first = areas[0]!.path;
  return createRouter({
    history,
    routes: [
      ...areas.map(({ name, path, component }) => ({ name, path, component })),
      { path: '/', redirect: first },
      { path: '/:unknown(.*)*', redirect: first },
    ],
  });
}
