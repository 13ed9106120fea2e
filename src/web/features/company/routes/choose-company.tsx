import { messages } from '../../../../contracts/index.ts';
import { AuthLayout } from '../../../ui/index.ts';
import { ChooseCompanyForm } from '../components/choose-company-form.tsx';

export default function ChooseCompanyRoute() {
  return (
    <AuthLayout title={messages.company.title} subtitle={messages.companyForm.subtitle}>
      <ChooseCompanyForm />
    </AuthLayout>
  );
}
