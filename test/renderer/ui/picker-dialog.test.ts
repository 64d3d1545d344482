import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import PickerDialog from '../../../src/renderer/src/ui/picker-dialog.vue';

/** A screen that owns the dialog, and what it hears from it. */
function mountPicker(options: { confirmDisabled?: boolean; error?: string | null } = {}) {
  const heard: string[] = [];
  const show = ref(false);
  const text = ref('');
  const Host = defineComponent(
    () => () =>
      h(PickerDialog<number>, {
        show: show.value,
        title: 'Assign',
        confirmLabel: 'Assign',
        confirmDisabled: options.confirmDisabled ?? false,
        error: options.error ?? null,
        field: { label: 'User id', placeholder: 'User id', numeric: true, testid: 'field' },
        text: text.value,
        'onUpdate:text': (value: string) => (text.value = value),
        choices: [
          { value: 7, label: '7' },
          { value: 9, label: '9' },
        ],
        choicesLabel: 'Seen in the list:',
        'onUpdate:show': (value: boolean) => {
          heard.push(`show ${value}`);
          show.value = value;
        },
        onConfirm: () => heard.push(`confirm ${text.value}`),
        onChoose: (value: number) => heard.push(`choose ${value}`),
        onOpen: () => heard.push('open'),
      }),
  );
  const wrapper = mount(Host, { attachTo: document.body });
  const open = async () => {
    show.value = true;
    await flushPromises();
  };
  return { wrapper, heard, open, show };
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const inDialog = (testId: string) => dialog()!.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;
const fieldInput = () => inDialog('field').querySelector('input')!;
const pressEnterIn = (field: HTMLElement) => {
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  // A browser submits the form on Enter in a field; happy-dom leaves that to the page.
  field.closest('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the picker dialog', () => {
  it('opens named by its title, and says so each time it opens', async () => {
    const { heard, open } = mountPicker();
    expect(dialog()).toBeNull();
    await open();
    expect(dialog()!.getAttribute('aria-label')).toBe('Assign');
    expect(dialog()!.getAttribute('aria-modal')).toBe('true');
    expect(heard).toEqual(['open']);
  });

  it('confirms with Enter in its field, and not while the confirming button is off', async () => {
    const on = mountPicker();
    await on.open();
    fieldInput().value = '42';
    fieldInput().dispatchEvent(new Event('input'));
    await flushPromises();
    pressEnterIn(fieldInput());
    expect(on.heard).toEqual(['open', 'confirm 42']);
    on.wrapper.unmount();
    document.body.innerHTML = '';

    const off = mountPicker({ confirmDisabled: true });
    await off.open();
    pressEnterIn(fieldInput());
    expect(off.heard).toEqual(['open']);
    expect(inDialog('picker-confirm').hasAttribute('disabled')).toBe(true);
  });

  it('closes with Escape or Cancel, choosing nothing', async () => {
    const { heard, open } = mountPicker();
    await open();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
    await flushPromises();
    expect(heard).toEqual(['open', 'show false']);

    await open();
    inDialog('picker-cancel').click();
    await flushPromises();
    expect(heard).toEqual(['open', 'show false', 'open', 'show false']);
  });

  it('takes a quick choice in one click', async () => {
    const { heard, open } = mountPicker();
    await open();
    expect(dialog()!.textContent).toContain('Seen in the list:');
    const choices = dialog()!.querySelectorAll<HTMLElement>('[data-testid="picker-choice"]');
    expect([...choices].map((choice) => choice.textContent!.trim())).toEqual(['7', '9']);
    choices[1]!.click();
    expect(heard).toEqual(['open', 'choose 9']);
  });

  it('names its field, and shows the error under it, which the field points at', async () => {
    const { open } = mountPicker({ error: 'A user id is a whole number.' });
    await open();
    const field = fieldInput();
    expect(field.getAttribute('aria-label')).toBe('User id');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const error = inDialog('picker-error');
    expect(error.textContent!.trim()).toBe('A user id is a whole number.');
    expect(field.getAttribute('aria-describedby')).toBe(error.id);
  });
});
