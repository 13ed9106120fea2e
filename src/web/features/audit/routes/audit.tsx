// /home/audit — the audit trail (issue 16, decision 089), Administrador only: every change and every reveal of
// personal data in the chosen company, newest first, with who, when, from which address and before → after.
// Filters (period, operator, card, action), keyset pages ("Carregar mais") and the filtered rows as a CSV file.
import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { AUDIT_ACTIONS, actionLabel } from '../../../../contracts/audit.ts';
import { commonMessages } from '../../../../contracts/common-messages.ts';
import { messages } from '../../../../contracts/messages.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { DateField } from '../../../ui/date-field.tsx';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { isoToTyped, typedToIso } from '../../../ui/typed-date.ts';
import { useAuditTrail } from '../api/audit.ts';
import { AuditTable } from '../components/audit-table.tsx';
import { PublishedHead } from '../components/published-head.tsx';
import { type AuditFilterValues, cardOnTheWire, defaultFilters, queryOf } from '../lib/filters.ts';

const m = messages.audit;
const f = m.filters;
const number = new Intl.NumberFormat('pt-BR');
const OPERATOR_RULE = /^[A-Za-z0-9._-]{0,60}$/;

const actionOptions = [
  { value: '', label: f.anyAction },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) })).sort((a, b) => a.label.localeCompare(b.label)),
];

type Errors = Partial<Record<keyof AuditFilterValues, string>>;

/** The period as typed (dd/mm/aaaa, decision 144); the screen sends ISO days. */
const asTyped = (v: AuditFilterValues): AuditFilterValues => ({ ...v, from: isoToTyped(v.from), to: isoToTyped(v.to) });
const asSent = (v: AuditFilterValues): AuditFilterValues => ({
  ...v,
  from: typedToIso(v.from) ?? '',
  to: typedToIso(v.to) ?? '',
});

function periodError(typed: string): string | undefined {
  const iso = typedToIso(typed);
  if (iso === null) return commonMessages.dateField.invalid;
  return iso === '' ? m.period.required : undefined;
}

function check(v: AuditFilterValues): Errors {
  const errors: Errors = {};
  const from = periodError(v.from);
  const to = periodError(v.to);
  if (from) errors.from = from;
  if (to) errors.to = to;
  if (!OPERATOR_RULE.test(v.operator.trim())) errors.operator = m.operatorInvalid;
  const card = cardOnTheWire(v.card);
  if (v.card.trim() !== '' && card.length !== 4 && card.length !== 11) errors.card = m.cardInvalid;
  return errors;
}

export default function AuditRoute() {
  useDocumentTitle(messages.pageTitles.audit);
  const company = useAppStore((s) => s.company);
  const [applied, setApplied] = useState<AuditFilterValues>(() => defaultFilters());
  const [typed, setTyped] = useState<AuditFilterValues>(() => asTyped(applied));
  const [errors, setErrors] = useState<Errors>({});
  const list = useAuditTrail(applied);
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.events) ?? [], [list.data]);

  const set = (key: keyof AuditFilterValues) => (value: string) => setTyped((t) => ({ ...t, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(typed);
    setErrors(found);
    if (Object.keys(found).length === 0) setApplied(asSent(typed));
  }

  function clear() {
    const fresh = defaultFilters();
    setTyped(asTyped(fresh));
    setErrors({});
    setApplied(fresh);
  }

  const refused = list.isError && isApiError(list.error) && list.error.status === 400;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz="h3">
          {m.title}
        </Title>
        <Text fz="sm" c="gray.7" maw={760}>
          {m.intro}
        </Text>
        <PublishedHead head={list.data?.pages[0]?.published} />
      </Stack>

      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label={f.legend}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="sm" verticalSpacing="sm">
          <DateField label={f.from} value={typed.from} onChange={set('from')} error={errors.from} />
          <DateField label={f.to} value={typed.to} onChange={set('to')} error={errors.to} />
          <TextInput
            label={f.operator}
            placeholder={f.operatorPlaceholder}
            value={typed.operator}
            onChange={(e) => set('operator')(e.currentTarget.value)}
            error={errors.operator}
            maxLength={60}
            autoComplete="off"
          />
          <TextInput
            label={f.card}
            placeholder={f.cardPlaceholder}
            value={typed.card}
            onChange={(e) => set('card')(e.currentTarget.value)}
            error={errors.card}
            maxLength={14}
            inputMode="numeric"
            autoComplete="off"
          />
          <NativeSelect
            label={f.action}
            data={actionOptions}
            value={typed.action}
            onChange={(e) => set('action')(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group gap="xs" mt="md" wrap="wrap">
          <Button type="submit">{f.submit}</Button>
          <Button variant="subtle" onClick={clear}>
            {f.clear}
          </Button>
        </Group>
      </Paper>

      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} aria-live="polite">
          {list.isSuccess ? m.shown(number.format(rows.length)) : ''}
        </Text>
        {company ? (
          <ExportButton
            kind="audit"
            filters={{ cnpj: company.cnpj, relationCode: company.relationCode, ...queryOf(applied) }}
            label={m.exportLabel}
            disabled={rows.length === 0}
          />
        ) : null}
      </Group>

      {list.isPending ? (
        <Spinner label={m.loading} />
      ) : refused ? (
        <FormAlert message={isApiError(list.error) ? list.error.message : m.failure} />
      ) : list.isError ? (
        <Paper withBorder p="lg" radius="md">
          <Group gap="sm">
            <Text role="alert">{isApiError(list.error) ? list.error.message : m.failure}</Text>
            <Button size="xs" variant="light" onClick={() => list.refetch()}>
              {m.retry}
            </Button>
          </Group>
        </Paper>
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="gray.7">{m.empty}</Text>
        </Paper>
      ) : (
        <>
          <AuditTable rows={rows} />
          {list.hasNextPage ? (
            <Group justify="center">
              <Button variant="light" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {m.more}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
