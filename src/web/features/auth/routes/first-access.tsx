import { messages } from '../../../../contracts/index.ts';
import { AuthLayout } from '../../../ui/index.ts';
import { FirstAccessForm } from '../components/first-access-form.tsx';

export default function FirstAccessRoute() {
  return (
    <AuthLayout title={messages.firstAccessForm.title} subtitle={messages.firstAccessForm.subtitle}>
      <FirstAccessForm />
    </AuthLayout>
  );
}
