import { List, Stack, Text } from '@mantine/core';
import { AUDIT_FIELD_LABELS } from '../../../../contracts/audit-labels.ts';
import type { BulkPreviewRow } from '../../../../contracts/bulk.ts';
import { messages } from '../../../../contracts/index.ts';
import { changesBetween } from '../../spending/lib/form.ts';

const m = messages.bulk;
// 'R$' never ends a line apart from its amount.
const kept = (text: string) => text.replace('R$ ', 'R$\u00a0');

/**
 * A controls row of the dry run: what changes on the card, atual → novo in the audit trail's words (the card screen's
 * confirmation table, as lines), and what the new controls would have declined of its last 30 days.
 */
export function ControlsChange({ change }: { change: NonNullable<BulkPreviewRow['controls']> }) {
  const changes = changesBetween(change.before, change.after, AUDIT_FIELD_LABELS);
  return (
    <Stack gap={4}>
      {changes.length === 0 ? (
        <Text fz="sm">{m.controlsSame}</Text>
      ) : (
        <List fz="sm" spacing={2} listStyleType="none" withPadding={false}>
          {changes.map((c) => (
            <List.Item key={c.field}>
              {`${c.field}: ${kept(c.before)} → `}
              <strong>{kept(c.after)}</strong>
            </List.Item>
          ))}
        </List>
      )}
      <Text fz="sm" fw={600} data-testid="bulk-controls-impact">
        {m.controlsImpact(change.impact.wouldDecline, change.impact.approved)}
      </Text>
    </Stack>
  );
}
