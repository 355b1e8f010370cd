// The public entry points of the packages, in the API reference's order: scripts/api-reference.mjs generates one page
// per entry point into docs/api/ and docs/.vitepress/config.mts lists them in the sidebar. test/packaging.test.ts
// installs the same entry points from the packed packages.

/** Every entry point a user may import (not the `/testing` ones, which need vitest). */
export const apiEntryPoints = [
  '@limbic/core',
  '@limbic/core/appraisal',
  '@limbic/core/emitter',
  '@limbic/core/errors',
  '@limbic/protocol',
  '@limbic/protocol/errors',
  '@limbic/store',
  '@limbic/store/sqlite',
  '@limbic/store/mongodb',
  '@limbic/client',
  '@limbic/bot-kit',
  '@limbic/telegram',
  '@limbic/discord',
  '@limbic/gateway',
];

/** The site path of an entry point's page (`@limbic/core/errors` → `/api/@limbic/core/errors`). */
export const apiPagePath = (specifier) => `/api/${specifier}`;
