// What other parts of the shop use from teams and players (the home page's rows).
export { FeaturedCards, PlayerCard, TeamCard } from './team-cards';
export { playerOf, profilesOf, teamOf, useProfiles } from './profiles';
