import { describe, expect, it } from 'vitest';
import { codeBlocks, markdownLinks, sampleImports } from './docs-markdown.js';

describe('reading markdown for the docs checks', () => {
  it('finds links outside code, with their lines, and not those in code', () => {
    const text = [
      'See [storage](./storage.md#sqlite) and `[not](a.md)`.',
      '```ts',
      "const x = '[no](b.md)';",
      '```',
      '[ref]: ../core/src/index.ts',
      '[site](https://example.com "title")',
    ].join('\n');
    expect(markdownLinks(text)).toEqual([
      { href: './storage.md#sqlite', line: 1 },
      { href: '../core/src/index.ts', line: 5 },
      { href: 'https://example.com', line: 6 },
    ]);
  });

  it('finds fenced blocks with their language and opening line', () => {
    expect(codeBlocks('text\n```ts\na\nb\n```\n~~~sh\nc\n~~~')).toEqual([
      { lang: 'ts', code: 'a\nb', line: 2 },
      { lang: 'sh', code: 'c', line: 6 },
    ]);
  });

  it('reads named, renamed, type and multi-line imports of @limbic packages, and no others', () => {
    const code = [
      "import { createSession, type Persona, step as turn } from '@limbic/core';",
      'import {',
      '  limbicBot,',
      '  memoryStore,',
      "} from '@limbic/telegram';",
      "import type { Clock } from '@limbic/core/testing';",
      "import Fastify from 'fastify';",
      "import gateway, { x } from '@limbic/gateway';",
    ].join('\n');
    expect(sampleImports(code)).toEqual([
      { specifier: '@limbic/core', names: ['createSession', 'Persona', 'step'] },
      { specifier: '@limbic/telegram', names: ['limbicBot', 'memoryStore'] },
      { specifier: '@limbic/core/testing', names: ['Clock'] },
      { specifier: '@limbic/gateway', names: ['x', 'default'] },
    ]);
  });
});
