import { ScreenPlaceholder } from '../../../ui/index.ts';

/** Built by a later issue; until then the screen says what it will hold and shows no data. */
export default function CreateUserRoute() {
  return (
    <ScreenPlaceholder
      title="Criar Usuário"
      description="Aqui ficará o formulário de cadastro de usuários do portal da empresa."
    />
  );
}
