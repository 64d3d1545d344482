import { ContractCallError, type peopleCalls } from '../../../shared/contract/index.ts';
import { noActiveProfile } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { EventBus } from '../event-bus.ts';
import { PersonNameTakenError, type AddressBookStore, type SeenPair } from './address-book.ts';

export interface PeopleHandlersDeps {
  book: AddressBookStore;
  profiles: Pick<ProfilesService, 'active'>;
  events: Pick<EventBus, 'emit'>;
}

/** The address book's calls on the active profile, each change told to every window. */
export function createPeopleHandlers(deps: PeopleHandlersDeps) {
  const profileId = () => {
    const active = deps.profiles.active();
    if (!active) throw noActiveProfile();
    return active.id;
  };

  /** Answers the book and tells every window (another one may show the same names). */
  function changed(id: string, book: ReturnType<AddressBookStore['read']>) {
    deps.events.emit('people:changed', { profileId: id, book });
    return book;
  }

  const handlers: HandlerMap<typeof peopleCalls> = {
    'people:list': async () => deps.book.read(profileId()),

    'people:name': async ({ userId, name }) => {
      const id = profileId();
      try {
        return changed(id, deps.book.name(id, userId, name));
      } catch (error) {
        if (!(error instanceof PersonNameTakenError)) throw error;
        throw new ContractCallError({
          code: 'conflict',
          message: error.message,
          fieldErrors: { name: ['Someone else already has this name; choose another.'] },
        });
      }
    },

    'people:forget': async ({ userId }) => {
      const id = profileId();
      return changed(id, deps.book.forget(id, userId));
    },

    'people:set-me': async ({ userId }) => {
      const id = profileId();
      return changed(id, deps.book.setMe(id, userId));
    },
  };

  /** For the inbox's answers passing through: users newly seen on a brand change the book. */
  function recordSeen(id: string, pairs: SeenPair[]): void {
    if (deps.book.recordSeen(id, pairs)) changed(id, deps.book.read(id));
  }

  return { handlers, recordSeen };
}
