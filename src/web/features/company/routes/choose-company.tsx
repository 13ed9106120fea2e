import { messages } from '../../../../contracts/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthLayout } from '../../../ui/index.ts';
import { ChooseCompanyForm } from '../components/choose-company-form.tsx';

export default function ChooseCompanyRoute() {
  useDocumentTitle(messages.pageTitles.chooseCompany);
  return (
    <AuthLayout title={messages.company.title} subtitle={messages.companyForm.subtitle}>
      <ChooseCompanyForm />
    </AuthLayout>
  );
}
