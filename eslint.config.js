// Lint rules carry the architecture (docs/house-style.md): imports flow shared ← remotes ← shell and shared ← server,
// remotes never import each other, jotai is used through the contract's one wrapper, and JSX holds no literal UI
// text (every string goes through t(), so ru and en stay complete).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The imports every file is kept from, plus a zone's own. */
const restrictedImports = ({ paths = [], patterns = [] } = {}) => [
  'error',
  {
    paths: [
      { name: 'jotai', message: 'Use @proxy/contract/state, the one jotai wrapper.' },
      { name: 'react-router-dom', message: "Import from 'react-router' (one specifier, one router context)." },
      ...paths,
    ],
    patterns: [{ group: ['jotai/*'], message: 'Use @proxy/contract/state.' }, ...patterns],
  },
];

const deepKitImport = {
  // `@proxy/panel-kit/testing` is the sections' shared test harness (component tests only).
  group: ['@proxy/panel-kit/*', '!@proxy/panel-kit/testing', '**/panel-kit/src/**'],
  message: "Import the panel kit as '@proxy/panel-kit' (tests: '@proxy/panel-kit/testing').",
};

const deepSiteKitImport = {
  // `@proxy/site-kit/testing` is the customer remotes' shared test harness (component tests only).
  group: ['@proxy/site-kit/*', '!@proxy/site-kit/testing', '**/site-kit/src/**'],
  message: "Import the site kit as '@proxy/site-kit' (tests: '@proxy/site-kit/testing').",
};

const noPanelKit = { name: '@proxy/panel-kit', message: 'Only panel sections (remotes/panel-*) use the panel kit.' };
const noSiteKit = (message) => ({ name: '@proxy/site-kit', message });

/** The sub-folders of a folder of this repository. */
const foldersOf = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Every folder of remotes/ is a remote and every folder of server/domains a domain: a new one gets its zones without
// editing this file.
const remoteFolders = foldersOf('./remotes');
const serverDomains = foldersOf('./server/domains');

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', '.data/**', '.tmp/**', 'bench-results/**', 'e2e/screenshots/**'],
  },
  // The generated customer API client (server/domains/customer-api/generated-client.ts): the generator's fetch
  // runtime uses `any` and non-null assertions, and the drift test keeps it byte-equal to the generator's output.
  { ignores: ['server/domains/customer-api/client/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./shell', './remotes', './server', './panel-kit', './site-kit', './agent'],
              message: 'The contract imports nothing.',
            },
            {
              target: './panel-kit',
              from: ['./shell', './remotes', './server', './site-kit'],
              message: 'The panel kit uses only the contract: sections build on it, never the other way.',
            },
            {
              target: './site-kit',
              from: ['./shell', './remotes', './server', './panel-kit', './agent'],
              message: 'The site kit uses only the contract: customer pages build on it, never the other way.',
            },
            {
              target: './server',
              from: ['./shell', './remotes', './site-kit', './agent'],
              message: 'The server uses only the contract.',
            },
            {
              target: './agent',
              from: ['./shell', './remotes', './server', './panel-kit', './site-kit'],
              message: 'The farm agent is its own deployable: it uses only the contract.',
            },
            { target: './shell', from: ['./remotes', './server'], message: 'The shell loads remotes at run time.' },
            { target: './remotes', from: ['./shell', './server'], message: 'Remotes use only the contract.' },
            ...remoteFolders.map((name) => ({
              target: `./remotes/${name}`,
              from: './remotes',
              except: [`./${name}`],
              message: 'Remotes never import each other.',
            })),
            ...serverDomains.map((name) => ({
              target: `./server/domains/${name}`,
              from: './server/domains',
              except: [`./${name}`, ...serverDomains.map((other) => `./${other}/index.ts`)],
              message: "A domain uses another only through that domain's index.ts.",
            })),
            {
              // auth.ts still reads the accounts domain's tokens and users (server/README.md).
              target: './server/plugins/!(auth|auth.test).ts',
              from: './server/domains',
              message:
                'Infrastructure imports no domain: a domain provides what a plugin needs (app.site.provide, app.jobs.register).',
            },
            {
              target: './server/lib',
              from: ['./server/plugins', './server/domains'],
              message: 'server/lib holds generic helpers: it imports no plugin, route or domain.',
            },
          ],
        },
      ],
      'no-restricted-imports': restrictedImports(),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Each kit is one federated singleton (its index): a deep import would bundle a second copy of the part it names.
    // Panel sections have the panel kit and never load the site kit (nor its stylesheet).
    files: ['remotes/panel-*/**'],
    rules: {
      'no-restricted-imports': restrictedImports({
        paths: [noSiteKit('Panel sections are built on the panel kit; the site kit is for the customer pages.')],
        patterns: [deepKitImport, deepSiteKitImport],
      }),
    },
  },
  {
    // A section's fields read the kit's forms through the hooks the kit exports: react-final-form is not shared on
    // its own, so a section's own copy would look for a form context the kit's forms never provide.
    files: ['remotes/panel-*/**'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'no-restricted-imports': restrictedImports({
        paths: [
          ...['react-final-form', 'final-form'].map((name) => ({
            name,
            message: "Use the form hooks '@proxy/panel-kit' exports (one copy for the kit's forms and the fields).",
          })),
          noSiteKit('Panel sections are built on the panel kit; the site kit is for the customer pages.'),
        ],
        patterns: [deepKitImport, deepSiteKitImport],
      }),
    },
  },
  {
    // Only panel sections load the panel kit (and the antd and react-final-form it brings): never the public pages.
    // The shell and the customer remotes take the site kit through its entry.
    files: [
      'shell/**',
      ...remoteFolders.filter((name) => !name.startsWith('panel-')).map((name) => `remotes/${name}/**`),
    ],
    rules: { 'no-restricted-imports': restrictedImports({ paths: [noPanelKit], patterns: [deepSiteKitImport] }) },
  },
  {
    // The home page's first paint has no bytes for the site kit, not even its entry in marketing's share map.
    files: ['remotes/marketing/**'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'no-restricted-imports': restrictedImports({
        paths: [noPanelKit, noSiteKit('The public first paint (marketing) does not load the site kit: README, Speed.')],
        patterns: [deepSiteKitImport],
      }),
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': restrictedImports({ paths: [noPanelKit, noSiteKit('The contract imports nothing.')] }),
    },
  },
  {
    files: ['panel-kit/**'],
    rules: {
      'no-restricted-imports': restrictedImports({ paths: [noSiteKit('The panel kit uses only the contract.')] }),
    },
  },
  {
    files: ['shared/src/state.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'remotes/**/*.{ts,tsx}', 'panel-kit/**/*.{ts,tsx}', 'site-kit/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: '19' } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react/jsx-key': 'error',
      'react/jsx-no-literals': ['error', { noStrings: true, ignoreProps: true }],
      'react/no-danger': 'off',
    },
  },
  {
    // Test fixtures render stand-in components; the rule guards what users see.
    files: ['**/*.test.tsx'],
    rules: { 'react/jsx-no-literals': 'off' },
  },
);
