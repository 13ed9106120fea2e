import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messages } from '../../../../contracts/messages.ts';

const m = messages.radar;
const FILTER_RULE = /^[\p{L}\d ._-]{0,40}$/u;

/** The list's filter (name, CPF or the card's last four digits): `onFilter` gets the term, '' when it is cleared. */
export function RadarFilter({ filter, onFilter }: { filter: string; onFilter: (term: string) => void }) {
  const [typed, setTyped] = useState('');
  const [filterError, setFilterError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const term = typed.trim();
    if (!FILTER_RULE.test(term)) {
      setFilterError(m.filterInvalid);
      return;
    }
    setFilterError(null);
    onFilter(term);
  }

  function clear() {
    setTyped('');
    setFilterError(null);
    onFilter('');
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={m.filterLabel}
          placeholder={m.filterPlaceholder}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          error={filterError}
          maxLength={40}
          style={{ flex: '1 1 16rem' }}
        />
        <Group gap="xs" wrap="nowrap">
          <Button type="submit">{m.filterSubmit}</Button>
          {filter ? (
            <Button variant="subtle" onClick={clear}>
              {m.filterClear}
            </Button>
          ) : null}
        </Group>
      </Group>
    </form>
  );
}
