import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card sub-screen: its title (h2) and contents in a bordered panel. */
export function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="card-screen-title">
      <Title order={2} fz="xl" mb="md" id="card-screen-title">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
