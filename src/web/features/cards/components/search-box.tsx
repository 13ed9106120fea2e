import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { Button, Group, InputBase } from '@mantine/core';
import { type FormEvent, memo, useRef, useState } from 'react';
import { type CardResult, messages, SEARCH_MAX_LENGTH } from '../../../../contracts/index.ts';
import { preloadContract } from '../../../api/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { onlyDigits } from '../../../ui/format.ts';
import { useLazyMask } from '../../../ui/use-lazy-mask.ts';
import { useSearchCards } from '../api/search-cards.ts';

interface SearchBoxProps {
  onFound: (cpf: string, cards: CardResult[]) => void;
}

/** The three search texts of spec section 8, plus ours for an empty or impossible CPF. */
export function searchFailureText(error: unknown): string {
  return isApiError(error) && error.status === 404 ? messages.cards.notFound : messages.cards.searchFailure;
}

/**
 * The CPF search: masked 000.000.000-00 (14 characters), dots and dashes stripped before use. The mask is put on
 * when the operator first comes to the box (useLazyMask). Drawn again only when its own props change.
 */
export const SearchBox = memo(function SearchBox({ onFound }: SearchBoxProps) {
  const company = useAppStore((s) => s.company);
  const search = useSearchCards();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A failure of the network or the server (not "not found", not a typing error) offers to search again.
  const [failed, setFailed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useLazyMask(input, '000.000.000-00', setValue);

  async function onSubmit(event?: FormEvent) {
    event?.preventDefault();
    setFailed(false);
    const cpf = onlyDigits(value);
    if (!cpf) return setError(messages.cardList.searchRequired);
    if (cpf.length !== 11 || !isValidCpf(cpf)) return setError(messages.cardList.invalidCpf);
    if (!company) return;
    setError(null);
    try {
      const cards = await search.mutateAsync({ cpf, cnpj: company.cnpj, relationCode: company.relationCode });
      if (cards.length === 0) return setError(messages.cards.notFound);
      onFound(cpf, cards);
    } catch (err) {
      setError(searchFailureText(err));
      setFailed(!(isApiError(err) && err.status === 404));
    }
  }

  return (
    <form onSubmit={onSubmit} onFocusCapture={() => void preloadContract()} noValidate aria-busy={search.isPending}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <InputBase
          ref={input}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={messages.cards.searchPlaceholder}
          aria-label={messages.cardList.searchLabel}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          inputMode="numeric"
          style={{ flex: 1, minWidth: 0, maxWidth: 320 }}
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" loading={search.isPending}>
          {messages.cards.search}
        </Button>
      </Group>
      {error ? (
        <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
          <FormAlert message={error} onRetry={failed ? () => void onSubmit() : undefined} />
        </div>
      ) : null}
    </form>
  );
});
