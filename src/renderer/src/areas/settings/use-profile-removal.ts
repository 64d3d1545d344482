import { useDialog } from 'naive-ui';
import { h } from 'vue';
import type { ProfileView, UnsyncedDrafts } from '../../../../shared/contract/index.ts';
import { api } from '../../api/contract-client.ts';
import { useAccountsStore } from '../../app/accounts-store.ts';
import { countLabel, plural } from '../../lib/labels/index.ts';

/**
 * Removing a profile, after a confirm that says what goes with it. Main deletes the profile's
 * local database with it, so drafts the service does not have yet are lost: the confirm counts
 * them first and names them, and its button says so.
 */
export function useProfileRemoval() {
  const accounts = useAccountsStore();
  const dialog = useDialog();
  // The count is asked before the dialog opens: a second click meanwhile must not open two.
  let asking = false;

  async function confirmRemove(profile: ProfileView): Promise<void> {
    if (asking) return;
    asking = true;
    const unsynced = await unsyncedDraftsOf(profile.id);
    asking = false;
    const count = unsynced?.count ?? 0;
    const about = profile.sandbox
      ? 'The profile and its token are removed. The sandbox data stays on this computer for next time.'
      : 'The profile and its stored token are removed from this computer. The account itself is not touched.';
    const warning = !unsynced ? unknownWarning : count > 0 ? draftsWarning(unsynced) : null;
    // Drafts that would be lost make it the red dialog, as any confirm of a loss is.
    (count > 0 ? dialog.error : dialog.warning)({
      title: `Remove "${profile.name}"?`,
      content: () => [h('div', about), warning && h('div', { style: 'margin-top: 8px' }, warning)],
      positiveText: count > 0 ? `Remove profile and ${countLabel(count, 'draft', 'drafts')}` : 'Remove',
      negativeText: 'Cancel',
      positiveButtonProps: { 'data-testid': 'confirm-remove' } as Record<string, unknown>,
      // Returning the promise keeps the dialog open (and its button loading) until main answers.
      onPositiveClick: () => accounts.remove(profile.id).then(() => undefined),
    });
  }

  return { confirmRemove };
}

/** Null when main could not say: the confirm then warns without a number, rather than not at all. */
async function unsyncedDraftsOf(profileId: string): Promise<UnsyncedDrafts | null> {
  try {
    return await api['drafts:unsynced-count']({ profileId });
  } catch {
    return null;
  }
}

function draftsWarning({ count, failed, conflict }: UnsyncedDrafts): string {
  const needing = [failed && `${failed} failed`, conflict && `${conflict} in conflict`].filter(Boolean);
  const detail = needing.length ? ` (${needing.join(', ')})` : '';
  return (
    `${countLabel(count, 'draft', 'drafts')} of this profile ${plural(count, 'is', 'are')} not on the service yet${detail}. ` +
    `Removing the profile deletes ${plural(count, 'it', 'them')}.`
  );
}

const unknownWarning =
  "Socialdesk could not check this profile's drafts. Removing the profile deletes any that are not on the service yet.";
