import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const storefrontKeepsOutTheAdmin = {
  group: ['@kitroom/contract/admin', '@kitroom/contract/src/admin/*'],
  message: "The back office's contract stays out of the storefront's bundle.",
};

const serverSrc = path.join(import.meta.dirname, 'apps/server/src');
/** The folders that read the queries of orders/, the order's record (decision 077). */
const orderRecordReaders = ['checkout', 'fulfilment', 'after-sales', 'order-desk'];
/** A file's folder under apps/server/src, or null for a file directly in it (or outside). */
const serverFolderOf = (file) => {
  const parts = path.relative(serverSrc, file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : null;
};

/**
 * The server's folders are entered through their index.ts (decision 077): an import of
 * another folder names `<folder>/index.js`, and a file inside a folder imports its neighbours
 * directly, never its own index (which would make the index a cycle). The test helpers
 * (src/test) are the harness and may reach anything; tests may read any domain's queries
 * (decision 038); checkout, fulfilment, after-sales and the order desk read orders/'s.
 * boundaries.test.ts holds the same rule.
 */
const importThroughIndex = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const from = serverFolderOf(file);
    if (path.relative(serverSrc, file).startsWith('..') || from === 'test') return {};
    const isTest = /\.test\.tsx?$/.test(file);
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source.value);
      const to = serverFolderOf(target);
      if (to === null || to === 'test') return;
      const isIndex = target === path.join(serverSrc, to, 'index.js');
      if (to === from) {
        if (isIndex) {
          context.report({
            node: source,
            message: `Inside ${to}/, import the file itself, not ${to}/index.js.`,
          });
        }
        return;
      }
      if (isIndex) return;
      if (target.endsWith('.queries.js')) {
        if (isTest) return;
        if (to === 'orders' && orderRecordReaders.includes(from)) return;
      }
      context.report({
        node: source,
        message: `Import ${to}/ through its index.ts, not ${path.relative(serverSrc, target)} (decision 077).`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      'apps/server/dist-test-*/**',
      '**/node_modules/**',
      'data/**',
      'bench/results/**',
      '**/*.js',
      '**/*.mjs',
      // Plain JavaScript that Node runs as it is (`npm start`): linted as the TypeScript is.
      '!scripts/start.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The rules of hooks; the React Compiler's rules are left out (the apps do not use it):
    // see docs/decisions/043-lint-guardrails.md.
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'apps/admin/src/**/*.{ts,tsx}',
      'packages/ui/src/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Another folder of the server only through its index.ts (decision 077).
    files: ['apps/server/src/**/*.ts'],
    plugins: { kitroom: { rules: { 'import-through-index': importThroughIndex } } },
    rules: { 'kitroom/import-through-index': 'error' },
  },
  {
    // The server's domains talk through services; only a domain's own service reads its queries.
    // Routes, the storefront's and the back office's, call services, never queries.
    files: ['apps/server/src/**/*.routes.ts', 'apps/server/src/**/*.admin-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/*.queries.js'], message: 'Routes call services, not queries.' }],
        },
      ],
    },
  },
  {
    // Nor does any other server file read another domain's queries: a domain calls the other
    // domain's service (decision 038; src/boundaries.test.ts checks the same from the import
    // graph). Routes keep their stricter rule above; tests and their helpers may set up and
    // inspect any table.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.routes.ts',
      'apps/server/src/**/*.admin-routes.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.queries.js', '../../*/*.queries.js'],
              message: "Call the other domain's service, not its queries.",
            },
          ],
        },
      ],
    },
  },
  {
    // The same, except that checkout, fulfilment, after-sales and the order desk read the
    // queries of orders/, the order's record they share (decision 077).
    files: [
      'apps/server/src/checkout/**/*.ts',
      'apps/server/src/fulfilment/**/*.ts',
      'apps/server/src/after-sales/**/*.ts',
      'apps/server/src/order-desk/**/*.ts',
    ],
    ignores: [
      'apps/server/src/**/*.routes.ts',
      'apps/server/src/**/*.admin-routes.ts',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.queries.js', '../../*/*.queries.js', '!../orders/*.queries.js'],
              message: "Call the other domain's service, not its queries.",
            },
          ],
        },
      ],
    },
  },
  {
    // The back office's contract is its own entry, so the storefront's bundle never carries it.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [storefrontKeepsOutTheAdmin] }],
    },
  },
  {
    // Storefront layers run one way: ui and api → features → app. A feature reaches another
    // feature only through that feature's index.ts.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            storefrontKeepsOutTheAdmin,
            { group: ['@/app/*'], message: 'Features do not import the app layer.' },
            { group: ['@/features/*/*'], message: 'Import another feature through its index.ts.' },
            { group: ['../*'], message: "Import another feature through '@/features/<name>'." },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}', 'apps/web/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            storefrontKeepsOutTheAdmin,
            {
              group: ['@/app/*', '@/features/*'],
              message: 'Shared code does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The back office's layers run the same way: ui and api → features → app, and its
    // features do not import each other.
    files: ['apps/admin/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app/*'], message: 'Features do not import the app layer.' },
            { group: ['@/features/*'], message: 'Back-office features do not import each other.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/admin/src/ui/**/*.{ts,tsx}', 'apps/admin/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/*', '@/features/*'],
              message: 'Shared code does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The UI kit both apps share (packages/ui) knows neither app, nor the back office's contract.
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            storefrontKeepsOutTheAdmin,
            {
              group: ['@/*', '@kitroom/web', '@kitroom/admin'],
              message: 'The kit imports no app.',
            },
          ],
        },
      ],
    },
  },
);
