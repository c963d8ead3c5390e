// The back office's customers endpoints. Thin: each reads the call, names the staff member and
// their role, and hands it to the customers service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes, staffSessionOf } from '../staff/index.js';
import type { LiveStaffSession } from '../staff/index.js';
import * as customers from './customers.service.js';

type Call = { session: LiveStaffSession | undefined; request: { ip: string } };

export function customersAdminRoutes(deps: AppDeps): FastifyPluginAsync {
  const db = deps.database.db;
  const publicUrl = deps.config.publicUrl;
  const roleOf = (call: { session: LiveStaffSession | undefined }) =>
    staffSessionOf(call).staff.role;
  const callerOf = (call: Call): customers.StaffCaller => {
    const { staff } = staffSessionOf(call);
    return { actor: { staffId: staff.id, ip: call.request.ip }, role: staff.role };
  };
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl },
      {
        listCustomers: {
          handler: (call) => customers.listCustomers(db, roleOf(call), call.query),
        },
        getCustomer: {
          handler: (call) => customers.getCustomer(db, roleOf(call), call.params.id),
        },
        addCustomerNote: {
          handler: (call) => customers.addNote(db, callerOf(call), call.params.id, call.body.note),
        },
        setCustomerCodBlock: {
          handler: (call) => customers.setCodBlock(db, callerOf(call), call.params.id, call.body),
        },
        startCustomerErasure: {
          handler: (call) =>
            customers.startErasure(
              { db, publicUrl },
              callerOf(call),
              call.params.id,
              call.body.email,
            ),
        },
      },
    );
  };
}
