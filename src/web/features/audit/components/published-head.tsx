// The audit chain's head as last published outside the database (decision 125): one small line under the intro, so
// an auditor can compare the number and the start of the MAC with the copy they keep.
import { Text } from '@mantine/core';
import type { AuditPublishedHead } from '../../../../contracts/audit.ts';
import { messages } from '../../../../contracts/messages.ts';
import { formatWhen } from '../lib/filters.ts';

const m = messages.audit;
const number = new Intl.NumberFormat('pt-BR');

export function PublishedHead({ head }: { head: AuditPublishedHead | undefined }) {
  if (!head) return null;
  const text =
    head.state === 'published' && head.seq !== null && head.mac && head.publishedAt
      ? m.publishedHead(number.format(head.seq), head.mac.slice(0, 12), formatWhen(head.publishedAt))
      : head.state === 'invalid'
        ? m.invalidPublishedHead
        : m.noPublishedHead;
  return (
    <Text fz="xs" c={head.state === 'invalid' ? 'red.8' : 'gray.7'} data-testid="audit-published-head">
      {text}
    </Text>
  );
}
