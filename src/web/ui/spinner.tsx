import { Center, Loader, type MantineSize } from '@mantine/core';

/** A loading indicator of configurable size, announced as "Carregando". */
export function Spinner({ size = 'md', label = 'Carregando' }: { size?: MantineSize | number; label?: string }) {
  return (
    <Center role="status" aria-label={label} py="md">
      <Loader size={size} />
    </Center>
  );
}
