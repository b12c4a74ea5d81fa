import { STAFF_ROLES, type StaffRole } from './constants.js';

/**
 * Which staff roles may use each area of the staff API `/api/v1/Admin/<Area>/…`
 * (docs/decisions/031-staff-roles-and-undo.md): one declarative map, read by the server's access
 * hook on every staff call and by the back office's menu. A route whose area is not here is
 * refused to everyone (and the access-matrix test fails), so a new area must be declared.
 */
const EVERY_STAFF: readonly StaffRole[] = STAFF_ROLES;
const SECRETARIAT: readonly StaffRole[] = ['segreteria'];
/** The site's and the reserved area's contents. */
const EDITORIAL: readonly StaffRole[] = ['segreteria', 'redazione'];
/** Members, payments and dues. */
const TREASURY: readonly StaffRole[] = ['segreteria', 'tesoreria'];
/** An event's page and programme: the editors' and the events' staff's (ADR 050). */
const EVENT_PAGES: readonly StaffRole[] = [...EDITORIAL, 'eventi'];
/** An event's registrations, money at its desk and check-in: treasury's and the events' staff's. */
const EVENT_WORK: readonly StaffRole[] = [...TREASURY, 'eventi'];

export const STAFF_AREA_ROLES: Readonly<Record<string, readonly StaffRole[]>> = {
  // Every staff member: who am I, my own two-factor, the home.
  Me: EVERY_STAFF,
  Security: EVERY_STAFF,
  Dashboard: EVERY_STAFF,
  // Contents
  News: EDITORIAL,
  NewsCategories: EDITORIAL,
  MagazineIssues: EDITORIAL,
  MagazineArticles: EDITORIAL,
  SetupElements: EDITORIAL,
  BoardMembers: EDITORIAL,
  SiteContents: EDITORIAL,
  SiteTexts: EDITORIAL,
  ShareImage: EDITORIAL,
  // The rich text of every editor, events' descriptions included.
  RichTextPreview: EVENT_PAGES,
  Recommendations: EDITORIAL,
  Assemblies: EDITORIAL,
  PressReviews: EDITORIAL,
  Opinions: EDITORIAL,
  TransparencyPublications: EDITORIAL,
  PublicContributions: EDITORIAL,
  Events: EVENT_PAGES,
  TransparencyWarnings: EDITORIAL,
  UnsearchableDocuments: EDITORIAL,
  // Members, payments and dues
  Members: TREASURY,
  Payments: TREASURY,
  Fees: TREASURY,
  FeeYears: TREASURY,
  Memberships: TREASURY,
  MembershipApplications: TREASURY,
  BankStatements: TREASURY,
  BankRows: TREASURY,
  DuesReminders: TREASURY,
  // Their texts: who sends the reminders writes them (ADR 030, amendment of 28 November 2026).
  DuesReminderTexts: TREASURY,
  DuesReport: TREASURY,
  // Registrations and money taken at an event's desk (ADR 049, 050).
  EventRegistrations: EVENT_WORK,
  // An event's badges, check-in and certificates (ADR 051): the same people as its registrations.
  EventAttendance: EVENT_WORK,
  // The secretariat alone: requests from outside, mailing, the audit log
  SponsorshipRequests: SECRETARIAT,
  NewsletterSubscribers: SECRETARIAT,
  OutboxMessages: SECRETARIAT,
  // Writing to the members: its segments (ADR 062).
  CommunicationSegments: SECRETARIAT,
  AuditLog: SECRETARIAT,
};

/**
 * Routes narrower than their area, as `METHOD /Area/rest` (the route's pattern under
 * /api/v1/Admin): importing accounts may create staff accounts in bulk, so it stays with the
 * secretariat; another account's two-factor is seen by who sees accounts and turned off by the
 * secretariat alone (one's own is turned off with a code, `Security/TwoFactor/Disable`).
 */
export const STAFF_ROUTE_ROLES: Readonly<Record<string, readonly StaffRole[]>> = {
  'POST /Members/Import': SECRETARIAT,
  'GET /Security/Members/:id/TwoFactor': TREASURY,
  'DELETE /Security/Members/:id/TwoFactor': SECRETARIAT,
};

/** The area of a staff API path or route pattern (`/api/v1/Admin/News/:id` → `News`). */
export function staffAreaOf(path: string): string {
  const rest = path.replace(/^\/api\/v1\/Admin/, '');
  return rest.split('/')[1]?.split('?')[0] ?? '';
}

/** The roles that may call one staff route (`GET`, `/api/v1/Admin/News/:id`); empty if none. */
export function rolesOfStaffRoute(method: string, routePattern: string): readonly StaffRole[] {
  const rest = routePattern.replace(/^\/api\/v1\/Admin/, '');
  return ownRoles(STAFF_ROUTE_ROLES, `${method} ${rest}`) ?? areaRoles(staffAreaOf(rest));
}

/** A key of one of the maps above, never an inherited name such as `__proto__`. */
function ownRoles(
  map: Readonly<Record<string, readonly StaffRole[]>>,
  key: string,
): readonly StaffRole[] | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

function areaRoles(area: string): readonly StaffRole[] {
  return ownRoles(STAFF_AREA_ROLES, area) ?? [];
}

/** Whether `role` may use an area of the staff API at all (the back office's menu). */
export function mayUseStaffArea(role: string | null | undefined, area: string): boolean {
  return areaRoles(area).some((allowed) => allowed === role);
}

/**
 * Whether `role` may give or take a staff role (ADR 031): the secretariat alone; another staff
 * role that manages accounts (tesoreria) may not make anyone staff, nor change a staff account.
 * The server refuses it; the back office offers only what the role may give.
 */
export function mayGrantStaffRoles(role: string | null | undefined): boolean {
  return role === 'segreteria';
}
