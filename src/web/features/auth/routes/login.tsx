import { messages } from '../../../../contracts/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthLayout } from '../../../ui/index.ts';
import { LoginForm } from '../components/login-form.tsx';

export default function LoginRoute() {
  useDocumentTitle(messages.pageTitles.login);
  return (
    <AuthLayout title={messages.login.title} subtitle={messages.login.subtitle}>
      <LoginForm />
    </AuthLayout>
  );
}
