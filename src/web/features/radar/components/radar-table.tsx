// A radar list's rows: the cards list's columns, the date the list is about, and, on the unused list, a checkbox per
// row for the bulk block. Stacked items below 576 px, as every list.

import { Checkbox, Text } from '@mantine/core';
import { messages } from '../../../../contracts/messages.ts';
import type { RadarCard, RadarCategory } from '../../../../contracts/radar.ts';
import { rowLast4 } from '../../../lib/card-row.ts';
import { DetailsButton } from '../../../ui/details-button.tsx';
import { MaskedCpf } from '../../../ui/masked-cpf.tsx';
import { type Column, ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { brDate } from '../lib/categories.ts';

const m = messages.radar;
const c = m.columns;

interface RadarTableProps {
  category: RadarCategory;
  rows: RadarCard[];
  label: string;
  openingUuid: string | null;
  onDetails: (row: RadarCard) => void;
  /** Present on the list with a bulk action: the selected account uuids and how to change them. */
  selection?: { selected: ReadonlySet<string>; toggle: (row: RadarCard) => void };
}

const tabular = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** The date column of each list: what tells the operator how urgent the row is. */
function dateColumn(category: RadarCategory): Column<RadarCard> | null {
  if (category === 'unused')
    return {
      key: 'lastUse',
      label: c.lastUse,
      render: (r) => (
        <Text component="span" fz="sm" style={tabular}>
          {r.lastUseOn ? brDate(r.lastUseOn) : m.never}
        </Text>
      ),
    };
  if (category === 'pending')
    return {
      key: 'requestedOn',
      label: c.requestedOn,
      render: (r) => (
        <Text component="span" fz="sm" style={tabular}>
          {r.requestedOn ? brDate(r.requestedOn) : '—'}
        </Text>
      ),
    };
  if (category === 'expiring')
    return {
      key: 'expiresOn',
      label: c.expiresOn,
      render: (r) => (
        <Text component="span" fz="sm" style={tabular}>
          {brDate(r.expiresOn)}
        </Text>
      ),
    };
  return null;
}

export function RadarTable({ category, rows, label, openingUuid, onDetails, selection }: RadarTableProps) {
  const date = dateColumn(category);
  const columns: Column<RadarCard>[] = [
    ...(selection
      ? [
          {
            key: 'select',
            label: c.select,
            render: (r: RadarCard) => (
              <Checkbox
                aria-label={m.selectRow(r.cardHolder)}
                checked={selection.selected.has(r.uuid)}
                onChange={() => selection.toggle(r)}
              />
            ),
          },
        ]
      : []),
    { key: 'holder', label: c.holder, primary: true, render: (r) => r.cardHolder },
    {
      key: 'cpf',
      label: c.cpf,
      render: (r) => <MaskedCpf documentNumber={r.documentNumber} uuid={r.uuid} holder={r.cardHolder} />,
    },
    { key: 'last4', label: c.last4, render: (r) => rowLast4(r) },
    ...(date ? [date] : []),
    {
      key: 'details',
      label: c.details,
      footer: true,
      render: (r) => (
        <DetailsButton
          holder={r.cardHolder}
          opening={openingUuid === r.uuid}
          busy={openingUuid !== null && openingUuid !== r.uuid}
          onClick={() => onDetails(r)}
        />
      ),
    },
  ];
  return <ResponsiveTable columns={columns} rows={rows} rowKey={(r) => r.uuid} label={label} />;
}
