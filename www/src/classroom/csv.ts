// A field of the class's CSV, safe to open in a spreadsheet: quoted where it must be, and a text that a
// spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return: a student's name
// or answer, say) led by an apostrophe, as OWASP's guidance on CSV injection says. A number stays a number:
// -3.5 is not a formula.

/** A plain decimal number, as a spreadsheet reads one (-3.5, 1e-3, +2). */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** `value` as one field of a CSV line. */
export function csvField(value: string): string {
  const formula = /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value);
  const text = formula ? `'${value}` : value;
  return formula || /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
