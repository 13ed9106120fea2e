// What a screen test reads off a list or a table, as the user sees it: each item's or row's whole text, in order.
import { within } from '@testing-library/react';

/** The text of each item of `container`'s list named `name`, or of its own items when no name is given. */
export function itemTexts(container: HTMLElement, name?: string): (string | null)[] {
  const list = name ? within(container).getByRole('list', { name }) : container;
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
}

/** The text of each row of `container`'s table, the header row left out. */
export const rowTexts = (container: HTMLElement): (string | null)[] =>
  within(container)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);
