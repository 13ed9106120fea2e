import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function CompanyManagementRoute() {
  return (
    <ScreenPlaceholder title="Gestão da Empresa" description="Aqui ficarão as informações de gestão da empresa." />
  );
}
