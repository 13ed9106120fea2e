import { memo } from 'react';
import { messages, type SubAccount } from '../../../../contracts/index.ts';
import { rowLast4 } from '../../../lib/card-row.ts';
import { DetailsButton } from '../../../ui/details-button.tsx';
import { MaskedCpf } from '../../../ui/masked-cpf.tsx';
import { type Column, ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';

interface CardsTableProps {
  rows: SubAccount[];
  label: string;
  openingUuid: string | null;
  onDetails: (row: SubAccount) => void;
}

const m = messages.cardList;

/**
 * Portador, CPF, Final do Cartão, Status and Ver Detalhes; stacked items below 576 px. Drawn again only when its own
 * props change: the list's other state (a page being read, the search's text) left 50 rows to redraw at every step.
 */
export const CardsTable = memo(function CardsTable({ rows, label, openingUuid, onDetails }: CardsTableProps) {
  const columns: Column<SubAccount>[] = [
    { key: 'holder', label: m.holder, primary: true, render: (r) => r.cardHolder },
    {
      key: 'cpf',
      label: m.cpf,
      render: (r) => <MaskedCpf documentNumber={r.documentNumber} uuid={r.uuid} holder={r.cardHolder} />,
    },
    { key: 'last4', label: m.last4, render: (r) => rowLast4(r) },
    { key: 'status', label: m.status, render: (r) => <StatusBadge card={r} /> },
    {
      key: 'details',
      label: m.seeDetails,
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
  return (
    <ResponsiveTable
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.uuid}-${rowLast4(r)}`}
      label={label}
      // The whole row opens the card, as its Detalhes does (issue 27); one card at a time.
      onOpen={(r) => {
        if (openingUuid === null) onDetails(r);
      }}
    />
  );
});
