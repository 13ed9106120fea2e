import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function BlockRoute() {
  return (
    <ScreenPlaceholder
      title="Bloqueio / Desbloqueio"
      description="Aqui será possível bloquear o cartão informando o motivo, ou confirmar o desbloqueio."
    />
  );
}
