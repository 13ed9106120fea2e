import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from './icons.ts';

/** A copy button that says "Copiado" for a moment once the text is on the clipboard. */
export function CopyAction({ value, label, done }: { value: string; label: string; done: string }) {
  return (
    <CopyButton value={value} timeout={2500}>
      {({ copied, copy }) => (
        <Button
          variant="light"
          size="sm"
          onClick={copy}
          leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          aria-live="polite"
        >
          {copied ? done : label}
        </Button>
      )}
    </CopyButton>
  );
}
