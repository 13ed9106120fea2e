import { messages } from '../../../../contracts/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthLayout } from '../../../ui/index.ts';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';

export default function ForgotPasswordRoute() {
  useDocumentTitle(messages.pageTitles.forgotPassword);
  return (
    <AuthLayout title={messages.recovery.title}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
