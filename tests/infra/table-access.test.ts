/**
 * What each function may do in the table, read from the synthesized prod template (the roles' IAM
 * policies), not from TABLE_ACCESS: its reads and writes by partition key (dynamodb:LeadingKeys) and
 * the calls it may make, written out below as a second statement of intent. A grant added, widened
 * or left unconditioned anywhere fails here; so does one taken away.
 */
import type { CfnElement } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_PREFIXES, keys } from '../../functions/lib/keys.js';
import { handlerModules, routes, type HandlerName } from '../../functions/routes.js';
import { TABLE_ACCESS, writesAudit, type TableAccess } from '../../infra/cdk/constructs/table-access.js';
import type { ParrotPhrasesStack } from '../../infra/cdk/stack.js';
import { realMail, removeTempDirs, resourcesOf, SYNTH_TIMEOUT, synthStage, type TemplateJson } from './synth.js';

type Fn = HandlerName | 'render';

/** Each function's table access as the code needs it (functions/handlers/{fn}.ts -> functions/data/*.ts). */
const EXPECTED: Record<Fn, TableAccess> = {
  languages: {
    reads: ['LANG#*'],
    readActions: ['GetItem', 'Query'],
    lists: ['LANGUAGES', 'BLOG#PUBLISHED'],
    writes: ['LANG#*', 'TRASH#*', 'VERSION#*'],
    writeActions: ['PutItem', 'BatchWriteItem'],
  },
  levels: {
    reads: ['LANG#*'],
    readActions: ['GetItem', 'Query', 'ConditionCheckItem'],
    lists: ['LANGUAGES', 'BLOG#PUBLISHED'],
    writes: ['LANG#*', 'TRASH#*', 'VERSION#*'],
    writeActions: ['PutItem', 'BatchWriteItem'],
  },
  lessons: {
    reads: ['LANG#*'],
    readActions: ['GetItem', 'Query', 'ConditionCheckItem'],
    lists: ['LANGUAGES', 'BLOG#PUBLISHED'],
    writes: ['LANG#*', 'TRASH#*', 'VERSION#*'],
    writeActions: ['PutItem', 'BatchWriteItem'],
  },
  phrases: {
    reads: ['LANG#*'],
    readActions: ['GetItem', 'Query', 'ConditionCheckItem'],
    lists: ['LANGUAGES', 'BLOG#PUBLISHED'],
    writes: ['LANG#*'],
    writeActions: ['PutItem', 'DeleteItem', 'BatchWriteItem'],
  },
  pages: { reads: ['LANG#*'], readActions: ['GetItem', 'Query'] },
  publishing: {
    reads: ['LANG#*', 'BLOG#*', 'SLUG#*', 'RELEASE#*', 'VERSION#*', 'TRASH#*'],
    readActions: ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem'],
    lists: ['DRAFTS', 'RELEASES', 'LANGUAGES', 'BLOG#PUBLISHED', 'APPROVALS'],
    writes: ['LANG#*', 'BLOG#*', 'SLUG#*', 'RELEASE#*', 'VERSION#*', 'PREVIEW#*', 'TRASH#*', 'LIMIT#*'],
    writeActions: ['PutItem', 'DeleteItem', 'BatchWriteItem', 'UpdateItem'],
  },
  settings: { reads: ['SETTINGS'], readActions: ['GetItem'], writes: ['SETTINGS'], writeActions: ['PutItem'] },
  blog: {
    reads: ['BLOG#*', 'SLUG#*', 'LANG#*'],
    readActions: ['GetItem', 'Query'],
    lists: ['BLOG#PUBLISHED', 'BLOG#DRAFT'],
    writes: ['BLOG#*', 'SLUG#*', 'TRASH#*', 'VERSION#*'],
    writeActions: ['PutItem', 'DeleteItem', 'BatchWriteItem'],
  },
  me: {
    reads: ['USER#*', 'LANG#*'],
    readActions: ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem'],
    writes: ['USER#*'],
    writeActions: ['PutItem', 'DeleteItem', 'BatchWriteItem'],
  },
  reviews: {
    reads: ['USER#*', 'LANG#*'],
    readActions: ['GetItem', 'BatchGetItem', 'Query'],
    writes: ['USER#*', 'REMIND#*', 'LIMIT#*'],
    writeActions: ['PutItem', 'UpdateItem', 'DeleteItem'],
  },
  analytics: {
    reads: ['LANG#*', 'GRADES#*'],
    readActions: ['BatchGetItem', 'Query'],
    lists: ['ANALYTICS'],
    writes: ['ANALYTICS#*', 'GRADES#*', 'LIMIT#*'],
    writeActions: ['UpdateItem'],
  },
  support: { writes: ['SUPPORT#*', 'LIMIT#*'], writeActions: ['PutItem', 'UpdateItem'] },
  media: {
    reads: ['LANG#*'],
    readActions: ['GetItem', 'Query'],
    lists: ['LANGUAGES', 'BLOG#PUBLISHED'],
    writes: ['LANG#*', 'LIMIT#*'],
    writeActions: ['PutItem', 'UpdateItem'],
  },
  users: { writes: ['ADMINS'], writeActions: ['PutItem', 'DeleteItem'] },
  openapi: {},
  audit: { lists: ['AUDIT'] },
  backup: {
    reads: ['LANG#*', 'BLOG#*', 'SLUG#*', 'SETTINGS', 'IMPORT#*'],
    readActions: ['GetItem', 'BatchGetItem', 'Query'],
    lists: ['LANGUAGES', 'BLOG#PUBLISHED', 'BLOG#DRAFT'],
    writes: ['LANG#*', 'BLOG#*', 'SLUG#*', 'SETTINGS', 'IMPORT', 'IMPORT#*', 'VERSION#*'],
    writeActions: ['PutItem', 'DeleteItem'],
  },
  trash: {
    reads: ['TRASH#*', 'LANG#*', 'BLOG#*', 'SLUG#*'],
    readActions: ['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem'],
    lists: ['TRASH', 'BLOG#PUBLISHED'],
    writes: ['TRASH#*', 'LANG#*', 'BLOG#*', 'SLUG#*'],
    writeActions: ['PutItem', 'DeleteItem', 'BatchWriteItem'],
  },
  render: {
    reads: ['LANG#*', 'BLOG#*', 'SLUG#*', 'SETTINGS', 'PREVIEW#*'],
    readActions: ['GetItem', 'Query'],
    lists: ['LANGUAGES', 'BLOG#PUBLISHED'],
    writes: ['SUPPORT#*', 'LIMIT#*'],
    writeActions: ['PutItem', 'UpdateItem'],
  },
};

/** Every call that reads items (or could): none may be granted without a partition-key condition. */
const READS = /^dynamodb:(\*|Get|BatchGet|Query|Scan|ConditionCheck|PartiQL|ExecuteStatement|BatchExecuteStatement|TransactGet)/;

/** IAM's StringLike: `*` any run of characters, `?` exactly one. */
const like = (pattern: string, value: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(value);

/** One action a statement grants on one resource: `keys` are its LeadingKeys patterns, null when unconditioned. */
interface Grant {
  action: string;
  resource: string;
  keys: string[] | null;
  /** Anything but the one condition every table grant should carry. */
  otherCondition?: string;
}

describe('table access per function (IAM, dynamodb:LeadingKeys)', () => {
  let stack: ParrotPhrasesStack;
  let template: TemplateJson;
  let tableId: string;

  beforeAll(() => {
    ({ stack, template } = synthStage({ stage: 'prod', ...realMail }));
    const tables = resourcesOf(template, 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    tableId = tables[0][0];
  }, SYNTH_TIMEOUT);
  afterAll(removeTempDirs);

  /** `table`, `index/GSI1`, or the resource as written when it is neither. */
  const resourceName = (r: unknown) => {
    const table = { 'Fn::GetAtt': [tableId, 'Arn'] };
    if (JSON.stringify(r) === JSON.stringify(table)) return 'table';
    const join = (r as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
    if (join?.[0] === '' && join[1].length === 2 && JSON.stringify(join[1][0]) === JSON.stringify(table) && typeof join[1][1] === 'string')
      return join[1][1].slice(1);
    return JSON.stringify(r);
  };

  /** The DynamoDB grants of the statements attached to a role. */
  const grantsOfRole = (roleId: string): Grant[] =>
    resourcesOf(template, 'AWS::IAM::Policy')
      .filter(([, p]) => (p.Properties.Roles as { Ref?: string }[]).some((r) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Record<string, any>[])
      .flatMap((st) => {
        const actions = ([st.Action].flat() as string[]).filter((a) => a.startsWith('dynamodb:'));
        const condition = st.Condition as Record<string, Record<string, unknown>> | undefined;
        const leading = condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
        const only = condition && Object.keys(condition).length === 1 && Object.keys(condition['ForAllValues:StringLike'] ?? {}).length === 1;
        return actions.flatMap((action) =>
          [st.Resource].flat().map((r: unknown) => ({
            action,
            resource: resourceName(r),
            keys: condition ? ((leading as string[] | undefined) ?? []) : null,
            ...(condition && !only ? { otherCondition: JSON.stringify(condition) } : {}),
          })),
        );
      });

  const roleOf = (fn: Fn) => {
    const lambda: IFunction = fn === 'render' ? stack.render.function : stack.api.functions.get(fn)!;
    return stack.getLogicalId(lambda.role!.node.defaultChild as CfnElement);
  };
  const grantsOf = (fn: Fn) => grantsOfRole(roleOf(fn));

  /** A grant as a line: action, resource, and its sorted LeadingKeys (or UNCONDITIONED). */
  const line = (g: Grant) => `${g.action} on ${g.resource} for ${g.keys ? [...g.keys].sort().join(' ') : 'UNCONDITIONED'}${g.otherCondition ?? ''}`;
  const expectedLines = (fn: Fn) => {
    const e = EXPECTED[fn];
    return [
      ...(e.readActions ?? []).map((a) => ({ action: `dynamodb:${a}`, resource: 'table', keys: e.reads! })),
      ...(e.lists?.length ? [{ action: 'dynamodb:Query', resource: 'index/GSI1', keys: e.lists }] : []),
      ...(e.writeActions ?? []).map((a) => ({ action: `dynamodb:${a}`, resource: 'table', keys: e.writes! })),
      ...(fn !== 'render' && writesAudit(fn, routes) ? [{ action: 'dynamodb:PutItem', resource: 'table', keys: ['AUDIT#*'] }] : []),
    ]
      .map(line)
      .sort();
  };

  /** Whether `grants` let a call `action` reach partition `pk` of `resource` (an unconditioned grant reaches every one). */
  const allows = (grants: Grant[], action: string, resource: string, pk: string) =>
    grants.some(
      (g) =>
        (g.action === action || g.action === 'dynamodb:*') && (g.resource === resource || g.resource === '"*"') && (!g.keys || g.keys.some((p) => like(p, pk))),
    );

  const functions: Fn[] = [...new Set(handlerModules), 'render'];

  it.each(functions)('%s reads and writes only its own item kinds, with only the calls its code makes', (fn) => {
    expect(grantsOf(fn).map(line).sort()).toEqual(expectedLines(fn));
  });

  it('keeps the declaration (TABLE_ACCESS) and this list in step, one entry per function', () => {
    expect(Object.keys(TABLE_ACCESS).sort()).toEqual([...functions].sort());
    for (const fn of functions) expect(TABLE_ACCESS[fn], fn).toEqual(EXPECTED[fn]);
  });

  it('never lets the render or pages function read support messages, learners, the audit log or rate counters', () => {
    const now = new Date().toISOString();
    const personal = [
      keys.supportMessage(now, '01J00000000000000000000000').PK,
      keys.profile('3f1c-sub').PK,
      keys.progress('3f1c-sub', 'fr', 'a1', 'greetings').PK,
      keys.favorite('3f1c-sub', 'fr', 'a1', 'greetings', '01J0').PK,
      keys.auditEntry('01J00000000000000000000000').PK,
      keys.rateWindow('support', 'hash', 0).PK,
      keys.adminsLock().PK,
      keys.importRun('abc').PK,
    ];
    const readActions = ['GetItem', 'BatchGetItem', 'Query', 'Scan', 'ConditionCheckItem', 'PartiQLSelect'].map((a) => `dynamodb:${a}`);
    for (const fn of ['render', 'pages'] as const) {
      const grants = grantsOf(fn);
      for (const action of readActions) {
        for (const pk of personal) expect(allows(grants, action, 'table', pk), `${fn} ${action} ${pk}`).toBe(false);
        // Nor the lists of those items, nor the drafts.
        for (const pk of [keys.auditListPk, keys.analyticsListPk, keys.blogDraftPk])
          expect(allows(grants, action, 'index/GSI1', pk), `${fn} ${action} GSI1 ${pk}`).toBe(false);
      }
      // What they do read is still readable (the checks above are not vacuous).
      expect(allows(grants, 'dynamodb:GetItem', 'table', keys.language('fr').PK), fn).toBe(true);
      expect(allows(grants, 'dynamodb:Query', 'table', keys.languageTree('fr').PK), fn).toBe(true);
    }
    const render = grantsOf('render');
    expect(allows(render, 'dynamodb:Query', 'index/GSI1', keys.blogPublishedPk)).toBe(true);
    expect(allows(render, 'dynamodb:GetItem', 'table', keys.blogSlug('hello').PK)).toBe(true);
    // The support form's writes: the message and the sender's counter, written but never read back.
    expect(allows(render, 'dynamodb:PutItem', 'table', keys.supportMessage(now, '01J').PK)).toBe(true);
    expect(allows(render, 'dynamodb:UpdateItem', 'table', keys.rateWindow('support', 'hash', 0).PK)).toBe(true);
    expect(allows(render, 'dynamodb:DeleteItem', 'table', keys.supportMessage(now, '01J').PK)).toBe(false);
    expect(allows(grantsOf('pages'), 'dynamodb:PutItem', 'table', keys.language('fr').PK)).toBe(false);
  });

  it('has no unconditioned read of the table anywhere: only the media sweep Scans (it must see every item)', () => {
    const sweepRole = stack.getLogicalId(stack.mediaSweep.function.role!.node.defaultChild as CfnElement);
    const roles = new Set(resourcesOf(template, 'AWS::IAM::Policy').flatMap(([, p]) => (p.Properties.Roles as { Ref?: string }[]).map((r) => r.Ref ?? '')));
    const unconditioned = [...roles].flatMap((role) =>
      grantsOfRole(role)
        .filter((g) => READS.test(g.action) && (!g.keys || g.otherCondition))
        .map((g) => `${role === sweepRole ? 'media-sweep' : role}: ${line(g)}`),
    );
    expect(unconditioned).toEqual(['media-sweep: dynamodb:Scan on table for UNCONDITIONED']);
    // And no function of the API or the render function has Scan, PartiQL or a wildcard action.
    for (const fn of functions)
      expect(
        grantsOf(fn).filter((g) => /Scan|PartiQL|Statement|\*/.test(g.action)),
        fn,
      ).toEqual([]);
  });

  it('names only item kinds and lists that functions/lib/keys.ts builds', () => {
    const kinds = Object.values(KEY_PREFIXES).map((p) => `${p}*`);
    const partitions = [keys.settings().PK, keys.adminsLock().PK, keys.importLock().PK];
    const lists = [
      keys.languageListPk,
      keys.blogPublishedPk,
      keys.blogDraftPk,
      keys.analyticsListPk,
      keys.auditListPk,
      keys.trashListPk,
      keys.draftListPk,
      keys.releaseListPk,
      keys.approvalListPk,
    ];
    for (const [fn, a] of Object.entries(TABLE_ACCESS)) {
      for (const k of [...(a.reads ?? []), ...(a.writes ?? [])]) expect([...kinds, ...partitions], `${fn} ${k}`).toContain(k);
      for (const k of a.lists ?? []) expect(lists, `${fn} ${k}`).toContain(k);
    }
  });

  it('lets the render function read no more than the public readers it runs in-process and the preview links, and write what the support form writes', () => {
    const readers = [...(['blog', 'languages', 'pages', 'settings'] as const).map((fn) => TABLE_ACCESS[fn]), { reads: [`${KEY_PREFIXES.preview}*`] }];
    const union = (pick: (a: TableAccess) => string[] | undefined) => new Set(readers.flatMap((a) => pick(a) ?? []));
    const render = TABLE_ACCESS.render;
    for (const [field, allowed] of [
      ['reads', union((a) => a.reads)],
      ['readActions', union((a) => a.readActions)],
      ['lists', union((a) => a.lists)],
    ] as const)
      for (const v of render[field] ?? []) expect(allowed, `render ${field} ${v}`).toContain(v);
    expect({ writes: render.writes, writeActions: render.writeActions }).toEqual(TABLE_ACCESS.support);
  });
});
