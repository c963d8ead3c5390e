// giveaways/: what other folders may use (decision 077). Inside giveaways/, import the file itself.
export { giveawayWon } from './giveaway-won.mail.js';
export { giveawaysAdminRoutes } from './giveaways.admin-routes.js';
export { giveawaysRoutes } from './giveaways.routes.js';
