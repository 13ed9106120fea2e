import { Alert, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { useAppStore } from '../../../lib/store/index.ts';

/** The details area: the card summary panel will sit beside the sub-screen (later issue). */
export default function DetailsLayout() {
  const hasCard = useAppStore((s) => Boolean(s.relationship.currentCard));
  return (
    <Stack gap="md">
      {hasCard ? null : (
        <Alert color="blue" variant="light">
          Selecione um cartão na lista de Cartões da empresa para ver os detalhes.
        </Alert>
      )}
      <Outlet />
    </Stack>
  );
}
