import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function LimitRoute() {
  return (
    <ScreenPlaceholder
      title="Gestão de Limite"
      description="Aqui será possível consultar e alterar o limite disponível do cartão."
    />
  );
}
