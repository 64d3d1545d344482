// Lint rules, including the layer arrows of design.md: who may import whom.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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

/** The rules for one layer, from forbidden packages and forbidden folders of src. */
function layerRules({ noNode = false, noElectron = false, folders = [], why }) {
  const forbidden = []; // { regex, message } for every module name the layer may not load
  if (noElectron) forbidden.push({ regex: '^electron(\\/|$)', message: `${why} (no electron here).` });
  if (noNode) {
    const names = nodeBuiltins.map(escapeRegex).join('|');
    forbidden.push({
      regex: `^(node:|(${names})(\\/|$))`,
      message: `${why} (no Node built-ins here).`,
    });
  }
  if (folders.length) {
    forbidden.push({
      regex: `(^|\\/)(${folders.join('|')})\\/`,
      message: `${why} (may not import from ${folders.join(', ')}).`,
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
    files: ['src/shared/**'],
    rules: layerRules({
      noNode: true,
      noElectron: true,
      folders: ['main', 'renderer', 'preload', 'sandbox'],
      why: 'src/shared is pure TypeScript shared by every runtime',
    }),
  },
  {
    files: ['src/renderer/**'],
    rules: layerRules({
      noNode: true,
      noElectron: true,
      folders: ['main', 'preload', 'sandbox'],
      why: 'The renderer talks to main only through the contract client',
    }),
  },
  {
    files: ['src/preload/**'],
    rules: layerRules({
      folders: ['main', 'renderer', 'sandbox'],
      why: 'The preload only bridges the contract',
    }),
  },
  {
    files: ['src/main/services/**'],
    rules: layerRules({
      noElectron: true,
      folders: ['electron', 'web', 'renderer', 'preload'],
      why: 'Services run in any shell and never import electron',
    }),
  },
  {
    files: ['src/main/electron/**'],
    rules: layerRules({
      folders: ['web', 'renderer', 'preload', 'sandbox'],
      why: 'The Electron shell reaches everything through main/services',
    }),
  },
  {
    files: ['src/main/web/**'],
    rules: layerRules({
      noElectron: true,
      folders: ['electron', 'renderer', 'preload'],
      why: 'The browser shell runs without Electron',
    }),
  },
  {
    files: ['src/sandbox/**'],
    rules: layerRules({
      noElectron: true,
      folders: ['main', 'renderer', 'preload'],
      why: 'The sandbox imports only src/shared; main starts it, never the reverse',
    }),
  },
);
