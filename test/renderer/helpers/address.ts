import { flushPromises } from '@vue/test-utils';
import type { Router } from 'vue-router';
import { addressWritten } from '../../../src/renderer/src/lib/route-query.ts';

/**
 * What was just set is in the address (the app writes it after the next frame: see
 * route-query.ts), and what follows the navigation has settled.
 */
export async function addressCaughtUp(router: Router): Promise<void> {
  await flushPromises();
  await addressWritten(router);
  await flushPromises();
}
