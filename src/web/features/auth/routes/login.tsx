import { messages } from '../../../../contracts/index.ts';
import { AuthLayout } from '../../../ui/index.ts';
import { LoginForm } from '../components/login-form.tsx';

export default function LoginRoute() {
  return (
    <AuthLayout title={messages.login.title} subtitle={messages.login.subtitle}>
      <LoginForm />
    </AuthLayout>
  );
}
