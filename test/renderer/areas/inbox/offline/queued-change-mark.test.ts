import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import QueuedChangeMark from '../../../../../src/renderer/src/areas/inbox/offline/queued-change-mark.vue';
import { useQueuedChangesStore } from '../../../../../src/renderer/src/areas/inbox/offline/queued-changes-store.ts';
import type { QueuedTriageList } from '../../../../../src/shared/contract/index.ts';
import { createFakePreload } from '../../../helpers/fake-preload.ts';

beforeEach(() => setActivePinia(createPinia()));

const waiting: QueuedTriageList = {
  items: [
    { seq: 1, interactionId: 7, change: { archived: true }, state: 'waiting', error: null, queuedAt: 1 },
    { seq: 2, interactionId: 8, change: { read: true }, state: 'waiting', error: null, queuedAt: 2 },
  ],
};
const refused: QueuedTriageList = {
  items: [
    {
      seq: 1,
      interactionId: 7,
      change: { archived: true },
      state: 'refused',
      error: { code: 'not_found', message: 'This interaction is no longer on the service.', fieldErrors: {} },
      queuedAt: 1,
    },
  ],
};

/** The mark of one row, as the row and the pane draw it from the store. */
const Harness = defineComponent({
  props: { id: { type: Number, required: true } },
  setup(props) {
    const store = useQueuedChangesStore();
    return () => {
      const look = store.lookOf(props.id);
      return h('div', [
        h('span', { 'data-testid': 'count' }, String(store.waitingCount)),
        look ? h(QueuedChangeMark, { look }) : null,
      ]);
    };
  },
});

describe('triage done offline, on its row', () => {
  it('waits calmly, and once refused says why in words, with Retry that puts it back in line', async () => {
    const preload = createFakePreload().install();
    preload.answer('inbox:queued-changes', () => ({ ok: true, value: waiting }));
    preload.answer('inbox:retry-change', () => ({ ok: true, value: { items: [{ ...waiting.items[0]! }] } }));
    const wrapper = mount(Harness, { props: { id: 7 } });
    await flushPromises();
    expect(wrapper.get('[data-testid="queued-waiting"]').text()).toBe('Unsent');
    expect(wrapper.get('[data-testid="count"]').text()).toBe('2');

    const settled: number[][] = [];
    useQueuedChangesStore().settled((ids) => settled.push(ids));
    preload.emit('inbox:queued-changes', refused);
    await flushPromises();
    expect(settled).toEqual([[7, 8]]);
    expect(wrapper.find('[data-testid="queued-waiting"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="queued-refused-line"]').text()).toBe(
      'Could not archive. This interaction is no longer on the service.',
    );
    expect(wrapper.get('[data-testid="count"]').text()).toBe('0');

    await wrapper.get('[data-testid="queued-retry"]').trigger('click');
    await flushPromises();
    expect(preload.inputsOf('inbox:retry-change')).toEqual([{ seq: 1 }]);
    expect(wrapper.get('[data-testid="queued-waiting"]').text()).toBe('Unsent');
  });
});
