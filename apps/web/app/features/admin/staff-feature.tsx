import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from 'react-admin';

/** The menu's groups, in order (ADR 023). */
export const MENU_GROUPS = [
  'Contenuti',
  'Area riservata',
  'Soci e quote',
  'Comunicazioni',
  'Sistema',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/**
 * A screen of a feature's staff module, loaded the first time it is shown (ADR 020): the
 * dashboard carries react-admin and no screen; each feature's screens (and the rich-text editor
 * they use) come in their own chunk.
 */
export function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): ComponentType {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return function LazyScreen() {
    return (
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    );
  };
}

/** The API body of a form's record (files to base64, for instance). */
export type FormBody = (data: Record<string, unknown>) => Promise<object>;

/** What a bin screen says of a resource's deleted records (ADR 031). */
export interface BinOf {
  /** The bin's heading, plural. */
  label: string;
  testId: string;
  /** One record, in a sentence: "Notizia ripristinata". */
  noun: string;
  /** The past participle's ending for the noun's gender: "a" or "o". */
  ending: 'a' | 'o';
}

/** One react-admin resource of a feature, its screens picked from the feature's module. */
export interface StaffResourceOf<M> {
  /** The resource's name: its address under /amministrazione. */
  name: string;
  /** Where it lives under /api/v1/Admin (its roles are that area's, ADR 031). */
  path: string;
  label: string;
  group: MenuGroup;
  /** Its list searches text (`q`): the global search asks it (ADR 023). */
  searchable?: boolean;
  recordRepresentation?: string;
  /** Its deleted records wait in the bin (ADR 031). */
  bin?: BinOf;
  list: (module: M) => ComponentType;
  edit?: (module: M) => ComponentType;
  create?: (module: M) => ComponentType;
  show?: (module: M) => ComponentType;
  /** The API body of a form's record (files to base64, for instance). */
  body?: (module: M) => FormBody;
}

/** A staff resource, its screens loaded on demand. */
export interface StaffResource {
  name: string;
  path: string;
  label: string;
  group: MenuGroup;
  searchable?: boolean;
  recordRepresentation?: string;
  bin?: BinOf;
  list: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  show?: ComponentType;
  body?: FormBody;
}

/** A feature's resources over one screens module, loaded once when one of them is first used. */
export function staffResources<M>(
  load: () => Promise<M>,
  resources: StaffResourceOf<M>[],
): StaffResource[] {
  return resources.map(({ list, edit, create, show, body, ...about }) => ({
    ...about,
    list: lazyScreen(load, list),
    ...(edit === undefined ? {} : { edit: lazyScreen(load, edit) }),
    ...(create === undefined ? {} : { create: lazyScreen(load, create) }),
    ...(show === undefined ? {} : { show: lazyScreen(load, show) }),
    ...(body === undefined ? {} : { body: async (data) => body(await load())(data) }),
  }));
}

/** Who may open a page that is not a resource's list (ADR 031); without either, all staff. */
export interface StaffPageAccess {
  /** The resource whose roles it follows. */
  resource?: string;
  /** The API route whose declared roles it follows. */
  route?: readonly [method: string, path: string];
}

/** A back-office page that is not a resource's list: its address, screen, menu link. */
export interface StaffPage extends StaffPageAccess {
  /** Its address under /amministrazione, without the leading slash. */
  path: string;
  screen: ComponentType;
  /** Its link in the menu's group, if it has one. */
  menu?: { label: string; group: MenuGroup };
}

/** One entry of the home's list of every section. */
export interface StaffSection {
  to: string;
  title: string;
  text: string;
}

/**
 * What a feature brings to the back office, from its `admin/resources.tsx` (ADR 046): the
 * admin app's composition (`app/admin-app.tsx`) loops over the list of features for its
 * resources, pages, menu, home and the data provider's addresses.
 */
export interface StaffFeature {
  /** Its react-admin resources, in the menu's order. */
  resources?: readonly StaffResource[];
  /** Its pages that are not a resource's list. */
  pages?: readonly StaffPage[];
  /** Its entries in the home's list of every section, in order. */
  sections?: readonly StaffSection[];
}
