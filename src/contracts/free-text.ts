// What free text the provider accepts (issue 29, decision 128). Every name and line it stores comes back on screens,
// in CSV exports and in e-mails, so none may carry markup, a line break or a spreadsheet formula. Two kinds:
// - a name (a person's, a user's, the one embossed on a card): the card request's rule — letters, accents, spaces
//   and '&', nothing else;
// - a line (address, district, city, complement, a description, a label, a company's name): any printable
//   character but '<' and '>', no control character (CR, LF, tab…), and not starting with = + - @ (the formula
//   starts a spreadsheet reads).
// No dependency: the forms and the provider's schemas both read them.

const LETTERS = 'A-Za-zÀ-ÖØ-öø-ÿ';

/** Letters (accents included), '&' and single spaces between words; surrounding spaces are trimmed before. */
export const NAME_TEXT = new RegExp(`^[${LETTERS}&]+(?: +[${LETTERS}&]+)*$`, 'u');

/** Printable text with no markup, no control characters and no formula start. */
export const LINE_TEXT = /^(?![=+\-@])[^<>\p{Cc}\u2028\u2029]*$/u;

export const isNameText = (value: string) => NAME_TEXT.test(value);
export const isLineText = (value: string) => LINE_TEXT.test(value);
