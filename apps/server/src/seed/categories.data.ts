// The demo catalogue's categories and sub-categories, in the order the shop lists them.

export const CATEGORY = {
  club: 'Club Jerseys',
  national: 'National Teams',
  retro: 'Retro Jerseys',
  kids: 'Kids',
  training: 'Training Wear',
  player: 'Player Edition',
} as const;

export const SUB_CATEGORY = {
  retro80s90s: '1980s & 1990s',
  retro2000s: '2000s',
  kidsClub: 'Kids Club',
  kidsNational: 'Kids National',
  trainingTops: 'Training Tops',
  tracksuits: 'Tracksuits',
} as const;

export const CATEGORIES: readonly { name: string; subCategories: readonly string[] }[] = [
  {
    name: CATEGORY.club,
    subCategories: [
      'Premier League',
      'La Liga',
      'Bundesliga',
      'Ligue 1',
      'Serie A',
      'Indian Super League',
    ],
  },
  { name: CATEGORY.national, subCategories: ['Europe', 'South America', 'Asia', 'Africa'] },
  { name: CATEGORY.retro, subCategories: [SUB_CATEGORY.retro80s90s, SUB_CATEGORY.retro2000s] },
  { name: CATEGORY.kids, subCategories: [SUB_CATEGORY.kidsClub, SUB_CATEGORY.kidsNational] },
  {
    name: CATEGORY.training,
    subCategories: [SUB_CATEGORY.trainingTops, SUB_CATEGORY.tracksuits],
  },
  { name: CATEGORY.player, subCategories: [] },
];
