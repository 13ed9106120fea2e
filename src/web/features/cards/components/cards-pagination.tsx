import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import { IconChevronLeft, IconChevronRight } from '../../../ui/extra-icons.ts';
import { pageItems } from '../lib/page-numbers.ts';

interface CardsPaginationProps {
  currentPage: number;
  totalPages: number;
  loadingPage: number | null | undefined;
  onPage: (page: number) => void;
}

/** Page numbers (up to the 15th, then '...') and the previous/next arrows of the keyset list. */
export function CardsPagination({ currentPage, totalPages, loadingPage, onPage }: CardsPaginationProps) {
  const busy = loadingPage != null;
  const m = messages.cardList;
  return (
    <nav aria-label={m.pages} aria-busy={busy}>
      <Group gap={6} justify="center" wrap="wrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={m.previous}
          disabled={currentPage <= 1 || busy}
          onClick={() => onPage(currentPage - 1)}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        {pageItems(totalPages).map((item) =>
          item === 'ellipsis' ? (
            <Text key="ellipsis" component="span" px={4} c="gray.7" fw={600}>
              ...
            </Text>
          ) : (
            <Button
              key={item}
              size="compact-md"
              miw={36}
              variant={item === currentPage ? 'filled' : 'default'}
              aria-current={item === currentPage ? 'page' : undefined}
              aria-label={`${m.page} ${item}`}
              loading={loadingPage === item}
              disabled={busy && loadingPage !== item}
              onClick={() => item !== currentPage && onPage(item)}
            >
              {item}
            </Button>
          ),
        )}
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={m.next}
          disabled={currentPage >= totalPages || busy}
          onClick={() => onPage(currentPage + 1)}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Text ta="center" fz="sm" c="gray.7" mt={6} aria-live="polite">
        {m.page} {currentPage} {m.of} {totalPages}
      </Text>
    </nav>
  );
}
