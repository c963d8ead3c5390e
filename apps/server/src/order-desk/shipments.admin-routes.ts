// The back office's shipment endpoints (decision 032). Thin: each hands the call to the
// order's courier fulfilment (shipping, canceling, answering a failed delivery) or to the
// shipments service (labels, the lists) and returns the order as it now is, with its
// shipments.
import type { StaffRole } from '@kitroom/contract/admin';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { labelOfReplacement, labelsOfOrders } from '../shipping/index.js';
import * as shipments from '../shipping/index.js';
import { actorOf, registerAdminRoutes, staffSessionOf } from '../staff/index.js';
import type { LiveStaffSession } from '../staff/index.js';
import * as fulfilment from '../fulfilment/index.js';
import { orderContexts } from '../orders/index.js';
import { getOrder } from './orders.admin.service.js';
import { getReturn, returnAsSeenBy } from '../after-sales/index.js';

export function shipmentsAdminRoutes(deps: AppDeps): FastifyPluginAsync {
  const db = deps.database.db;
  const context = orderContexts(deps);
  const shipping = (log: Parameters<typeof context>[0]): fulfilment.ShippingContext => ({
    ...context(log),
    couriers: deps.couriers,
  });
  const roleOf = (call: { session: LiveStaffSession | undefined }): StaffRole =>
    staffSessionOf(call).staff.role;
  const orderNow = async (role: StaffRole, orderId: number) => ({
    order: await getOrder(db, role, orderId, deps.ewb !== null),
    shipments: await shipments.shipmentsResponse(db, deps.couriers, orderId),
  });
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: deps.config.publicUrl },
      {
        orderShippingLabels: {
          handler: async (call) => {
            const ids = call.query.ids;
            const pdf = await labelsOfOrders(shipping(call.request.log), actorOf(call), ids);
            const name = ids.length === 1 ? `label-${ids[0]}` : 'labels';
            return call.reply
              .header('content-type', 'application/pdf')
              .header('content-disposition', `inline; filename="${name}.pdf"`)
              .send(pdf);
          },
        },
        listOrderShipments: {
          handler: async (call) => {
            await getOrder(db, roleOf(call), call.params.id, deps.ewb !== null);
            return shipments.shipmentsResponse(db, deps.couriers, call.params.id);
          },
        },
        shipWithCourier: {
          handler: async (call) => {
            await fulfilment.shipWithCourier(
              shipping(call.request.log),
              actorOf(call),
              call.params.id,
              call.body,
            );
            return orderNow(roleOf(call), call.params.id);
          },
        },
        shipReplacementWithCourier: {
          handler: async (call) => {
            await fulfilment.shipReplacementWithCourier(
              shipping(call.request.log),
              actorOf(call),
              call.params.id,
              call.body,
            );
            return { return: returnAsSeenBy(roleOf(call), await getReturn(db, call.params.id)) };
          },
        },
        bookReturnPickup: {
          handler: async (call) => {
            await fulfilment.bookReturnPickup(
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
            const pdf = await labelOfReplacement(
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
            const orderId = await fulfilment.cancelShipment(
              shipping(call.request.log),
              actorOf(call),
              call.params.id,
            );
            return orderNow(roleOf(call), orderId);
          },
        },
        listFailedDeliveries: {
          handler: async () => ({ deliveries: await shipments.failedDeliveries(db) }),
        },
        answerFailedDelivery: {
          handler: async (call) => {
            await fulfilment.answerFailedDelivery(
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
