// Lint rules, including the layer arrows of design.md: who may import whom.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

/** A no-restricted-imports rule from forbidden packages and forbidden folders of src. */
function layerRule({ noNode = false, noElectron = false, folders = [], why }) {
  const paths = [];
  if (noElectron) paths.push({ name: 'electron', message: `${why} (no electron here).` });
  if (noNode)
    paths.push(...nodeBuiltins.map((name) => ({ name, message: `${why} (no Node built-ins here).` })));
  const patterns = [];
  if (noNode) patterns.push({ regex: '^node:', message: `${why} (no Node built-ins here).` });
  if (folders.length) {
    patterns.push({
      regex: `(^|/)(${folders.join('|')})/`,
      message: `${why} (may not import from ${folders.join(', ')}).`,
    });
  }
  return ['error', { paths, patterns }];
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
    rules: {
      'no-restricted-imports': layerRule({
        noNode: true,
        noElectron: true,
        folders: ['main', 'renderer', 'preload', 'sandbox'],
        why: 'src/shared is pure TypeScript shared by every runtime',
      }),
    },
  },
  {
    files: ['src/renderer/**'],
    rules: {
      'no-restricted-imports': layerRule({
        noNode: true,
        noElectron: true,
        folders: ['main', 'preload', 'sandbox'],
        why: 'The renderer talks to main only through the contract client',
      }),
    },
  },
  {
    files: ['src/preload/**'],
    rules: {
      'no-restricted-imports': layerRule({
        folders: ['main', 'renderer', 'sandbox'],
        why: 'The preload only bridges the contract',
      }),
    },
  },
  {
    files: ['src/main/services/**'],
    rules: {
      'no-restricted-imports': layerRule({
        noElectron: true,
        folders: ['electron', 'web', 'renderer', 'preload'],
        why: 'Services run in any shell and never import electron',
      }),
    },
  },
  {
    files: ['src/main/web/**'],
    rules: {
      'no-restricted-imports': layerRule({
        noElectron: true,
        folders: ['electron', 'renderer', 'preload'],
        why: 'The browser shell runs without Electron',
      }),
    },
  },
  {
    files: ['src/sandbox/**'],
    rules: {
      'no-restricted-imports': layerRule({
        noElectron: true,
        folders: ['main', 'renderer', 'preload'],
        why: 'The sandbox imports only src/shared; main starts it, never the reverse',
      }),
    },
  },
);
