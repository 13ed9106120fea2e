import { pageTitles } from '../../../../contracts/page-titles.ts';
import { sessionMessages } from '../../../../contracts/session-messages.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthLayout } from '../../../ui/index.ts';
import { LoginForm } from '../components/login-form.tsx';

export default function LoginRoute() {
  useDocumentTitle(pageTitles.login);
  return (
    <AuthLayout title={sessionMessages.login.title} subtitle={sessionMessages.login.subtitle}>
      <LoginForm />
    </AuthLayout>
  );
}
