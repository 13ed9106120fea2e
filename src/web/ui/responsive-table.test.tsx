// The responsive table draws a long new list in two steps (issue 27: /home's 50 rows were its longest task): every
// row arrives, in order, without the operator doing anything; rows that replace others in a table on screen come at
// once, with the label that names them.
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { type Column, ResponsiveTable } from './responsive-table.tsx';

interface Row {
  id: string;
  name: string;
}
const columns: Column<Row>[] = [{ key: 'name', label: 'Nome', primary: true, render: (r) => r.name }];
const rowsOf = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, name: `${prefix} ${i + 1}` }));

const table = (rows: Row[], label: string) => (
  <MantineProvider theme={theme}>
    <ResponsiveTable columns={columns} rows={rows} rowKey={(r) => r.id} label={label} />
  </MantineProvider>
);

const bodyNames = (label: string) =>
  within(screen.getByRole('table', { name: label }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('ResponsiveTable', () => {
  it('draws all of a long new list, in its order, busy until its last row is drawn', async () => {
    render(table(rowsOf('Portador', 50), 'Cartões'));
    await screen.findByText('Portador 50');
    expect(bodyNames('Cartões')).toEqual(rowsOf('Portador', 50).map((r) => r.name));
    expect(screen.getByRole('table', { name: 'Cartões' }).getAttribute('aria-busy')).toBeNull();
  });

  it('draws rows that replace those on screen at once, with their label', async () => {
    const { rerender } = render(table(rowsOf('Portador', 50), 'Cartões'));
    await screen.findByText('Portador 50');
    rerender(table(rowsOf('Achado', 30), 'Resultado'));
    // No wait: the replacing rows and their label are on screen in the same render.
    expect(bodyNames('Resultado')).toEqual(rowsOf('Achado', 30).map((r) => r.name));
  });
});
