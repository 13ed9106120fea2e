import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function InvoicesRoute() {
  return (
    <ScreenPlaceholder
      title="Faturas do Relacionamento"
      description="Aqui ficarão as faturas do relacionamento por data de vencimento, com os valores e a linha digitável."
    />
  );
}
