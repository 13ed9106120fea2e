import { messages } from '../../../contracts/index.ts';
import { useSessionReadFailure } from '../../features/auth/index.ts';
import { saidElsewhere } from '../../lib/query-client.ts';
import { isApiError } from '../../lib/transport/index.ts';
import { ReadFailure } from '../../ui/read-failure.tsx';

/**
 * The operator's session could not be read after a reload (the profile is not known): said once, above the screen,
 * in the failure's own words ("O serviço não respondeu em até 10 segundos…" for a read that hung), with "Tentar
 * novamente" for a failure of the network or the server. The screens that wait for the profile stop spinning.
 */
export function SessionFailure() {
  const failure = useSessionReadFailure();
  // The start-up alert speaks for a key exchange that fails, a 401 has signed the operator out: said once.
  if (!failure || saidElsewhere(failure.error)) return null;
  const message = isApiError(failure.error) ? failure.error.message : messages.generic.unexpected;
  return (
    <div data-testid="session-failure" style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
      <ReadFailure message={message} error={failure.error} onRetry={failure.retry} />
    </div>
  );
}
