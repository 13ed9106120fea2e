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
