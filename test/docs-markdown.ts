// Reading markdown for the docs checks (test/docs-site.test.ts): links outside code, fenced code blocks, and the
// names a code sample imports from @limbic packages.

/** A fenced code block: its language, its text and the line of its opening fence (1-based). */
export interface CodeBlock {
  lang: string;
  code: string;
  line: number;
}

/** The fenced code blocks of a markdown text (``` or ~~~ fences, any indentation). */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let open: { fence: string; lang: string; line: number; lines: string[] } | undefined;
  markdown.split('\n').forEach((text, index) => {
    const fence = /^\s*(`{3,}|~{3,})\s*([\w+-]*)/.exec(text);
    if (open) {
      if (fence && fence[1]!.startsWith(open.fence) && text.trim() === fence[1]) {
        blocks.push({ lang: open.lang, code: open.lines.join('\n'), line: open.line });
        open = undefined;
      } else open.lines.push(text);
    } else if (fence) open = { fence: fence[1]!, lang: fence[2] ?? '', line: index + 1, lines: [] };
  });
  return blocks;
}

/** The link targets of a markdown text outside code (inline links and reference definitions), with their lines. */
export function markdownLinks(markdown: string): { href: string; line: number }[] {
  const fenced = new Set<number>();
  for (const block of codeBlocks(markdown)) {
    for (let n = block.line; n <= block.line + block.code.split('\n').length; n++) fenced.add(n);
  }
  const links: { href: string; line: number }[] = [];
  markdown.split('\n').forEach((text, index) => {
    if (fenced.has(index + 1)) return;
    const prose = text.replace(/(`+)[^`]*?\1/g, '');
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ href: match[1]!, line: index + 1 });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose);
    if (definition) links.push({ href: definition[1]!, line: index + 1 });
  });
  return links;
}

/** Each `import … from '@limbic/…'` of a code sample: the specifier and the names it imports (as exported). */
export function sampleImports(code: string): { specifier: string; names: string[] }[] {
  const imports: { specifier: string; names: string[] }[] = [];
  for (const match of code.matchAll(/\bimport\s+(type\s+)?([^;'"]*?)\s+from\s+['"](@limbic\/[^'"]+)['"]/g)) {
    const clause = match[2]!;
    const braces = /\{([^}]*)\}/.exec(clause);
    const names = (braces?.[1] ?? '')
      .split(',')
      .map((part) => part.trim().replace(/^type\s+/, ''))
      .filter((part) => part !== '')
      .map((part) => part.split(/\s+as\s+/)[0]!.trim());
    // A default import (`import x from`) names the export `default`; a namespace import (`* as x`) names none.
    const outside = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    if (outside !== '' && !outside.startsWith('*')) names.push('default');
    imports.push({ specifier: match[3]!, names });
  }
  return imports;
}
