import { Button, CopyButton, VisuallyHidden } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import { IconCheck, IconCopy } from '../icons.ts';

const t = messages.invoices;

/**
 * A copy button that says 'Copiado!' for two seconds. The button's own text changing is not announced by every
 * screen reader, so a status region says what was copied.
 */
export function CopyAction({ value, label, announce }: { value: string; label: string; announce: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <>
          <Button
            variant={copied ? 'filled' : 'light'}
            leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            onClick={copy}
            miw={{ xs: 216 }}
          >
            {copied ? t.copiedShort : label}
          </Button>
          <VisuallyHidden role="status">{copied ? announce : ''}</VisuallyHidden>
        </>
      )}
    </CopyButton>
  );
}
