import { messages } from '../../../../contracts/messages.ts';

const m = messages.secondFactor.ui;

/** The recovery codes as the operator keeps them: a header that says what they are, one code a line. */
export const codesText = (codes: readonly string[]) => `${m.codesFileHeader}\n\n${codes.join('\n')}\n`;

/** Hands a .txt of the codes to the browser's downloads, as a link the operator clicked would. */
export function downloadCodes(codes: readonly string[]): void {
  const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = m.codesFileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
