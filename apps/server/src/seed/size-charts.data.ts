// The demo shop's size charts, one per fit, and the chart of each category (Legal Metrology:
// a garment's sizes with their measurements in centimetres). Body measurements: the chest
// around its fullest part, the length from the shoulder's high point to the hem.
import { CATEGORIES, CATEGORY } from './categories.data.js';

export interface SeedSizeChart {
  name: string;
  fit_note: string;
  rows: { size: string; chest_cm: number; length_cm: number }[];
  categories: string[];
}

const FAN = 'Fan fit';
const PLAYER = 'Player fit';
const KIDS = 'Kids';

const chartOf = (category: string) =>
  category === CATEGORY.player ? PLAYER : category === CATEGORY.kids ? KIDS : FAN;

const categoriesOf = (chart: string) =>
  CATEGORIES.map((c) => c.name).filter((name) => chartOf(name) === chart);

export const SIZE_CHARTS: readonly SeedSizeChart[] = [
  {
    name: FAN,
    fit_note: 'Fan version: a relaxed, regular cut. Take your usual size.',
    rows: [
      { size: 'S', chest_cm: 96, length_cm: 70 },
      { size: 'M', chest_cm: 102, length_cm: 72 },
      { size: 'L', chest_cm: 108, length_cm: 74 },
      { size: 'XL', chest_cm: 114, length_cm: 76 },
      { size: 'XXL', chest_cm: 120, length_cm: 78 },
    ],
    categories: categoriesOf(FAN),
  },
  {
    name: PLAYER,
    fit_note:
      'Player version runs one size small: a slim, athletic cut. Take one size up for the fit of a fan shirt.',
    rows: [
      { size: 'S', chest_cm: 92, length_cm: 69 },
      { size: 'M', chest_cm: 97, length_cm: 71 },
      { size: 'L', chest_cm: 102, length_cm: 73 },
      { size: 'XL', chest_cm: 107, length_cm: 75 },
      { size: 'XXL', chest_cm: 112, length_cm: 77 },
    ],
    categories: categoriesOf(PLAYER),
  },
  {
    name: KIDS,
    fit_note:
      'Kids sizes by age: S 5–6 years, M 7–8, L 9–10, XL 11–12, XXL 13–14. Measure the child and choose by chest.',
    rows: [
      { size: 'S', chest_cm: 64, length_cm: 48 },
      { size: 'M', chest_cm: 70, length_cm: 52 },
      { size: 'L', chest_cm: 76, length_cm: 56 },
      { size: 'XL', chest_cm: 82, length_cm: 60 },
      { size: 'XXL', chest_cm: 88, length_cm: 64 },
    ],
    categories: categoriesOf(KIDS),
  },
];
