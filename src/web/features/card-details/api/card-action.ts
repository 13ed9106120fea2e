// Every card action: the provider call, the spec's success or failure text as a flash notification, the
// server's reason kept for the screen, and all of the card's queries refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isStepUpCancelled } from '../../../api/index.ts';
import { notify } from '../../../lib/notify/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { cardKey } from './keys.ts';

/** The provider's reason for a refusal (4xx), when it has one worth showing beside the spec's text. */
export function refusalReason(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500 || error.status === 401) return null;
  return error.message || null;
}

interface CardActionOptions<TInput, TResult> {
  uuid: string;
  run: (input: TInput) => Promise<TResult>;
  success: string;
  failure: string;
  onSuccess?: (result: TResult) => void | Promise<void>;
}

export function useCardAction<TInput, TResult>({
  uuid,
  run,
  success,
  failure,
  onSuccess,
}: CardActionOptions<TInput, TResult>) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    meta: { silent: true },
    onMutate: () => setReason(null),
    onSuccess: async (result) => {
      notify('success', success);
      await queryClient.invalidateQueries({ queryKey: cardKey(uuid) });
      await onSuccess?.(result);
    },
    onError: (error, input) => {
      if (isApiError(error) && error.status === 401) return; // the session ended and said so
      // A step-up the operator cancelled changed nothing: no failure to announce (decision 091).
      if (isStepUpCancelled(error)) return;
      // The operator asked for this action: "Tentar novamente" asks it again, only when they press it.
      notify('error', failure, { retry: () => mutation.mutate(input) });
      setReason(refusalReason(error));
    },
  });
  return { ...mutation, reason, clearReason: () => setReason(null) };
}
