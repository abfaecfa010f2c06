// @ts-check
/**
 * One lint config for the whole repo (`npm run lint`, also run by CI): typescript-eslint's strict
 * type-checked rules, React hooks and jsx-a11y for the SPA. Formatting is Prettier's job
 * (.prettierrc), so no stylistic rules here. Each rule turned off below says why.
 */
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const DYNAMO_ONLY_IN_TABLE =
  'DynamoDB is reached only through functions/data/table.ts (it adds the table name and keeps conditions, paging and retries in one place): use or add a helper there.';

/** A path from the repo's root, absolute (globs in `except` and `target` of a zone must be). */
const here = (/** @type {string} */ p) => path.join(import.meta.dirname, p);

/** Practice's pure rules (frontend/src/practice holds the whole feature: pages, island and these). */
const PRACTICE_RULES = ['deck', 'queue', 'settings', 'device-store', 'device-db', 'takes', 'takes-flag', 'summary', 'due-words', 'shortcuts'].map((f) =>
  here(`frontend/src/practice/${f}.ts`),
);

/**
 * The layers (docs/architecture.md, "Layers and the rule that keeps them"): each zone names the files it
 * governs (`target`), what they may not import (`from`) and why. Type-only imports count too (a type from
 * a higher layer still ties the lower one to it); circles are import-x/no-cycle's, below.
 */
const LAYERS = [
  {
    target: 'shared',
    from: ['functions', 'frontend', 'infra', 'tests'],
    message: 'shared/ is the bottom layer (the contracts both sides use): it imports only itself and packages.',
  },
  {
    target: 'functions',
    from: ['frontend', 'infra', 'tests'],
    message: 'functions/ imports only itself, shared/ and packages.',
  },
  ...[
    ['routes.ts', ['lib', 'data', 'services', 'handlers', 'jobs']],
    ['routes', ['lib', 'data', 'services', 'handlers', 'jobs']],
    ['lib', ['data', 'services', 'handlers', 'jobs']],
    ['data', ['services', 'handlers', 'jobs']],
    ['services', ['handlers', 'jobs']],
    ['handlers', ['jobs']],
    ['jobs', ['handlers']],
  ].map(([layer, above]) => ({
    target: `functions/${layer}`,
    from: [...above].map((l) => `functions/${l}`),
    message: `functions/ runs upwards: shared/ < routes.ts < lib/ (plumbing) < data/ < services/ < handlers/, jobs/ (two entry layers side by side). functions/${layer} imports only what is below it.`,
  })),
  {
    target: 'frontend',
    from: ['functions', 'infra', 'tests'],
    message: 'frontend/ talks to the functions over HTTP and shares only shared/ (as @shared).',
  },
  {
    target: [here('frontend/src/!(admin)/**'), here('frontend/src/*.{ts,tsx}')],
    from: 'frontend/src/admin',
    message:
      'The public site never imports admin/: the admin SPA is loaded lazily (routes.tsx), and a static import would pull it into the public bundles. Move what both need out of admin/ (components/, api/, ...).',
  },
  {
    target: ['frontend/src/sw', 'frontend/src/offline'],
    from: 'frontend/src/**',
    except: [here('frontend/src/sw/**'), here('frontend/src/offline/**')],
    message: 'sw/ is its own bundle (the service worker): sw/ and the offline/ rules it shares with the pages import only offline/ and @shared.',
  },
  {
    target: ['frontend/src/api', 'frontend/src/analytics', 'frontend/src/theme', 'frontend/src/config.ts', ...PRACTICE_RULES],
    from: ['pages', 'layout', 'components', 'islands', 'auth', 'ssr', 'admin'].map((f) => `frontend/src/${f}`),
    message:
      "api/, analytics/, theme/, config.ts and practice/'s rules (deck, queue, settings, device store, summary, words, shortcuts) sit below the views: they import no pages/, layout/, components/, islands/, auth/, ssr/ or admin/.",
  },
  {
    target: PRACTICE_RULES,
    from: 'frontend/src/practice',
    except: PRACTICE_RULES,
    message: "practice/'s rules are pure: they import none of its screen, island or API modules (which import them).",
  },
  {
    target: here('frontend/src/*/**'),
    from: ['App.tsx', 'routes.tsx', 'main.tsx', 'entry-server.tsx'].map((f) => `frontend/src/${f}`),
    message: 'App.tsx, routes.tsx, main.tsx and entry-server.tsx are the entry points: nothing in a folder below them imports them.',
  },
  {
    target: 'infra/cdk',
    from: ['infra/twin', 'infra/scripts'],
    message: 'The CDK app deploys what functions/ and frontend/ build: it imports neither the local twin nor the operator scripts.',
  },
  {
    target: 'infra/twin',
    from: 'infra/scripts',
    message: 'The local twin is a library the operator scripts (infra/scripts) run: it does not import them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'frontend/dist',
      'frontend/public',
      'cdk.out',
      'test-results',
      '.data',
      '**/*.java',
      'eslint.config.js',
      '.ci',
      'infra/twin/guard.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // Template literals of numbers and booleans read naturally in messages and keys.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `onClick={() => setOpen(false)}` is the idiom of React handlers; wrapping each in braces adds noise, not safety.
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // `_name` marks an argument a signature requires but this implementation does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // functions/data/table.ts is the ONE module that talks to DynamoDB (table name, conditions, paging,
    // retries and the mapping of a cancelled transaction to a domain error live there); clients.ts builds its client.
    files: ['functions/**/*.ts'],
    ignores: ['functions/data/table.ts', 'functions/lib/clients.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb'].map((name) => ({ name, message: DYNAMO_ONLY_IN_TABLE })),
          patterns: [{ regex: '(^|/)clients(\\.js)?$', importNames: ['ddb'], message: DYNAMO_ONLY_IN_TABLE }],
        },
      ],
    },
  },
  {
    // The layers above, and no import circle. The resolver reads `.js` specifiers as the `.ts` files they
    // name (NodeNext) and @shared/ as shared/ (frontend/tsconfig.json). no-cycle follows value imports only
    // (import-x skips `import type`: erased at build, they cannot change load order); ignoreExternal keeps
    // it out of node_modules, which is what keeps it fast.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          alias: { '@shared': [here('shared')] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYERS }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests read JSON answers and SDK outputs loosely on purpose: the assertions are the type check.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The React Compiler's rules (we do not use the compiler). set-state-in-effect would forbid the
      // hydration-safe pattern server rendering needs: render what the server rendered, then read
      // browser-only state (storage, matchMedia, the session) in an effect.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
    },
  },
);
