// What other parts of the shop use from teams and players (the home page's rows).
export { PlayerCard, TeamCard } from './team-cards';
export { PLAYERS, TEAMS } from './team-data';
