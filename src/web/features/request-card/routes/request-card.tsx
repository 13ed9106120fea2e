import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../../contracts/index.ts';
import { paths } from '../../../app/paths.ts';
import { notify } from '../../../lib/notify/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CardImage } from '../../../ui/card-image.tsx';
import { reloadAccounts } from '../api/reload-accounts.ts';
import { proposalFailureText, useSubmitProposal } from '../api/submit-proposal.ts';
import { HolderFormView } from '../components/holder-form.tsx';
import { ProductChoice } from '../components/product-choice.tsx';
import classes from '../components/request-card.module.css';
import { type HolderForm, initialForm, type Product, toProposal } from '../form-model.ts';

const t = messages.proposal;

/** /home/requestcard ('Solicitar Cartão'): the product, then the holder, then 'Finalizar Solicitação'. */
export default function RequestCardRoute() {
  useDocumentTitle(messages.pageTitles.requestCard);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const company = useAppStore((s) => s.company);
  const [product, setProduct] = useState<Product | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [form, setForm] = useState<HolderForm>(initialForm);
  const submit = useSubmitProposal();

  async function onSubmit(form: HolderForm) {
    if (!company || !product) return;
    setServerError(null);
    try {
      await submit.mutateAsync(toProposal(form, product, company.relationCode, crypto.randomUUID()));
    } catch (error) {
      setServerError(proposalFailureText(error));
      return;
    }
    notify('success', t.success);
    // The new holder is on /home: the count and first page are read again (a failure leaves the old page).
    await reloadAccounts(company).catch((error: unknown) => console.warn('fidis: lista de cartões', error));
    await queryClient.invalidateQueries();
    navigate(paths.home);
  }

  if (!product) {
    return (
      <Stack gap="md" maw={1200}>
        <ProductChoice onChoose={setProduct} />
      </Stack>
    );
  }

  const productName = product === 1 ? t.green : t.black;
  return (
    <Stack gap="md" maw={1200}>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="chosen-product">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Group gap="md" wrap="nowrap">
            <div className={classes.chosen}>
              <CardImage logo={product} />
            </div>
            <div>
              <Title order={2} fz="lg" id="chosen-product">
                2. {t.holderData}
              </Title>
              <Text c="gray.7" fz="sm">
                {productName}
              </Text>
            </div>
          </Group>
          <Button variant="light" onClick={() => setProduct(null)} disabled={submit.isPending}>
            {t.changeProduct}
          </Button>
        </Group>
      </Paper>
      <HolderFormView
        submitting={submit.isPending}
        serverError={serverError}
        form={form}
        setForm={setForm}
        onSubmit={onSubmit}
      />
    </Stack>
  );
}
