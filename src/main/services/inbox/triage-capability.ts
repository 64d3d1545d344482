import { isApiError, isMissingFeature } from '../api/api-error.ts';
import type { CommunityApi } from '../api/community.ts';
import type { CallContext } from '../dispatch.ts';

export interface TriageCapability {
  triage: boolean;
  note: string | null;
}

export const NO_TRIAGE_NOTE =
  'This service does not let Socialdesk mark interactions read, archived or for follow-up, tag or assign them. Do that in the service itself; the inbox still lists and filters everything.';
const NOTHING_TO_CHECK_NOTE =
  'There is no interaction yet to check triage with; Socialdesk checks again when there is one.';

/**
 * Whether the service answers the triage PATCH (an extension, conventions §9: a 404 or 405 hides
 * the feature), asked once per profile and remembered until the profiles change.
 *
 * The probe is a PATCH of a real interaction with an empty body. It can change nothing: a service
 * with the extension refuses it as invalid (422, or 400) or takes it as a no-op (2xx); a service
 * without it answers 404, 405 or 501 before reading any body. The alternative, writing back the
 * interaction's own current `is_read`, proves as much but writes: it moves the row's `updated_at`,
 * and a person who changes that flag elsewhere between the read and the probe would lose the
 * change. A real interaction is needed because a 404 for a made-up id cannot be told from a 404
 * for a missing route. Failures that say nothing either way (offline, 401, 5xx) are thrown and not
 * remembered, so the next call asks again.
 */
export function createTriageCapability() {
  const known = new Map<string, Promise<TriageCapability>>();
  /** The answers had so far, to tell at once (offline, the probe cannot be asked). */
  const settled = new Map<string, boolean>();

  async function probe(
    community: CommunityApi,
    brandIds: number[],
    context: CallContext,
    tries = 3,
  ): Promise<{ answer: TriageCapability; keep: boolean }> {
    const page = await community.listInteractions({ brand_ids: brandIds, limit: 1 }, context);
    const sample = page.data[0];
    if (!sample) return { answer: { triage: false, note: NOTHING_TO_CHECK_NOTE }, keep: false };
    try {
      await community.updateInteraction(sample.id, {}, context);
    } catch (error) {
      // A 404 is also the answer for an interaction deleted since it was listed: asked again with
      // another one, not taken for a service without the extension.
      if (isApiError(error) && error.kind === 'http' && error.status === 404 && tries > 1) {
        if ((await community.getInteraction(brandIds, sample.id, context)) === undefined)
          return probe(community, brandIds, context, tries - 1);
      }
      if (isMissingFeature(error)) return { answer: { triage: false, note: NO_TRIAGE_NOTE }, keep: true };
      if (!(isApiError(error) && error.kind === 'http' && [400, 422].includes(error.status))) throw error;
    }
    return { answer: { triage: true, note: null }, keep: true };
  }

  return {
    /** The profile's answer, asking the service the first time (callers at once share one probe). */
    get(
      profileId: string,
      community: CommunityApi,
      brandIds: number[],
      context: CallContext,
    ): Promise<TriageCapability> {
      let asking = known.get(profileId);
      if (!asking) {
        // The probe is nobody's in particular: a caller who goes away stops waiting for it, but
        // does not abort it under the others waiting for the same answer.
        asking = probe(community, brandIds, {
          lane: context.lane,
          signal: new AbortController().signal,
        }).then(({ answer, keep }) => {
          if (!keep) known.delete(profileId);
          else settled.set(profileId, answer.triage);
          return answer;
        });
        known.set(profileId, asking);
        asking.catch(() => known.delete(profileId));
      }
      return untilAborted(asking, context.signal);
    },
    /** The profile's answer if one was had: undefined while the service was never asked. */
    known(profileId: string | undefined): boolean | undefined {
      return profileId === undefined ? undefined : settled.get(profileId);
    },
    /** Forgets every answer (a profile's addresses or token may have changed). */
    forget(): void {
      known.clear();
      settled.clear();
    },
  };
}

/** `promise`, or its caller's abort, whichever comes first. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const leave = () => reject(signal.reason);
    signal.addEventListener('abort', leave, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave));
  });
}
