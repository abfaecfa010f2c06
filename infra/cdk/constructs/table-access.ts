/**
 * What each function may do in the one table (docs/infra.md "Permissions"): the
 * item kinds and calls of every handler module and of the render function, and the IAM statements
 * they become, each conditioned on the partition keys it names. The Api construct (api.ts), the
 * render function (render.ts) and the releases (releases.ts) grant from here.
 */
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { GSI1, KEY_PREFIXES, keys } from '../../../functions/lib/keys.js';
import { isAudited, type HandlerName, type RouteDef } from '../../../functions/routes.js';

/** The read calls of the table (a transaction's ConditionCheck is a read: it only looks at the item). */
export type TableRead = 'GetItem' | 'BatchGetItem' | 'Query' | 'ConditionCheckItem';
/** The write calls (a transaction's Put, Update and Delete are authorised as PutItem, UpdateItem and DeleteItem). */
export type TableWrite = 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem';

/**
 * What one function may do in the table. Every grant is conditioned on the partition key (IAM's
 * dynamodb:LeadingKeys, `ForAllValues:StringLike`): `X#*` is every item whose partition key starts
 * with `X#`, a value without `*` that one partition (keys in functions/lib/keys.ts).
 */
export interface TableAccess {
  /** The item kinds it reads, by partition key, with the read calls it makes on them. */
  reads?: string[];
  readActions?: TableRead[];
  /** The GSI1 lists it queries, by their partition (GSI1PK) value: LeadingKeys of an index Query is the index's partition key. */
  lists?: string[];
  /** The item kinds it writes, by partition key, with the write calls it makes on them. */
  writes?: string[];
  writeActions?: TableWrite[];
}

/** `X#*`: every item whose partition key starts with X# (an item kind). */
const every = (prefix: string) => `${prefix}*`;
const LANG = every(KEY_PREFIXES.language);
const BLOG = every(KEY_PREFIXES.blogPost);
const SLUG = every(KEY_PREFIXES.blogSlug);
const USER = every(KEY_PREFIXES.user);
const LIMIT = every(KEY_PREFIXES.limit);
const SETTINGS = keys.settings().PK;
/** What deletes copy to the Trash (docs/back-office.md "Trash"), and the restore reads back. */
const TRASH = every(KEY_PREFIXES.trash);
/** Preview links and scheduled releases (docs/back-office.md "Drafts and releases"). */
const PREVIEW = every(KEY_PREFIXES.preview);
const RELEASE = every(KEY_PREFIXES.release);
/**
 * An item's History (docs/back-office.md "History"): every write that replaces a language, level,
 * lesson or post stores the version it replaces in the same transaction (functions/data/versions.ts).
 */
const VERSION = every(KEY_PREFIXES.version);
/**
 * Publishing: an item and its pending draft (beside it in its partition), a level's lessons, a post
 * with its slug guard (publishing may change its slug), the releases; then the pages' reads.
 */
export const PUBLISHING: TableAccess = {
  reads: [LANG, BLOG, SLUG, RELEASE],
  readActions: ['GetItem', 'Query'],
  lists: [keys.draftListPk, keys.releaseListPk, keys.languageListPk, keys.blogPublishedPk],
  writes: [LANG, BLOG, SLUG, RELEASE, VERSION],
  writeActions: ['PutItem', 'DeleteItem'],
};
/** The audit log's entries (docs/audit.md): written by every function that serves admin writes. */
export const AUDIT_ENTRIES = every(KEY_PREFIXES.audit);

/** A level's or a lesson's writes: its language's partition, checked parents, deletes kept in the Trash. */
const COURSE_PART: TableAccess = {
  reads: [LANG],
  readActions: ['GetItem', 'Query', 'ConditionCheckItem'],
  lists: [keys.languageListPk, keys.blogPublishedPk],
  writes: [LANG, TRASH, VERSION],
  writeActions: ['PutItem', 'BatchWriteItem'],
};

/** The support form's writes: the message (stored, then its mail status) and the sender's rate counter. */
const SUPPORT_FORM: TableAccess = {
  writes: [every(KEY_PREFIXES.support), LIMIT],
  writeActions: ['PutItem', 'UpdateItem'],
};

/**
 * Each function's reads and writes: the item kinds its handler and data modules really touch, and
 * only the calls they make (functions/handlers/{name}.ts -> functions/data/*.ts -> functions/lib/keys.ts).
 * Anything else (another kind of item, a call it never makes, a Scan) is refused by IAM, so a bug or
 * a compromised function cannot read or change what is not its own. Every handler module, and the
 * render function, has an entry; the audit log's entries are added to those that need them (writesAudit).
 */
export const TABLE_ACCESS: Record<HandlerName | 'render', TableAccess> = {
  // The course: each language's partition (META, levels, lessons, phrases), the languages list, and
  // the published posts (a write invalidates the pages of the posts that sample the changed lessons).
  languages: {
    reads: [LANG],
    readActions: ['GetItem', 'Query'],
    lists: [keys.languageListPk, keys.blogPublishedPk],
    writes: [LANG, TRASH, VERSION],
    writeActions: ['PutItem', 'BatchWriteItem'],
  },
  // Creates check their parent inside the transaction (ConditionCheck); deletes are batches, copied to the Trash first.
  levels: COURSE_PART,
  lessons: COURSE_PART,
  // A group moved to another lesson deletes its phrases at their old keys inside the transaction (no Trash).
  phrases: { ...COURSE_PART, writes: [LANG], writeActions: ['PutItem', 'DeleteItem', 'BatchWriteItem'] },
  // The public course pages: one language's partition at a time, nothing else.
  pages: { reads: [LANG], readActions: ['GetItem', 'Query'] },
  settings: { reads: [SETTINGS], readActions: ['GetItem'], writes: [SETTINGS], writeActions: ['PutItem'] },
  // Posts, their slug guards (a post and its guard change in one transaction) and, for a post's sample, its lesson.
  blog: {
    reads: [BLOG, SLUG, LANG],
    readActions: ['GetItem', 'Query'],
    lists: [keys.blogPublishedPk, keys.blogDraftPk],
    writes: [BLOG, SLUG, TRASH, VERSION],
    writeActions: ['PutItem', 'DeleteItem', 'BatchWriteItem'],
  },
  // A learner's own partition, and the lessons and phrases it names (checked in the same transaction).
  me: {
    reads: [USER, LANG],
    readActions: ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem'],
    writes: [USER],
    writeActions: ['PutItem', 'DeleteItem', 'BatchWriteItem'],
  },
  // A learner's review cards (their own partition), and the phrases and languages the cards show;
  // reminder rows (created, updated, deleted by their id's hash) and their rate counters.
  reviews: {
    reads: [USER, LANG],
    readActions: ['GetItem', 'BatchGetItem', 'Query'],
    writes: [USER, every(KEY_PREFIXES.reminder), LIMIT],
    writeActions: ['PutItem', 'UpdateItem', 'DeleteItem'],
  },
  // Daily counters (UpdateItem ADD) and the sender's rate counter; the admin series is one GSI1 Query.
  // Grades: the phrases and their places read first (public ones only count), a language's
  // counters one Query of its partition, with its tree (the hardest phrases' texts).
  analytics: {
    reads: [LANG, every(KEY_PREFIXES.grades)],
    readActions: ['BatchGetItem', 'Query'],
    lists: [keys.analyticsListPk],
    writes: [every(KEY_PREFIXES.analytics), every(KEY_PREFIXES.grades), LIMIT],
    writeActions: ['UpdateItem'],
  },
  support: SUPPORT_FORM,
  // Text to speech counts the admin's requests (UpdateItem ADD, its answer is the new count: no read needed);
  // a language's speech settings (its partition's SPEECH item) and, after a voice change, its phrases'
  // regenerated audio (transactions of Puts), then the lesson pages' reads of the phrase writers.
  media: {
    reads: [LANG],
    readActions: ['GetItem', 'Query'],
    lists: [keys.languageListPk, keys.blogPublishedPk],
    writes: [LANG, LIMIT],
    writeActions: ['PutItem', 'UpdateItem'],
  },
  // The admin-rights lock (a conditional put, then a conditional delete); users and groups are Cognito's.
  users: { writes: [keys.adminsLock().PK], writeActions: ['PutItem', 'DeleteItem'] },
  openapi: {},
  // The audit log is listed through GSI1 only.
  audit: { lists: [keys.auditListPk] },
  // Export and import: the course, posts (through their lists) with their slug guards, the settings,
  // and the import's lease (IMPORT) and progress records (IMPORT#{sha256}).
  backup: {
    reads: [LANG, BLOG, SLUG, SETTINGS, every(KEY_PREFIXES.importRun)],
    readActions: ['GetItem', 'BatchGetItem', 'Query'],
    lists: [keys.languageListPk, keys.blogPublishedPk, keys.blogDraftPk],
    writes: [LANG, BLOG, SLUG, SETTINGS, keys.importLock().PK, every(KEY_PREFIXES.importRun), VERSION],
    writeActions: ['PutItem', 'DeleteItem'],
  },
  // The Trash: lists and reads its entries, checks the keys are free and the parent is there, writes
  // the items back (a transaction, or batches then one) and deletes the copies; then the pages' reads.
  trash: {
    reads: [TRASH, LANG, BLOG, SLUG],
    readActions: ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem'],
    lists: [keys.trashListPk, keys.blogPublishedPk],
    writes: [TRASH, LANG, BLOG, SLUG],
    writeActions: ['PutItem', 'DeleteItem', 'BatchWriteItem'],
  },
  // Drafts, publishing and releases, and the preview links (written here, read by the render function).
  // An item's History reads its kept versions. Bulk work deletes into the Trash and puts
  // back from it (Undo), and counts generated audio against the caller's text-to-speech limit.
  publishing: {
    ...PUBLISHING,
    // The reviews under way (docs/back-office.md "Reviews"): their records are beside their items (LANG#).
    lists: [...(PUBLISHING.lists ?? []), keys.approvalListPk],
    reads: [...(PUBLISHING.reads ?? []), VERSION, TRASH],
    readActions: ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem'],
    writes: [...(PUBLISHING.writes ?? []), PREVIEW, TRASH, LIMIT],
    writeActions: ['PutItem', 'DeleteItem', 'BatchWriteItem', 'UpdateItem'],
  },
  // The render function (infra/cdk/constructs/render.ts) answers the public reads of the blog, languages,
  // pages and settings handlers in-process (and the sitemap and feeds from the same reads), and the
  // support form posted without script: nothing personal (no SUPPORT#, USER#, AUDIT#, LIMIT# read).
  render: {
    reads: [LANG, BLOG, SLUG, SETTINGS, PREVIEW],
    readActions: ['GetItem', 'Query'],
    lists: [keys.languageListPk, keys.blogPublishedPk],
    ...SUPPORT_FORM,
  },
};

/**
 * A function that serves admin writes also writes their audit entries (docs/audit.md; keys
 * AUDIT#{ulid}, one PutItem each) and reads its callers' e-mail from Cognito (AdminGetUser).
 */
export const writesAudit = (name: HandlerName, routes: readonly RouteDef[]) => routes.some((r) => r.fn === name && isAudited(r));
/** The partition keys a function may write: its own item kinds, plus the audit log's. */
export const tableWritesOf = (name: HandlerName, routes: readonly RouteDef[]) => [
  ...(TABLE_ACCESS[name].writes ?? []),
  ...(writesAudit(name, routes) ? [AUDIT_ENTRIES] : []),
];

const onlyKeys = (patterns: string[]) => ({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': patterns } });
const dynamodb = (actions: readonly string[]) => actions.map((a) => `dynamodb:${a}`);

/**
 * The policy statements of `access` on `table`: reads and writes of the base table and Queries of
 * GSI1, each conditioned on the partition keys it names; with `audit`, one PutItem of audit entries.
 * No statement is unconditioned, none grants Scan.
 */
export function tableStatements(table: ITable, access: TableAccess, options: { audit?: boolean } = {}): PolicyStatement[] {
  const { reads = [], readActions = [], lists = [], writes = [], writeActions = [] } = access;
  if (!reads.length !== !readActions.length || !writes.length !== !writeActions.length) {
    throw new Error(`TABLE_ACCESS: an entry names item kinds without calls, or calls without item kinds: ${JSON.stringify(access)}`);
  }
  const statements: PolicyStatement[] = [];
  if (reads.length) statements.push(new PolicyStatement({ actions: dynamodb(readActions), resources: [table.tableArn], conditions: onlyKeys(reads) }));
  if (lists.length) {
    statements.push(new PolicyStatement({ actions: dynamodb(['Query']), resources: [`${table.tableArn}/index/${GSI1}`], conditions: onlyKeys(lists) }));
  }
  if (writes.length) statements.push(new PolicyStatement({ actions: dynamodb(writeActions), resources: [table.tableArn], conditions: onlyKeys(writes) }));
  if (options.audit)
    statements.push(new PolicyStatement({ actions: dynamodb(['PutItem']), resources: [table.tableArn], conditions: onlyKeys([AUDIT_ENTRIES]) }));
  return statements;
}
