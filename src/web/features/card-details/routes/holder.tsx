import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function HolderRoute() {
  return (
    <ScreenPlaceholder
      title="Dados do portador"
      description="Aqui ficarão os dados pessoais do portador e o endereço de entrega do cartão, com edição."
    />
  );
}
