/**
 * The one keys module of the single table. Pure functions: the data layer is the only caller.
 *
 * Course tree, one partition per language (a lesson's phrases are one begins_with Query, a
 * language's whole tree one paginated Query):
 *   PK=LANG#{lang}  SK=META | LEVEL#{level} | LESSON#{level}#{lesson} | PHRASE#{level}#{lesson}#{ulid} | SPEECH | LEXICON
 * Lists that span partitions use GSI1 with a fixed partition per list:
 *   GSI1PK=LANGUAGES  GSI1SK={lang}
 * A signed-in user's own items, one partition per Cognito `sub` (every read is one Query of it):
 *   PK=USER#{sub}  SK=PROFILE | PROGRESS#{lang}#{level}#{lesson} | FAV#{lang}#{level}#{lesson}#{phrase}
 *                  | CARD#{lang}#{level}#{lesson}#{phrase} (a spaced-review card)
 * The audit log, one item per admin write, listed newest first through GSI1:
 *   PK=AUDIT#{ulid}  SK=ENTRY  GSI1PK=AUDIT  GSI1SK={iso}#{ulid}
 * A draft's review beside its item: PK=LANG#{lang} SK=APPROVAL#{item SK}, listed in GSI1 APPROVALS while under way.
 * An item's History, one partition per item (its versions are one Query, newest first):
 *   PK=VERSION#{ref}  SK={ulid}     ref: `lesson:fr/a1/greetings`, `post:{id}` (a ULID sorts by time)
 * Learners' grades, counted per day and phrase (no identity), one partition per language so the
 * Coverage screen's window of days is one Query (docs/learners.md "Hardest phrases"):
 *   PK=GRADES#{lang}  SK={yyyy-mm-dd}#{level}#{lesson}#{phrase}
 * A review reminder, by the sha256 of its id (no identity), listed per UTC hour through GSI1 so
 * the hourly job reads the rows of its hour only (docs/learners.md "Reminders"):
 *   PK=REMIND#{hash}  SK=REMINDER  GSI1PK=REMINDERS#{00..23}  GSI1SK={hash}
 */
export const GSI1 = 'GSI1';

/**
 * The attribute names of the table's key and of GSI1's, and of the TTL attribute (epoch seconds:
 * DynamoDB deletes an item some time after). The CDK table (infra/cdk/constructs/data.ts) and the
 * twin's (infra/twin/bootstrap.ts) are made with these, and every item the builders below key uses them.
 */
export const TABLE_KEY = { partition: 'PK', sort: 'SK' } as const;
export const GSI1_KEY = { partition: 'GSI1PK', sort: 'GSI1SK' } as const;
export const TTL_ATTRIBUTE = 'ttl';

/**
 * The partition-key prefix of each item kind whose partition key is a prefix and an id (the fixed
 * partitions are keys.settings().PK, keys.adminsLock().PK, keys.importLock().PK; the GSI1 lists'
 * partitions keys.languageListPk, keys.blogPublishedPk, ...). The builders below use them, and the
 * infrastructure grants each function its item kinds by them (IAM's dynamodb:LeadingKeys,
 * TABLE_ACCESS in infra/cdk/constructs/api.ts).
 */
export const KEY_PREFIXES = {
  language: 'LANG#',
  user: 'USER#',
  limit: 'LIMIT#',
  blogPost: 'BLOG#',
  blogSlug: 'SLUG#',
  support: 'SUPPORT#',
  analytics: 'ANALYTICS#',
  grades: 'GRADES#',
  importRun: 'IMPORT#',
  audit: 'AUDIT#',
  trash: 'TRASH#',
  preview: 'PREVIEW#',
  release: 'RELEASE#',
  version: 'VERSION#',
  reminder: 'REMIND#',
} as const;
const P = KEY_PREFIXES;

export interface Key {
  PK: string;
  SK: string;
}

const langPk = (lang: string) => `${P.language}${lang}`;
const reminderHourPk = (utcHour: number) => `REMINDERS#${String(utcHour).padStart(2, '0')}`;
/** The sort-key prefix of a pending draft: `DRAFT#` + the public item's sort key. */
const DRAFT_SK = 'DRAFT#';

export const keys = {
  language: (lang: string): Key => ({ PK: langPk(lang), SK: 'META' }),
  languageList: (lang: string) => ({ GSI1PK: 'LANGUAGES', GSI1SK: lang }),
  languageListPk: 'LANGUAGES',
  /** A language's speech: its voices and its pronunciations (docs/back-office.md "Voices"). */
  speech: (lang: string): Key => ({ PK: langPk(lang), SK: 'SPEECH' }),
  lexicon: (lang: string): Key => ({ PK: langPk(lang), SK: 'LEXICON' }),
  /** Everything under a language (its META, levels, lessons, phrases). */
  languageTree: (lang: string) => ({ PK: langPk(lang) }),

  level: (lang: string, level: string): Key => ({ PK: langPk(lang), SK: `LEVEL#${level}` }),
  levelPrefix: (lang: string) => ({ PK: langPk(lang), SKPrefix: 'LEVEL#' }),

  lesson: (lang: string, level: string, lesson: string): Key => ({ PK: langPk(lang), SK: `LESSON#${level}#${lesson}` }),
  lessonPrefix: (lang: string, level?: string) => ({ PK: langPk(lang), SKPrefix: level ? `LESSON#${level}#` : 'LESSON#' }),

  phrase: (lang: string, level: string, lesson: string, id: string): Key => ({
    PK: langPk(lang),
    SK: `PHRASE#${level}#${lesson}#${id}`,
  }),
  phrasePrefix: (lang: string, level?: string, lesson?: string) => ({
    PK: langPk(lang),
    SKPrefix: `PHRASE#${level ? `${level}#` : ''}${level && lesson ? `${lesson}#` : ''}`,
  }),

  // ---- A user's own items (see docs/learners.md) ----
  profile: (sub: string): Key => ({ PK: `${P.user}${sub}`, SK: 'PROFILE' }),
  progress: (sub: string, lang: string, level: string, lesson: string): Key => ({ PK: `${P.user}${sub}`, SK: `PROGRESS#${lang}#${level}#${lesson}` }),
  /** All of a user's progress rows, or one language's. */
  progressPrefix: (sub: string, lang?: string) => ({ PK: `${P.user}${sub}`, SKPrefix: lang ? `PROGRESS#${lang}#` : 'PROGRESS#' }),
  favorite: (sub: string, lang: string, level: string, lesson: string, phrase: string): Key => ({
    PK: `${P.user}${sub}`,
    SK: `FAV#${lang}#${level}#${lesson}#${phrase}`,
  }),
  /** All of a user's favourites, or one lesson's. */
  favoritePrefix: (sub: string, lesson?: { lang: string; level: string; lesson: string }) => ({
    PK: `${P.user}${sub}`,
    SKPrefix: lesson ? `FAV#${lesson.lang}#${lesson.level}#${lesson.lesson}#` : 'FAV#',
  }),
  /** A phrase's spaced-review card: its schedule and its bounded log, in one item (docs/learners.md "Practice"). */
  reviewCard: (sub: string, lang: string, level: string, lesson: string, phrase: string): Key => ({
    PK: `${P.user}${sub}`,
    SK: `CARD#${lang}#${level}#${lesson}#${phrase}`,
  }),
  /** All of a user's review cards. */
  reviewCardPrefix: (sub: string) => ({ PK: `${P.user}${sub}`, SKPrefix: 'CARD#' }),

  /** Held while admin rights change (remove, make myself admin): one change at a time, see data/users.ts. */
  adminsLock: (): Key => ({ PK: 'ADMINS', SK: 'LOCK' }),

  /** A client's count of requests of one kind in one time window (expires with the window, by TTL). */
  rateWindow: (scope: string, client: string, windowStart: number): Key => ({ PK: `${P.limit}${scope}#${client}`, SK: String(windowStart) }),

  // ---- Site (see docs/architecture.md "Site API") ----
  /** The one settings record. */
  settings: (): Key => ({ PK: 'SETTINGS', SK: 'site_settings' }),

  /** A blog post, listed through GSI1 in one of two fixed partitions, newest first by GSI1SK. */
  blogPost: (id: string): Key => ({ PK: `${P.blogPost}${id}`, SK: 'POST' }),
  blogList: (published: boolean, createdAt: string, id: string) => ({ GSI1PK: published ? 'BLOG#PUBLISHED' : 'BLOG#DRAFT', GSI1SK: `${createdAt}#${id}` }),
  blogPublishedPk: 'BLOG#PUBLISHED',
  blogDraftPk: 'BLOG#DRAFT',
  /** Slug uniqueness guard, written in the same transaction as its post; holds post_id. */
  blogSlug: (slug: string): Key => ({ PK: `${P.blogSlug}${slug}`, SK: 'SLUG' }),

  /** Support messages: one partition per month, sorted by time. */
  supportMessage: (iso: string, id: string): Key => ({ PK: `${P.support}${iso.slice(0, 7)}`, SK: `${iso}#${id}` }),

  /** Daily analytics counter of one event name; GSI1 lists every day's counters by date (one Query for a range). */
  analyticsDay: (day: string, event: string): Key => ({ PK: `${P.analytics}${day}`, SK: event }),
  analyticsList: (day: string, event: string) => ({ GSI1PK: 'ANALYTICS', GSI1SK: `${day}#${event}` }),
  analyticsListPk: 'ANALYTICS',
  /** One day's practice grades of one phrase (reviews, 'Again' answers); a language's days are one Query of its partition. */
  gradeDay: (day: string, lang: string, level: string, lesson: string, phrase: string): Key => ({
    PK: `${P.grades}${lang}`,
    SK: `${day}#${level}#${lesson}#${phrase}`,
  }),
  /** A language's grade counters from day `from` to day `to` (ISO dates, both whole): SK BETWEEN these. */
  gradeDays: (lang: string, from: string, to: string) => ({ PK: `${P.grades}${lang}`, SKFrom: `${from}#`, SKTo: `${to}#~` }),

  // ---- Course import (see docs/backup.md) ----
  /** Held while an import writes (a lease): one import at a time. */
  importLock: (): Key => ({ PK: 'IMPORT', SK: 'LOCK' }),
  /** The progress record of one document, by its sha256: runs, writes made, status; expires by TTL. */
  importRun: (hash: string): Key => ({ PK: `${P.importRun}${hash}`, SK: 'RUN' }),

  // ---- Audit log (see docs/audit.md) ----
  /** One entry per admin write, its own partition (writes never contend); expires by TTL. */
  auditEntry: (id: string): Key => ({ PK: `${P.audit}${id}`, SK: 'ENTRY' }),
  /** GSI1 lists every entry newest first (ScanIndexForward false) in one fixed partition. */
  auditList: (iso: string, id: string) => ({ GSI1PK: 'AUDIT', GSI1SK: `${iso}#${id}` }),
  auditListPk: 'AUDIT',

  // ---- Trash (see docs/back-office.md "Trash") ----
  /** A deleted language, level, lesson or post: its entry (what, who, when), listed newest first through GSI1. */
  trashEntry: (id: string): Key => ({ PK: `${P.trash}${id}`, SK: 'ENTRY' }),
  trashList: (iso: string, id: string) => ({ GSI1PK: 'TRASH', GSI1SK: `${iso}#${id}` }),
  trashListPk: 'TRASH',
  /** One item it held, as it was stored (n: its place in the delete, zero-padded so they sort). */
  trashItem: (id: string, n: number): Key => ({ PK: `${P.trash}${id}`, SK: `ITEM#${String(n).padStart(6, '0')}` }),

  // ---- Drafts, previews, releases (see docs/back-office.md "Drafts and releases") ----
  /** A public item's pending draft: beside it in its partition (a preview reads a language's in one Query). */
  draft: (live: Key): Key => ({ PK: live.PK, SK: `${DRAFT_SK}${live.SK}` }),
  /** A language's pending drafts (its META, levels and lessons). */
  draftPrefix: (lang: string) => ({ PK: langPk(lang), SKPrefix: DRAFT_SK }),
  /** Every pending draft in one GSI1 list, for the back office. */
  draftList: (ref: string) => ({ GSI1PK: 'DRAFTS', GSI1SK: ref }),
  draftListPk: 'DRAFTS',
  /** A preview link, by the sha256 of its secret (the table never holds the secret); expires by TTL. */
  preview: (hash: string): Key => ({ PK: `${P.preview}${hash}`, SK: 'PREVIEW' }),
  /** A scheduled release, listed soonest first through GSI1. */
  release: (id: string): Key => ({ PK: `${P.release}${id}`, SK: 'RELEASE' }),
  releaseList: (publishAt: string, id: string) => ({ GSI1PK: 'RELEASES', GSI1SK: `${publishAt}#${id}` }),
  releaseListPk: 'RELEASES',

  // ---- Reviews of drafts (see docs/back-office.md "Reviews") ----
  /** An item's review (an approval): beside it in its partition, as its draft is; kept with its steps after publishing. */
  approval: (live: Key): Key => ({ PK: live.PK, SK: `APPROVAL#${live.SK}` }),
  /** The reviews under way (requested, answered, approved) in one GSI1 list, for the 'Reviews' screen. */
  approvalList: (ref: string) => ({ GSI1PK: 'APPROVALS', GSI1SK: ref }),
  approvalListPk: 'APPROVALS',

  // ---- History (see docs/back-office.md "History") ----
  /** A version an item had (`ref`: refKey of the item), kept when a write replaced it; expires by TTL. */
  itemVersion: (ref: string, id: string): Key => ({ PK: `${P.version}${ref}`, SK: id }),
  itemVersionsPk: (ref: string) => `${P.version}${ref}`,

  // ---- Review reminders (see docs/learners.md "Reminders") ----
  /** A reminder row, by the sha256 of its id (the table never holds the id). */
  reminder: (hash: string): Key => ({ PK: `${P.reminder}${hash}`, SK: 'REMINDER' }),
  /** The list of one UTC hour's reminders (0–23), the hourly job's one Query. */
  reminderHour: (utcHour: number, hash: string) => ({ GSI1PK: reminderHourPk(utcHour), GSI1SK: hash }),
  reminderHourPk,
} as const;
