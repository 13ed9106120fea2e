// /home's line of the relationship's limit (issue 27, decision 037's figures): what the company's cards commit and
// what is free for new cards and raises, beside the total, with a link to the company screen that explains them.
import { Anchor, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '../../../../contracts/messages.ts';
import { formatCents } from '../../../../contracts/money.ts';
import { paths } from '../../../app/paths.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { useRelationshipLimit } from '../api/relationship-limit.ts';

const m = messages.companyScreen;
const h = m.homeLimit;
const brl = (reais: number) => formatCents(Math.round(reais * 100));

/** What a figure holds while the limit is read: an amount's usual width, not shown, so nothing moves when it comes. */
const PLACEHOLDER = 'R$ 000.000,00';
const unread = { visibility: 'hidden' } as const;

function Figure({ label, value, strong }: { label: string; value: string | null; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="gray.7">
        {label}
      </Text>
      <Text
        fw={strong ? 700 : 600}
        fz={strong ? 'lg' : 'md'}
        style={{ whiteSpace: 'nowrap', ...(value === null ? unread : {}) }}
      >
        {value ?? PLACEHOLDER}
      </Text>
    </Stack>
  );
}

export function RelationshipLimitPanel() {
  const company = useAppStore((s) => s.company);
  const limit = useRelationshipLimit(company ?? { cnpj: '', relationCode: '' });
  if (!company) return null;
  if (limit.isError) {
    return (
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm">
          <Text fz="sm">{h.failure}</Text>
          <Button size="xs" variant="light" onClick={() => limit.refetch()}>
            {h.retry}
          </Button>
        </Group>
      </Paper>
    );
  }
  // While it is read the panel already takes its place, its amounts not shown: the search and the list below it do
  // not jump when they arrive (Lighthouse counted that shift on /home, issue 27).
  const figures = limit.data ?? null;
  const { relationshipLimit = 0, committedLimit = 0, freeLimit = 0 } = figures ?? {};
  const used = relationshipLimit > 0 ? Math.min(100, (committedLimit / relationshipLimit) * 100) : 0;
  const amount = (reais: number) => (figures ? brl(reais) : null);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby="home-limit"
      aria-busy={figures ? undefined : true}
    >
      {/* Compact at every width: on a phone the panel, the radar's line and the searches still leave the cards
          list's first row on the first screen (radar.spec.ts). */}
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text fw={600} id="home-limit">
          {m.limits}
        </Text>
        <Anchor component={Link} to={paths.companyManagement} fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {h.details}
        </Anchor>
      </Group>
      <Group gap="md" wrap="wrap" align="flex-end" style={{ rowGap: 2 }}>
        <Figure label={h.committed} value={amount(committedLimit)} />
        <Figure label={h.free} value={amount(freeLimit)} strong />
        <Text fz="sm" c="gray.7" style={figures ? undefined : unread}>
          {h.of(amount(relationshipLimit) ?? PLACEHOLDER)}
        </Text>
      </Group>
      <Progress
        value={used}
        mt="xs"
        size="sm"
        color={figures && freeLimit <= 0 ? 'red' : 'teal'}
        aria-label={h.usage}
      />
    </Paper>
  );
}
