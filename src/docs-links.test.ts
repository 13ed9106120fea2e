// The README and docs/ are read on their own (a clone, a package, a code host): every relative link in them must
// lead to a file inside this repository, never to a folder beside it that a reader does not have.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** Inline links and images, `[text](target)`, outside fenced code blocks and inline code. */
function relativeTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^(?:[a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target));
}

const FILES = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

describe('links in README.md and docs/**/*.md', () => {
  it('finds the documents and their links', () => {
    expect(FILES.length).toBeGreaterThan(2);
    expect(relativeTargets(readFileSync(join(ROOT, 'README.md'), 'utf8')).length).toBeGreaterThan(0);
  });

  it.each(FILES.map((file) => [relative(ROOT, file), file]))(
    '%s links only to files inside the repository',
    (_name, file) => {
      const broken = relativeTargets(readFileSync(file, 'utf8')).filter((target) => {
        const path = resolve(dirname(file), decodeURI(target.split('#')[0] ?? ''));
        const inside = path === ROOT || path.startsWith(ROOT + sep);
        return !inside || !existsSync(path);
      });
      expect(broken).toEqual([]);
    },
  );
});
