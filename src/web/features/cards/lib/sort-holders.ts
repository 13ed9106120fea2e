export type SortOrder = '' | 'asc' | 'desc';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** A-Z or Z-A by holder name; '' keeps the order of the list (account order). Never mutates the input. */
export function sortByHolder<T extends { cardHolder: string }>(rows: readonly T[], order: SortOrder): T[] {
  if (!order) return [...rows];
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * collator.compare(a.cardHolder, b.cardHolder));
}
