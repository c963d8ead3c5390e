// The back office's API in one table: method, path, the schemas of what is sent and answered,
// and who may call it. The server registers its routes from this table, the admin client
// derives its typed calls from it, and /api/admin/openapi.json is generated from it.
import { z } from 'zod';
import { ErrorResponse } from '../common.js';
import { roleMay, type Permission, type StaffRole } from './roles.js';
import {
  AuditQuery,
  AuditResponse,
  InviteStaffRequest,
  SecondFactorRequest,
  SetupInfoResponse,
  SetupLinkResponse,
  SetupParams,
  SetupRequest,
  SetupResponse,
  SignedInResponse,
  SignInRequest,
  SignInResponse,
  SignOutResponse,
  StaffIdParams,
  StaffListResponse,
  StaffResponse,
  UpdateStaffRequest,
} from './staff.js';

/**
 * Who may call: anyone ('public': setup links, sign-in), a staff member between password and
 * second factor ('second-factor'), any signed-in staff member ('signed-in'), or staff whose
 * role has the permission.
 */
export type Access = 'public' | 'second-factor' | 'signed-in' | Permission;

/** Whether a signed-in staff member of this role may call an endpoint with this access. */
export function roleMayCall(role: StaffRole, access: Access): boolean {
  if (access === 'public' || access === 'signed-in') return true;
  if (access === 'second-factor') return false;
  return roleMay(role, access);
}

export interface AdminEndpoint {
  method: 'GET' | 'POST' | 'PATCH';
  /** Fastify's form: `/api/admin/staff/:id`. */
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export const adminEndpoints = {
  setupInfo: {
    method: 'GET',
    path: '/api/admin/setup/:token',
    summary: 'What a setup link is for, with the TOTP secret to enrol',
    access: 'public',
    params: SetupParams,
    response: SetupInfoResponse,
  },
  setup: {
    method: 'POST',
    path: '/api/admin/setup',
    summary: 'Sets the password (and two-factor) from a setup link, and signs in',
    access: 'public',
    body: SetupRequest,
    response: SetupResponse,
  },
  signIn: {
    method: 'POST',
    path: '/api/admin/sign-in',
    summary: 'Email and password; answers whether a second factor is asked next',
    access: 'public',
    body: SignInRequest,
    response: SignInResponse,
  },
  secondFactor: {
    method: 'POST',
    path: '/api/admin/sign-in/second-factor',
    summary: 'A TOTP code or a recovery code completes the sign-in',
    access: 'second-factor',
    body: SecondFactorRequest,
    response: SignedInResponse,
  },
  signOut: {
    method: 'POST',
    path: '/api/admin/sign-out',
    summary: 'Ends this staff session',
    access: 'public',
    response: SignOutResponse,
  },
  me: {
    method: 'GET',
    path: '/api/admin/me',
    summary: 'The signed-in staff member and what they may do',
    access: 'signed-in',
    response: SignedInResponse,
  },
  listStaff: {
    method: 'GET',
    path: '/api/admin/staff',
    summary: 'Every staff member',
    access: 'staff.manage',
    response: StaffListResponse,
  },
  inviteStaff: {
    method: 'POST',
    path: '/api/admin/staff/invite',
    summary: 'Invites a staff member: answers the setup link to send them',
    access: 'staff.manage',
    body: InviteStaffRequest,
    response: SetupLinkResponse,
  },
  updateStaff: {
    method: 'PATCH',
    path: '/api/admin/staff/:id',
    summary: "Changes a staff member's role or disables them (their sessions end)",
    access: 'staff.manage',
    params: StaffIdParams,
    body: UpdateStaffRequest,
    response: StaffResponse,
  },
  resetStaffTwoFactor: {
    method: 'POST',
    path: '/api/admin/staff/:id/reset',
    summary:
      'Resets password and two-factor: their sessions end; answers a new setup link to send them',
    access: 'staff.manage',
    params: StaffIdParams,
    response: SetupLinkResponse,
  },
  audit: {
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'The audit log, newest first, filtered by entity, staff and Indian dates',
    access: 'audit.read',
    query: AuditQuery,
    response: AuditResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;

export type AdminEndpoints = typeof adminEndpoints;
export type AdminEndpointName = keyof AdminEndpoints;

type Input<E, K extends string> =
  E extends Record<K, infer S extends z.ZodType> ? z.input<S> : undefined;

/** What a client sends to an endpoint, and what it gets back. */
export type AdminRequest<N extends AdminEndpointName> = {
  params: Input<AdminEndpoints[N], 'params'>;
  query: Input<AdminEndpoints[N], 'query'>;
  body: Input<AdminEndpoints[N], 'body'>;
};
export type AdminResponse<N extends AdminEndpointName> = z.infer<AdminEndpoints[N]['response']>;

/** An OpenAPI 3.1 document of the table, for the owner's own tools. */
export function adminOpenApi(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schema = (s: z.ZodType, io: 'input' | 'output') =>
    z.toJSONSchema(s, { io, unrepresentable: 'any' });
  const parametersOf = (s: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!s) return [];
    const json = schema(s, 'input') as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    return Object.entries(json.properties ?? {}).map(([name, value]) => ({
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      schema: value,
    }));
  };
  for (const [name, e] of Object.entries(adminEndpoints) as [string, AdminEndpoint][]) {
    const path = e.path.replace(/:(\w+)/g, '{$1}');
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: e.summary,
      'x-access': e.access,
      parameters: [...parametersOf(e.params, 'path'), ...parametersOf(e.query, 'query')],
      responses: {
        '200': {
          description: 'OK',
          content: { 'application/json': { schema: schema(e.response, 'output') } },
        },
        '4XX': {
          description: 'Refused',
          content: { 'application/json': { schema: schema(ErrorResponse, 'output') } },
        },
      },
    };
    if (e.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: schema(e.body, 'input') } },
      };
    }
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Kitroom back office API', version: '1' },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { staffSession: { type: 'apiKey', in: 'cookie', name: 'staff' } },
    },
    security: [{ staffSession: [] }],
    paths,
  };
}
