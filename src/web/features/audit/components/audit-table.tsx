// The trail's rows: when (Brasília), who (name and login), from which address, what (the action and what it was
// about) and each changed field's before → after. Stacked items below 576 px, as every list.
import { List, Stack, Text } from '@mantine/core';
import {
  type AuditChange,
  type AuditEvent,
  actionLabel,
  auditValue,
  fieldLabel,
  readLines,
  targetText,
} from '../../../../contracts/audit.ts';
import { messages } from '../../../../contracts/messages.ts';
import { type Column, ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { formatWhen } from '../lib/filters.ts';

const m = messages.audit;
const c = m.columns;
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

function Change({ change }: { change: AuditChange }) {
  const reads = readLines(change.field, change.after);
  return (
    <List.Item style={{ overflowWrap: 'anywhere' }}>
      <Text component="span" fz="sm" fw={600}>
        {fieldLabel(change.field)}:
      </Text>{' '}
      {reads ? (
        reads.map((line) => (
          <Text key={line} fz="sm">
            {line}
          </Text>
        ))
      ) : change.before === null ? (
        // A creation has no "before": only the new value.
        <Text component="span" fz="sm">
          {auditValue(change.field, change.after)}
        </Text>
      ) : (
        <>
          <Text component="span" fz="sm" c="gray.7">
            {auditValue(change.field, change.before)}
          </Text>{' '}
          →{' '}
          <Text component="span" fz="sm">
            {auditValue(change.field, change.after)}
          </Text>
        </>
      )}
    </List.Item>
  );
}

function Changes({ event }: { event: AuditEvent }) {
  if (event.changes.length === 0) return <Text fz="sm">{m.noChanges}</Text>;
  return (
    <List size="sm" spacing={2} listStyleType="none" ml={0} pl={0}>
      {event.changes.map((change) => (
        <Change key={change.field} change={change} />
      ))}
    </List>
  );
}

const columns: Column<AuditEvent>[] = [
  {
    key: 'when',
    label: c.when,
    primary: true,
    render: (e) => {
      // Date and time each keep together; a narrow column puts the time under the date.
      const [date, time] = formatWhen(e.at).split(' ');
      return (
        <Text component="span" fz="sm" fw="inherit" style={tabular}>
          <span style={{ whiteSpace: 'nowrap' }}>{date}</span> <span style={{ whiteSpace: 'nowrap' }}>{time}</span>
        </Text>
      );
    },
  },
  {
    key: 'who',
    label: c.who,
    render: (e) => (
      <Stack gap={0}>
        <Text component="span" fz="sm">
          {e.actorName ?? m.nobody}
        </Text>
        {e.actorLogin ? (
          <Text component="span" fz="xs" c="gray.7">
            {e.actorLogin}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'address',
    label: c.address,
    render: (e) => (
      <Text component="span" fz="sm" style={{ ...tabular, overflowWrap: 'anywhere' }}>
        {e.address ?? m.noAddress}
      </Text>
    ),
  },
  {
    key: 'what',
    label: c.what,
    render: (e) => (
      <Stack gap={0}>
        <Text component="span" fz="sm" fw={600}>
          {actionLabel(e.action)}
        </Text>
        <Text component="span" fz="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {targetText(e.target)}
        </Text>
      </Stack>
    ),
  },
  // Stacked, the changes take the item's full width at its foot: "Situação: Ativo → Bloqueado" reads without a label.
  { key: 'changes', label: c.changes, footer: true, render: (e) => <Changes event={e} /> },
];

export function AuditTable({ rows }: { rows: AuditEvent[] }) {
  // Five columns, the last one long: below 992 px (tablets too) the rows read better as items than as a table.
  return <ResponsiveTable columns={columns} rows={rows} rowKey={(e) => e.id} label={m.title} stackBelow="61.99em" />;
}
