import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function CardsListRoute() {
  return (
    <ScreenPlaceholder
      title="Cartões da empresa"
      description="Aqui ficará a lista de portadores e cartões da empresa, com busca por CPF, ordenação por nome e paginação."
    />
  );
}
