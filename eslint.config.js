import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

function webFeatures() {
  const folder = 'apps/web/src/features';
  return existsSync(folder)
    ? readdirSync(folder, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
}

/**
 * The server's layers, lowest first (docs/architecture.md "Layers"). Paths are relative to apps/server/src; a
 * layer may import its own and lower layers only. A module is in its layer by the folder it sits in
 * (`modules/<layer>/<module>`), so there is no list of modules to keep. Tests sit beside the code and may reach
 * anything.
 */
const SERVER_LAYERS = [
  { name: 'platform', paths: ['db', 'http', 'env.ts', 'adapters', 'jobs', 'modules/platform'] },
  { name: 'payments and games', paths: ['modules/payments', 'modules/games'] },
  { name: 'messages and promotions', paths: ['modules/messages', 'modules/promotions'] },
  { name: 'composition', paths: ['composition', 'server.ts'] },
];

/**
 * The web app's layers (docs/architecture.md "Web app"): shared code, then features, then the app that composes
 * them. Paths are relative to apps/web/src; imports go one way only, and a feature never imports another one.
 * A new feature or shared folder is placed by where it sits: features are every folder of features/.
 */
const WEB_SRC = 'apps/web/src';
const WEB_SHARED = ['lib', 'components', 'api', 'locales', 'test'];

function webLayerZones() {
  const shared = WEB_SHARED.map((folder) => `${WEB_SRC}/${folder}`);
  return [
    {
      target: shared,
      from: [`${WEB_SRC}/features`, `${WEB_SRC}/app`],
      message:
        'Shared code (lib, components, api) must not import a feature or src/app (docs/architecture.md)',
    },
    {
      target: `${WEB_SRC}/features`,
      from: `${WEB_SRC}/app`,
      message: 'A feature must not import src/app: the app composes features (docs/architecture.md)',
    },
    ...webFeatures().map((feature) => ({
      target: `${WEB_SRC}/features/${feature}`,
      from: `${WEB_SRC}/features`,
      except: [`./${feature}`],
      message: 'A feature must not import another feature; compose them in src/app',
    })),
  ];
}

function serverLayerZones() {
  const root = 'apps/server/src';
  return SERVER_LAYERS.flatMap((layer, index) =>
    SERVER_LAYERS.slice(index + 1).map((higher) => ({
      target: layer.paths.map((path) => `${root}/${path}`),
      from: higher.paths.map((path) => `${root}/${path}`),
      except: [],
      message: `the ${layer.name} layer must not import from the ${higher.name} layer (docs/architecture.md)`,
    })),
  );
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/out/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Dependencies point one way: packages never import apps (architecture.md "The pieces").
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@app/server*', '@app/web*'],
              message: 'packages/* must not import apps/*',
            },
          ],
        },
      ],
    },
  },
  {
    // Server modules talk through each other's services, never another module's repository.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository*', '../../*/*/*.repository*'],
              message: "Use the other module's service, not its repository",
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers (docs/architecture.md "Layers"): a module imports only from its own layer or below,
    // and never in a loop. Lower layers reach higher ones only through a port the composition passes in.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverLayerZones(),
        },
      ],
    },
  },
  {
    // db/schema.ts assembles the database's type from every module's `<module>.tables.ts` (issue 23 §4):
    // type-only imports, erased at build, the one place where the platform names the layers above it.
    files: ['apps/server/src/db/schema.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}', 'apps/games/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The web app's layers: shared → features → app, features apart from each other (bulletproof-react), and
    // no import loops. Tests are held to it too: a test of shared code has no business reaching into a feature.
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: webLayerZones() }],
    },
  },
  {
    files: ['apps/web/public/**/*.js', 'apps/web/src/**/sw*.{js,ts}'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', '**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
