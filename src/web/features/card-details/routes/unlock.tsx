import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function UnlockRoute() {
  return (
    <ScreenPlaceholder
      title="Desbloqueio de senha"
      description="Aqui será possível solicitar o desbloqueio da senha do cartão."
    />
  );
}
