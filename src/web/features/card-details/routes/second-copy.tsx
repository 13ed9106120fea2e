import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function SecondCopyRoute() {
  return (
    <ScreenPlaceholder
      title="Solicitar 2ª Via"
      description="Aqui será possível solicitar a segunda via do cartão informando o motivo."
    />
  );
}
