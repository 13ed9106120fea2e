import { Button, Group, NativeSelect, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type CardResult, messages, PAGE_SIZE, type SubAccount } from '../../../../contracts/index.ts';
import { detailsOf } from '../../../app/paths.ts';
import { cardToRow, rowLast4 } from '../../../lib/card-row.ts';
import { notify } from '../../../lib/notify/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ExportButton } from '../../../ui/export-button.tsx';
import type { CardSearchCriteria } from '../api/card-search.ts';
import { getAccountCards } from '../api/get-account-cards.ts';
import { useAccountPaging } from '../api/use-account-paging.ts';
import { CardFinder } from '../components/card-finder.tsx';
import { CardsPagination } from '../components/cards-pagination.tsx';
import { CardsTable } from '../components/cards-table.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { SearchMore, SearchSummary } from '../components/search-summary.tsx';
import { pageCount, showsPaging } from '../lib/page-numbers.ts';
import { type SortOrder, sortByHolder } from '../lib/sort-holders.ts';
import { useFinder } from '../lib/use-finder.ts';

const m = messages.cardList;
const NO_ROWS: SubAccount[] = [];
const count = new Intl.NumberFormat('pt-BR');

/**
 * /home: the company's cards — count, the spec's CPF search and beside it the search by name, CPF or last four digits
 * with a status filter (issue 27), A-Z / Z-A, the table (a row opens its card) and the keyset pages.
 */
export default function CardsListRoute({ radar }: { radar?: ReactNode }) {
  useDocumentTitle(messages.pageTitles.cards);
  const navigate = useNavigate();
  const accounts = useAppStore((s) => s.relationship.accounts);
  const currentPage = useAppStore((s) => s.relationship.currentPage);
  const { goTo, loadingPage, failed } = useAccountPaging();
  const [order, setOrder] = useState<SortOrder>('');
  const [found, setFound] = useState<{ cpf: string; rows: SubAccount[] } | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const company = useAppStore((s) => s.company);
  const finder = useFinder();

  // The accounts are loaded at company choice and kept in memory only: after a reload the page the operator was
  // on is read again from the provider (its number is all that was kept, decision 041).
  const hasAccounts = Boolean(accounts);
  useEffect(() => {
    if (!hasAccounts) goTo(useAppStore.getState().relationship.currentPage);
  }, [hasAccounts, goTo]);

  const total = accounts?.meta.totalRecords ?? accounts?.totalSubAccounts ?? 0;
  const loaded = accounts?.subAccounts ?? NO_ROWS;
  // One result at a time: the CPF box's, the search's, or the list's page. The same rows while none of those change,
  // so that the table (memo) is not drawn again when only the list's other state moves.
  const source = found ? found.rows : finder.active ? finder.rows : loaded;
  const rows = useMemo(() => sortByHolder(source, order), [source, order]);
  // The company's list not read yet: its count and its emptiness are not known, and are not said.
  const listPending = !found && !finder.active && !accounts;

  // The same functions at every render: the two searches (memo) are drawn again only when their own props change,
  // not at each of the list's steps as its answers arrive (issue 27: each was half of a 40–55 ms render of /home).
  const { clear: clearFinder, setCriteria } = finder;
  const onFound = useCallback(
    (cpf: string, cards: CardResult[]) => {
      clearFinder();
      setFound({ cpf, rows: cards.map(cardToRow) });
    },
    [clearFinder],
  );
  const onCriteria = useCallback(
    (criteria: CardSearchCriteria) => {
      setFound(null);
      setCriteria(criteria);
    },
    [setCriteria],
  );

  const openDetails = useCallback(
    async (row: SubAccount) => {
      setOpening(row.uuid);
      try {
        const cards = await getAccountCards(row.uuid);
        const store = useAppStore.getState();
        store.setCurrentAccount(row);
        store.setCurrentCard(cards);
        useAppStore.setState((s) => ({ companyCards: { ...s.companyCards, last4digits: rowLast4(row) } }));
        navigate(detailsOf(row.uuid));
      } catch (error) {
        if (isApiError(error) && error.status === 401) return; // the session ended and said so
        notify(
          'error',
          isApiError(error) && error.status === 404 ? messages.cards.holderNotFound : messages.generic.unexpected,
        );
      } finally {
        setOpening(null);
      }
    },
    [navigate],
  );

  return (
    <Stack gap="md">
      <VisuallyHidden component="h2">{messages.cards.title}</VisuallyHidden>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text fz="lg" fw={600} aria-live="polite" style={listPending ? { visibility: 'hidden' } : undefined}>
          <Text component="span" inherit c="teal.9">
            {count.format(total)}
          </Text>{' '}
          {messages.cards.count}
        </Text>
        <NativeSelect
          label={m.sortLabel}
          value={order}
          onChange={(e) => setOrder(e.currentTarget.value as SortOrder)}
          data={[
            // The pages are in account order; A-Z and Z-A sort the loaded page only, so the list starts in the
            // pages' own order (decision 103).
            { value: '', label: m.sortNone },
            { value: 'asc', label: m.sortAsc },
            { value: 'desc', label: m.sortDesc },
          ]}
          w={200}
        />
      </Group>

      {radar}

      <Group gap="md" align="flex-start" wrap="wrap">
        <div style={{ flex: '0 1 400px', minWidth: 0 }}>
          <SearchBox onFound={onFound} />
        </div>
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          <CardFinder value={finder.criteria} error={finder.error} onChange={onCriteria} />
        </div>
      </Group>

      {found ? (
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{m.searchResult}</Text>
          <Button variant="subtle" size="xs" onClick={() => setFound(null)}>
            {m.clearSearch}
          </Button>
        </Group>
      ) : finder.active ? (
        <SearchSummary finder={finder} />
      ) : null}

      {company && !finder.active ? (
        <ExportButton
          kind="holders"
          label={messages.exports.holders}
          filters={{ cnpj: company.cnpj, relationCode: company.relationCode, cpf: found?.cpf, order }}
          disabled={rows.length === 0}
        />
      ) : null}

      {listPending ? (
        // A failed read says itself above, with its retry; until then the list's place says it is being read.
        failed ? null : (
          <Paper withBorder p="lg" radius="md" aria-busy="true">
            <Text c="gray.7">{m.loadingList}</Text>
          </Paper>
        )
      ) : rows.length === 0 ? (
        finder.active && finder.loading ? null : (
          <Paper withBorder p="lg" radius="md">
            <Text c="gray.7">{finder.active ? messages.cardSearch.empty : m.empty}</Text>
          </Paper>
        )
      ) : (
        <CardsTable
          rows={rows}
          label={found ? m.searchResult : finder.active ? messages.cardSearch.resultTitle : messages.cards.title}
          openingUuid={opening}
          onDetails={openDetails}
        />
      )}

      {finder.active && !found ? <SearchMore finder={finder} /> : null}

      {!found && !finder.active && accounts && showsPaging(total, loaded.length) ? (
        <CardsPagination
          currentPage={currentPage}
          totalPages={pageCount(total, PAGE_SIZE)}
          loadingPage={loadingPage}
          onPage={goTo}
        />
      ) : null}
    </Stack>
  );
}
