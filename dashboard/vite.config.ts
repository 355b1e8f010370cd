import { defaultClientConditions, defineConfig } from 'vite';

// The gateway serves the build at /dashboard (GraphQL at /graphql on the same origin). `npm run dev` proxies
// /graphql, WebSocket included, to a gateway on LIMBIC_URL (default: the local one).
export default defineConfig({
  base: '/dashboard/',
  // The workspace packages (@limbic/protocol) from their TypeScript sources: no build of theirs is needed first.
  resolve: { conditions: ['@limbic/source', ...defaultClientConditions] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', modulePreload: { polyfill: false } },
  server: {
    proxy: { '/graphql': { target: process.env.LIMBIC_URL ?? 'http://127.0.0.1:8787', ws: true } },
  },
});
