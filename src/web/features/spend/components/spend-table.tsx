// The spend as a dense table (issue 27, decision 118): one line a purchase, its amount signed as money moved, the
// status as section 4 maps it. The company screen adds the holder and the card; a card's history adds why a purchase
// was declined. Below 1200 px (the company's, below 1408 px) the table folds the authorization, the installments, the
// card and the decline's explanation into the cells beside them, so a tablet reads every row with no sideways scroll;
// below 576 px the rows stack as labelled items (ResponsiveTable).
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { APPROVED } from '../../../../contracts/authorization-status.ts';
import { messages } from '../../../../contracts/messages.ts';
import type { SpendRow } from '../../../../contracts/spend.ts';
import { detailsOf } from '../../../app/paths.ts';
import { formatBRL, maskedLast4 } from '../../../ui/format.ts';
import { type Column, foldedLines, ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { SignedAmount } from '../../../ui/signed-amount.tsx';
import { ToneBadge } from '../../../ui/status-badge.tsx';
import { historyDate } from '../../card-details/lib/history.ts';

const h = messages.history;
const m = messages.spend;
const BRL_CODE = 986;
const STATUS_TONES: Record<string, string> = { APROVADA: 'green', NEGADA: 'red', CANCELADA: 'gray' };

function Amount({ row }: { row: SpendRow }) {
  const flow = row.status === APPROVED ? 'out' : 'none';
  return (
    <>
      <SignedAmount value={row.mainValue} coinCode={row.coinCode} flow={flow} />
      {row.coinCode !== BRL_CODE ? (
        <Text component="span" display="block" fz="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
          {formatBRL(row.valueBrl)}
        </Text>
      ) : null}
    </>
  );
}

/** The day, and under it the time: the column stays narrow enough for the whole row at 1280 px. */
function When({ iso }: { iso: string }) {
  const [day, time] = historyDate(iso).split(' ');
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{day}</span>{' '}
      <Text component="span" display="inline-block" fz="xs" c="gray.7">
        {time}
      </Text>
    </>
  );
}

const dateColumn: Column<SpendRow> = {
  key: 'date',
  label: h.date,
  primary: true,
  render: (r) => <When iso={r.tmsInclH} />,
};
const companyColumns: Column<SpendRow>[] = [
  {
    key: 'holder',
    label: m.columns.holder,
    // Wide enough for a name of three words on two lines: at 768 px the column was left a word wide.
    render: (r) => (
      <div style={{ minWidth: '8.5rem' }}>
        <Anchor component={Link} to={detailsOf(r.uuid, 'history')} fz="inherit">
          {r.holder}
        </Anchor>
      </div>
    ),
  },
  {
    key: 'card',
    label: m.columns.card,
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{maskedLast4(r.last4)}</span>,
  },
];
const establishmentColumn: Column<SpendRow> = {
  key: 'establishment',
  label: h.establishment,
  render: (r) => r.establishmentName,
};
const valueColumn: Column<SpendRow> = { key: 'value', label: h.value, render: (r) => <Amount row={r} /> };
const statusColumn: Column<SpendRow> = {
  key: 'status',
  label: h.status,
  // The platform's own description (section 4's last case) is too long for a chip: plain text that wraps.
  render: (r) => {
    const tone = STATUS_TONES[r.status];
    return tone ? (
      <ToneBadge tone={tone}>{r.status}</ToneBadge>
    ) : (
      <Text component="span" fz="xs" fw={600} c="blue.9" maw={150} display="inline-block">
        {r.status}
      </Text>
    );
  },
};
const purchaseColumns: Column<SpendRow>[] = [
  establishmentColumn,
  { key: 'number', label: h.authorization, render: (r) => r.numAuthorization },
  { key: 'installments', label: h.installments, render: (r) => r.qtdParcel },
  valueColumn,
  statusColumn,
];

/** A column's cell with another's under it, named, in small grey text: what the compact table folds. */
const under = (first: Column<SpendRow>, ...more: Column<SpendRow>[]): Column<SpendRow> => ({
  ...first,
  render: (r) => (
    <>
      {first.render(r)}
      {foldedLines(...more.map((c) => c.render(r)))}
    </>
  ),
});

/** Folded: the authorization and installments under the establishment, the card under its holder. */
function compactColumns(oneCard: boolean, extra: Column<SpendRow>[]): Column<SpendRow>[] {
  const details: Column<SpendRow> = {
    key: 'details',
    label: h.authorization,
    render: (r) => `${h.authorization} ${r.numAuthorization} · ${h.installments} ${r.qtdParcel}`,
  };
  const [holder, card] = companyColumns as [Column<SpendRow>, Column<SpendRow>];
  // A decline's explanation under its status: the cell that says NEGADA says why.
  const status: Column<SpendRow> =
    extra.length === 0
      ? statusColumn
      : {
          ...statusColumn,
          render: (r) => (
            <Stack gap={6} align="flex-start">
              {statusColumn.render(r)}
              {extra.map((c) => {
                const cell = c.render(r);
                return cell ? <div key={c.key}>{cell}</div> : null;
              })}
            </Stack>
          ),
        };
  return [
    dateColumn,
    ...(oneCard ? [] : [under(holder, card)]),
    under(establishmentColumn, details),
    valueColumn,
    status,
  ];
}

/**
 * The company's table has two columns more than a card's (the holder and the card): beside the sidebar at 1280 px its
 * eight columns left the holder's name three lines high. It shows them all from 1408 px, where they fit on one or two.
 */
const COMPANY_FULL_FROM = '87.99em';
/** A card's own history: every column from 1200 px. */
const CARD_FULL_FROM = '74.99em';

interface Props {
  rows: SpendRow[];
  /** A card's own history: no holder or card columns; `extra` adds its own (the decline's explanation). */
  oneCard?: boolean;
  extra?: Column<SpendRow>[];
  onOpen?: (row: SpendRow) => void;
}

export function SpendTable({ rows, oneCard = false, extra = [], onOpen }: Props) {
  const columns = [dateColumn, ...(oneCard ? [] : companyColumns), ...purchaseColumns, ...extra];
  return (
    <ResponsiveTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      label={oneCard ? h.authorizations : m.tableLabel}
      minWidth={oneCard ? 860 : 900}
      compact={{ below: oneCard ? CARD_FULL_FROM : COMPANY_FULL_FROM, columns: compactColumns(oneCard, extra) }}
      dense
      {...(onOpen ? { onOpen } : {})}
    />
  );
}
