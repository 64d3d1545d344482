import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCallErrorStore } from '../../../src/renderer/src/app/call-error-store.ts';
import { ContractCallError } from '../../../src/shared/contract/index.ts';
import { createFakePreload } from '../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../helpers/mount-app.ts';
import { detailsText, wordsShown } from '../helpers/words-shown.ts';

freshPageForEachTest();
afterEach(() => vi.useRealTimers());

const toasts = () => [...document.body.querySelectorAll<HTMLElement>('.n-notification')];

/** A refusal as main hands it over: the service's own text, with its field paths. */
const refusedAssignee = new ContractCallError({
  code: 'invalid_input',
  message:
    'Invalid request body. assignee_id: Unknown user. change.assigneeId: Must be a user of this brand.',
  wording: 'machine',
  status: 422,
  fieldErrors: { assignee_id: ['Unknown user.'], 'change.assigneeId': ['Must be a user of this brand.'] },
});

describe('the toasts of failed actions', () => {
  it('say a refused input with its field by name, the raw text only behind Details, and stay', async () => {
    createFakePreload().install();
    const mounted = await mountApp('/settings');
    vi.useFakeTimers();
    useCallErrorStore(mounted.pinia).report('Could not assign the conversation', refusedAssignee);
    await flushPromises();

    const [toast] = toasts();
    const shown = wordsShown(toast!);
    expect(shown).toContain('Could not assign the conversation');
    expect(shown).toContain('Check the assignee.');
    expect(shown).toContain('Assignee: Unknown user. Must be a user of this brand.');
    expect(shown).not.toMatch(/Invalid request body|assignee_id|change\.assigneeId/);
    expect(detailsText(toast!)).toContain('Invalid request body.');

    // A refused input waits to be read.
    vi.advanceTimersByTime(60_000);
    await flushPromises();
    expect(toasts()).toHaveLength(1);
  });

  it('close by themselves for any other failure', async () => {
    createFakePreload().install();
    const mounted = await mountApp('/settings');
    vi.useFakeTimers();
    const failed = new ContractCallError({
      code: 'service_error',
      message: 'upstream 502 from stats-7',
      wording: 'machine',
      fieldErrors: {},
      status: 502,
    });
    useCallErrorStore(mounted.pinia).report('Could not save the theme', failed);
    await flushPromises();
    expect(wordsShown(toasts()[0]!)).toContain('The service ran into a problem. Try again in a moment.');
    expect(wordsShown(toasts()[0]!)).not.toContain('stats-7');

    vi.advanceTimersByTime(60_000);
    await flushPromises();
    vi.runAllTimers();
    await flushPromises();
    expect(toasts()).toHaveLength(0);
  });
});
