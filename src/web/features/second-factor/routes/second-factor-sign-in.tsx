import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SessionResponse } from '../../../../contracts/index.ts';
import { messages } from '../../../../contracts/messages.ts';
import { paths } from '../../../app/paths.ts';
import { type AuthenticatedUser, useAppStore } from '../../../lib/store/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthLayout, FormAlert, Spinner } from '../../../ui/index.ts';
import { endSession, readSession } from '../api/verify.ts';
import { EnrolSecondFactor } from '../components/enrol-second-factor.tsx';
import { VerifyForm } from '../components/verify-form.tsx';
import { refusalOf } from '../lib/refusal.ts';

const m = messages.secondFactor.ui;

/**
 * /second_factor: after a right password, the code of the app (VERIFICAR) or the enrolment (CADASTRAR). The step
 * is read again from the session on arrival, so a reload or a change made in another tab lands where it should.
 */
export default function SecondFactorSignInRoute() {
  useDocumentTitle(messages.pageTitles.secondFactor);
  const step = useAppStore((s) => s.pendingFactor);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [finishing, setFinishing] = useState<string | null>(null);
  const session = useQuery({
    queryKey: ['session', 'second-factor'],
    queryFn: readSession,
    meta: { silent: true },
    staleTime: 0,
    gcTime: 0,
  });

  /** The session is full: on to the company choice exactly as a sign-in without a factor goes. */
  function proceed(user: AuthenticatedUser) {
    useAppStore.getState().signIn(user);
    queryClient.removeQueries({ queryKey: ['session'] });
    navigate(paths.chooseCompany, { replace: true, state: location.state });
  }

  /** A full session goes on to its companies; one that still waits for its factor stays on this screen. */
  function follow({ usuario, login, companies, segundoFator }: SessionResponse) {
    if (segundoFator === 'NENHUM') proceed({ usuario, login, companies });
    else useAppStore.getState().restoreUser({ usuario, login, companies: [] }, segundoFator);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the session's answer only.
  useEffect(() => {
    if (session.data) follow(session.data);
  }, [session.data]);

  /** 'Voltar e sair': the pending session ends at the provider too, not only in this tab. */
  function leave() {
    endSession().catch(() => undefined);
    useAppStore.getState().signOut();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  }

  /** After the codes were kept: a session the enrolment made full goes on; one that still wants a code asks it. */
  async function afterEnrolment() {
    setFinishing(null);
    try {
      follow(await readSession());
    } catch (error) {
      setFinishing(refusalOf(error));
    }
  }

  if (step === 'CADASTRAR') {
    return (
      <AuthLayout title={m.enrolTitle} subtitle={m.enrolSubtitle}>
        <FormAlert message={finishing} />
        <EnrolSecondFactor reason={m.enrolRequired} onDone={afterEnrolment} />
        <LeaveLink onLeave={leave} />
      </AuthLayout>
    );
  }
  if (step === 'VERIFICAR') {
    return (
      <AuthLayout title={m.verifyTitle}>
        <VerifyForm
          onVerified={(a) => proceed({ usuario: a.usuario, login: a.login, companies: a.companies })}
          onBack={leave}
        />
      </AuthLayout>
    );
  }
  return <Spinner size="lg" label={m.loadingSession} />;
}

function LeaveLink({ onLeave }: { onLeave: () => void }) {
  return (
    <Button variant="subtle" color="gray.8" size="compact-sm" mt="lg" onClick={onLeave}>
      {m.back}
    </Button>
  );
}
