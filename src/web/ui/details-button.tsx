import { Button } from '@mantine/core';
import { messages } from '../../contracts/messages.ts';

interface DetailsButtonProps {
  holder: string;
  /** This row's card is being opened. */
  opening: boolean;
  /** Another row's card is being opened: one at a time. */
  busy: boolean;
  onClick: () => void;
}

/** A list row's "Detalhes", the same in the cards list and the radar lists. */
export function DetailsButton({ holder, opening, busy, onClick }: DetailsButtonProps) {
  const label = messages.cardList.details;
  return (
    <Button
      size="xs"
      variant="light"
      aria-label={`${label}: ${holder}`}
      loading={opening}
      disabled={busy}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
