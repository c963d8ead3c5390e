// The demo catalogue's players: the eight of the player pages first, each with a club and a
// national team, the name on the back of their shirts and their number.

export interface PlayerData {
  name: string;
  /** The club the player's page links to. */
  club: string;
  nation: string;
  /** What the product names call them: 'Messi Argentina Player Edition Jersey'. */
  shortName: string;
  backName: string;
  number: string;
  /** The player pages' eight; the others only add to the Players filter. */
  featured: boolean;
}

export const PLAYERS: readonly PlayerData[] = [
  {
    name: 'Lionel Messi',
    club: 'Inter Miami',
    nation: 'Argentina',
    shortName: 'Messi',
    backName: 'MESSI',
    number: '10',
    featured: true,
  },
  {
    name: 'Cristiano Ronaldo',
    club: 'Al Nassr',
    nation: 'Portugal',
    shortName: 'Ronaldo',
    backName: 'RONALDO',
    number: '7',
    featured: true,
  },
  {
    name: 'Neymar Jr',
    club: 'Santos',
    nation: 'Brazil',
    shortName: 'Neymar',
    backName: 'NEYMAR JR',
    number: '10',
    featured: true,
  },
  {
    name: 'Kylian Mbappe',
    club: 'Real Madrid',
    nation: 'France',
    shortName: 'Mbappe',
    backName: 'MBAPPE',
    number: '10',
    featured: true,
  },
  {
    name: 'Erling Haaland',
    club: 'Manchester City',
    nation: 'Norway',
    shortName: 'Haaland',
    backName: 'HAALAND',
    number: '9',
    featured: true,
  },
  {
    name: 'Mohamed Salah',
    club: 'Liverpool',
    nation: 'Egypt',
    shortName: 'Salah',
    backName: 'SALAH',
    number: '11',
    featured: true,
  },
  {
    name: 'Vinicius Jr',
    club: 'Real Madrid',
    nation: 'Brazil',
    shortName: 'Vinicius',
    backName: 'VINI JR',
    number: '7',
    featured: true,
  },
  {
    name: 'Sunil Chhetri',
    club: 'Bengaluru FC',
    nation: 'India',
    shortName: 'Chhetri',
    backName: 'CHHETRI',
    number: '11',
    featured: true,
  },
  {
    name: 'Jude Bellingham',
    club: 'Real Madrid',
    nation: 'England',
    shortName: 'Bellingham',
    backName: 'BELLINGHAM',
    number: '5',
    featured: false,
  },
  {
    name: 'Lamine Yamal',
    club: 'FC Barcelona',
    nation: 'Spain',
    shortName: 'Yamal',
    backName: 'YAMAL',
    number: '10',
    featured: false,
  },
  {
    name: 'Harry Kane',
    club: 'Bayern Munich',
    nation: 'England',
    shortName: 'Kane',
    backName: 'KANE',
    number: '9',
    featured: false,
  },
  {
    name: 'Bruno Fernandes',
    club: 'Manchester United',
    nation: 'Portugal',
    shortName: 'Bruno Fernandes',
    backName: 'B FERNANDES',
    number: '8',
    featured: false,
  },
  {
    name: 'Bukayo Saka',
    club: 'Arsenal',
    nation: 'England',
    shortName: 'Saka',
    backName: 'SAKA',
    number: '7',
    featured: false,
  },
  {
    name: 'Adrian Luna',
    club: 'Kerala Blasters',
    nation: 'Uruguay',
    shortName: 'Luna',
    backName: 'LUNA',
    number: '10',
    featured: false,
  },
];
