// @ts-check
/**
 * One lint config for the whole repo (`npm run lint`, also run by CI): typescript-eslint's strict
 * type-checked rules, React hooks and jsx-a11y for the SPA. Formatting is Prettier's job
 * (.prettierrc), so no stylistic rules here. Each rule turned off below says why.
 */
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const DYNAMO_ONLY_IN_TABLE =
  'DynamoDB is reached only through functions/data/table.ts (it adds the table name and keeps conditions, paging and retries in one place): use or add a helper there.';

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
