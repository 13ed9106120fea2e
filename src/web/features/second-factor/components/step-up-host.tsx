// The step-up dialog's place in the app (decision 091). The typed client asks through setStepUpConfirmer; this
// host opens the dialog and answers whether the operator confirmed. The dialog's code loads the first time it is
// needed, so the screens that never meet a step-up do not carry it.
import { lazy, Suspense, useEffect, useState } from 'react';
import { setStepUpConfirmer } from '../../../api/index.ts';
import { onDemand } from '../../../lib/on-demand.ts';

const StepUpDialog = lazy(() => onDemand(() => import('./step-up-dialog.tsx')));

interface Request {
  id: number;
  resolve: (confirmed: boolean) => void;
}

export function StepUpHost() {
  const [request, setRequest] = useState<Request | null>(null);
  const [used, setUsed] = useState(false);

  useEffect(() => {
    let next = 0;
    setStepUpConfirmer(
      () =>
        new Promise<boolean>((resolve) => {
          setUsed(true);
          next += 1;
          setRequest({ id: next, resolve });
        }),
    );
    return () => setStepUpConfirmer(null);
  }, []);

  function finish(confirmed: boolean) {
    request?.resolve(confirmed);
    setRequest(null);
  }

  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog requestId={request?.id ?? 0} opened={request !== null} onDone={finish} />
    </Suspense>
  );
}
