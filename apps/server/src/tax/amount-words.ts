// An amount in words as Indian invoices write it (the Indian system: thousand, lakh, crore):
// 129950 paise → 'Rupees One Thousand Two Hundred Ninety Nine and Fifty Paise Only'.
// Twenty lines of our own rather than a library: the wording is the shop's, fixed by a test.

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const rest = n % 10;
  return rest === 0 ? TENS[n / 10]! : `${TENS[Math.floor(n / 10)]} ${ONES[rest]}`;
}

/** A whole number in words, grouped the Indian way; '' for 0. */
export function indianNumberWords(n: number): string {
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  const thousands = Math.floor((n % 100_000) / 1000);
  const hundreds = Math.floor((n % 1000) / 100);
  const rest = n % 100;
  if (crores > 0) parts.push(`${indianNumberWords(crores)} Crore`);
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** 'Rupees One Thousand Two Hundred Ninety Nine and Fifty Paise Only'; one is 'One Paisa'. */
export function rupeesInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const cents = paise % 100;
  const whole = `Rupees ${rupees === 0 ? 'Zero' : indianNumberWords(rupees)}`;
  if (cents === 0) return `${whole} Only`;
  return `${whole} and ${belowHundred(cents)} ${cents === 1 ? 'Paisa' : 'Paise'} Only`;
}
