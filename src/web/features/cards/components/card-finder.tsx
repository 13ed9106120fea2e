import { Group, NativeSelect, TextInput } from '@mantine/core';
import { memo } from 'react';
import { cardSearchMessages as m } from '../../../../contracts/card-search-messages.ts';
import { SEARCH_TERM_MAX } from '../../../../contracts/card-search-term.ts';
import { STATUS_FILTERS, type StatusFilter } from '../../../../contracts/card-state.ts';
import type { CardSearchCriteria } from '../api/card-search.ts';

interface CardFinderProps {
  value: CardSearchCriteria;
  onChange: (value: CardSearchCriteria) => void;
  /** What is wrong with the text, said under the box; nothing is asked while there is something. */
  error: string | null;
}

const STATUS_OPTIONS = [
  { value: '', label: m.filters.todos },
  ...STATUS_FILTERS.map((f) => ({ value: f, label: m.filters[f] })),
];

/**
 * The search beside the spec's CPF box (issue 27, decision 115): a name, a CPF or a card's last four digits, and a
 * status. It searches as the operator types (the list waits for a pause), so it has no button of its own. Drawn
 * again only when its own props change: the list's other state (a page arriving, a page being read) does not.
 */
export const CardFinder = memo(function CardFinder({ value, onChange, error }: CardFinderProps) {
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" role="search" aria-label={m.label}>
      <TextInput
        type="search"
        placeholder={m.placeholder}
        aria-label={m.label}
        description={m.hint}
        // The hint under the box, so the box lines up with the CPF box and the status beside it.
        inputWrapperOrder={['input', 'description', 'error']}
        // Mantine's description gray gives 3.3:1 on white; gray 7 keeps the hint legible (WCAG 1.4.3).
        styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        maxLength={SEARCH_TERM_MAX}
        value={value.text}
        onChange={(e) => onChange({ ...value, text: e.currentTarget.value })}
        error={error}
        style={{ flex: '1 1 280px', minWidth: 0, maxWidth: 480 }}
        autoComplete="off"
      />
      <NativeSelect
        aria-label={m.statusLabel}
        data={STATUS_OPTIONS}
        value={value.status}
        onChange={(e) => onChange({ ...value, status: e.currentTarget.value as StatusFilter | '' })}
        style={{ flex: '0 1 240px' }}
      />
    </Group>
  );
});
