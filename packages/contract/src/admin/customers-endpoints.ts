// The customers endpoints (issue 41): the list and one shopper (customers.read: owner, manager,
// support), a note and the cash-on-delivery block (customers.manage: the same roles, support
// answering shoppers), and starting an erasure the shopper asked for (customers.erase: the
// owner alone, as it cannot be undone).
import type { AdminEndpoint } from './endpoint.js';
import {
  AdminCustomerResponse,
  CodBlockRequest,
  CustomerErasureRequest,
  CustomerIdParams,
  CustomerListQuery,
  CustomerListResponse,
  CustomerNoteRequest,
} from './customers.js';

export const customersEndpoints = {
  listCustomers: {
    method: 'GET',
    path: '/api/admin/customers',
    summary:
      'Shoppers found by name, email or phone, newest first or by lifetime value; the value only for roles that see orders’ money',
    access: 'customers.read',
    query: CustomerListQuery,
    response: CustomerListResponse,
  },
  getCustomer: {
    method: 'GET',
    path: '/api/admin/customers/:id',
    summary:
      'One shopper: account, addresses, newest orders, lifetime value, returns and RTO, wholesale status, COD block, notes and erasure',
    access: 'customers.read',
    params: CustomerIdParams,
    response: AdminCustomerResponse,
  },
  addCustomerNote: {
    method: 'POST',
    path: '/api/admin/customers/:id/notes',
    summary: "Adds a staff note to the shopper's account (audited)",
    access: 'customers.manage',
    params: CustomerIdParams,
    body: CustomerNoteRequest,
    response: AdminCustomerResponse,
  },
  setCustomerCodBlock: {
    method: 'POST',
    path: '/api/admin/customers/:id/cod-block',
    summary:
      'Blocks cash on delivery for the shopper, with a reason, or allows it again (audited); checkout then refuses COD',
    access: 'customers.manage',
    params: CustomerIdParams,
    body: CodBlockRequest,
    response: AdminCustomerResponse,
  },
  startCustomerErasure: {
    method: 'POST',
    path: '/api/admin/customers/:id/erasure',
    summary:
      'Starts erasing the account at the shopper’s request, confirmed by typing their email: at once, or waiting for their open orders (decision 037)',
    access: 'customers.erase',
    params: CustomerIdParams,
    body: CustomerErasureRequest,
    response: AdminCustomerResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
