// Cart calls: cart.php, cart_manage.php, cart_merge.php — for the logged-in shopper only.
import {
  CartManageRequest,
  CartManageResponse,
  CartMergeRequest,
  CartMergeResponse,
  CartRequest,
  CartResponse,
  ErrorResponse,
} from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { sessionClaim } from '../http/auth.js';
import * as cart from './cart.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

export function cartRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  const db = database.db;
  return async (app) => {
    app.post(
      '/cart.php',
      {
        config: { userScoped: 'user_id' },
        schema: { body: CartRequest, response: { 200: CartResponse, ...errors } },
      },
      async (request) => cart.cart(db, request.body.user_id),
    );

    app.post(
      '/cart_manage.php',
      {
        // The hot call: its statements check the session themselves (http/auth.ts).
        config: { userScoped: 'user_id', sessionInStatement: true },
        schema: {
          body: CartManageRequest,
          response: { 200: CartManageResponse, 409: ErrorResponse, ...errors },
        },
      },
      async (request) => cart.manage(db, sessionClaim(request), request.body),
    );

    app.post(
      '/cart_merge.php',
      {
        config: { userScoped: 'user_id' },
        schema: { body: CartMergeRequest, response: { 200: CartMergeResponse, ...errors } },
      },
      async (request) => cart.merge(db, request.body.user_id, request.body.items),
    );
  };
}
