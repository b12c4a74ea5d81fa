import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

/**
 * Kysely table types. Conventions (docs/architecture.md, "Data"): dates are ISO text (`YYYY-MM-DD`,
 * timestamps `YYYY-MM-DDTHH:mm:ss.sssZ` in UTC), flags are integers 0/1, money is integer
 * cents. `*_search` columns hold the normalised text (lower case, no accents) that title
 * searches and case-insensitive matches run on, so both engines behave the same.
 */

export type Id = Generated<number>;
/** A staff record's version (0040, ADR 041): 1 when created, one more at every staff save. */
export type Version = Generated<number>;
/** A timestamp written by the application (ISO-8601 UTC). */
export type Timestamp = string;
export type Flag = ColumnType<number, number | undefined, number>;

/** Who may read a reserved-area item (ADR 011). */
export type Audience =
  'all' | 'public' | 'socio' | 'affiliato' | 'Affiliati tecnici' | 'Affiliati infermieri';

/** What an attachment row belongs to. */
export type AttachmentOwnerKind =
  | 'article'
  | 'recommendation'
  | 'assembly'
  | 'press_review'
  | 'magazine_issue'
  | 'magazine_article'
  | 'setup_element'
  | 'board_member_cv'
  | 'sponsorship_request'
  | 'transparency_publication';

/** When a record without a published flag went to the bin (0032, ADR 031); null: not there. */
export interface BinColumn {
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CategoriesTable extends BinColumn {
  id: Id;
  title: string;
  title_search: string;
  sort_order: number;
  /** Raised by every staff save (ADR 041). */
  version: Version;
}

export interface ArticlesTable {
  id: Id;
  title: string;
  title_search: string;
  subtitle_html: string;
  /** Publication date; a date after today means scheduled, not yet visible. */
  published_on: string;
  featured: Flag;
  published: Flag;
  source_url: string | null;
  source_name: string | null;
  /** The secretariat's private note: back office only, never in a public answer. */
  internal_note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
  // Back-office publication (0017a, ADR 023)
  /** The instant (ISO, UTC) a scheduled item goes public; null: from its publication date. */
  publish_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it went to the bin (ISO instant, 0017b); null while it is not there. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ArticleCategoriesTable {
  article_id: number;
  category_id: number;
  /** 0 is the displayed category (spec §3: the first value of `categorie`). */
  position: number;
}

/** Content-addressed blobs (docs/architecture.md, "Files"); the bytes live in the FileStore. */
export interface FilesTable {
  sha256: string;
  size_bytes: number;
  content_type: string;
  created_at: Timestamp;
}

export interface AttachmentsTable {
  id: Id;
  owner_kind: AttachmentOwnerKind;
  owner_id: number;
  position: number;
  file_name: string;
  /** The address clients download by; unique, never a filesystem path. */
  server_relative_url: string;
  file_sha256: string;
  created_at: Timestamp;
}

/**
 * Schedule and bin of a content with a published flag (ADR 023, ADR 031; migration
 * 0028-reserved-undo): the ISO instant it goes public (null: once published) and the moment it
 * went to the bin (null: not binned). The bulletin's issues have them too (0030-magazine-undo).
 */
export interface ScheduleAndBinColumns extends BinColumn {
  publish_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RecommendationsTable extends ScheduleAndBinColumns {
  id: Id;
  title: string;
  title_search: string;
  published_on: string;
  source_name: string | null;
  source_url: string | null;
  audience: Audience;
  published: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
}

export interface AssembliesTable extends ScheduleAndBinColumns {
  id: Id;
  title: string;
  title_search: string;
  held_on: string;
  place: string;
  territory: 'Nazionali' | 'Regionali';
  section: string | null;
  audience: Audience;
  published: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
}

export interface PressReviewsTable extends ScheduleAndBinColumns {
  id: Id;
  headline: string;
  title_search: string;
  newspaper: string;
  published_on: string;
  url: string | null;
  audience: Audience;
  published: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
}

export interface OpinionsTable extends ScheduleAndBinColumns {
  id: Id;
  title: string;
  title_search: string;
  published_on: string;
  sort_order: number;
  question: string;
  answer: string;
  audience: Audience;
  published: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
}

export interface MagazineIssuesTable extends ScheduleAndBinColumns {
  id: Id;
  title: string;
  title_search: string;
  year: number;
  /** The issue's number in the series (0: none); issues sort by year and number (ADR 014). */
  issue_number: ColumnType<number, number | undefined, number>;
  published_on: string;
  audience: Audience;
  published: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
}

export interface MagazineArticlesTable {
  id: Id;
  issue_id: number;
  title: string;
  title_search: string;
  /** JSON array of author names (spec §3: `autore` is a key/value map built from it). */
  authors_json: string;
  newspaper: string;
  published_on: string;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
  /** When it went to the bin on its own (ADR 031); null: not in the bin (or only with its issue). */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SetupElementsTable {
  id: Id;
  /** The key of spec §3 (`pareri-intro`, `chisiamo-affiliati-iscrizione` …). */
  key: string;
  body_html: string;
  updated_at: Timestamp;
  /** Raised by every staff save (ADR 041). */
  version: Version;
}

export interface BoardMembersTable extends BinColumn {
  id: Id;
  name: string;
  role: string;
  photo_sha256: string | null;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
}

export interface FeesTable {
  id: Id;
  title: string;
  amount_cents: number;
  /** 'Socio' or 'Affiliato' (spec §3 `accesso`). */
  access: 'Socio' | 'Affiliato';
  sort_order: number;
  active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Raised by every staff save (ADR 041). */
  version: Version;
}

export type MemberRole =
  'socio' | 'affiliato' | 'segreteria' | 'redazione' | 'tesoreria' | 'eventi' | 'partecipante';

export interface MembersTable {
  id: Id;
  /** Lower-cased e-mail; the username. */
  email: string;
  first_name: string;
  last_name: string;
  role: MemberRole;
  status: 'active' | 'disabled';
  password_hash: string | null;
  password_changed: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
}

/** Two-factor sign-in of a staff account (ADR 017); enabled once a code confirmed it. */
export interface MemberTwoFactorTable {
  member_id: number;
  /** The TOTP secret, AES-256-GCM with a key derived from the server's secret (security/totp.ts). */
  secret_encrypted: string;
  enabled_at: Timestamp | null;
  /** The last TOTP time step accepted: a code of that step or earlier is a replay. */
  last_used_step: ColumnType<number | null, number | null, number | null>;
  created_at: Timestamp;
}

/** Single-use recovery codes of a two-factor account; only their sha256 is kept. */
export interface MemberRecoveryCodesTable {
  id: Id;
  member_id: number;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ThrottleCountersTable {
  /** What is counted, e.g. `login:<e-mail>:<ip>`. */
  key: string;
  failures: number;
  window_started_at: Timestamp;
  blocked_until: Timestamp | null;
}

export interface ResetTokensTable {
  id: Id;
  member_id: number;
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  purpose: 'reset' | 'first-login';
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface NewsletterSubscriptionsTable {
  id: Id;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  confirm_token_hash: string | null;
  unsubscribe_token_hash: string | null;
  consent_at: Timestamp;
  consent_text_version: string;
  consent_ip: string | null;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the last confirmation e-mail was queued (migration 0003). */
  confirmation_sent_at: Timestamp | null;
  /** MailUp's id of the recipient once forwarded (migration 0003). */
  mailup_recipient_id: string | null;
}

export interface SponsorshipRequestsTable {
  id: Id;
  requester: string;
  email: string | null;
  organisation: string;
  phone: string | null;
  request_kind: string | null;
  event_kind: string;
  event_title: string;
  starts_on: string;
  ends_on: string;
  city: string;
  venue: string | null;
  organiser: string | null;
  website: string | null;
  scientific_secretariat: string | null;
  organising_secretariat: string | null;
  other_sponsors: string | null;
  event_contents: string | null;
  privacy_accepted_at: Timestamp;
  status: 'received' | 'approved' | 'rejected';
  created_at: Timestamp;
  /** sha256 of the request's content, to store a double submission once (migration 0003). */
  fingerprint: string | null;
  /** When and by whom (staff e-mail) the request was last handled (migration 0007). */
  handled_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  handled_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The secretariat's note, never sent (migration 0021b); when the outcome e-mail went out. */
  internal_note: ColumnType<string | null, string | null | undefined, string | null>;
  outcome_sent_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface OutboxTable {
  id: Id;
  kind: string;
  payload_json: string;
  status: 'pending' | 'sent' | 'dead';
  attempts: number;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** A fee payment reported after a PayPal capture (migration 0006, ADR 012). */
export interface PaymentsTable {
  id: Id;
  /**
   * What the payment is for, a purpose registered with payments (migration 0044, ADR 045):
   * `dues` for every payment so far. Its items are in `payment_items`.
   */
  purpose: Generated<string>;
  paypal_order_id: string;
  /**
   * The fee of a dues payment (the spec's record, ADR 012), its title and access when paid
   * (the fee may change later); null for a payment of another purpose (migration 0048, ADR 049).
   */
  fee_id: number | null;
  fee_title: string | null;
  fee_access: string | null;
  /** The first dues year it pays, or the year of what else it pays for. */
  year: number;
  account_name: string;
  /** The signed-in member who paid, if any. */
  member_id: number | null;
  /** The fee's amount: what PayPal must have captured. */
  expected_cents: number;
  expected_currency: string;
  /** What the browser said PayPal's SDK captured (untrusted). */
  reported_amount: string;
  reported_currency: string;
  /** What PayPal's Orders API says was captured (after verification). */
  paid_cents: number | null;
  paid_currency: string | null;
  paypal_capture_id: string | null;
  /** The payer's address at PayPal (after verification), for the receipt. */
  payer_email: string | null;
  status: 'reported' | 'verified' | 'flagged' | 'rejected' | 'to_refund' | 'refunded';
  /** Why a payment is flagged, rejected or refunded, in Italian for the secretariat. */
  flag_reason: string | null;
  receipt_year: number | null;
  receipt_number: number | null;
  verified_at: Timestamp | null;
  /**
   * The Rome day the money was received (ADR 029, 2026-11-27): the date staff entered for cash
   * or card, the bank's booking date, PayPal's capture; null until then. The receipt's year and
   * date and the ledger's `settled_on` follow it; `created_at`/`verified_at` say when it was
   * recorded.
   */
  received_on: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The last receipt number given in a year (migration 0006). */
export interface ReceiptCountersTable {
  year: number;
  last_number: number;
}

/** One staff action of the back office (migration 0007). */
export interface AuditLogTable {
  id: Id;
  at: Timestamp;
  actor_id: number | null;
  actor_email: string;
  /** What was done: `crea`, `modifica`, `elimina`, `invita`, `importa`… */
  action: string;
  /** What kind of record: `news`, `category`, `member`… */
  entity: string;
  entity_id: string | null;
  summary: string;
  before_json: string | null;
  after_json: string | null;
}

export interface SiteContentsTable {
  /** A key of contracts `SITE_CONTENT_KEYS`. */
  key: string;
  /** The content as JSON (contracts `SiteContentByKey[key]`). */
  data_json: string;
  updated_at: Timestamp;
}

export interface ContentVersionTable {
  id: number;
  version: number;
  /** When published content last changed (the sitemap's dates, ADR 026); null before any change. */
  changed_at: Timestamp | null;
}

// --- Società trasparente (ADR 026) ---------------------------------------------------------------

export interface TransparencyPublicationsTable {
  id: Id;
  /** One of contracts' TRANSPARENCY_PUBLICATION_TYPES. */
  type: string;
  title: string;
  title_search: string;
  description: string | null;
  /** The year it refers to (budgets, final accounts), else null. */
  year: number | null;
  published_on: string;
  link_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
  /** When it went to the bin (null: not binned; migration 0033, ADR 031). */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PublicContributionsTable {
  id: Id;
  year: number;
  grantor: string;
  grantor_search: string;
  amount_cents: number;
  received_on: string;
  purpose: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Version;
  /** When it went to the bin (null: not binned; migration 0033, ADR 031). */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Reminders already queued: one per item, state and year, whichever instance runs first. */
export interface TransparencyRemindersTable {
  key: string;
  state: string;
  sent_at: Timestamp;
}

/** One searchable unit of the site search (migration 0015, ADR 025): a record's text or one PDF page. */
export interface SearchUnitsTable {
  id: Id;
  /** What the unit belongs to: a `SearchKind` (news, page, recommendation…). */
  kind: string;
  item_id: number;
  /** For a PDF page: the attachment and its page number (from 1). */
  attachment_id: number | null;
  page: number | null;
  /** Who may read it (ADR 011); null for public content (news, the society's pages). */
  audience: Audience | null;
  /**
   * The first moment it may be shown (ISO instant: a scheduled record's moment, a news item's
   * day in Rome); null when already visible. Indexes written before 2026-11-24 hold a day
   * (`YYYY-MM-DD`), which sorts before every instant of that day in UTC.
   */
  visible_from: string | null;
  title: string;
  date: string;
  /** Where the reader opens it: a page of the site, or the document's address. */
  link: string;
  /** For a PDF page: the document's name and address (its `server_relative_url`). */
  file_name: string | null;
  file_url: string | null;
  /** The original text, for snippets. */
  body: string;
  /** The analyser's terms (folded, stop words out, stemmed), what the engines search. */
  terms: string;
}

/** The text extraction of one PDF attachment (migration 0015, ADR 025). */
export interface SearchDocumentsTable {
  attachment_id: number;
  /** The file the state is about: a replaced file is extracted again. */
  file_sha256: string;
  status: 'pending' | 'indexed' | 'no_text' | 'failed';
  pages: number | null;
  updated_at: Timestamp;
}

// ---------------------------------------------------------------------------------------------
// Membership (migration 0016, ADR 024)

/** A member's membership: number, kind and the first year due. */
export interface MembershipsTable {
  member_id: number;
  /** Null for members recorded before member numbers (given by staff). Never reused. */
  member_number: string | null;
  kind: 'Socio' | 'Affiliato';
  /** The affiliates' section: `tecnici` or `infermieri`. */
  section: string | null;
  since_year: number;
  codice_fiscale: string | null;
  qualification: string | null;
  workplace: string | null;
  centre: string | null;
  region: string | null;
  register_number: string | null;
  /** The board's ratification of the application. */
  ratified_on: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Raised by every staff save (ADR 041). */
  version: Version;
}

/** The last member number given (one row); numbers only grow, so none is given twice. */
export interface MemberNumberCounterTable {
  id: number;
  last_number: number;
}

/** One member's due of one year (ADR 024). */
export interface DuesTable {
  id: Id;
  member_id: number;
  year: number;
  status: 'paid' | 'reported' | 'unpaid' | 'exempt';
  amount_cents: number | null;
  method: 'paypal' | 'bonifico' | 'contanti' | 'carta' | 'storico' | null;
  payment_id: number | null;
  exempt_reason: string | null;
  settled_on: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An application sent from the public form, waiting for the board or handled. */
export interface MembershipApplicationsTable {
  id: Id;
  kind: 'Socio' | 'Affiliato';
  section: string | null;
  first_name: string;
  last_name: string;
  email: string;
  codice_fiscale: string;
  qualification: string;
  workplace: string;
  centre: string | null;
  region: string;
  register_number: string | null;
  cv_sha256: string | null;
  cv_file_name: string | null;
  privacy_text_version: string;
  privacy_accepted_at: Timestamp;
  status: 'pending' | 'approved' | 'refused';
  ratified_on: string | null;
  refusal_reason: string | null;
  member_id: number | null;
  handled_at: Timestamp | null;
  handled_by: string | null;
  created_at: Timestamp;
}

export interface Database {
  content_version: ContentVersionTable;
  site_contents: SiteContentsTable;
  throttle_counters: ThrottleCountersTable;
  categories: CategoriesTable;
  articles: ArticlesTable;
  article_categories: ArticleCategoriesTable;
  files: FilesTable;
  attachments: AttachmentsTable;
  recommendations: RecommendationsTable;
  assemblies: AssembliesTable;
  press_reviews: PressReviewsTable;
  opinions: OpinionsTable;
  magazine_issues: MagazineIssuesTable;
  magazine_articles: MagazineArticlesTable;
  setup_elements: SetupElementsTable;
  board_members: BoardMembersTable;
  fees: FeesTable;
  members: MembersTable;
  reset_tokens: ResetTokensTable;
  member_two_factor: MemberTwoFactorTable;
  member_recovery_codes: MemberRecoveryCodesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  sponsorship_requests: SponsorshipRequestsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  payments: PaymentsTable;
  receipt_counters: ReceiptCountersTable;
  member_sessions: MemberSessionsTable;
  transparency_publications: TransparencyPublicationsTable;
  public_contributions: PublicContributionsTable;
  transparency_reminders: TransparencyRemindersTable;
  search_units: SearchUnitsTable;
  search_documents: SearchDocumentsTable;
  memberships: MembershipsTable;
  member_number_counter: MemberNumberCounterTable;
  dues: DuesTable;
  membership_applications: MembershipApplicationsTable;
  scheduled_runs: ScheduledRunsTable;
  // Dues payments by PayPal, bank transfer and hand (migrations 0018*, ADR 029)
  bank_statements: BankStatementsTable;
  bank_rows: BankRowsTable;
}

/** A signed-in session (ADR 021): its token names it in `sid`; no row, no session. */
export interface MemberSessionsTable {
  /** 128 random bits, base64url. */
  id: string;
  member_id: number;
  created_at: Timestamp;
  /** The token's `exp`: rows past it are pruned at sign-in. */
  expires_at: Timestamp;
}

// ---------------------------------------------------------------------------------------------
// Dues payments by PayPal, bank transfer and hand (migrations 0018*, ADR 029)

/** An imported bank statement file, once by content (migration 0018b). */
export interface BankStatementsTable {
  id: Id;
  sha256: string;
  file_name: string;
  format: 'camt053' | 'csv';
  rows_count: number;
  imported_by: string;
  imported_at: Timestamp;
}

/**
 * A credit of a bank statement, once by bank reference (migration 0018b): `matched` (paid by
 * its causale and amount), `review` (waiting for staff: `reason` says why), `assigned` (staff
 * chose member and years), `ignored` (with `note`), `refund` (a year already paid: to give back).
 */
export interface BankRowsTable {
  id: Id;
  statement_id: number;
  reference: string;
  booked_on: string;
  amount_cents: number;
  payer: string | null;
  /** The payer's IBAN, upper-case without spaces, when the statement gives it (migration 0040). */
  payer_iban: string | null;
  remittance: string;
  status: 'matched' | 'review' | 'assigned' | 'ignored' | 'refund';
  reason: string | null;
  member_id: number | null;
  /** The years it paid or should pay, `2025,2026`. */
  years: string | null;
  payment_id: number | null;
  note: string | null;
  handled_by: string | null;
  handled_at: Timestamp | null;
  created_at: Timestamp;
}

/** The database or an open transaction: repository functions run inside the caller's transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** A scheduled job's run claimed for one time slot by one instance (ADR 033). */
export interface ScheduledRunsTable {
  job: string;
  /** The slot's start (ISO). */
  slot: string;
  claimed_at: Timestamp;
}

// ---------------------------------------------------------------------------------------------
// Receipts, reminders (migration 0019, ADR 030). Kept together, with their own part of
// `Database` (interfaces merge), so the branches that add tables meet in separate blocks.

/** One numbered receipt, or the cancelling receipt of a refund; what it said when issued. */
export interface ReceiptsTable {
  id: Id;
  year: number;
  number: number;
  kind: 'receipt' | 'cancellation';
  payment_id: number;
  /** A cancelling receipt names the receipt it cancels. */
  cancels_receipt_id: number | null;
  member_id: number | null;
  holder_name: string;
  member_number: string | null;
  fiscal_code: string | null;
  /** The years the payment settled, "2025, 2026". */
  years_text: string;
  method: string;
  amount_cents: number;
  currency: string;
  /**
   * The day the money came in: a Rome day `YYYY-MM-DD` since migration 0039 (ADR 029,
   * 2026-11-27), an ISO timestamp on receipts issued before (read with `italianDayOf`).
   */
  paid_on: string;
  /** 1 with the stamp-duty line, 0 without; null (receipts before ADR 030): the configuration. */
  stamp_duty: number | null;
  /**
   * What was paid, as the receipt prints it (migration 0044, ADR 045): each purpose's text of
   * its items; null on receipts issued before, which read "quota associativa, anno <years>".
   */
  causale: string | null;
  /** The society's legal data at issue time (JSON); null: the configuration. */
  society_json: string | null;
  issued_at: Timestamp;
}

/** A member's own contact details, kept from "Il mio profilo". */
export interface MemberContactsTable {
  member_id: number;
  phone: string | null;
  updated_at: Timestamp;
}

export interface Database {
  receipts: ReceiptsTable;
  member_contacts: MemberContactsTable;
}

// ---------------------------------------------------------------------------------------------
// Dues reminders (migration 0025, ADR 030), with their own part of `Database`.

/** A dues reminder queued: once per member, year and step (`-30`, `0`, `30`, `60`, `decadenza`). */
export interface DuesRemindersTable {
  member_id: number;
  year: number;
  step: string;
  sent_at: Timestamp;
}

/** A member whose dues reminders staff paused. */
export interface DuesReminderPausesTable {
  member_id: number;
  paused_by: string;
  paused_at: Timestamp;
}

/** One row (id 1): `paused` 1 stops the dues reminders for everyone. */
export interface DuesReminderSettingsTable {
  id: number;
  paused: number;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface Database {
  dues_reminders: DuesRemindersTable;
  dues_reminder_pauses: DuesReminderPausesTable;
  dues_reminder_settings: DuesReminderSettingsTable;
}

/**
 * The secretariat's text of one kind of dues reminder (migration 0043, ADR 030 amended 28
 * November 2026): null subject or body is the code's default.
 */
export interface DuesReminderTextsTable {
  id: Id;
  kind: string;
  subject: string | null;
  body: string | null;
  version: Version;
  updated_at: Timestamp;
}

export interface Database {
  dues_reminder_texts: DuesReminderTextsTable;
}

// ---------------------------------------------------------------------------------------------
// News covers (migration 0026, ADR 034), with their own part of `Database`.

/** A news item's cover: the share JPEG and the page's WebP (file store blobs) and its alt text. */
export interface NewsCoversTable {
  article_id: number;
  share_sha256: string;
  share_width: number;
  share_height: number;
  page_sha256: string;
  page_width: number;
  page_height: number;
  alt: string;
  updated_at: Timestamp;
}

export interface Database {
  news_covers: NewsCoversTable;
}

// ---------------------------------------------------------------------------------------------
// Dues by year (migrations 0029*, ADR 029 2026-11-24), with their own part of `Database`.

/** The fee of a year for a kind of member (migration 0029a); unique per year and kind. */
export interface FeeYearsTable {
  id: Id;
  year: number;
  access: 'Socio' | 'Affiliato';
  amount_cents: number;
  updated_at: Timestamp;
  /** Raised by every staff save (ADR 041). */
  version: Version;
}

export interface Database {
  fee_years: FeeYearsTable;
}

// ---------------------------------------------------------------------------------------------
// The pages' share image (migration 0034, ADR 034 amended), with its own part of `Database`.

/** The uploaded share image of pages without their own: a JPEG in the file store, its text. */
export interface ShareImageTable {
  /** Always `predefinita`: one row at most. */
  key: string;
  sha256: string;
  width: number;
  height: number;
  alt: string;
  updated_at: Timestamp;
}

export interface Database {
  share_image: ShareImageTable;
}

// ---------------------------------------------------------------------------------------------
// Payments for any purpose (migration 0044, ADR 045), with their own part of `Database`.

/**
 * One thing a payment pays: a purpose's item (a dues year: `item_ref` the year), once per
 * payment, with the text its receipt prints and its amount.
 */
export interface PaymentItemsTable {
  id: Id;
  payment_id: number;
  purpose: string;
  item_ref: string;
  description: string;
  amount_cents: number;
}

export interface Database {
  payment_items: PaymentItemsTable;
}
