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
  '@limbic/fake-platforms',
];

/** The folders of the public packages. */
export const apiPackageDirs = [
  'core',
  'protocol',
  'store',
  'client',
  'gateway',
  'adapters/kit',
  'adapters/telegram',
  'adapters/discord',
  'adapters/fakes',
];

/**
 * The exports of the public packages that the reference leaves out, with the reason (test/docs-site.test.ts fails
 * when an export is in neither list).
 */
export const apiLeftOut = {
  '@limbic/core/testing': 'test helpers, which need vitest',
  '@limbic/bot-kit/testing': 'test helpers, which need vitest',
  '@limbic/protocol/shapes':
    "the wire's zod schemas, for the gateway; docs/protocol.md and the OpenAPI and AsyncAPI documents describe them",
};

/** The site path of an entry point's page (`@limbic/core/errors` → `/api/@limbic/core/errors`). */
export const apiPagePath = (specifier) => `/api/${specifier}`;
