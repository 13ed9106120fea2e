import { Alert, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { messages } from '../../../../contracts/messages.ts';
import type { SecondFactorStatus } from '../../../../contracts/second-factor.ts';
import { ToneBadge } from '../../../ui/status-badge.tsx';
import classes from './factor-status.module.css';

const m = messages.secondFactor.ui;
/** Few enough codes left that the operator should make new ones before they run out. */
const LOW_CODES = 3;

/** Situação, cadastrado em, códigos restantes, obrigatório: the operator's factor at a glance. */
export function FactorStatus({ status }: { status: SecondFactorStatus }) {
  const low = status.cadastrado && status.codigosRecuperacaoRestantes <= LOW_CODES;
  return (
    <>
      <dl className={classes.pairs}>
        <div>
          <dt>{m.statusLabel}</dt>
          <dd>
            <ToneBadge tone={status.cadastrado ? 'teal' : 'gray'}>
              {status.cadastrado ? m.statusOn : m.statusOff}
            </ToneBadge>
          </dd>
        </div>
        {status.cadastrado && status.cadastradoEm ? (
          <div>
            <dt>{m.enrolledOn}</dt>
            <dd>{dayjs(status.cadastradoEm).format('DD/MM/YYYY')}</dd>
          </div>
        ) : null}
        {status.cadastrado ? (
          <div>
            <dt>{m.codesLeft}</dt>
            <dd>{status.codigosRecuperacaoRestantes}</dd>
          </div>
        ) : null}
        <div>
          <dt>{m.requiredLabel}</dt>
          <dd>{status.obrigatorio ? m.yes : m.no}</dd>
        </div>
      </dl>
      {low ? (
        <Alert color="yellow" variant="light" mt="md" role="note">
          <Text fz="sm">{m.codesLow}</Text>
        </Alert>
      ) : null}
    </>
  );
}
