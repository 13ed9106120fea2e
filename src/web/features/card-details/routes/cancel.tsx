import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function CancelRoute() {
  return <ScreenPlaceholder title="Cancelar conta cartão" description="Aqui será possível cancelar a conta cartão." />;
}
