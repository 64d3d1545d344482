// Lint rules, including the layer arrows of design.md: who may import whom.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layerPlugin from './lint/allowed-imports.js';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// The ways to load a module that no-restricted-imports does not see (it checks static imports
// and re-exports): `import('x')`, `require('x')` and TypeScript's `import x = require('x')`.
// Each turns a module-name regex (slashes escaped, as esquery's /.../ needs) into a selector.
const otherLoaders = [
  (regex) => `ImportExpression[source.value=/${regex}/]`,
  (regex) => `CallExpression[callee.name='require'][arguments.0.value=/${regex}/]`,
  (regex) => `TSExternalModuleReference[expression.value=/${regex}/]`,
];

/** The packages a runtime cannot load: Node built-ins and electron, however they are loaded. */
function packageRules({ noNode = false, noElectron = false, why }) {
  const forbidden = []; // { regex, message } for every module name the layer may not load
  if (noElectron) forbidden.push({ regex: '^electron(\\/|$)', message: `${why} (no electron here).` });
  if (noNode) {
    const names = nodeBuiltins.map(escapeRegex).join('|');
    forbidden.push({
      regex: `^(node:|(${names})(\\/|$))`,
      message: `${why} (no Node built-ins here).`,
    });
  }
  const selectors = forbidden.flatMap(({ regex, message }) =>
    otherLoaders.map((selector) => ({ selector: selector(regex), message })),
  );
  return {
    'no-restricted-imports': ['error', { patterns: forbidden }],
    'no-restricted-syntax': ['error', ...selectors],
  };
}

// Who may import whom, as allow-lists (VS Code style): an entry's files may import only from the
// paths its `allow` names, and never from those its `deny` names; every entry whose `target`
// matches a file applies. Packages are not paths: packageRules above covers them.
const shared = 'src/shared/**';
const renderer = 'src/renderer/src';
const [lib, ui, api, app, areas] = ['lib', 'ui', 'api', 'app', 'areas'].map((dir) => `${renderer}/${dir}/**`);
const layers = [
  {
    target: ['src/shared/**'],
    allow: [shared],
    why: 'src/shared is pure TypeScript shared by every runtime',
  },
  {
    target: ['src/main/services/**'],
    // The sandbox's entrance only: main starts it, never the reverse.
    allow: [shared, 'src/main/services/**', 'src/sandbox/start.ts'],
    why: 'Services run in any shell: they import shared and each other, and start the sandbox',
  },
  {
    target: ['src/main/electron/**'],
    allow: [shared, 'src/main/services/**', 'src/main/electron/**'],
    why: 'The Electron shell reaches everything through main/services',
  },
  {
    target: ['src/main/web/**'],
    allow: [shared, 'src/main/services/**', 'src/main/web/**'],
    why: 'The browser shell reaches everything through main/services',
  },
  {
    target: ['src/preload/**'],
    allow: [shared, 'src/preload/**'],
    why: 'The preload only bridges the contract',
  },
  {
    target: ['src/renderer/**'],
    allow: [shared, 'src/renderer/**'],
    why: 'The renderer talks to main only through the contract client',
  },
  {
    target: ['src/sandbox/**'],
    allow: [shared, 'src/sandbox/**'],
    why: 'The sandbox imports only src/shared',
  },
  // Inside the renderer: helpers and shared pieces know nothing of areas or of main.
  { target: [lib], allow: [shared, lib], why: 'lib/ holds small helpers, nothing area-specific' },
  { target: [ui], allow: [shared, lib, ui], why: 'ui/ holds shared pieces, nothing area-specific' },
  { target: [api], allow: [shared, api], why: 'api/ is the contract client and nothing else' },
  // The arrow between app/ and the areas points one way: areas import app/, and app/ knows the
  // areas only through the router, which lazily imports their screens. What the shell shows on
  // every screen is app-wide, so it lives in app/ (its store fed by main's events).
  {
    target: [app, `!${renderer}/app/router.ts`],
    allow: [shared, lib, ui, api, app],
    why: 'app/ is the shell and the app-wide stores: it reaches the areas only through app/router.ts',
  },
  {
    target: [`${renderer}/app/router.ts`],
    allow: [shared, lib, ui, api, app, areas],
    why: 'The router names each area and its screens, and nothing above the app',
  },
  {
    target: [`${renderer}/areas/{area}/**`],
    allow: [shared, lib, ui, api, app, `${renderer}/areas/{area}/**`],
    why: 'An area never imports another area: what two areas share belongs in app/, ui/ or lib/',
  },
  // By what a file is and where it lives, never by its name: every .vue file, and anything in a
  // components/ folder, is drawn on screen; the .ts stores and composables of app/ and of an area
  // are the ones that call main.
  {
    target: [`${renderer}/**/*.vue`, `${renderer}/**/components/**`],
    deny: [api],
    why: 'Views and components reach main only through stores or composables, never api/',
  },
  // The contract has one entrance. The preload alone reads the call names, which hold no schema,
  // so that it does not bundle every zod schema of every area.
  {
    target: ['**', '!src/shared/contract/**', '!src/preload/**'],
    deny: ['src/shared/contract/**', '!src/shared/contract/index.ts'],
    why: 'Import the contract through src/shared/contract/index.ts, its one entrance',
  },
  {
    target: ['src/preload/**'],
    deny: ['src/shared/contract/**', '!src/shared/contract/names.ts'],
    why: 'The preload imports only src/shared/contract/names.ts: the names, without the schemas',
  },
];

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', '.cache/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Vue's correctness rules only: formatting is Prettier's job.
  ...pluginVue.configs['flat/essential'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
    },
  },
  {
    // The Node bootstrap is CommonJS on purpose: it must run on an old Node before any install.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/renderer/**', 'test/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    plugins: { layers: layerPlugin },
    rules: { 'layers/allowed-imports': ['error', layers] },
  },
  {
    files: ['src/shared/**'],
    rules: packageRules({
      noNode: true,
      noElectron: true,
      why: 'src/shared is pure TypeScript shared by every runtime',
    }),
  },
  {
    files: ['src/renderer/**'],
    rules: packageRules({
      noNode: true,
      noElectron: true,
      why: 'The renderer talks to main only through the contract client',
    }),
  },
  {
    files: ['src/main/services/**'],
    rules: packageRules({ noElectron: true, why: 'Services run in any shell and never import electron' }),
  },
  {
    files: ['src/main/web/**'],
    rules: packageRules({ noElectron: true, why: 'The browser shell runs without Electron' }),
  },
  {
    files: ['src/sandbox/**'],
    rules: packageRules({ noElectron: true, why: 'The sandbox runs without Electron' }),
  },
);
