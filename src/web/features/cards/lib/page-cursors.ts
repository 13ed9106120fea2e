// The edges (first and last account) of every page seen, per company, for the keyset walk. Kept in memory:
// after a reload the walk starts again from the page in the store or from the first page.
import type { PageEdges } from './keyset-walk.ts';

const byCompany = new Map<string, Map<number, PageEdges>>();

export function knownPages(cnpj: string): Map<number, PageEdges> {
  let pages = byCompany.get(cnpj);
  if (!pages) {
    pages = new Map();
    byCompany.set(cnpj, pages);
  }
  return pages;
}

export function rememberPage(cnpj: string, page: number, rows: readonly { account: string }[]): PageEdges | null {
  const first = rows[0]?.account;
  const last = rows[rows.length - 1]?.account;
  if (!first || !last) return null;
  const edges = { first, last };
  knownPages(cnpj).set(page, edges);
  return edges;
}

/** Forgets every company's pages (tests). */
export const forgetPages = () => byCompany.clear();
