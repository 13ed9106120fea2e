// The totals of the whole filter (decision 118): how many, and per status how many and how much in R$. The approved
// spend is money out, written with its minus sign.
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { messages } from '../../../../contracts/messages.ts';
import { formatCents } from '../../../../contracts/money.ts';
import type { SpendTotals as Totals } from '../../../../contracts/spend.ts';

const t = messages.spend.totals;
const count = new Intl.NumberFormat('pt-BR');

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="gray.7">
        {label}
      </Text>
      {/* md below 576 px: at lg "− R$ 32.248,54" ran into the figure beside it in half of a 360 px screen. */}
      <Text fw={700} fz={{ base: 'md', xs: 'lg' }} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {detail ? (
        <Text fz="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}

export function SpendTotals({ totals }: { totals: Totals }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t.title}>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm">
        <Figure
          label={t.spent}
          value={totals.approved.cents > 0 ? `\u2212 ${formatCents(totals.approved.cents)}` : formatCents(0)}
          detail={`${count.format(totals.approved.count)} ${t.approved.toLowerCase()}`}
        />
        <Figure label={t.count} value={count.format(totals.count)} />
        <Figure label={t.denied} value={count.format(totals.denied.count)} detail={formatCents(totals.denied.cents)} />
        <Figure
          label={t.cancelled}
          value={count.format(totals.cancelled.count)}
          detail={formatCents(totals.cancelled.cents)}
        />
      </SimpleGrid>
    </Paper>
  );
}
