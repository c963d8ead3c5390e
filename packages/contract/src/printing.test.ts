import { describe, expect, it } from 'vitest';
import {
  PRINT_NAME_ERROR,
  PRINT_NUMBER_ERROR,
  PrintName,
  PrintNumber,
  printedName,
  printNameProblem,
  printNumberProblem,
} from './printing.js';

// The storefront's form checks with the plain helpers, the server with the schemas: they must
// say the same of every name and number.
describe('the print rule’s plain helpers', () => {
  const names = [
    '',
    'luna',
    ' leo  messi ',
    'ABCDEFGHIJKL',
    'ABCDEFGHIJKLM',
    '  abcdefghijkl  ',
    'Lu1a',
    'Müller',
    'José',
    'R9',
    'नाम',
    'o’neil',
    'ab\tcd',
  ];
  it.each(names)('agree with PrintName on %j', (typed) => {
    const parsed = PrintName.safeParse(typed);
    const problem = printNameProblem(printedName(typed));
    expect(problem).toBe(parsed.success ? null : PRINT_NAME_ERROR);
    if (parsed.success) expect(printedName(typed)).toBe(parsed.data);
  });

  it.each([0, 7, 10, 99, 100, -1, 1.5, Number.NaN])('agree with PrintNumber on %s', (n) => {
    expect(printNumberProblem(n)).toBe(
      PrintNumber.safeParse(n).success ? null : PRINT_NUMBER_ERROR,
    );
  });
});
