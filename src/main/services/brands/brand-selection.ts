import { z } from 'zod';
import { ContractCallError, type BrandSelection } from '../../../shared/contract/index.ts';
import { noActiveProfile } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';

/** The part of conf / electron-store the brand choice is kept in. */
export interface BrandSelectionBackend {
  get(key: 'brandSelection'): unknown;
  set(key: 'brandSelection', value: Record<string, number[]>): void;
}

const storedSchema = z.record(z.string(), z.array(z.number().int().min(0)));

export interface BrandSelectionService {
  /** The active profile's brands and the chosen ones (all of them until a choice is saved). */
  get(): BrandSelection;
  /** Chooses among the active profile's brands; remembered for that profile. */
  select(brandIds: number[]): BrandSelection;
}

/**
 * The brands every area works on, chosen per profile. A choice that names brands the profile
 * no longer has (its brand list was edited) keeps the ones still there, or falls back to all.
 */
export function createBrandSelection(deps: {
  profiles: Pick<ProfilesService, 'active' | 'onChange'>;
  backend: BrandSelectionBackend;
}): BrandSelectionService {
  function stored(): Record<string, number[]> {
    const parsed = storedSchema.safeParse(deps.backend.get('brandSelection'));
    return parsed.success ? parsed.data : {};
  }

  function get(): BrandSelection {
    const profile = deps.profiles.active();
    if (!profile) return { available: [], selected: [] };
    const available = profile.brandIds;
    const kept = (stored()[profile.id] ?? []).filter((id) => available.includes(id));
    return { available, selected: kept.length > 0 ? kept : [...available] };
  }

  function select(brandIds: number[]): BrandSelection {
    const profile = deps.profiles.active();
    if (!profile) throw noActiveProfile();
    const unknown = brandIds.filter((id) => !profile.brandIds.includes(id));
    if (unknown.length > 0) {
      throw new ContractCallError({
        code: 'invalid_input',
        message: `This profile has no brand ${unknown.join(', ')}.`,
        fieldErrors: { brandIds: [`Not a brand of this profile: ${unknown.join(', ')}.`] },
      });
    }
    const ordered = profile.brandIds.filter((id) => brandIds.includes(id));
    deps.backend.set('brandSelection', { ...stored(), [profile.id]: ordered });
    return get();
  }

  // A removed profile's choice goes with it.
  deps.profiles.onChange(({ list }) => {
    const all = stored();
    const left = Object.fromEntries(Object.entries(all).filter(([id]) => list.some((p) => p.id === id)));
    if (Object.keys(left).length !== Object.keys(all).length) deps.backend.set('brandSelection', left);
  });

  return { get, select };
}
