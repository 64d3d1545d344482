import type { draftsImportCalls } from '../../../../shared/contract/index.ts';
import type { HandlerMap } from '../../dispatch.ts';
import type { DraftsImport } from './drafts-import-service.ts';

/** The import's calls: dispatch has checked the input; its refusals leave through dispatch. */
export function createDraftsImportHandlers(imports: DraftsImport): HandlerMap<typeof draftsImportCalls> {
  return {
    'drafts-import:choose-file': ({ timeZone }) => imports.chooseFile(timeZone),
    'drafts-import:check': async (input) => imports.check(input),
    'drafts-import:import': async (input) => imports.import(input),
  };
}
