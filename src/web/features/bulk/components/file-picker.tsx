import { Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { type DragEvent, useState } from 'react';
import { messages } from '../../../../contracts/index.ts';
import classes from './file-picker.module.css';

const m = messages.bulk;

/** The file: dropped on the box, or chosen with the button (the keyboard's way in). */
export function FilePicker({
  onFile,
  disabled,
  fileName,
}: {
  onFile: (file: File) => void;
  disabled: boolean;
  fileName: string | null;
}) {
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={classes.box}
      data-over={over || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="bulk-drop"
    >
      <Stack gap={6} align="center" ta="center">
        <Text fw={600} id="bulk-file-label">
          {m.fileLabel}
        </Text>
        <Group gap="xs" justify="center">
          <Text fz="sm" c="gray.8">
            {m.dropHint}
          </Text>
          <FileButton onChange={(file) => file && onFile(file)} accept=".csv,text/csv" disabled={disabled}>
            {(props) => (
              <Button {...props} variant="default" size="sm" disabled={disabled} aria-describedby="bulk-file-hint">
                {m.choose}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text fz="xs" c="gray.8" id="bulk-file-hint">
          {m.fileHint}
        </Text>
        {fileName ? (
          <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {m.chosen(fileName)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
