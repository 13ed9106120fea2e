import { Button, Select, Stack } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type AccountsResponse, messages } from '../../../../contracts/index.ts';
import { originOf, paths } from '../../../app/paths.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { FormAlert, IconBuilding, Spinner } from '../../../ui/index.ts';
import { useLoadAccounts } from '../api/get-accounts.ts';
import { useCompanies } from '../api/get-companies.ts';

export function ChooseCompanyForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const fromSignIn = useAppStore((s) => s.authenticate.user?.companies);
  const current = useAppStore((s) => s.company);
  const setCompany = useAppStore((s) => s.setCompany);
  const setAccounts = useAppStore((s) => s.setAccounts);
  const companies = useCompanies();
  const loadAccounts = useLoadAccounts();
  const [cnpj, setCnpj] = useState<string | null>(current?.cnpj ?? null);
  const [error, setError] = useState<string | null>(null);

  const list = companies.data ?? fromSignIn ?? [];
  // The option holds title (corporateName), value (cnpj) and relationCode (spec section 3).
  const options = useMemo(
    () => list.map((c) => ({ title: c.corporateName, value: c.cnpj, relationCode: c.relationCode })),
    [list],
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const chosen = options.find((o) => o.value === cnpj);
    if (!chosen) {
      setError(messages.company.required);
      return;
    }
    setError(null);
    const company = { name: chosen.title, cnpj: chosen.value, relationCode: chosen.relationCode };
    // The chosen company becomes the current one only with its accounts (spec section 4): until they come, and if
    // they never do, the portal stays on the company it was on, with that company's list.
    let loaded: AccountsResponse;
    try {
      loaded = await loadAccounts.mutateAsync({ cnpj: company.cnpj, relationCode: company.relationCode });
    } catch (err) {
      if (isApiError(err) && err.status === 401) return; // the session ended and said so
      // The reason is already a notification; this says what it left the operator on.
      setError(
        current
          ? messages.companyForm.loadFailedKept(company.name, current.name)
          : messages.companyForm.loadFailed(company.name),
      );
      return;
    }
    setCompany(company);
    setAccounts(loaded);
    const origin = originOf(location.state);
    navigate(origin && origin !== paths.chooseCompany ? origin : paths.home, { replace: true });
  }

  if (companies.isPending && !fromSignIn?.length) return <Spinner label={messages.companyForm.loading} />;

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={loadAccounts.isPending}>
      <Stack gap="md">
        <FormAlert message={error} />
        <Select
          label={messages.companyForm.label}
          placeholder={messages.company.placeholder}
          leftSection={<IconBuilding size={18} aria-hidden />}
          data={options.map((o) => ({ value: o.value, label: o.title }))}
          value={cnpj}
          onChange={(value) => setCnpj(value)}
          searchable={options.length > 8}
          allowDeselect={false}
          nothingFoundMessage="Nenhuma empresa encontrada"
          comboboxProps={{ withinPortal: true }}
        />
        <Button type="submit" fullWidth size="md" loading={loadAccounts.isPending}>
          {messages.company.access}
        </Button>
      </Stack>
    </form>
  );
}
