import type { brandsCalls } from '../../../shared/contract/index.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { BrandSelectionService } from './brand-selection.ts';

export function createBrandsHandlers(selection: BrandSelectionService): HandlerMap<typeof brandsCalls> {
  return {
    'brands:get': async () => selection.get(),
    'brands:select': async ({ brandIds }) => selection.select(brandIds),
  };
}
