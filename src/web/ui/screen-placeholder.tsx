import { Paper, Text, Title } from '@mantine/core';

/** A screen whose contents a later issue builds: its title and an honest line of what it will hold. */
export function ScreenPlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="xl" mb="xs">
        {title}
      </Title>
      <Text c="gray.7">{description}</Text>
    </Paper>
  );
}
