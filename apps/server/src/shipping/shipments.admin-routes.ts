// The back office's shipment endpoints (decision 032). Thin: each hands the call to the
// shipments service and answers the order as it now is, with its shipments.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import type { Db } from '../db/client.js';
import { actorOf } from '../staff/admin-actor.js';
import { registerAdminRoutes, staffSessionOf } from '../staff/admin-endpoints.js';
import { getOrder } from '../orders/orders.admin.service.js';
import { getReturn, returnAsSeenBy } from '../orders/returns.admin.service.js';
import { orderContexts } from '../orders/order-context.js';
import type { StaffRole } from '@kitroom/contract/admin';
import type { LiveStaffSession } from '../staff/staff-sessions.service.js';
import * as shipments from './shipments.service.js';
import { courierSettings } from './shipments.queries.js';
import type { Couriers } from './couriers/couriers.js';

async function shipmentsAnswer(db: Db, couriers: Couriers, orderId: number) {
  const settings = await courierSettings(db);
  const offered = ['manual' as const, ...couriers.providers.map((p) => p.name)];
  return {
    couriers: offered,
    default_courier: offered.includes(settings.default_courier)
      ? settings.default_courier
      : 'manual',
    parcel: {
      weight_grams: settings.parcel_weight_grams,
      length_cm: settings.parcel_length_cm,
      breadth_cm: settings.parcel_breadth_cm,
      height_cm: settings.parcel_height_cm,
    },
    shipments: await shipments.shipmentsOf(db, orderId),
  };
}

export function shipmentsAdminRoutes(deps: AppDeps): FastifyPluginAsync {
  const db = deps.database.db;
  const context = orderContexts(deps);
  const shipping = (log: Parameters<typeof context>[0]): shipments.ShippingContext => ({
    ...context(log),
    couriers: deps.couriers,
  });
  const roleOf = (call: { session: LiveStaffSession | undefined }): StaffRole =>
    staffSessionOf(call).staff.role;
  const answer = async (role: StaffRole, orderId: number) => ({
    order: await getOrder(db, role, orderId),
    shipments: await shipmentsAnswer(db, deps.couriers, orderId),
  });
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: deps.config.publicUrl },
      {
        orderShippingLabels: {
          handler: async (call) => {
            const ids = call.query.ids;
            const pdf = await shipments.labelsOfOrders(
              shipping(call.request.log),
              actorOf(call),
              ids,
            );
            const name = ids.length === 1 ? `label-${ids[0]}` : 'labels';
            return call.reply
              .header('content-type', 'application/pdf')
              .header('content-disposition', `inline; filename="${name}.pdf"`)
              .send(pdf);
          },
        },
        listOrderShipments: {
          handler: async (call) => {
            await getOrder(db, roleOf(call), call.params.id);
            return shipmentsAnswer(db, deps.couriers, call.params.id);
          },
        },
        shipWithCourier: {
          handler: async (call) => {
            await shipments.shipWithCourier(
              shipping(call.request.log),
              actorOf(call),
              call.params.id,
              call.body,
            );
            return answer(roleOf(call), call.params.id);
          },
        },
        shipReplacementWithCourier: {
          handler: async (call) => {
            await shipments.shipReplacementWithCourier(
              shipping(call.request.log),
              actorOf(call),
              call.params.id,
              call.body,
            );
            return { return: returnAsSeenBy(roleOf(call), await getReturn(db, call.params.id)) };
          },
        },
        replacementLabel: {
          handler: async (call) => {
            const pdf = await shipments.labelOfReplacement(
              shipping(call.request.log),
              actorOf(call),
              call.params.id,
            );
            return call.reply
              .header('content-type', 'application/pdf')
              .header(
                'content-disposition',
                `inline; filename="label-exchange-${call.params.id}.pdf"`,
              )
              .send(pdf);
          },
        },
        cancelShipment: {
          handler: async (call) => {
            const orderId = await shipments.cancelShipment(
              shipping(call.request.log),
              actorOf(call),
              call.params.id,
            );
            return answer(roleOf(call), orderId);
          },
        },
        listFailedDeliveries: {
          handler: async () => ({ deliveries: await shipments.failedDeliveries(db) }),
        },
        answerFailedDelivery: {
          handler: async (call) => {
            await shipments.answerFailedDelivery(
              shipping(call.request.log),
              actorOf(call),
              call.params.id,
              call.body.action,
              call.body.note,
            );
            return { deliveries: await shipments.failedDeliveries(db) };
          },
        },
      },
    );
  };
}
