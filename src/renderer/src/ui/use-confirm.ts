import { useDialog } from 'naive-ui';

export interface ConfirmOptions {
  title: string;
  content: string;
  /** The confirming button's words, e.g. "Delete post". */
  action: string;
  /** Red button for what cannot be undone. */
  danger?: boolean;
}

/**
 * A confirm dialog as a promise: `if (await confirm({...})) remove()`. Esc, the close button
 * and "Cancel" all answer false. Call inside a component under the app's dialog provider.
 */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const dialog = useDialog();
  return (options) =>
    new Promise<boolean>((resolve) => {
      const make = options.danger ? dialog.error : dialog.warning;
      make({
        title: options.title,
        content: options.content,
        positiveText: options.action,
        negativeText: 'Cancel',
        autoFocus: true,
        onPositiveClick: () => resolve(true),
        onNegativeClick: () => resolve(false),
        onClose: () => resolve(false),
        onMaskClick: () => resolve(false),
        onEsc: () => resolve(false),
      });
    });
}
