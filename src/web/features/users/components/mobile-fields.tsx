import { Grid, type GridColProps } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import { MASKS } from '../lib/format.ts';
import { CodeField } from './code-field.tsx';
import { MaskedField } from './masked-field.tsx';

const m = messages.users;

interface MobileFieldsProps {
  values: { ddi: string; ddd: string; mobile: string };
  set: (field: 'ddi' | 'ddd' | 'mobile') => (value: string) => void;
  /** Creation types three-digit codes, editing two (spec section 5). */
  codeDigits: number;
  mobileSpan: GridColProps['span'];
}

/** DDI, DDD and mobile number, laid out as both user forms show them. */
export function MobileFields({ values, set, codeDigits, mobileSpan }: MobileFieldsProps) {
  return (
    <>
      <Grid.Col span={{ base: 3, sm: 2 }}>
        <CodeField label={m.ddi} maxDigits={codeDigits} value={values.ddi} onChange={set('ddi')} withAsterisk />
      </Grid.Col>
      <Grid.Col span={{ base: 3, sm: 2 }}>
        <CodeField label={m.ddd} maxDigits={codeDigits} value={values.ddd} onChange={set('ddd')} withAsterisk />
      </Grid.Col>
      <Grid.Col span={mobileSpan}>
        <MaskedField
          label={m.mobile}
          placeholder={m.mobilePlaceholder}
          mask={MASKS.mobile}
          value={values.mobile}
          onChange={set('mobile')}
          withAsterisk
        />
      </Grid.Col>
    </>
  );
}
