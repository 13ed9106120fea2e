import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function ManageUsersRoute() {
  return (
    <ScreenPlaceholder
      title="Gerenciar Usuários"
      description="Aqui ficará a lista de usuários do portal, com edição, alteração de status e exclusão."
    />
  );
}
