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
