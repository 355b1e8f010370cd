import { posix } from 'node:path';
import { defineConfig } from 'vitepress';
import { apiEntryPoints, apiPagePath } from './api-entry-points.mjs';

/** Where the repository's files are browsable: links from a page to a source file lead there on the site. */
export const repositoryBlob = 'https://github.com/limbic-ai/limbic/blob/main/';

/**
 * The repository path a page's relative link points at when it leaves docs/ (`../core/src/x.ts` from docs/a.md is
 * `core/src/x.ts`), or undefined for links that stay inside the site, absolute links and anchors.
 */
export function repositoryPath(page: string, href: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return undefined;
  const target = posix.normalize(posix.join('docs', posix.dirname(page), href));
  return target.startsWith('docs/') ? undefined : target;
}

/**
 * The docs site's sidebar: the pages of docs/ in five groups, the last the generated API reference (one page per entry
 * point, `npm run docs:api`). The link check (test/docs-site.test.ts) fails when a page of docs/ is missing from it, so
 * a new page has to be placed here.
 */
export const sidebar = [
  {
    text: 'Guides',
    items: [
      { text: 'Your first Telegram bot', link: '/guide/first-bot-telegram' },
      { text: 'Your first Discord bot', link: '/guide/first-bot-discord' },
      { text: 'Your own bot project', link: '/guide/your-own-bot' },
      { text: 'REST, WebSocket and GraphQL walkthrough', link: '/guide/walkthrough' },
      { text: 'REST and WebSocket clients', link: '/guide/clients' },
      { text: 'GraphQL frontends', link: '/guide/graphql-frontend' },
      { text: 'In-process use', link: '/guide/in-process' },
      { text: 'Installing the packages', link: '/guide/installing' },
      { text: 'Running the gateway', link: '/guide/gateway' },
      { text: 'Hosting', link: '/guide/hosting' },
      { text: 'Troubleshooting', link: '/guide/troubleshooting' },
      { text: 'FAQ', link: '/guide/faq' },
    ],
  },
  {
    text: 'Concepts',
    items: [
      { text: 'Emotion model', link: '/emotion-model' },
      { text: 'Using prompt_data', link: '/prompt-data' },
      { text: 'Memory', link: '/memory' },
      { text: 'Groups', link: '/groups' },
      { text: 'Proactive behaviour', link: '/proactive' },
      { text: 'Relationship health', link: '/relationship-health' },
      { text: 'Offline reader', link: '/reader' },
      { text: 'Personality and appraisal', link: '/trait-effects' },
      { text: 'Background research', link: '/background-research' },
    ],
  },
  {
    text: 'Reference',
    items: [
      { text: 'WebSocket protocol', link: '/protocol' },
      { text: 'GraphQL', link: '/graphql' },
      { text: 'Errors', link: '/errors' },
      { text: 'Webhooks', link: '/webhooks' },
      { text: 'Bot adapters', link: '/adapters' },
      { text: 'Session snapshots', link: '/snapshots' },
      { text: 'Time and state control', link: '/time-control' },
      { text: 'Dashboard', link: '/dashboard' },
      { text: 'Architecture', link: '/architecture' },
    ],
  },
  {
    text: 'Operations',
    items: [
      { text: 'Deployment', link: '/deployment' },
      { text: 'Storage', link: '/storage' },
      { text: 'Speed', link: '/speed' },
    ],
  },
  {
    text: 'API reference',
    collapsed: true,
    items: [
      { text: 'Overview', link: '/api/' },
      ...apiEntryPoints.map((specifier) => ({ text: specifier, link: apiPagePath(specifier) })),
    ],
  },
];

/**
 * Heading anchors as GitHub writes them (lower case, punctuation dropped, each space a hyphen), so that a link such as
 * `emotion-model.md#82-relationship-bodyrelationshipts` works both on GitHub and on the site.
 */
export function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

export default defineConfig({
  title: 'Limbic',
  description: 'An open-source emotion engine for AI characters',
  // The build lands outside docs/ in a folder .gitignore leaves out (`npm run docs`).
  outDir: '../dist/docs',
  cacheDir: '../.cache/vitepress',
  cleanUrls: true,
  lastUpdated: false,
  markdown: {
    anchor: { slugify: githubSlug },
    headers: { slugify: githubSlug },
    // Shiki has no Caddyfile grammar; highlight those blocks as nginx configuration, whose syntax is close.
    languageAlias: { caddyfile: 'nginx' },
    // Pages link to the repository's files (../core/src/x.ts), which are not pages of the site: point those links at
    // the file on GitHub. test/docs-site.test.ts checks that each one names a file that exists.
    config(md) {
      md.core.ruler.push('limbic-repository-links', (state) => {
        const page = String(state.env.relativePath ?? '');
        for (const token of state.tokens) {
          for (const child of token.children ?? []) {
            if (child.type !== 'link_open') continue;
            const path = repositoryPath(page, child.attrGet('href') ?? '');
            if (path) child.attrSet('href', repositoryBlob + path);
          }
        }
      });
    },
  },
  srcExclude: ['**/node_modules/**'],
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/first-bot-telegram' },
      { text: 'Reference', link: '/protocol' },
      { text: 'API', link: '/api/' },
      { text: 'Deployment', link: '/deployment' },
    ],
    sidebar,
    search: { provider: 'local' },
    outline: [2, 3],
  },
});
