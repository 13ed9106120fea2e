// A refusal of an operator command: the pt-BR reason the terminal shows, and the command exits non-zero.
export class AdminError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'AdminError';
  }
}
