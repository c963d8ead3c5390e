// The fixed suggestion phrases the search overlay offers once typed text finds products.
export const SEARCH_SUGGESTIONS = [
  'Messi jersey',
  'Ronaldo jersey',
  'Neymar jersey',
  'Mbappe jersey',
  'Haaland jersey',
  'Salah jersey',
  'Vinicius Jr jersey',
  'Sunil Chhetri jersey',
  'Bellingham jersey',
  'Kane jersey',
  'De Bruyne jersey',
  'Lewandowski jersey',
  'Modric jersey',
  'Griezmann jersey',
  'Pedri jersey',
  'Lamine Yamal jersey',
  'Real Madrid jersey',
  'Barcelona jersey',
  'Manchester United jersey',
  'Manchester City jersey',
  'Liverpool jersey',
  'Arsenal jersey',
  'Chelsea jersey',
  'Tottenham jersey',
  'Bayern Munich jersey',
  'Borussia Dortmund jersey',
  'PSG jersey',
  'Juventus jersey',
  'AC Milan jersey',
  'Inter Milan jersey',
  'Atletico Madrid jersey',
  'Al Nassr jersey',
  'Inter Miami jersey',
  'Kerala Blasters jersey',
  'Bengaluru FC jersey',
  'Mohun Bagan jersey',
  'East Bengal jersey',
  'Argentina jersey',
  'Brazil jersey',
  'Portugal jersey',
  'France jersey',
  'Germany jersey',
  'Spain jersey',
  'England jersey',
  'India jersey',
  'Retro jersey',
  'Full sleeve jersey',
] as const;

/** Phrases sharing a word with the typed text come first; the rest keep their order. */
export function rankSuggestions(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 1);
  if (words.length === 0) return [...SEARCH_SUGGESTIONS];
  const matches = (phrase: string) => words.some((w) => phrase.toLowerCase().includes(w));
  return [...SEARCH_SUGGESTIONS.filter(matches), ...SEARCH_SUGGESTIONS.filter((p) => !matches(p))];
}
