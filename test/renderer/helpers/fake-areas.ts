import type {
  AccountsList,
  CallInput,
  CallOutput,
  CallResult,
  TagView,
} from '../../../src/shared/contract/index.ts';

type Answers = {
  'brands:get': () => CallResult<CallOutput<'brands:get'>>;
  'brands:select': (input: CallInput<'brands:select'>) => CallResult<CallOutput<'brands:select'>>;
  'tags:list': (input: CallInput<'tags:list'>) => CallResult<CallOutput<'tags:list'>>;
  'tags:create': (input: CallInput<'tags:create'>) => CallResult<CallOutput<'tags:create'>>;
};

export const sampleTags: TagView[] = [
  {
    id: 1,
    brand_id: 101,
    name: 'Complaint',
    color: '#E5484D',
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
  },
  {
    id: 2,
    brand_id: 101,
    name: 'Praise',
    color: '#46A758',
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
  },
  {
    id: 3,
    brand_id: 102,
    name: 'Shipping',
    color: '#0090FF',
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
  },
];

/**
 * The brand picker and the Tags area as main answers them, over the fake accounts: brands are
 * the active profile's, the choice is kept per profile, tag names are unique per brand (409).
 */
export function createFakeAreas(accounts: { list(): AccountsList }, init: { tags?: TagView[] } = {}) {
  const tags = [...(init.tags ?? sampleTags)];
  const chosen = new Map<string, number[]>();
  let nextId = 100;

  const activeBrands = () => {
    const { profiles, activeId } = accounts.list();
    return { id: activeId, brands: profiles.find((p) => p.id === activeId)?.brandIds ?? [] };
  };
  const selection = () => {
    const { id, brands } = activeBrands();
    const kept = (chosen.get(id ?? '') ?? []).filter((b) => brands.includes(b));
    return { available: brands, selected: kept.length > 0 ? kept : [...brands] };
  };

  const answers: Answers = {
    'brands:get': () => ({ ok: true, value: selection() }),
    'brands:select': ({ brandIds }) => {
      chosen.set(activeBrands().id ?? '', brandIds);
      return { ok: true, value: selection() };
    },
    'tags:list': ({ brandIds }) => ({
      ok: true,
      value: { items: tags.filter((t) => brandIds.includes(t.brand_id)) },
    }),
    'tags:create': ({ brandId, name, color }) => {
      if (tags.some((t) => t.brand_id === brandId && t.name.toLowerCase() === name.trim().toLowerCase())) {
        return {
          ok: false,
          error: {
            code: 'conflict',
            message: `Brand ${brandId} already has a tag named "${name}".`,
            fieldErrors: { name: [`Already used in brand ${brandId}.`] },
            status: 409,
          },
        };
      }
      const at = '2026-11-23T12:00:00Z';
      const tag = {
        id: nextId++,
        brand_id: brandId,
        name: name.trim(),
        color: color ?? '#6E56CF',
        created_at: at,
        updated_at: at,
      };
      tags.push(tag);
      return { ok: true, value: tag };
    },
  };
  return { answers, tags };
}
