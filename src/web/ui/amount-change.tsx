import { Group, Text } from '@mantine/core';
import { formatBRL } from './format.ts';
import { ToneBadge } from './status-badge.tsx';

// 'R$' never ends a line apart from its amount.
const amount = (value: number) => formatBRL(value).replace(' ', '\u00a0');

/** 'R$ 8.000,00 → R$ 2.900,50', with a badge when the new amount is a cut: a reduction never passes unseen. */
export function AmountChange({ current, next, cutLabel }: { current: number; next: number; cutLabel: string }) {
  const cut = Math.round(next * 100) < Math.round(current * 100);
  return (
    <Group gap={6} wrap="wrap" data-cut={cut || undefined}>
      <Text span inherit>
        {amount(current)} → <strong>{amount(next)}</strong>
      </Text>
      {cut ? (
        <ToneBadge tone="red" size="sm">
          {cutLabel}
        </ToneBadge>
      ) : null}
    </Group>
  );
}
