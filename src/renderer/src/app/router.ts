import {
  createRouter,
  createWebHashHistory,
  type RouteComponent,
  type RouteRecordRaw,
  type RouterHistory,
} from 'vue-router';
import InboxView from '../areas/inbox/inbox-view.vue';
import { useAccountsStore } from './accounts-store.ts';

export interface Area {
  /** Route name and menu key. */
  name: string;
  path: string;
  /** Label in the side navigation. */
  label: string;
  component: () => Promise<RouteComponent | { default: RouteComponent }>;
  /**
   * Detail panes as nested routes (an inbox thread, a campaign): drawn in the area view's own
   * <router-view>, so the list stays on screen and the address names what is open.
   */
  children?: RouteRecordRaw[];
}

/**
 * The areas of the app, in menu order. Each row is a route and a navigation entry; adding an
 * area is one line here plus its view. The first is where the app opens.
 */
export const areas: readonly Area[] = [
  {
    name: 'inbox',
    path: '/inbox',
    label: 'Inbox',
    // The start page is part of the app's own bundle, not a chunk of its own: its code arrives in
    // the first burst of downloads, instead of after the app's code has run, when it would
    // compete with the first calls for the page's connections.
    component: async () => InboxView,
    children: [
      {
        path: ':id(\\d+)',
        name: 'inbox-detail',
        component: () => import('../areas/inbox/detail/inbox-detail.vue'),
      },
    ],
  },
  {
    name: 'scheduler',
    path: '/scheduler',
    label: 'Scheduler',
    component: () => import('../areas/scheduler/scheduler-view.vue'),
    children: [
      {
        name: 'scheduler-post',
        path: 'post/:channel/:postId(\\d+)',
        component: () => import('../areas/drafts/composer/post-edit-view.vue'),
      },
    ],
  },
  {
    name: 'drafts',
    path: '/drafts',
    label: 'Drafts',
    component: () => import('../areas/drafts/drafts-view.vue'),
    children: [
      // Before ':id', though the router ranks a static segment first anyway.
      {
        name: 'draft-new',
        path: 'new',
        component: () => import('../areas/drafts/composer/new-draft-view.vue'),
      },
      {
        name: 'draft',
        path: ':id',
        component: () => import('../areas/drafts/composer/draft-composer-view.vue'),
        props: true,
      },
    ],
  },
  {
    name: 'campaigns',
    path: '/campaigns',
    label: 'Campaigns',
    component: () => import('../areas/campaigns/campaigns-view.vue'),
    children: [
      {
        name: 'campaign',
        path: ':id',
        component: () => import('../areas/campaigns/campaign-detail-view.vue'),
      },
    ],
  },
  {
    name: 'reports',
    path: '/reports',
    label: 'Reports',
    component: () => import('../areas/reports/reports-view.vue'),
  },
  {
    name: 'tags',
    path: '/tags',
    label: 'Tags',
    component: () => import('../areas/tags/tags-view.vue'),
  },
  {
    name: 'settings',
    path: '/settings',
    label: 'Settings',
    component: () => import('../areas/settings/settings-view.vue'),
  },
];

/** The first-run screen: shown, full page, while no profile exists; never in the menu. */
export const welcomeRoute = 'welcome';

/**
 * Hash history works for both Electron's app:// page and the browser shell's one served page.
 * Created on demand (not at import), so each app and each test gets a router of its own.
 */
export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  const first = areas[0]!.path;
  const router = createRouter({
    history,
    routes: [
      ...areas.map(({ name, path, component, children }) => ({ name, path, component, children })),
      { name: welcomeRoute, path: '/welcome', component: () => import('../areas/settings/welcome-view.vue') },
      { path: '/', redirect: first },
      { path: '/:unknown(.*)*', redirect: first },
    ],
  });

  // Areas need a profile; the welcome screen makes sense only without one. Decided before the
  // first render so a fresh start never flashes an empty area. (Needs Pinia installed first.)
  router.beforeEach(async (to) => {
    const accounts = useAccountsStore();
    await accounts.ensureLoaded();
    // The list could not be read: let the page open, its error is already on screen.
    if (!accounts.loaded) return true;
    if (to.name === welcomeRoute) return accounts.hasProfiles ? first : true;
    return accounts.hasProfiles ? true : { name: welcomeRoute };
  });

  // The router follows the address only once its first navigation has ended, and that one waits
  // for the profile list: a bookmark or a click meanwhile would be dropped, and the first page's
  // address written over it. Until then each change of the address is a navigation of its own,
  // which takes the waiting one's place as any later navigation would.
  const stopFollowing = history.listen((to) => void router.replace(to));
  void router.isReady().then(stopFollowing, stopFollowing);
  return router;
}
