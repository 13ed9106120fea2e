import { Alert, Button, Group, Text } from '@mantine/core';
import { cardSearchMessages as m } from '../../../../contracts/card-search-messages.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import type { Finder } from '../lib/use-finder.ts';

/** Above the table while the search is on: what it found (or that it is looking, or failed) and the way back. */
export function SearchSummary({ finder }: { finder: Finder }) {
  return (
    <Group justify="space-between" gap="xs" aria-live="polite">
      {finder.loading ? (
        <Spinner size="sm" label={m.searching} />
      ) : finder.failed ? (
        <Alert color="red" variant="light" role="alert" py={6}>
          {m.failure}
        </Alert>
      ) : (
        <Text fw={600}>
          {m.resultTitle}: {finder.hasMore ? m.shownMore(finder.rows.length) : m.shown(finder.rows.length)}
        </Text>
      )}
      <Button variant="subtle" size="xs" onClick={finder.clear}>
        {m.clear}
      </Button>
    </Group>
  );
}

/** Below the table: the next keyset page of the search. */
export function SearchMore({ finder }: { finder: Finder }) {
  if (!finder.hasMore) return null;
  return (
    <Group justify="center">
      <Button variant="light" onClick={finder.more} loading={finder.loadingMore}>
        {m.more}
      </Button>
    </Group>
  );
}
