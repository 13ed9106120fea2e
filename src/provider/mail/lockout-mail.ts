// The e-mail that tells an operator their login was locked: the sign-in answer no longer says so (decision 060),
// so the person who owns the mailbox learns it, not whoever is guessing.
import type { Mail } from './mailer.ts';

export function lockoutMail(to: string, name: string, lockMinutes: number): Mail {
  return {
    to,
    subject: 'Seu acesso ao portal fidis foi bloqueado temporariamente',
    text: [
      `Olá, ${name}.`,
      '',
      `Houve 10 tentativas seguidas de entrar no portal fidis com o seu usuário e uma senha errada.`,
      `Por segurança, o acesso ficará bloqueado pelos próximos ${lockMinutes} minutos.`,
      '',
      'Se foi você, aguarde e tente de novo, ou use "Esqueceu sua senha?" na tela de login.',
      'Se não foi você, troque sua senha por "Esqueceu sua senha?" e avise o administrador da sua empresa.',
      '',
      'Equipe fidis',
    ].join('\n'),
  };
}
