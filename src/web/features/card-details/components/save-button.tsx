import { Button, Group } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';

/** 'Salvar Alterações', right-aligned, as every holder form ends. */
export function SaveButton({ loading }: { loading: boolean }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={loading}>
        {messages.holderEdit.save}
      </Button>
    </Group>
  );
}
