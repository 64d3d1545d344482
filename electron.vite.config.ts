import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;

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
    plugins: [vue()],
    build: {
      rollupOptions: { input: resolve(root, 'src/renderer/index.html') },
      // Loaded from disk (or loopback), never over a network: one large chunk costs nothing.
      chunkSizeWarningLimit: 2000,
    },
  },
});
