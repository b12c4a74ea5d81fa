import type { BinOf, StaffFeature, StaffPageAccess } from './staff-feature';

/** A resource's bin, with its resource. */
export interface ResourceBin extends BinOf {
  resource: string;
}

/**
 * The back office's addresses, from the features (ADR 046): where each resource lives under
 * /api/v1/Admin, whose roles each page follows, which resources keep a bin. The admin app's
 * composition registers its features before any screen shows; the staff kit reads them here and
 * names no feature.
 */
const API_PATHS = new Map<string, string>();
const PAGES = new Map<string, StaffPageAccess>();
const BINS: ResourceBin[] = [];

/** Registers the list of features (again on a hot reload: the list replaces the previous). */
export function registerStaffFeatures(features: readonly StaffFeature[]): void {
  API_PATHS.clear();
  PAGES.clear();
  BINS.length = 0;
  for (const feature of features) {
    for (const { name, path, bin } of feature.resources ?? []) {
      if (API_PATHS.has(name)) throw new Error(`Risorsa registrata due volte: ${name}`);
      API_PATHS.set(name, path);
      if (bin !== undefined) BINS.push({ resource: name, ...bin });
    }
    for (const { path, resource, route } of feature.pages ?? []) {
      PAGES.set(path, {
        ...(resource === undefined ? {} : { resource }),
        ...(route === undefined ? {} : { route }),
      });
    }
  }
}

/** Where a resource lives under /api/v1/Admin; undefined for a name no feature registered. */
export function apiPathOf(resource: string): string | undefined {
  return API_PATHS.get(resource);
}

/** Whose roles a page that is not a resource's list follows. */
export function pageAccessOf(path: string): StaffPageAccess | undefined {
  return PAGES.get(path);
}

/** The resources with a bin, in the features' order (ADR 031). */
export function resourceBins(): readonly ResourceBin[] {
  return BINS;
}
