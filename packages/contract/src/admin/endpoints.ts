// The back office's API in one table: method, path, the schemas of what is sent and returned,
// and who may call it. The server registers its routes from this table, the admin client
// derives its typed calls from it, and /api/admin/openapi.json is generated from it. Each area
// keeps its rows in its own file (<area>-endpoints.ts); the table is their union.
import { z } from 'zod';
import { ErrorResponse } from '../common.js';
import type { AdminEndpoint } from './endpoint.js';
import { dashboardEndpoints } from './dashboard-endpoints.js';
import { catalogueEndpoints } from './catalogue-endpoints.js';
import { couponsEndpoints } from './coupons-endpoints.js';
import { feedbackEndpoints } from './feedback-endpoints.js';
import { referralsEndpoints } from './referrals-endpoints.js';
import { reviewsEndpoints } from './reviews-endpoints.js';
import { profilesEndpoints } from './profiles-endpoints.js';
import { settingsEndpoints } from './settings-endpoints.js';
import { staffEndpoints } from './staff-endpoints.js';
import { wholesaleEndpoints } from './wholesale-endpoints.js';
import { catalogueCsvEndpoints } from './catalogue-csv-endpoints.js';
import { ordersEndpoints } from './orders-endpoints.js';
import { ewayBillsEndpoints } from './e-way-bills-endpoints.js';
import { invoicesEndpoints } from './invoices-endpoints.js';
import { refundsEndpoints } from './refunds-endpoints.js';
import { ledgerEndpoints } from './ledger-endpoints.js';
import { settlementsEndpoints } from './settlements-endpoints.js';
import { returnsEndpoints } from './returns-endpoints.js';
import { taxEndpoints } from './tax-endpoints.js';
import { shipmentsEndpoints } from './shipments-endpoints.js';
import { statusEndpoints } from './status-endpoints.js';
import { privacyEndpoints } from './privacy-endpoints.js';
import { customersEndpoints } from './customers-endpoints.js';
import { backupsEndpoints } from './backups-endpoints.js';
import { codEndpoints } from './cod-endpoints.js';
import { sizeChartsEndpoints } from './size-charts-endpoints.js';
import { giveawaysEndpoints } from './giveaways-endpoints.js';
import { launchesEndpoints } from './launches-endpoints.js';
import { backInStockEndpoints } from './back-in-stock-endpoints.js';
import { recoveryEndpoints } from './recovery-endpoints.js';
import { signingCertificateEndpoints } from './signing-certificate-endpoints.js';

export { roleMayCall, type Access, type AdminEndpoint } from './endpoint.js';

export const adminEndpoints = {
  ...staffEndpoints,
  ...dashboardEndpoints,
  ...ordersEndpoints,
  ...invoicesEndpoints,
  ...ewayBillsEndpoints,
  ...catalogueEndpoints,
  ...couponsEndpoints,
  ...reviewsEndpoints,
  ...feedbackEndpoints,
  ...wholesaleEndpoints,
  ...referralsEndpoints,
  ...catalogueCsvEndpoints,
  ...profilesEndpoints,
  ...settingsEndpoints,
  ...refundsEndpoints,
  ...ledgerEndpoints,
  ...settlementsEndpoints,
  ...returnsEndpoints,
  ...taxEndpoints,
  ...shipmentsEndpoints,
  ...statusEndpoints,
  ...privacyEndpoints,
  ...customersEndpoints,
  ...backupsEndpoints,
  ...codEndpoints,
  ...sizeChartsEndpoints,
  ...giveawaysEndpoints,
  ...launchesEndpoints,
  ...backInStockEndpoints,
  ...recoveryEndpoints,
  ...signingCertificateEndpoints,
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
          content: { [e.produces ?? 'application/json']: { schema: schema(e.response, 'output') } },
        },
        '4XX': {
          description: 'Refused',
          content: { 'application/json': { schema: schema(ErrorResponse, 'output') } },
        },
      },
    };
    if (e.consumes === 'text/csv') {
      operation.requestBody = {
        required: true,
        content: { [e.consumes]: { schema: { type: 'string' } } },
      };
    }
    if (e.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: schema(e.body, 'input') } },
      };
    }
    if (e.consumes === 'multipart/form-data') {
      const file = { type: 'string', contentMediaType: 'application/octet-stream' };
      operation.requestBody = {
        required: true,
        content: {
          [e.consumes]: {
            schema: { type: 'object', properties: { file }, required: ['file'] },
          },
        },
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
