// Built-in profiles of the featured clubs and players (spec section 2). Any other team or
// player gets the generic profile.
import { slugify } from '@kitroom/contract';

export interface TeamProfile {
  name: string;
  shortName: string;
  founded: string;
  stadium: string;
  bio: string;
  trophies: string;
  leagueTitles: string;
  colors: [string, string];
}

export interface PlayerProfile {
  name: string;
  team: string;
  number: string;
  bio: string;
  careerGoals: string;
  trophies: string;
  colors: [string, string];
}

export const TEAMS: readonly TeamProfile[] = [
  {
    name: 'Real Madrid',
    shortName: 'RMA',
    founded: '1902',
    stadium: 'Santiago Bernabéu, Madrid',
    bio: 'The most decorated club in European football, Real Madrid play in all white and have turned the European Cup into a habit.',
    trophies: '15 European Cups',
    leagueTitles: '36 La Liga titles',
    colors: ['#ffffff', '#1e3a8a'],
  },
  {
    name: 'FC Barcelona',
    shortName: 'FCB',
    founded: '1899',
    stadium: 'Camp Nou, Barcelona',
    bio: 'Més que un club: the blaugrana of La Masia, tiki-taka and some of the greatest players ever to wear a shirt.',
    trophies: '5 European Cups',
    leagueTitles: '28 La Liga titles',
    colors: ['#a50044', '#004d98'],
  },
  {
    name: 'Manchester United',
    shortName: 'MUN',
    founded: '1878',
    stadium: 'Old Trafford, Manchester',
    bio: 'The Red Devils of Old Trafford, with a history of youth, comebacks and one of the largest followings in the world.',
    trophies: '3 European Cups',
    leagueTitles: '20 English league titles',
    colors: ['#da291c', '#000000'],
  },
  {
    name: 'Liverpool',
    shortName: 'LFC',
    founded: '1892',
    stadium: 'Anfield, Liverpool',
    bio: 'You’ll Never Walk Alone: the Reds of Anfield, six times champions of Europe and famous for their atmosphere.',
    trophies: '6 European Cups',
    leagueTitles: '20 English league titles',
    colors: ['#c8102e', '#00b2a9'],
  },
  {
    name: 'Manchester City',
    shortName: 'MCI',
    founded: '1880',
    stadium: 'Etihad Stadium, Manchester',
    bio: 'The sky blues of Manchester, whose possession football brought a run of titles and a first European Cup in 2023.',
    trophies: '1 European Cup',
    leagueTitles: '10 English league titles',
    colors: ['#6cabdd', '#1c2c5b'],
  },
  {
    name: 'Bayern Munich',
    shortName: 'BAY',
    founded: '1900',
    stadium: 'Allianz Arena, Munich',
    bio: 'Germany’s record champions, the Bavarians in red are a fixture at the top of the Bundesliga and in Europe.',
    trophies: '6 European Cups',
    leagueTitles: '34 German titles',
    colors: ['#dc052d', '#0066b2'],
  },
  {
    name: 'Paris Saint-Germain',
    shortName: 'PSG',
    founded: '1970',
    stadium: 'Parc des Princes, Paris',
    bio: 'The capital’s club, home of stars and of the navy shirt with the red stripe, and champions of Europe in 2025.',
    trophies: '1 European Cup',
    leagueTitles: '13 Ligue 1 titles',
    colors: ['#004170', '#da291c'],
  },
  {
    name: 'Kerala Blasters',
    shortName: 'KBFC',
    founded: '2014',
    stadium: 'Jawaharlal Nehru Stadium, Kochi',
    bio: 'The Tuskers of the Indian Super League, carried by the yellow wave of the Manjappada, one of Asia’s loudest crowds.',
    trophies: '3 ISL finals',
    leagueTitles: 'None yet',
    colors: ['#fdb913', '#1d4189'],
  },
];

export const PLAYERS: readonly PlayerProfile[] = [
  {
    name: 'Lionel Messi',
    team: 'Inter Miami',
    number: '10',
    bio: 'The Argentine maestro: dribbling, vision and goals across two decades, crowned world champion in Qatar in 2022.',
    careerGoals: '850+',
    trophies: '8 Ballon d’Or, 2022 World Cup, 4 Champions Leagues',
    colors: ['#75aadb', '#ffffff'],
  },
  {
    name: 'Cristiano Ronaldo',
    team: 'Al Nassr',
    number: '7',
    bio: 'The record-breaking Portuguese forward, the all-time top scorer of men’s international football.',
    careerGoals: '900+',
    trophies: '5 Ballon d’Or, 5 Champions Leagues, Euro 2016',
    colors: ['#da291c', '#046a38'],
  },
  {
    name: 'Neymar Jr',
    team: 'Santos',
    number: '10',
    bio: 'Brazil’s flair in one player: skill, tricks and the country’s record goalscorer.',
    careerGoals: '430+',
    trophies: 'Champions League 2015, Olympic gold 2016',
    colors: ['#ffdf00', '#009c3b'],
  },
  {
    name: 'Kylian Mbappe',
    team: 'Real Madrid',
    number: '9',
    bio: 'Pace and finishing from Bondy to the Bernabéu; a World Cup winner at nineteen.',
    careerGoals: '350+',
    trophies: '2018 World Cup, 6 Ligue 1 titles',
    colors: ['#002654', '#ed2939'],
  },
  {
    name: 'Erling Haaland',
    team: 'Manchester City',
    number: '9',
    bio: 'The Norwegian striker who breaks scoring records wherever he plays.',
    careerGoals: '300+',
    trophies: 'Champions League 2023, 2 Premier League titles',
    colors: ['#6cabdd', '#ba0c2f'],
  },
  {
    name: 'Mohamed Salah',
    team: 'Liverpool',
    number: '11',
    bio: 'The Egyptian King of Anfield, a left foot that has won the Premier League Golden Boot four times.',
    careerGoals: '350+',
    trophies: 'Champions League 2019, 2 Premier League titles',
    colors: ['#c8102e', '#000000'],
  },
  {
    name: 'Vinicius Jr',
    team: 'Real Madrid',
    number: '7',
    bio: 'The Brazilian winger whose speed and skill decide the biggest nights; FIFA’s best men’s player of 2024.',
    careerGoals: '100+',
    trophies: '2 Champions Leagues, 3 La Liga titles',
    colors: ['#ffffff', '#009c3b'],
  },
  {
    name: 'Sunil Chhetri',
    team: 'Bengaluru FC',
    number: '11',
    bio: 'India’s captain and record goalscorer, the face of Indian football for two decades.',
    careerGoals: '95 for India',
    trophies: 'ISL 2018–19, 3 SAFF Championships',
    colors: ['#1d4189', '#ff9933'],
  },
];

const GENERIC_COLORS: [string, string] = ['#0b1220', '#d4ff3a'];

// Words that tell no team from another.
const FILLER = new Set(['FC', 'CF', 'SC', 'AFC', 'de', 'of', 'the']);

/**
 * Crest letters of a team without a built-in profile, made to differ between look-alike
 * names: one word gives its first three letters (Arsenal ARS); two give both initials and the
 * last letter (Inter Milan IMN, Inter Miami IMI, AC Milan ACMN, Atletico Madrid AMD); three
 * or more give the initials (Mohun Bagan Super Giant MBSG). Up to four letters.
 */
export function shortNameOf(name: string): string {
  const words = name
    .split(/[\s-]+/)
    .filter((w) => w !== '' && !FILLER.has(w))
    .map((w) => w.normalize('NFD').replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return name.slice(0, 3).toUpperCase();
  const initial = (w: string) => (/^[A-Z]{2,3}$/.test(w) ? w : w.charAt(0));
  let code: string;
  if (words.length === 1) code = words[0]!.slice(0, 3);
  else if (words.length === 2)
    code = `${initial(words[0]!)}${words[1]!.charAt(0)}${words[1]!.slice(-1)}`;
  else code = words.map(initial).join('');
  return code.toUpperCase().slice(0, 4);
}

/** The built-in profile of a team, or the generic one for any other team. */
export function teamProfile(name: string): TeamProfile {
  return (
    TEAMS.find((t) => t.name === name) ?? {
      name,
      shortName: shortNameOf(name),
      founded: '—',
      stadium: '—',
      bio: `Official-style home, away and third kits of ${name}, for the stands and the five-a-side.`,
      trophies: '—',
      leagueTitles: '—',
      colors: GENERIC_COLORS,
    }
  );
}

export function playerProfile(name: string): PlayerProfile {
  return (
    PLAYERS.find((p) => p.name === name) ?? {
      name,
      team: '—',
      number: '',
      bio: `Jerseys of ${name}, with name and number, for fans who follow every match.`,
      careerGoals: '—',
      trophies: '—',
      colors: GENERIC_COLORS,
    }
  );
}

/** The built-in name for a URL slug, when it is one of the featured ones. */
export function featuredNameForSlug(
  list: readonly { name: string }[],
  slug: string,
): string | undefined {
  return list.find((item) => slugify(item.name) === slug)?.name;
}
