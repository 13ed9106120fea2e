// The e-mails that tell operators about changes to how they sign in (issue 16, decision 091): the mailbox is the one
// channel a session thief does not hold. Sending never fails the change it reports: the change is already made, and
// a mail server down must not undo it or hide it; the failure is logged.
import type { Mail, Mailer } from './mailer.ts';
import { whenInBrasilia } from './templates.ts';

export type SecurityNotice =
  | { kind: 'factor-enrolled' }
  | { kind: 'factor-disabled' }
  /** An Administrador reset the user's factor; `by` is the administrator's name. */
  | { kind: 'factor-reset'; by: string }
  /** A sign-in from a browser the user never signed in from; `address` is the client address, when known. */
  | { kind: 'new-device'; address: string | null }
  /** Sent to the old address and to the new one. */
  | { kind: 'email-changed'; oldEmail: string; newEmail: string };

const NOT_YOU =
  'Se não foi você, troque sua senha por "Esqueceu sua senha?" na tela de login e avise o administrador da sua empresa.';

function body(notice: SecurityNotice, when: string): { subject: string; lines: string[] } {
  switch (notice.kind) {
    case 'factor-enrolled':
      return {
        subject: 'Verificação em duas etapas cadastrada no portal fidis',
        lines: [
          `Um aplicativo autenticador foi cadastrado para a verificação em duas etapas do seu acesso em ${when}.`,
          NOT_YOU,
        ],
      };
    case 'factor-disabled':
      return {
        subject: 'Verificação em duas etapas desativada no portal fidis',
        lines: [`A verificação em duas etapas do seu acesso foi desativada em ${when}.`, NOT_YOU],
      };
    case 'factor-reset':
      return {
        subject: 'Sua verificação em duas etapas no portal fidis foi redefinida',
        lines: [
          `${notice.by}, administrador(a) da sua empresa, redefiniu a verificação em duas etapas do seu acesso em ${when}.`,
          'Na próxima entrada, o portal pedirá que você cadastre o aplicativo autenticador de novo.',
          'Se você não pediu isso, fale com o administrador da sua empresa.',
        ],
      };
    case 'new-device':
      return {
        subject: 'Nova entrada no portal fidis',
        lines: [
          `Houve uma entrada com o seu usuário a partir de um navegador novo em ${when}` +
            (notice.address ? `, do endereço ${notice.address}.` : '.'),
          'Se foi você, nada mais precisa ser feito.',
          NOT_YOU,
        ],
      };
    case 'email-changed':
      return {
        subject: 'O e-mail do seu acesso ao portal fidis foi alterado',
        lines: [
          `O e-mail do seu acesso foi alterado de ${notice.oldEmail} para ${notice.newEmail} em ${when}.`,
          'Os próximos avisos e códigos de recuperação irão para o novo endereço.',
          'Se você não esperava essa mudança, fale com o administrador da sua empresa.',
        ],
      };
  }
}

export function securityMail(to: string, name: string, notice: SecurityNotice, at: Date): Mail {
  const { subject, lines } = body(notice, whenInBrasilia(at));
  return { to, subject, text: [`Olá, ${name}.`, '', ...lines, '', 'Equipe fidis'].join('\n') };
}

/**
 * Sends the notice to the user (and, for an e-mail change, to the old address too). Never throws: a failure is
 * logged with the user's login.
 */
export async function sendSecurityNotice(
  deps: { mailer: Mailer; log: { warn(obj: object, msg: string): void } },
  user: { login: string; name: string; email: string },
  notice: SecurityNotice,
  at: Date,
): Promise<void> {
  const to = notice.kind === 'email-changed' ? [notice.oldEmail, notice.newEmail] : [user.email];
  for (const address of to) {
    try {
      await deps.mailer.send(securityMail(address, user.name, notice, at));
    } catch (err) {
      deps.log.warn({ err, login: user.login, notice: notice.kind }, 'aviso de segurança por e-mail não enviado');
    }
  }
}
