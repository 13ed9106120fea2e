// /home/radar/:category — one list of the lifecycle radar (decision 083): its reason, a filter (name, CPF or the
// card's last four digits), keyset pages ("Carregar mais"), each row opening its card, on the unused list the bulk
// block, and the list (filter included) as a CSV file through the exports feature's button (decision 084).
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '../../../../contracts/messages.ts';
import type { RadarCard } from '../../../../contracts/radar.ts';
import { detailsOf, paths } from '../../../app/paths.ts';
import { notify } from '../../../lib/notify/index.ts';
import { useCan } from '../../../lib/profiles/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { radarKey, useRadar, useRadarCards } from '../api/radar.ts';
import { BulkBlock, BulkResult } from '../components/bulk-block.tsx';
import { RadarFilter } from '../components/radar-filter.tsx';
import { RadarTable } from '../components/radar-table.tsx';
import type { BlockOutcome } from '../lib/bulk-block.ts';
import { filterOnTheWire, isCategory } from '../lib/categories.ts';
import { selectCard } from '../lib/open-card.ts';

const m = messages.radar;
const number = new Intl.NumberFormat('pt-BR');

export default function RadarListRoute() {
  const { category } = useParams();
  useDocumentTitle(isCategory(category) ? m.categories[category] : messages.pageTitles.radar);
  if (!isCategory(category)) {
    return (
      <Stack gap="md">
        <FormAlert message={m.unknownCategory} />
        <Anchor component={Link} to={paths.home}>
          {m.back}
        </Anchor>
      </Stack>
    );
  }
  // A new list starts clean: its filter, selection and results are its own.
  return <RadarList key={category} category={category} />;
}

function RadarList({ category }: { category: NonNullable<Parameters<typeof useRadarCards>[0]> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const company = useAppStore((s) => s.company);
  const [filter, setFilter] = useState('');
  const [opening, setOpening] = useState<string | null>(null);
  const [selected, setSelected] = useState<Map<string, RadarCard>>(new Map());
  const [outcomes, setOutcomes] = useState<BlockOutcome[] | null>(null);
  const radar = useRadar();
  const list = useRadarCards(category, filter);
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.cards) ?? [], [list.data]);
  const total = filter ? null : radar.data?.counts[category];
  // Issue 16: blocking is a change; Consulta sees the list without the selection.
  const canBlock = useCan('cards.write');
  const bulk = category === 'unused' && canBlock;
  const title = m.categories[category];

  function applyFilter(term: string) {
    setSelected(new Map());
    setFilter(term);
  }

  async function openDetails(row: RadarCard) {
    setOpening(row.uuid);
    try {
      await selectCard(row);
      navigate(detailsOf(row.uuid));
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      notify('error', isApiError(error) && error.status === 404 ? messages.cards.holderNotFound : m.openFailure);
    } finally {
      setOpening(null);
    }
  }

  function toggle(row: RadarCard) {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.uuid)) next.delete(row.uuid);
      else next.set(row.uuid, row);
      return next;
    });
  }

  const allShownSelected = rows.length > 0 && rows.every((r) => selected.has(r.uuid));
  function toggleAll() {
    setSelected(allShownSelected ? new Map() : new Map(rows.map((r) => [r.uuid, r])));
  }

  function done(result: BlockOutcome[]) {
    setOutcomes(result);
    setSelected(new Map());
    if (company) void queryClient.invalidateQueries({ queryKey: radarKey(company.cnpj) });
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.home} fz="sm">
        ← {m.back}
      </Anchor>
      <Stack gap={4}>
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text fz="sm" c="gray.7" maw={720}>
          {m.explanations[category]}
        </Text>
      </Stack>

      <RadarFilter filter={filter} onFilter={applyFilter} />

      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} aria-live="polite">
          {filter
            ? m.filteredTitle(filter)
            : total !== undefined && total !== null
              ? m.total(number.format(total))
              : ''}
        </Text>
        {company ? (
          <ExportButton
            kind="radar"
            filters={{
              cnpj: company.cnpj,
              relationCode: company.relationCode,
              category,
              ...(filter ? { filter: filterOnTheWire(filter) } : {}),
            }}
            label={m.exportLabel}
            disabled={rows.length === 0}
          />
        ) : null}
      </Group>

      {outcomes ? <BulkResult outcomes={outcomes} onClose={() => setOutcomes(null)} /> : null}

      {list.isPending ? (
        <Spinner label={m.loading} />
      ) : list.isError ? (
        <Paper withBorder p="lg" radius="md">
          <Group gap="sm">
            <Text role="alert">{isApiError(list.error) ? list.error.message : m.listFailure}</Text>
            <Button size="xs" variant="light" onClick={() => list.refetch()}>
              {m.retry}
            </Button>
          </Group>
        </Paper>
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="gray.7">{filter ? m.emptyFiltered : m.empty}</Text>
        </Paper>
      ) : (
        <>
          {bulk ? (
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Checkbox label={m.selectAll} checked={allShownSelected} onChange={toggleAll} />
              <BulkBlock selected={[...selected.values()]} onDone={done} />
            </Group>
          ) : null}
          <RadarTable
            category={category}
            rows={rows}
            label={title}
            openingUuid={opening}
            onDetails={openDetails}
            selection={bulk ? { selected: new Set(selected.keys()), toggle } : undefined}
          />
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="sm" c="gray.7">
              {m.shown(number.format(rows.length), total != null ? number.format(total) : number.format(rows.length))}
            </Text>
            {list.hasNextPage ? (
              <Button variant="light" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {m.more}
              </Button>
            ) : null}
          </Group>
        </>
      )}
    </Stack>
  );
}
