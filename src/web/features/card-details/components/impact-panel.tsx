// Impact preview (issue 18.3): the panel inside the confirmation of a block, a cancel or a 2ª via. It never holds the
// confirmation back: while it loads, or if it fails, the operator may still confirm (decision 082).
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { CardImpact, ImpactAction } from '../../../../contracts/impact.ts';
import { messages } from '../../../../contracts/index.ts';
import { formatBRL } from '../../../ui/format.ts';
import { ReadFailure } from '../../../ui/read-failure.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { isoToTyped } from '../../../ui/typed-date.ts';
import { useImpact } from '../api/get-impact.ts';

const m = messages.impact;
/** An instant as the day in Brasília, the calendar the provider counts the delivery window in. */
const brasiliaDay = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });

interface ImpactPanelProps {
  uuid: string;
  last4: string;
  action: ImpactAction;
}

export function ImpactPanel({ uuid, last4, action }: ImpactPanelProps) {
  const impact = useImpact(uuid, last4, action);
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p="sm"
      bg="gray.0"
      aria-busy={impact.isPending}
    >
      <Title order={3} fz="md" id={titleId} mb="xs">
        {m.title}
      </Title>
      {impact.data ? (
        <Figures impact={impact.data} action={action} />
      ) : impact.isError ? (
        <ReadFailure message={`${m.failure} ${m.failureNote}`} error={impact.error} onRetry={impact.refetch} />
      ) : (
        <Spinner size="sm" label={m.loading} />
      )}
    </Paper>
  );
}

/** A label and its amount on one line; the amount never breaks. */
function Figure({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
      <Text fz="sm">{label}</Text>
      <Text fz="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {formatBRL(value)}
      </Text>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={700} c="teal.9">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

const Note = ({ children }: { children: React.ReactNode }) => (
  <Text fz="xs" c="gray.7">
    {children}
  </Text>
);

const PENDING_NOTES: Record<ImpactAction, string> = {
  block: m.pendingBlock,
  cancel: m.pendingCancel,
  secondCopy: m.pendingSecondCopy,
};

function Figures({ impact, action }: { impact: CardImpact; action: ImpactAction }) {
  const { pendingAuthorizations: pending, openInvoices: invoices, limit, secondCopy } = impact;
  return (
    <Stack gap="sm">
      <Section title={m.pendingTitle}>
        {pending.count === 0 ? (
          <Text fz="sm">{m.pendingNone}</Text>
        ) : (
          <>
            <Figure label={m.pendingCount(pending.count)} value={pending.total} strong />
            <Note>{PENDING_NOTES[action]}</Note>
          </>
        )}
      </Section>
      <Divider />
      <Section title={m.invoiceTitle}>
        {invoices.count === 0 ? (
          <Text fz="sm">{m.invoiceNone}</Text>
        ) : (
          <>
            {invoices.dueDates.map((d) => (
              <Figure key={d.dueDate} label={m.invoiceDue(isoToTyped(d.dueDate), d.count)} value={d.total} />
            ))}
            <Note>
              {invoices.scope === 'card' ? m.invoiceCardScope : m.invoiceAccountScope} {m.invoiceStillDue}
            </Note>
          </>
        )}
      </Section>
      <Divider />
      <Section title={m.limitTitle}>
        {action === 'cancel' && limit.returnsToRelationship > 0 ? (
          <>
            <Figure label={m.limitReturns} value={limit.returnsToRelationship} strong />
            <Figure label={m.relationshipFreeNow} value={limit.relationshipFreeNow} />
            <Figure label={m.relationshipFreeAfter} value={limit.relationshipFreeAfter} />
            <Note>{m.limitReturnsNote}</Note>
          </>
        ) : (
          <>
            <Figure label={m.limitCard} value={limit.creditLimit} />
            <Note>{action === 'secondCopy' ? m.limitSecondCopyNote : m.limitBlockNote}</Note>
          </>
        )}
      </Section>
      <Divider />
      <Section title={m.secondCopyTitle}>
        <SecondCopyLine secondCopy={secondCopy} action={action} />
      </Section>
    </Stack>
  );
}

function SecondCopyLine({ secondCopy, action }: { secondCopy: CardImpact['secondCopy']; action: ImpactAction }) {
  const { onItsWay, last4, requestedAt, expectedBy } = secondCopy;
  if (!last4 || !requestedAt || !expectedBy) return <Text fz="sm">{m.secondCopyNone}</Text>;
  if (!onItsWay) return <Text fz="sm">{m.secondCopyDelivered(last4, brasiliaDay.format(new Date(requestedAt)))}</Text>;
  const consequence =
    action === 'block' ? m.secondCopyBlock : action === 'cancel' ? m.secondCopyCancel : m.secondCopyReplace(last4);
  return (
    <>
      <Text fz="sm" fw={600}>
        {m.secondCopyOnItsWay(last4, brasiliaDay.format(new Date(requestedAt)), isoToTyped(expectedBy))}
      </Text>
      <Note>{consequence}</Note>
    </>
  );
}
