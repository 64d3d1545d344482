import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const root = import.meta.dirname;

const bareBuiltins = new Set(builtinModules.filter((name) => !name.startsWith('node:')));

/** Whether an import specifier names electron or a Node built-in (node:fs, fs, fs/promises). */
export function isNodeOrElectron(source: string): boolean {
  if (source.startsWith('node:')) return true;
  const [packageName] = source.split('/');
  return packageName === 'electron' || bareBuiltins.has(packageName!);
}

/**
 * Fails the renderer build on any import of electron or a Node built-in, by the renderer's code
 * or a dependency it bundles. Left alone, Vite swaps a built-in for an empty browser stub:
 * `import fs from 'node:fs'` builds, and breaks only at run time, in the user's hands.
 */
export function rendererForbidsNodeAndElectron(): Plugin {
  return {
    name: 'socialdesk:renderer-forbids-node-and-electron',
    enforce: 'pre', // before Vite's resolver turns the built-in into its stub
    resolveId(source, importer) {
      if (!isNodeOrElectron(source)) return null;
      throw new Error(
        `The renderer bundle may not import "${source}"${importer ? ` (imported by ${importer})` : ''}: ` +
          'it runs in a sandboxed page without Node or Electron, and reaches main only through ' +
          'the contract client in src/renderer/src/api.',
      );
    },
  };
}

export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve(root, 'src/main/electron/index.ts') } },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot require packages, so zod and the contract are bundled in,
      // and it must be CommonJS.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    base: './',
    plugins: [rendererForbidsNodeAndElectron(), vue()],
    // twitter-text imports the npm package punycode by the name of Node's deprecated built-in:
    // its own copy by path, so the guard above sees a file, not a built-in.
    resolve: {
      alias: [
        {
          find: /^punycode$/,
          replacement: resolve(root, 'node_modules/twitter-text/node_modules/punycode/punycode.js'),
        },
      ],
    },
    build: {
      rollupOptions: { input: resolve(root, 'src/renderer/index.html') },
      // Loaded from disk (or loopback), never over a network: one large chunk costs nothing.
      chunkSizeWarningLimit: 2000,
      // electron-vite leaves the renderer unminified; minified, the first screen's code is a third
      // smaller (1.4 MB to 0.9 MB), which the page reads and compiles on every cold start.
      minify: true,
    },
  },
});
