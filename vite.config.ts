/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// The lab is a static site: relative asset paths let it run from any host and subpath.
export default defineConfig({
  root: 'www',
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    root: '.',
    include: ['www/src/**/*.test.ts'],
    environment: 'node',
  },
});
