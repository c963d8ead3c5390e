// The wholesale endpoints: applications (approve onto a price list, reject with a reason) and
// the price lists themselves.
import type { AdminEndpoint } from './endpoint.js';
import {
  ApproveWholesaleRequest,
  PriceListInput,
  PriceListListResponse,
  PriceListParams,
  PriceListResponse,
  RejectWholesaleRequest,
  WholesaleApplicationListResponse,
  WholesaleApplicationParams,
  WholesaleApplicationQuery,
  WholesaleApplicationResponse,
} from './wholesale.js';

export const wholesaleEndpoints = {
  listWholesaleApplications: {
    method: 'GET',
    path: '/api/admin/wholesale/applications',
    summary: 'Wholesale applications newest first with every detail, filtered by status',
    access: 'wholesale.manage',
    query: WholesaleApplicationQuery,
    response: WholesaleApplicationListResponse,
  },
  approveWholesaleApplication: {
    method: 'POST',
    path: '/api/admin/wholesale/applications/:id/approve',
    summary: 'Approves a pending (or rejected) application onto a price list and mails the shop',
    access: 'wholesale.manage',
    params: WholesaleApplicationParams,
    body: ApproveWholesaleRequest,
    response: WholesaleApplicationResponse,
  },
  rejectWholesaleApplication: {
    method: 'POST',
    path: '/api/admin/wholesale/applications/:id/reject',
    summary: 'Rejects an application with a reason the shop is mailed; it may apply again',
    access: 'wholesale.manage',
    params: WholesaleApplicationParams,
    body: RejectWholesaleRequest,
    response: WholesaleApplicationResponse,
  },
  listPriceLists: {
    method: 'GET',
    path: '/api/admin/wholesale/price-lists',
    summary: 'Wholesale price lists with their rules, tiers, minimums and shops',
    access: 'wholesale.manage',
    response: PriceListListResponse,
  },
  createPriceList: {
    method: 'POST',
    path: '/api/admin/wholesale/price-lists',
    summary: 'Creates a wholesale price list',
    access: 'wholesale.manage',
    body: PriceListInput,
    response: PriceListResponse,
  },
  updatePriceList: {
    method: 'PATCH',
    path: '/api/admin/wholesale/price-lists/:id',
    summary: 'Replaces a price list; new carts and orders use it, placed orders keep their prices',
    access: 'wholesale.manage',
    params: PriceListParams,
    body: PriceListInput,
    response: PriceListResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
