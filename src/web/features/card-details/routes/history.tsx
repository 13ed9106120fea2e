import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function HistoryRoute() {
  return (
    <ScreenPlaceholder
      title="Transações"
      description="Aqui ficará o histórico de autorizações e transações do cartão."
    />
  );
}
