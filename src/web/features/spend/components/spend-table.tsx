// The spend as a dense table (issue 27, decision 118): one line a purchase, its amount signed as money moved, the
// status as section 4 maps it. The company screen adds the holder and the card; a card's history adds why a purchase
// was declined. Below 576 px the rows stack as labelled items (ResponsiveTable).
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { APPROVED } from '../../../../contracts/authorization-status.ts';
import { messages } from '../../../../contracts/messages.ts';
import type { SpendRow } from '../../../../contracts/spend.ts';
import { detailsOf } from '../../../app/paths.ts';
import { formatBRL, maskedLast4 } from '../../../ui/format.ts';
import { type Column, ResponsiveTable } from '../../../ui/responsive-table.tsx';
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
    render: (r) => (
      <Anchor component={Link} to={detailsOf(r.uuid, 'history')} fz="inherit">
        {r.holder}
      </Anchor>
    ),
  },
  {
    key: 'card',
    label: m.columns.card,
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{maskedLast4(r.last4)}</span>,
  },
];
const purchaseColumns: Column<SpendRow>[] = [
  { key: 'establishment', label: h.establishment, render: (r) => r.establishmentName },
  { key: 'number', label: h.authorization, render: (r) => r.numAuthorization },
  { key: 'installments', label: h.installments, render: (r) => r.qtdParcel },
  { key: 'value', label: h.value, render: (r) => <Amount row={r} /> },
  {
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
  },
];

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
      dense
      {...(onOpen ? { onOpen } : {})}
    />
  );
}
