// Teams and players: their lists, and their profiles created and edited.
import type { AdminEndpoint } from './endpoint.js';
import {
  PlayerListResponse,
  PlayerRequest,
  PlayerResponse,
  ProfileIdParams,
  TeamListResponse,
  TeamRequest,
  TeamResponse,
  UpdatePlayerRequest,
  UpdateTeamRequest,
} from './profiles.js';

export const profilesEndpoints = {
  listTeams: {
    method: 'GET',
    path: '/api/admin/teams',
    summary: 'Every team with its profile and product count, the featured ones first',
    access: 'catalogue.read',
    response: TeamListResponse,
  },
  createTeam: {
    method: 'POST',
    path: '/api/admin/teams',
    summary: 'Adds a team with its profile',
    access: 'catalogue.write',
    body: TeamRequest,
    response: TeamResponse,
  },
  updateTeam: {
    method: 'PATCH',
    path: '/api/admin/teams/:id',
    summary: "Changes a team's name or profile",
    access: 'catalogue.write',
    params: ProfileIdParams,
    body: UpdateTeamRequest,
    response: TeamResponse,
  },
  listPlayers: {
    method: 'GET',
    path: '/api/admin/players',
    summary: 'Every player with their profile and product count, the featured ones first',
    access: 'catalogue.read',
    response: PlayerListResponse,
  },
  createPlayer: {
    method: 'POST',
    path: '/api/admin/players',
    summary: 'Adds a player with their profile',
    access: 'catalogue.write',
    body: PlayerRequest,
    response: PlayerResponse,
  },
  updatePlayer: {
    method: 'PATCH',
    path: '/api/admin/players/:id',
    summary: "Changes a player's name, team or profile",
    access: 'catalogue.write',
    params: ProfileIdParams,
    body: UpdatePlayerRequest,
    response: PlayerResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
