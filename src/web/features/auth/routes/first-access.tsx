import { messages } from '../../../../contracts/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthLayout } from '../../../ui/index.ts';
import { FirstAccessForm } from '../components/first-access-form.tsx';

export default function FirstAccessRoute() {
  useDocumentTitle(messages.pageTitles.firstAccess);
  return (
    <AuthLayout title={messages.firstAccessForm.title} subtitle={messages.firstAccessForm.subtitle}>
      <FirstAccessForm />
    </AuthLayout>
  );
}
