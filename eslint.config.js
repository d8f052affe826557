// Lint rules, including the folder boundaries of DESIGN.md §2: src/contract imports nothing of
// ours, and src/web, src/server and sw share only src/contract.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

import fs from 'node:fs';

const zone = (target, from, message, except) => ({
  target,
  from,
  message,
  ...(except ? { except } : {}),
});

// A feature never imports another feature: routes and app/ compose them (DESIGN.md §2).
const featureDir = './src/web/features';
const featureZones = fs.existsSync(featureDir)
  ? fs
      .readdirSync(featureDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) =>
        zone(`${featureDir}/${d.name}`, featureDir, 'A feature never imports another feature.', [
          `./${d.name}`,
        ]),
      )
  : [];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'src/web/routeTree.gen.ts',
      // Problem packages: their sources are test data (some do not compile on purpose).
      'tests/fixtures/problems/**',
      // Similarity fixtures: students' CommonJS programs, laid out unlike ours on purpose.
      'tests/fixtures/similarity/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Cycles and boundaries are ours to check; minified dependencies are not worth parsing.
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone(
              './src/contract',
              ['./src/web', './src/server', './sw'],
              'src/contract imports nothing of ours.',
            ),
            zone('./src/web', ['./src/server', './sw'], 'src/web shares only src/contract.'),
            zone('./src/server', ['./src/web', './sw'], 'src/server shares only src/contract.'),
            zone('./sw', ['./src/web', './src/server'], 'sw shares only src/contract.'),
            zone(
              './src/server/judge',
              ['./src/server/app.ts', './node_modules/fastify'],
              'The judge must not depend on Fastify.',
            ),
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Raw fetch and idb-keyval only through src/web/lib (DESIGN.md §2).
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'idb-keyval', message: 'Use src/web/lib/idb.ts.' }] },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use src/web/lib/api-client.ts.' },
      ],
    },
  },
  {
    files: ['src/web/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off' },
  },
  {
    files: [
      'src/server/**/*.ts',
      'src/worker.ts',
      'tests/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{ts,js,mjs}',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/server/judge/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*', 'fastify-*'],
              message: 'The judge stays free of Fastify.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
);
