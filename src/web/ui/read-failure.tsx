import { isRetryableFailure } from '../lib/recovery.ts';
import { FormAlert } from './form-alert.tsx';

interface ReadFailureProps {
  /** The screen's own text for the failed read (the spec's, where it quotes one). */
  message: string;
  error: unknown;
  /** Reads again: the query's refetch. */
  onRetry: () => unknown;
}

/**
 * A read that failed, said in place in the screen's own words; when the network or the server failed (not a refusal)
 * with "Tentar novamente", which reads it again (issue 27, decision 142).
 */
export function ReadFailure({ message, error, onRetry }: ReadFailureProps) {
  return <FormAlert message={message} onRetry={isRetryableFailure(error) ? () => void onRetry() : undefined} />;
}
