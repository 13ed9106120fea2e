// What the card's and the company's controls screens share: saving (the refusal kept under the form, a new form
// after a success so it starts from what the provider now holds) and the read that failed, with its retry.
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../../../contracts/index.ts';
import type { SpendingControls } from '../../../../contracts/spending-controls.ts';
import { notify } from '../../../lib/notify/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { refusalReason } from '../../card-details/api/card-action.ts';

const m = messages.spending;

interface SaveOptions {
  /** Sends the controls and brings the screen's read up to date. */
  send: (controls: SpendingControls | null) => Promise<unknown>;
  /** A failure that is no refusal to show (the operator closed the identity check). */
  silent?: (error: unknown) => boolean;
}

export function useControlsSave({ send, silent = () => false }: SaveOptions) {
  const [saving, setSaving] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  async function save(controls: SpendingControls | null) {
    setSaving(true);
    setReason(null);
    try {
      await send(controls);
      notify('success', m.saved);
      setGeneration((g) => g + 1);
    } catch (error) {
      if (!silent(error)) setReason(refusalReason(error) ?? m.saveFailure);
      throw error;
    } finally {
      setSaving(false);
    }
  }

  return { save, saving, reason, setReason, generation };
}

/** The controls could not be read: said, with a way to read them again. */
export function ControlsReadFailure({ onRetry }: { onRetry: () => unknown }) {
  return (
    <Stack gap="sm" align="flex-start">
      <FormAlert message={m.failure} />
      <Button variant="default" onClick={() => onRetry()}>
        {messages.radar.retry}
      </Button>
    </Stack>
  );
}
