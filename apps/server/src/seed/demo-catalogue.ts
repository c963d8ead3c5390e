// The demo catalogue: a few hundred realistic jerseys built from the data modules, and on
// request any number of further variants for load tests. Every value comes from a generator
// seeded by the product's name, so each run builds the same catalogue.
import type { ProductImport } from '../catalogue/index.js';
import { CATEGORY, SUB_CATEGORY } from './categories.data.js';
import { PLAYERS, type PlayerData } from './players.data.js';
import { between, mulberry32, pick, randomFor, type Random } from './prng.js';
import type { ImagePool, ImageSet } from './product-images.js';
import { CLUBS, NATIONAL_TEAMS, TEAMS, teamNamed, type TeamData } from './teams.data.js';

const CURRENT_SEASON = '2026/27';
const PREVIOUS_SEASON = '2025/26';
const OLDER_SEASON = '2024/25';

type Kind =
  | 'club'
  | 'club-old'
  | 'national'
  | 'national-old'
  | 'retro'
  | 'kids'
  | 'training'
  | 'tracksuit'
  | 'player-edition'
  | 'name-number';

/** A product before its prices, stock, ratings and dates are drawn. */
interface Draft {
  name: string;
  kind: Kind;
  category: string;
  subCategory: string | null;
  team: TeamData;
  player?: PlayerData;
  images: ImageSet;
  /** Season or year, for the tag and the text. */
  season: string;
  /** 'home', 'away', 'third', 'training' ... as the text says it. */
  look: string;
  /** Dates the product may have been added between. */
  addedFrom: string;
  addedTo: string;
  soldOut?: boolean;
}

const PRICES: Record<Kind, readonly number[]> = {
  club: [1499, 1799, 1999, 2299, 2499],
  'club-old': [999, 1199, 1299, 1499],
  national: [1499, 1799, 1999, 2299],
  'national-old': [999, 1199, 1299],
  retro: [1299, 1499, 1799, 1999, 2499],
  kids: [499, 599, 699, 799, 999],
  training: [699, 899, 999, 1199, 1299],
  tracksuit: [1999, 2499, 2999, 3499],
  'player-edition': [3499, 3999, 4499, 4999],
  'name-number': [1999, 2299, 2499, 2799],
};

/**
 * The HSN code of each kind that is not a jersey (decision 055): tracksuits are knitted track
 * suits (6112); a kids' kit is a shirt and shorts of one knitted fabric sold together, an
 * ensemble, and one not cut for boys or girls alone goes to 6104 (Chapter 61, note 9). The
 * rest are jerseys: 6109, the column's default. All are chapter 61, so the rates are the same.
 */
const KIND_HSN: Partial<Record<Kind, string>> = { tracksuit: '6112', kids: '6104' };

const KIND_TAG: Record<Kind, string> = {
  club: 'club jersey',
  'club-old': 'club jersey',
  national: 'national team jersey',
  'national-old': 'national team jersey',
  retro: 'retro jersey',
  kids: 'kids kit',
  training: 'training top',
  tracksuit: 'tracksuit',
  'player-edition': 'player edition',
  'name-number': 'name and number',
};

const FABRIC = [
  'Made from breathable, quick-dry polyester mesh that stays light through a humid Indian summer.',
  'Lightweight recycled polyester with ventilation panels under the arms and a soft brushed inside.',
  'Soft-touch interlock knit with a moisture-wicking finish and flat seams that do not rub.',
  'Double-knit jacquard fabric with a subtle tonal pattern and sweat-wicking yarns.',
];
const FIT = [
  'Regular fan fit: take your usual size.',
  'Athletic slim fit: size up for a relaxed feel.',
  'Relaxed fit with a straight hem, easy over a T-shirt.',
];
const CARE = [
  'Machine wash cold, inside out; do not iron the print.',
  'Wash at 30°C with similar colours and dry in the shade.',
];

function opening(d: Draft): string {
  const p = d.player;
  switch (d.kind) {
    case 'club':
    case 'club-old':
      return `The ${d.team.name} ${d.look} jersey of the ${d.season} season, in the colours the stands wear on match day, with the embroidered crest over the heart.`;
    case 'national':
    case 'national-old':
      return `The ${d.team.name} ${d.look} jersey from ${d.season}, the shirt the national team wears on the big nights, with the federation badge on the chest.`;
    case 'retro':
      return `A faithful remake of the ${d.team.name} ${d.look} shirt from ${d.season}, with the buttoned collar and the crest of the day.`;
    case 'kids':
      return `The ${d.team.name} ${d.look} kit sized for young fans: a shirt cut for running about and matching shorts, in the same colours as the grown-ups wear.`;
    case 'training':
      return `The ${d.team.name} training top the squad warms up in, with contrast raglan sleeves and a small crest.`;
    case 'tracksuit':
      return `A ${d.team.name} tracksuit: a full-zip jacket with a stand-up collar and striped sleeves, and matching tapered pants, warm enough for early kick-offs.`;
    case 'player-edition':
      return `The authentic ${p?.name} ${d.team.name} shirt in the lighter player cut, with ${p?.backName} ${p?.number} heat-pressed on the back.`;
    case 'name-number':
      return `The ${d.team.name} ${d.look} jersey of ${d.season} with ${p?.backName} ${p?.number} printed on the back, as ${p?.name} wears it.`;
  }
}

/** 150 to 400 characters: what the shirt is, its fabric, its fit, its care. */
function details(d: Draft, random: Random): string {
  const parts = [opening(d), pick(random, FABRIC), pick(random, FIT), pick(random, CARE)];
  while (parts.join(' ').length > 400) parts.splice(parts.length - 2, 1);
  return parts.join(' ');
}

// Even the cheapest kids' kit keeps at least ₹449 after its discount.
const MIN_DISCOUNT_PAISE = 44_900;

/** Rupees ending in 99 (or 49), about a tenth to two fifths off, as paise. */
function discountPaise(pricePaise: number, random: Random): number {
  const off = pick(random, [0.1, 0.15, 0.2, 0.25, 0.3, 0.4]);
  const rupees = Math.round(((pricePaise / 100) * (1 - off)) / 50) * 50 - 1;
  return Math.max(MIN_DISCOUNT_PAISE, Math.min(pricePaise - 5000, rupees * 100));
}

const DAY = 24 * 60 * 60 * 1000;

function finish(d: Draft, random: Random): ProductImport {
  const price = pick(random, PRICES[d.kind]) * 100;
  const discounted = random() < (d.kind.endsWith('-old') ? 0.7 : 0.26);
  const soldOut = d.soldOut === true || random() < 0.03;
  const size: Record<string, number> = {};
  for (const s of ['S', 'M', 'L', 'XL', 'XXL']) {
    size[s] = soldOut || random() < 0.12 ? 0 : between(random, 1, 24);
  }
  const from = Date.parse(d.addedFrom);
  const to = Date.parse(d.addedTo);
  const popularity = d.team.popularity + (d.player?.featured ? 3 : 0);
  const limitedChance = d.kind === 'retro' ? 0.35 : d.kind === 'player-edition' ? 0.3 : 0.05;
  const promotedChance = d.kind === 'club' || d.kind === 'national' ? 0.2 : 0.04;
  return {
    name: d.name,
    pricePaise: price,
    discountPricePaise: discounted ? discountPaise(price, random) : price,
    category: d.category,
    subCategory: d.subCategory,
    team: d.team.name,
    player: d.player?.name ?? null,
    size,
    ...d.images,
    tag: [d.team.name, d.player?.name, d.season, KIND_TAG[d.kind], d.team.group]
      .filter((t): t is string => Boolean(t))
      .join(','),
    details: details(d, random),
    rating: (between(random, 30, 50) / 10).toFixed(1),
    viewCount: Math.floor(popularity * popularity * (4 + random() * 60)),
    isLimited: random() < limitedChance,
    isPromoted: random() < promotedChance,
    createdAt: new Date(
      from + Math.floor(random() * ((to - from) / DAY)) * DAY + between(random, 0, 86_399) * 1000,
    ),
    ...(KIND_HSN[d.kind] ? { hsnCode: KIND_HSN[d.kind] } : {}),
  };
}

const LOOK_LABEL: Record<string, string> = { home: 'Home', away: 'Away', third: 'Third' };
const TOP_CLUBS = CLUBS.slice(0, 8);

/** When each season's shirts came into the shop. */
const SEASON_ADDED: Record<string, [string, string]> = {
  [CURRENT_SEASON]: ['2026-06-10', '2026-09-30'],
  [PREVIOUS_SEASON]: ['2025-06-10', '2025-09-30'],
  [OLDER_SEASON]: ['2024-06-10', '2024-09-30'],
};

function clubDrafts(pool: ImagePool): Draft[] {
  const drafts: Draft[] = [];
  const add = (team: TeamData, look: 'home' | 'away' | 'third', season: string) => {
    const [addedFrom, addedTo] = SEASON_ADDED[season]!;
    drafts.push({
      name: `${team.name} ${LOOK_LABEL[look]} Jersey ${season}`,
      kind: season === CURRENT_SEASON ? 'club' : 'club-old',
      category: CATEGORY.club,
      subCategory: team.group,
      team,
      images: pool.team(team, look),
      season,
      look,
      addedFrom,
      addedTo,
    });
  };
  for (const team of CLUBS) {
    add(team, 'home', CURRENT_SEASON);
    add(team, 'away', CURRENT_SEASON);
    if (team.third) add(team, 'third', CURRENT_SEASON);
    add(team, 'home', PREVIOUS_SEASON);
  }
  for (const team of TOP_CLUBS) {
    add(team, 'away', PREVIOUS_SEASON);
    add(team, 'home', OLDER_SEASON);
  }
  return drafts;
}

const NATIONAL_OLD_AWAY = [
  'Argentina',
  'Brazil',
  'Portugal',
  'France',
  'England',
  'Spain',
  'Germany',
  'India',
];

function nationalDrafts(pool: ImagePool): Draft[] {
  const drafts: Draft[] = [];
  const add = (team: TeamData, look: 'home' | 'away', year: string) =>
    drafts.push({
      name: `${team.name} ${LOOK_LABEL[look]} Jersey ${year}`,
      kind: year === '2026' ? 'national' : 'national-old',
      category: CATEGORY.national,
      subCategory: team.group,
      team,
      images: pool.team(team, look),
      season: year,
      look,
      addedFrom: year === '2026' ? '2026-03-01' : '2024-03-01',
      addedTo: year === '2026' ? '2026-05-31' : '2024-05-31',
    });
  for (const team of NATIONAL_TEAMS) {
    add(team, 'home', '2026');
    add(team, 'away', '2026');
    add(team, 'home', '2024');
  }
  for (const name of NATIONAL_OLD_AWAY) add(teamNamed(name), 'away', '2024');
  return drafts;
}

/** Famous old shirts: team, year, look; the first ones are the 1980s and 1990s. */
const RETRO: readonly [string, string, 'home' | 'away'][] = [
  ['Argentina', '1986', 'home'],
  ['Brazil', '1998', 'away'],
  ['Brazil', '1994', 'home'],
  ['Manchester United', '1999', 'home'],
  ['Germany', '1990', 'home'],
  ['Netherlands', '1988', 'home'],
  ['France', '1998', 'home'],
  ['Italy', '1990', 'home'],
  ['AC Milan', '1989', 'home'],
  ['Liverpool', '1989', 'home'],
  ['England', '1996', 'home'],
  ['Juventus', '1996', 'home'],
  ['Borussia Dortmund', '1997', 'home'],
  ['FC Barcelona', '1992', 'home'],
  ['Nigeria', '1994', 'home'],
  ['Colombia', '1990', 'home'],
  ['Arsenal', '1989', 'away'],
  ['Real Madrid', '1998', 'home'],
  ['Real Madrid', '2002', 'home'],
  ['FC Barcelona', '2009', 'home'],
  ['Manchester United', '2008', 'home'],
  ['Liverpool', '2005', 'home'],
  ['Spain', '2008', 'home'],
  ['Spain', '2010', 'away'],
  ['Italy', '2006', 'home'],
  ['France', '2006', 'home'],
  ['Portugal', '2004', 'home'],
  ['Brazil', '2002', 'home'],
  ['Argentina', '2006', 'home'],
  ['Chelsea', '2005', 'home'],
  ['Arsenal', '2004', 'home'],
  ['AC Milan', '2007', 'away'],
  ['Inter Milan', '2010', 'home'],
  ['Bayern Munich', '2001', 'home'],
  ['Germany', '2006', 'home'],
];

/** Sold out on purpose, so the shop always shows what a sold-out product looks like. */
const SOLD_OUT = new Set(['Retro Argentina 1986 Home Jersey', 'Juventus Home Jersey 2025/26']);

function retroDrafts(pool: ImagePool): Draft[] {
  return RETRO.map(([teamName, year, look]) => {
    const team = teamNamed(teamName);
    return {
      name: `Retro ${team.name} ${year} ${LOOK_LABEL[look]} Jersey`,
      kind: 'retro',
      category: CATEGORY.retro,
      subCategory: Number(year) < 2000 ? SUB_CATEGORY.retro80s90s : SUB_CATEGORY.retro2000s,
      team,
      images: pool.team(team, look === 'home' ? 'retro-home' : 'retro-away'),
      season: year,
      look,
      addedFrom: '2025-01-15',
      addedTo: '2026-10-31',
    };
  });
}

const KIDS_CLUBS = [
  ...TOP_CLUBS.map((t) => t.name),
  'Arsenal',
  'Chelsea',
  'Bengaluru FC',
  'Mumbai City FC',
  'Mohun Bagan Super Giant',
  'Inter Miami',
];
const KIDS_NATIONS = [
  'Argentina',
  'Brazil',
  'Portugal',
  'France',
  'India',
  'England',
  'Spain',
  'Germany',
];
const KIDS_AWAY = [...TOP_CLUBS.map((t) => t.name), 'Argentina', 'Brazil', 'Portugal', 'India'];

function kidsDrafts(pool: ImagePool): Draft[] {
  const kit = (teamName: string, look: 'home' | 'away'): Draft => {
    const team = teamNamed(teamName);
    return {
      name: `${team.name} Kids ${LOOK_LABEL[look]} Kit`,
      kind: 'kids',
      category: CATEGORY.kids,
      subCategory: team.kind === 'club' ? SUB_CATEGORY.kidsClub : SUB_CATEGORY.kidsNational,
      team,
      images: pool.team(team, look),
      season: team.kind === 'club' ? CURRENT_SEASON : '2026',
      look,
      addedFrom: '2026-07-01',
      addedTo: '2026-10-31',
    };
  };
  return [
    ...[...KIDS_CLUBS, ...KIDS_NATIONS].map((t) => kit(t, 'home')),
    ...KIDS_AWAY.map((t) => kit(t, 'away')),
  ];
}

const TRAINING = [...KIDS_CLUBS, 'India', 'Argentina', 'Brazil', 'Portugal'];
const TRACKSUITS = [...TOP_CLUBS.map((t) => t.name), 'Arsenal', 'Chelsea', 'India', 'Argentina'];

function trainingDrafts(pool: ImagePool): Draft[] {
  const wear = (teamName: string, look: 'training' | 'tracksuit'): Draft => {
    const team = teamNamed(teamName);
    const season = team.kind === 'club' ? CURRENT_SEASON : '2026';
    return {
      name: `${team.name} ${look === 'training' ? 'Training Top' : 'Tracksuit'} ${season}`,
      kind: look,
      category: CATEGORY.training,
      subCategory: look === 'training' ? SUB_CATEGORY.trainingTops : SUB_CATEGORY.tracksuits,
      team,
      images: pool.team(team, look),
      season,
      look,
      addedFrom: '2026-07-01',
      addedTo: '2026-10-31',
    };
  };
  return [
    ...TRAINING.map((t) => wear(t, 'training')),
    ...TRACKSUITS.map((t) => wear(t, 'tracksuit')),
  ];
}

function playerDrafts(pool: ImagePool): Draft[] {
  const drafts: Draft[] = [];
  for (const player of PLAYERS) {
    const teams = player.featured
      ? [teamNamed(player.nation), teamNamed(player.club)]
      : [teamNamed(player.club)];
    for (const team of teams) {
      const images = pool.player(player, team);
      const season = team.kind === 'club' ? CURRENT_SEASON : '2026';
      drafts.push({
        name: `${player.shortName} ${team.name} Player Edition Jersey`,
        kind: 'player-edition',
        category: CATEGORY.player,
        subCategory: null,
        team,
        player,
        images,
        season,
        look: 'home',
        addedFrom: '2026-08-01',
        addedTo: '2026-11-01',
      });
      drafts.push({
        name: `${player.name} ${team.name} Home Jersey ${season}`,
        kind: 'name-number',
        category: team.kind === 'club' ? CATEGORY.club : CATEGORY.national,
        subCategory: team.group,
        team,
        player,
        images,
        season,
        look: 'home',
        addedFrom: team.kind === 'club' ? '2026-06-10' : '2026-03-01',
        addedTo: team.kind === 'club' ? '2026-10-31' : '2026-05-31',
      });
    }
  }
  return drafts;
}

const EDITIONS = [
  'Fan Edition',
  'Authentic Edition',
  'Long Sleeve',
  "Women's Fit",
  'Slim Fit',
  'Supporter Edition',
  'Printed Replica',
  'Anniversary Edition',
];
const SEASON_STARTS = Array.from({ length: 32 }, (_, i) => 1995 + i);

/**
 * The `index`th load-test variant: a team's home, away or third shirt of a past season in
 * one of several editions, using the same picture sets as the demo products.
 */
function variantDraft(pool: ImagePool, index: number): Draft {
  const team = TEAMS[index % TEAMS.length]!;
  let rest = Math.floor(index / TEAMS.length);
  const looks: ('home' | 'away' | 'third')[] = team.third
    ? ['home', 'away', 'third']
    : ['home', 'away'];
  const look = looks[rest % looks.length]!;
  rest = Math.floor(rest / looks.length);
  const start = SEASON_STARTS[rest % SEASON_STARTS.length]!;
  rest = Math.floor(rest / SEASON_STARTS.length);
  const edition = EDITIONS[rest % EDITIONS.length]!;
  const batch = Math.floor(rest / EDITIONS.length);
  const club = team.kind === 'club';
  const season = club ? `${start}/${String((start + 1) % 100).padStart(2, '0')}` : String(start);
  return {
    name: `${team.name} ${LOOK_LABEL[look]} Jersey ${season} ${edition}${batch > 0 ? ` (Lot ${batch + 1})` : ''}`,
    kind: club ? 'club-old' : 'national-old',
    category: club ? CATEGORY.club : CATEGORY.national,
    subCategory: team.group,
    team,
    images: pool.team(team, look),
    season,
    look,
    addedFrom: '2023-01-01',
    addedTo: '2026-10-31',
  };
}

/**
 * The demo catalogue (at least 300 products), then load-test variants up to `products` when
 * that is larger. Picture sets are taken from the pool, which lists the files to render.
 */
export function buildDemoCatalogue(pool: ImagePool, products = 0): ProductImport[] {
  const drafts = [
    ...clubDrafts(pool),
    ...nationalDrafts(pool),
    ...retroDrafts(pool),
    ...kidsDrafts(pool),
    ...trainingDrafts(pool),
    ...playerDrafts(pool),
  ].map((d) => (SOLD_OUT.has(d.name) ? { ...d, soldOut: true } : d));
  const items = drafts.map((d) => finish(d, randomFor(d.name)));
  for (let i = 0; items.length < products; i++) {
    items.push(finish(variantDraft(pool, i), mulberry32(0x5eed + i)));
  }
  return items;
}

/** The demo's teams and players with their clubs, for creating them before the products. */
export const DEMO_NAMES = {
  teams: TEAMS.map((t) => t.name),
  players: PLAYERS.map((p) => ({ name: p.name, team: p.club })),
};
