import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // The manifest tells the server which chunks make up the editor (lib/editor-preload.server.ts).
  // SOURCEMAP=1 writes source maps beside the chunks, unlinked, for bench/editor/open-profile.mjs.
  build: { target: 'es2022', manifest: true, sourcemap: process.env.SOURCEMAP ? 'hidden' : false },
});
