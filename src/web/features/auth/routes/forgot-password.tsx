import { messages } from '../../../../contracts/index.ts';
import { AuthLayout } from '../../../ui/index.ts';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout title={messages.recovery.title}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
