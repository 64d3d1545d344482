/**
 * The four areas of the service, one base URL each (conventions §1): the client sends each call to
 * its area's address, the sandbox serves each under `/<area>`, a profile stores one address each.
 */
export const serviceAreas = ['library', 'scheduler', 'dashboard', 'community'] as const;
export type ServiceArea = (typeof serviceAreas)[number];

/** One address per service area: a profile's, a client's, a running sandbox's. */
export type BaseUrls = Record<ServiceArea, string>;

/** A record with one entry per service area, made by `make`: base URLs, clients, schemas. */
export function perServiceArea<T>(make: (area: ServiceArea) => T): Record<ServiceArea, T> {
  return Object.fromEntries(serviceAreas.map((area) => [area, make(area)])) as Record<ServiceArea, T>;
}
