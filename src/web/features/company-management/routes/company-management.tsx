import { formatCnpj } from '@brazilian-utils/brazilian-utils';
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages, type RelationshipLimitResponse } from '../../../../contracts/index.ts';
import { useCorporateAccount } from '../../../api/corporate-account.ts';
import { useUsers } from '../../../api/users.ts';
import { paths } from '../../../app/paths.ts';
import { useCan } from '../../../lib/profiles/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { IconCreditCard, IconFileInvoice, IconShieldLock, IconSquarePlus, IconUsers } from '../../../ui/index.ts';
import { useCardsTotal } from '../api/cards-total.ts';
import { useRelationshipLimit } from '../api/relationship-limit.ts';
import { CompanySecurityPanel } from '../components/company-security-panel.tsx';
import classes from './company-management.module.css';

const m = messages.companyScreen;
const count = new Intl.NumberFormat('pt-BR');
const brl = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\u00a0/g, ' ');

/** A value that arrives with a query: a skeleton while loading, a calm note when it could not be read. */
function Loaded<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: T };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton height={18} width={120} aria-label={m.loading} />;
  if (query.isError || query.data === undefined) return <Text c="gray.7">{m.unavailable}</Text>;
  return <>{children(query.data)}</>;
}

function Figure({
  title,
  icon,
  hint,
  link,
  children,
}: {
  title: string;
  icon: ReactNode;
  hint: ReactNode;
  link: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group gap="xs" c="teal.9" mb={4}>
        {icon}
        <Text fw={600} c="dark">
          {title}
        </Text>
      </Group>
      <div className={classes.figure}>{children}</div>
      <Text size="sm" c="gray.7" mb="sm">
        {hint}
      </Text>
      <Anchor component={Link} to={link.to} fw={600} size="sm">
        {link.label}
      </Anchor>
    </Paper>
  );
}

/** /home/company/management: who the company is for the provider, how many cards and portal users it has. */
export default function CompanyManagementRoute() {
  useDocumentTitle(messages.pageTitles.companyManagement);
  const company = useAppStore((s) => s.company);
  if (!company) return null;
  return <CompanyOverview company={company} />;
}

function CompanyOverview({ company }: { company: { name: string; cnpj: string; relationCode: string } }) {
  const relationship = { cnpj: company.cnpj, relationCode: company.relationCode };
  const account = useCorporateAccount(relationship);
  const cards = useCardsTotal(relationship);
  // Only profiles that manage users see them here, and only they get the request-card shortcut (decision 088).
  const managesUsers = useCan('users.manage');
  const writesCards = useCan('cards.write');
  const users = useUsers(company.cnpj, managesUsers);
  const limit = useRelationshipLimit(relationship);

  return (
    <Stack gap="md" maw={1200}>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="company-identity">
        <Title order={2} fz="md" id="company-identity" mb="sm">
          {m.identity}
        </Title>
        <dl className={classes.pairs}>
          <div>
            <dt>{m.corporateName}</dt>
            <dd>{company.name}</dd>
          </div>
          <div>
            <dt>{m.cnpj}</dt>
            <dd>{formatCnpj(company.cnpj)}</dd>
          </div>
          <div>
            <dt>{m.relationCode}</dt>
            <dd>{company.relationCode}</dd>
          </div>
          <div>
            <dt>{m.relationshipCard}</dt>
            <dd>
              <Loaded query={account}>{(a) => `${m.cardEnding} ${a.last4digits}`}</Loaded>
            </dd>
          </div>
        </dl>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="company-limits">
        <Title order={2} fz="md" id="company-limits" mb={4}>
          {m.limits}
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          {m.limitsHint}
        </Text>
        <dl className={classes.pairs}>
          {[
            { label: m.relationshipLimit, value: (l: RelationshipLimitResponse) => l.relationshipLimit },
            { label: m.committedLimit, value: (l: RelationshipLimitResponse) => l.committedLimit },
            { label: m.freeLimit, value: (l: RelationshipLimitResponse) => l.freeLimit },
          ].map((pair) => (
            <div key={pair.label}>
              <dt>{pair.label}</dt>
              <dd>
                <Loaded query={limit}>{(l) => brl(pair.value(l))}</Loaded>
              </dd>
            </div>
          ))}
        </dl>
      </Paper>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Figure
          title={m.cards}
          icon={<IconCreditCard size={20} aria-hidden />}
          hint={m.cardsHint}
          link={{ to: paths.home, label: m.seeCards }}
        >
          <Loaded query={cards}>{(total) => count.format(total)}</Loaded>
        </Figure>
        {managesUsers ? (
          <Figure
            title={m.users}
            icon={<IconUsers size={20} aria-hidden />}
            hint={users.data ? m.usersHint(users.data.filter((u) => u.status === 'ATIVO').length) : null}
            link={{ to: paths.manageUsers, label: m.manageUsers }}
          >
            <Loaded query={users}>{(list) => count.format(list.length)}</Loaded>
          </Figure>
        ) : null}
      </SimpleGrid>

      {/* Decision 091: the company's second-factor rule, for who manages its users (Administrador). */}
      {managesUsers ? <CompanySecurityPanel cnpj={company.cnpj} /> : null}

      <Paper withBorder radius="md" p="md" component="nav" aria-label={m.shortcuts}>
        <Group gap="sm">
          <Button
            component={Link}
            to={paths.invoices}
            variant="light"
            leftSection={<IconFileInvoice size={18} aria-hidden />}
          >
            {m.seeInvoices}
          </Button>
          {writesCards ? (
            <Button
              component={Link}
              to={paths.companyControls}
              variant="light"
              leftSection={<IconShieldLock size={18} aria-hidden />}
            >
              {messages.spending.companyLink}
            </Button>
          ) : null}
          {writesCards ? (
            <Button
              component={Link}
              to={paths.requestCard}
              variant="light"
              leftSection={<IconSquarePlus size={18} aria-hidden />}
            >
              {m.requestCard}
            </Button>
          ) : null}
        </Group>
      </Paper>
    </Stack>
  );
}
