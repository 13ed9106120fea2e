// E-mail texts, in Portuguese, for the operators who receive them.
import { messages } from '../../contracts/messages.ts';
import type { Mail } from './mailer.ts';

export function recoveryCodeMail(to: string, name: string, code: string, validMinutes: number): Mail {
  return {
    to,
    subject: messages.recovery.emailSubject,
    text: [
      `Olá, ${name}.`,
      '',
      'Recebemos um pedido para redefinir a senha do seu acesso ao portal fidis.',
      `Seu código de confirmação é: ${code}`,
      '',
      `O código vale por ${validMinutes} minutos e só pode ser usado uma vez.`,
      'Se você não fez este pedido, ignore esta mensagem: sua senha atual continua válida.',
      '',
      'Equipe fidis',
    ].join('\n'),
  };
}

export function temporaryPasswordMail(to: string, name: string, login: string, password: string): Mail {
  return {
    to,
    subject: 'Seu acesso ao portal fidis',
    text: [
      `Olá, ${name}.`,
      '',
      'Você recebeu acesso ao portal fidis de gestão de cartões corporativos.',
      `Usuário: ${login}`,
      `Senha temporária: ${password}`,
      '',
      'No primeiro acesso o portal pedirá que você crie uma senha nova.',
      'Se você não esperava este acesso, avise o administrador da sua empresa.',
      '',
      'Equipe fidis',
    ].join('\n'),
  };
}

/** Brasília time, as the operators read it, whatever zone the server runs in. */
const brasilia = { timeZone: 'America/Sao_Paulo' } as const;
const dateOf = new Intl.DateTimeFormat('pt-BR', { ...brasilia, dateStyle: 'short' });
const timeOf = new Intl.DateTimeFormat('pt-BR', { ...brasilia, timeStyle: 'short' });

/**
 * Sent after a password change (decision 074): the mailbox is the one channel a session thief does not hold, so
 * its owner learns of a change they did not make while "Esqueceu sua senha?" can still take the account back.
 */
/** '25/11/2026 às 14:05 (horário de Brasília)'. */
export const whenInBrasilia = (at: Date) => `${dateOf.format(at)} às ${timeOf.format(at)} (horário de Brasília)`;

export function passwordChangedMail(to: string, name: string, at: Date): Mail {
  const when = `${dateOf.format(at)} às ${timeOf.format(at)}`;
  return {
    to,
    subject: messages.passwordChange.emailSubject,
    text: [
      `Olá, ${name}.`,
      '',
      `A senha do seu acesso ao portal fidis foi alterada em ${when} (horário de Brasília).`,
      'As outras sessões abertas com o seu usuário foram encerradas.',
      '',
      'Se foi você, nada mais precisa ser feito.',
      'Se não foi você, crie agora uma senha nova por "Esqueceu sua senha?" na tela de login',
      'e avise o administrador da sua empresa.',
      '',
      'Equipe fidis',
    ].join('\n'),
  };
}
