import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function RequestCardRoute() {
  return (
    <ScreenPlaceholder
      title="Solicitar Cartão"
      description="Aqui será possível solicitar um novo cartão: a escolha do produto e os dados do portador."
    />
  );
}
