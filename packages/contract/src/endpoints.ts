// The storefront's API in one table, keyed by the spec's call paths (under /api): method, the
// schemas of what is sent and returned (with the error statuses a call may respond with), who
// may call it, and what the server does around the handler (rate limits, cache header, cached
// bytes). The server registers its storefront routes from it (http/storefront-routes.ts), the
// web client's call() is typed from it, and so are the web tests' fake API. The back office
// has its own table (@kitroom/contract/admin).
import { z } from 'zod';
import { ErrorResponse, Id } from './common.js';
import {
  LaunchAlertRequest,
  LaunchAlertResponse,
  LaunchQueueRequest,
  LaunchQueueResponse,
} from './launches.js';
import {
  ChangePasswordRequest,
  CheckSessionRequest,
  CheckSessionResponse,
  LoginRequest,
  LoginResponse,
  OtpProcessRequest,
  OtpProcessResponse,
  PasswordChangedResponse,
  ProfileRequest,
  ProfileResponse,
  ResetPasswordRequest,
  SendEmailRequest,
  SendEmailResponse,
  SessionDestroyResponse,
  ShippingAddressRequest,
  ShippingAddressResponse,
  AddressRequest,
  AddressResponse,
  SignupRequest,
  SignupResponse,
} from './accounts.js';
import {
  CartManageRequest,
  CartManageResponse,
  CartMergeRequest,
  CartMergeResponse,
  CartRequest,
  CartResponse,
} from './cart.js';
import {
  CategoryProductsResponse,
  HomeResponse,
  ProductRequest,
  ProductResponse,
  SearchRequest,
  SearchResponse,
  ShopCategoryRequest,
  ShopListingRequest,
  ShopListingResponse,
  ShopOverviewResponse,
  ShopRequest,
} from './catalogue.js';
import { CheckoutStartRequest, CheckoutStartResponse } from './checkout-start.js';
import { CodConfirmRequest, CodConfirmResponse, OrderConfirmRequest } from './cod.js';
import { CouponRequest, CouponResponse } from './coupons.js';
import type { ErrorStatus, StorefrontEndpoint } from './endpoint.js';
import { FeedbackRequest, FeedbackResponse } from './feedback.js';
import { SizeChartRequest, SizeChartResponse } from './size-charts.js';
import {
  GiveawayEntryRequest,
  GiveawayEntryResponse,
  GiveawayRequest,
  GiveawayResponse,
} from './giveaways.js';
import {
  BackInStockConfirmRequest,
  BackInStockConfirmResponse,
  BackInStockRequest,
  BackInStockResponse,
} from './back-in-stock.js';
import {
  CartRemindersRequest,
  CartRemindersResponse,
  CartRemindersUnsubscribeRequest,
  CartRemindersUnsubscribeResponse,
} from './cart-reminders.js';
import {
  WishlistManageRequest,
  WishlistManageResponse,
  WishlistMergeRequest,
  WishlistMergeResponse,
  WishlistProductsRequest,
  WishlistProductsResponse,
  WishlistRequest,
  WishlistResponse,
} from './wishlist.js';
import { WhatsAppUpdatesRequest, WhatsAppUpdatesResponse } from './whatsapp.js';
import {
  InvoiceQuery,
  OrderCancelRequest,
  OrderDetailResponse,
  OrdersListResponse,
  OrdersRequest,
  ProcessOrderRequest,
  ProcessOrderResponse,
} from './orders.js';
import { PayOrderRequest, PayOrderResponse } from './payments.js';
import {
  DeleteAccountRequest,
  DeleteAccountResponse,
  MyDataExport,
  MyDataRequest,
} from './privacy.js';
import { ProfilesResponse } from './profiles.js';
import {
  GoogleCodeRequest,
  LinkAffiliatesRequest,
  ReferralClickResponse,
  TrackingRequest,
  UserAffiliateRequest,
} from './referrals.js';
import { OrderReturnRequest } from './returns.js';
import { AddReviewRequest, AddReviewResponse } from './reviews.js';
import { DeliveryEstimateQuery, DeliveryEstimateResponse } from './shipping.js';
import { ShopDetailsResponse } from './shop.js';
import {
  WholesalePricesRequest,
  WholesalePricesResponse,
  WholesaleRequest,
  WholesaleResponse,
} from './wholesale.js';

export type { ErrorStatus, LimitKey, ShopperAccess, StorefrontEndpoint } from './endpoint.js';

const shopperErrors = [400, 401, 403] as const;
const orderErrors = [400, 401, 403, 404, 409, 502] as const;
const accountErrors = [400, 401, 403, 429] as const;

export const storefrontEndpoints = {
  // The catalogue, served from cached bytes (the hot paths).
  'home.php': {
    method: 'GET',
    summary: 'The home page: banners, featured rows and categories',
    access: 'public',
    response: HomeResponse,
    errors: [],
    cached: true,
  },
  'profiles.php': {
    method: 'GET',
    summary: 'The team and player profiles written in the back office',
    access: 'public',
    response: ProfilesResponse,
    errors: [],
    cached: true,
  },
  'shop_details.php': {
    method: 'GET',
    summary: "The shop's contact details from its settings",
    access: 'public',
    response: ShopDetailsResponse,
    errors: [],
    cached: true,
  },
  'product.php': {
    method: 'POST',
    summary: 'One product with its sizes, pictures, reviews and related products',
    access: 'public',
    body: ProductRequest,
    response: ProductResponse,
    errors: [400, 404],
    cached: true,
  },
  'size_chart.php': {
    method: 'POST',
    summary: "The product's size chart in centimetres, fetched when its dialog opens",
    access: 'public',
    body: SizeChartRequest,
    response: SizeChartResponse,
    errors: [400, 404],
    cacheControl: 'public, max-age=300',
  },
  'back_in_stock.php': {
    method: 'POST',
    summary: 'Notify me: one mail when a sold-out size is back in stock',
    access: 'shopper-or-visitor',
    body: BackInStockRequest,
    response: BackInStockResponse,
    errors: [400, 401, 403, 404, 409, 429],
    limits: ['ip', 'email'],
  },
  'back_in_stock_confirm.php': {
    method: 'POST',
    summary: "The mailed link's token confirms a guest's Notify me sign-up",
    access: 'public',
    body: BackInStockConfirmRequest,
    response: BackInStockConfirmResponse,
    errors: [400, 404],
  },
  'giveaway.php': {
    method: 'POST',
    summary: "A giveaway's page (by slug, or the current one), and whether the shopper entered",
    access: 'shopper-or-visitor',
    body: GiveawayRequest,
    response: GiveawayResponse,
    errors: [400, 404],
    cacheControl: 'private, no-store',
  },
  'giveaway_entry.php': {
    method: 'POST',
    summary: 'The logged-in shopper enters a giveaway, once; credited to their referral code',
    access: 'shopper',
    body: GiveawayEntryRequest,
    response: GiveawayEntryResponse,
    errors: [400, 401, 403, 404, 409],
  },
  'shop.php': {
    method: 'POST',
    summary: 'A page of the listing with facets, one category, or (no body) the overview',
    access: 'public',
    body: ShopRequest,
    response: z.union([ShopListingResponse, CategoryProductsResponse, ShopOverviewResponse]),
    forms: [
      { body: ShopListingRequest, response: ShopListingResponse },
      { body: ShopCategoryRequest, response: CategoryProductsResponse },
      { body: z.undefined(), response: ShopOverviewResponse },
    ],
    errors: [400],
    cached: true,
  },
  'search_result.php': {
    method: 'POST',
    summary: 'Products matching the search box',
    access: 'public',
    body: SearchRequest,
    response: SearchResponse,
    errors: [400],
    cached: true,
  },
  'delivery_estimate.php': {
    method: 'GET',
    summary: 'Where a pincode is, the day an order paid now arrives, and whether COD may pay',
    access: 'public',
    query: DeliveryEstimateQuery,
    response: DeliveryEstimateResponse,
    errors: [400],
    // It changes at the cut-off and at midnight: the browser keeps it briefly.
    cacheControl: 'private, max-age=60',
  },

  // Accounts: the OTP mail, signup, login, the session, passwords, profile and address.
  'PHPMailer/send_email.php': {
    method: 'POST',
    summary: 'Mails a one-time code for registration or a password reset',
    access: 'public',
    body: SendEmailRequest,
    response: SendEmailResponse,
    errors: accountErrors,
    limits: ['ip', 'email'],
  },
  'otpprocess.php': {
    method: 'POST',
    summary: 'Checks a one-time code: a registration may go on, or a reset logs in',
    access: 'public',
    body: OtpProcessRequest,
    response: OtpProcessResponse,
    errors: accountErrors,
    limits: ['ip', 'email'],
  },
  'signup.php': {
    method: 'POST',
    summary: 'Creates the account a checked code allows, and logs it in',
    access: 'public',
    body: SignupRequest,
    response: SignupResponse,
    errors: [...accountErrors, 409],
    limits: ['ip', 'email'],
  },
  'login_verification.php': {
    method: 'POST',
    summary: 'Logs in with email and password',
    access: 'public',
    body: LoginRequest,
    response: LoginResponse,
    errors: accountErrors,
    limits: ['ip', 'email'],
  },
  'reset_password.php': {
    method: 'POST',
    summary: 'Sets a new password after a checked code',
    access: 'shopper',
    body: ResetPasswordRequest,
    response: PasswordChangedResponse,
    errors: [...accountErrors, 404],
  },
  'change_password.php': {
    method: 'POST',
    summary: 'Changes the password, given the current one',
    access: 'shopper',
    body: ChangePasswordRequest,
    response: PasswordChangedResponse,
    errors: [...accountErrors, 404],
    limits: ['ip', 'user'],
  },
  'check_session.php': {
    method: 'POST',
    summary: "Whether the browser's session is live, and whose",
    access: 'public',
    body: CheckSessionRequest,
    response: CheckSessionResponse,
    errors: accountErrors,
  },
  'session_destroy.php': {
    method: 'POST',
    summary: 'Logs out',
    access: 'public',
    response: SessionDestroyResponse,
    errors: [],
  },
  'profile.php': {
    method: 'POST',
    summary: "The shopper's profile",
    access: 'shopper',
    userField: 'id',
    body: ProfileRequest,
    response: ProfileResponse,
    errors: accountErrors,
  },
  'shipping_address.php': {
    method: 'POST',
    summary: "The shopper's saved shipping address",
    access: 'shopper',
    body: ShippingAddressRequest,
    response: ShippingAddressResponse,
    errors: accountErrors,
  },
  'address.php': {
    method: 'POST',
    summary: "Saves the shopper's shipping address",
    access: 'shopper',
    body: AddressRequest,
    response: AddressResponse,
    errors: accountErrors,
  },

  // The cart.
  'cart.php': {
    method: 'POST',
    summary: "The shopper's cart",
    access: 'shopper',
    body: CartRequest,
    response: CartResponse,
    errors: [...shopperErrors, 404],
  },
  'cart_manage.php': {
    method: 'POST',
    summary: 'Adds, changes or removes a cart line; returns the cart (409: sold out)',
    access: 'shopper',
    sessionInStatement: true,
    body: CartManageRequest,
    response: CartManageResponse,
    errors: [...shopperErrors, 404, 409],
  },
  'cart_merge.php': {
    method: 'POST',
    summary: "Merges a visitor's cart into the shopper's at login",
    access: 'shopper',
    body: CartMergeRequest,
    response: CartMergeResponse,
    errors: [...shopperErrors, 404],
  },

  // The wishlist of a logged-in shopper (a guest's stays in the browser).
  'wishlist.php': {
    method: 'POST',
    summary: "The product ids of the shopper's wishlist (the cards' hearts)",
    access: 'shopper',
    body: WishlistRequest,
    response: WishlistResponse,
    errors: shopperErrors,
  },
  'wishlist_products.php': {
    method: 'POST',
    summary: "The jerseys of the shopper's wishlist, for the Wishlist page",
    access: 'shopper',
    body: WishlistProductsRequest,
    response: WishlistProductsResponse,
    errors: shopperErrors,
  },
  'wishlist_manage.php': {
    method: 'POST',
    summary: 'Adds or removes a jersey; returns the wishlist (409: full)',
    access: 'shopper',
    body: WishlistManageRequest,
    response: WishlistManageResponse,
    errors: [...shopperErrors, 404, 409],
  },
  'wishlist_merge.php': {
    method: 'POST',
    summary: "Merges a visitor's hearts into the shopper's wishlist at login",
    access: 'shopper',
    body: WishlistMergeRequest,
    response: WishlistMergeResponse,
    errors: shopperErrors,
  },

  // Kit launches (decision 070): a fan's "Notify me when it drops".
  'launch_alert.php': {
    method: 'POST',
    summary: 'Mails the logged-in fan once when the upcoming launch of this product starts',
    access: 'shopper',
    body: LaunchAlertRequest,
    response: LaunchAlertResponse,
    errors: [...shopperErrors, 404, 409],
  },

  'launch_queue.php': {
    method: 'POST',
    summary: "The logged-in fan's place in a launch's waiting room: taken once, then polled",
    access: 'shopper',
    body: LaunchQueueRequest,
    response: LaunchQueueResponse,
    errors: [...shopperErrors, 404, 409, 429],
  },

  // WhatsApp order updates (decision 066): the shopper's choice in My Account, and opting out.
  'whatsapp_updates.php': {
    method: 'POST',
    summary: "Whether the shop sends WhatsApp order updates, and the shopper's choice",
    access: 'shopper',
    body: WhatsAppUpdatesRequest,
    response: WhatsAppUpdatesResponse,
    errors: shopperErrors,
  },
  'whatsapp_updates_stop.php': {
    method: 'POST',
    summary: 'Stops WhatsApp order updates for the shopper; returns the choice',
    access: 'shopper',
    body: WhatsAppUpdatesRequest,
    response: WhatsAppUpdatesResponse,
    errors: shopperErrors,
  },
  // Checkout's one call on open (decision 071), which also marks the visit a cart reminder
  // counts from (decision 065).
  'checkout_start.php': {
    method: 'POST',
    summary:
      'Opens checkout: the saved address, delivery date, COD, wholesale prices and opt-ins in one response',
    access: 'shopper',
    body: CheckoutStartRequest,
    response: CheckoutStartResponse,
    errors: shopperErrors,
    cacheControl: 'private, no-store',
  },
  // Cart reminders (decision 065): the shopper's consent, the mail's link.
  'cart_reminders.php': {
    method: 'POST',
    summary:
      "The shopper's consent to one reminder of a cart left at checkout: read, give, withdraw",
    access: 'shopper',
    body: CartRemindersRequest,
    response: CartRemindersResponse,
    errors: shopperErrors,
  },
  'cart_reminders_unsubscribe.php': {
    method: 'POST',
    summary: "The reminder mail's link withdraws the consent, without a login",
    access: 'public',
    body: CartRemindersUnsubscribeRequest,
    response: CartRemindersUnsubscribeResponse,
    errors: [400, 404],
  },

  // Checkout, orders, payment, cash on delivery, reviews.
  'coupons.php': {
    method: 'POST',
    summary: 'Checks a coupon for the checkout lines (checkout checks again)',
    access: 'shopper',
    body: CouponRequest,
    response: CouponResponse,
    errors: shopperErrors,
  },
  'process_order.php': {
    method: 'POST',
    summary: 'Places the order and returns how it is paid',
    access: 'shopper',
    body: ProcessOrderRequest,
    response: ProcessOrderResponse,
    errors: orderErrors,
  },
  'orders.php': {
    method: 'POST',
    summary: "The shopper's orders, or (with order_id) one order's page",
    access: 'shopper',
    body: OrdersRequest,
    response: z.union([OrderDetailResponse, OrdersListResponse]),
    forms: [
      { body: z.object({ user_id: Id, order_id: Id }), response: OrderDetailResponse },
      {
        body: z.object({ user_id: Id, order_id: z.null().optional() }),
        response: OrdersListResponse,
      },
    ],
    errors: orderErrors,
  },
  'order_cancel.php': {
    method: 'POST',
    summary: "Cancels the shopper's order; returns the order page afterwards",
    access: 'shopper',
    body: OrderCancelRequest,
    response: OrderDetailResponse,
    errors: orderErrors,
  },
  'order_return.php': {
    method: 'POST',
    summary: 'Asks to return or exchange; returns the order page afterwards',
    access: 'shopper',
    body: OrderReturnRequest,
    response: OrderDetailResponse,
    errors: orderErrors,
  },
  'payment_processer.php': {
    method: 'POST',
    summary: 'Where to pay an unpaid order (the provider page)',
    access: 'shopper',
    body: PayOrderRequest,
    response: PayOrderResponse,
    errors: orderErrors,
  },
  'cod_confirm.php': {
    method: 'POST',
    summary: "The mailed link's token confirms a cash-on-delivery order",
    access: 'public',
    body: CodConfirmRequest,
    response: CodConfirmResponse,
    errors: [400, 401, 403, 404, 409],
  },
  'order_confirm.php': {
    method: 'POST',
    summary: 'The owner confirms their COD order; returns the order page afterwards',
    access: 'shopper',
    body: OrderConfirmRequest,
    response: OrderDetailResponse,
    errors: [400, 401, 403, 404, 409],
  },
  'invoice.php': {
    method: 'GET',
    summary:
      "The tax invoice of the session's shopper's order, as a PDF (a link): the original for recipient",
    access: 'session',
    query: InvoiceQuery,
    response: z.string(),
    errors: [400, 401, 404],
    download: 'application/pdf',
    cacheControl: 'private, no-store',
  },
  'add_reviews.php': {
    method: 'POST',
    summary: 'Reviews a product the shopper received',
    access: 'shopper',
    body: AddReviewRequest,
    response: AddReviewResponse,
    errors: [...shopperErrors, 404, 409],
  },

  // Wholesale, feedback, referrals.
  'wholesale_agent.php': {
    method: 'POST',
    summary: "The shopper's wholesale application status, or a new application",
    access: 'shopper',
    body: WholesaleRequest,
    response: WholesaleResponse,
    errors: shopperErrors,
  },
  'wholesale_prices.php': {
    method: 'POST',
    summary: "The shopper's own wholesale prices for products on screen (never cached)",
    access: 'shopper',
    body: WholesalePricesRequest,
    response: WholesalePricesResponse,
    errors: shopperErrors,
    cacheControl: 'private, no-store',
  },
  'feedback.php': {
    method: 'POST',
    summary: "The footer's feedback form",
    access: 'shopper-or-visitor',
    body: FeedbackRequest,
    response: FeedbackResponse,
    errors: [...shopperErrors, 429],
    limits: ['ip'],
  },
  'user_affiliate.php': {
    method: 'POST',
    summary: 'A stored affiliate code reported again; sets the visitor cookie',
    access: 'shopper-or-visitor',
    body: UserAffiliateRequest,
    response: ReferralClickResponse,
    errors: [...shopperErrors, 429],
    limits: ['ip'],
  },
  'tracking.php': {
    method: 'POST',
    summary: "A click on an affiliate's product link; sets the visitor cookie",
    access: 'shopper-or-visitor',
    body: TrackingRequest,
    response: ReferralClickResponse,
    errors: [...shopperErrors, 429],
    limits: ['ip'],
  },
  'google_code.php': {
    method: 'POST',
    summary: 'A click on a campaign link; sets the visitor cookie',
    access: 'shopper-or-visitor',
    body: GoogleCodeRequest,
    response: ReferralClickResponse,
    errors: [...shopperErrors, 429],
    limits: ['ip'],
  },
  'link_affiliates.php': {
    method: 'POST',
    summary: "A click on an affiliate's link; sets the visitor cookie",
    access: 'shopper-or-visitor',
    body: LinkAffiliatesRequest,
    response: ReferralClickResponse,
    errors: [...shopperErrors, 429],
    limits: ['ip'],
  },

  // The shopper's data rights (decision 037).
  'my_data.php': {
    method: 'POST',
    summary: 'Everything kept about the shopper, as a JSON file',
    access: 'shopper',
    body: MyDataRequest,
    response: MyDataExport,
    errors: accountErrors,
    limits: ['user'],
    download: 'application/json',
    cacheControl: 'private, no-store',
  },
  'delete_account.php': {
    method: 'POST',
    summary: "Erases the shopper's account, or says why it waits",
    access: 'shopper',
    body: DeleteAccountRequest,
    response: DeleteAccountResponse,
    errors: [...accountErrors, 404],
    limits: ['user'],
  },
} as const satisfies Record<string, StorefrontEndpoint>;

export type StorefrontEndpoints = typeof storefrontEndpoints;
export type StorefrontPath = keyof StorefrontEndpoints;

/** What a call sends: a POST's body, a GET's query, or undefined when it takes neither. */
export type StorefrontRequest<P extends StorefrontPath> = StorefrontEndpoints[P] extends {
  body: infer S extends z.ZodType;
}
  ? z.input<S>
  : StorefrontEndpoints[P] extends { query: infer S extends z.ZodType }
    ? z.input<S>
    : undefined;

type FormResponse<Forms, B, Otherwise> = Forms extends readonly [infer F, ...infer Rest]
  ? F extends { body: infer S extends z.ZodType; response: infer R extends z.ZodType }
    ? [B] extends [z.input<S>]
      ? z.output<R>
      : FormResponse<Rest, B, Otherwise>
    : Otherwise
  : Otherwise;

/**
 * What a call returns; for a call with forms, the response of the first form that the body
 * `B` matches (all of them when the body's type could be any).
 */
export type StorefrontResponse<
  P extends StorefrontPath,
  B = StorefrontRequest<P>,
> = StorefrontEndpoints[P] extends { forms: infer F }
  ? FormResponse<F, B, z.output<StorefrontEndpoints[P]['response']>>
  : z.output<StorefrontEndpoints[P]['response']>;

/** The calls the storefront reads as JSON (a PDF is a link the browser follows). */
export type StorefrontCallPath = {
  [P in StorefrontPath]: StorefrontEndpoints[P] extends { download: 'application/pdf' } ? never : P;
}[StorefrontPath];

/** The calls made with GET (their input is a query string). */
export type StorefrontGetPath = {
  [P in StorefrontPath]: StorefrontEndpoints[P]['method'] extends 'GET' ? P : never;
}[StorefrontPath];

/** The `{error}` statuses of a call. */
export type StorefrontErrorStatus<P extends StorefrontPath> =
  StorefrontEndpoints[P]['errors'][number] & ErrorStatus;

/** An OpenAPI 3.1 document of the table (served at /api/openapi.json). */
export function storefrontOpenApi(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schema = (s: z.ZodType, io: 'input' | 'output') =>
    z.toJSONSchema(s, { io, unrepresentable: 'any' });
  for (const [path, e] of Object.entries(storefrontEndpoints) as [string, StorefrontEndpoint][]) {
    const query = e.query
      ? (schema(e.query, 'input') as { properties?: Record<string, unknown>; required?: string[] })
      : {};
    const errors = Object.fromEntries(
      e.errors.map((status) => [
        String(status),
        {
          description: 'Refused',
          content: { 'application/json': { schema: schema(ErrorResponse, 'output') } },
        },
      ]),
    );
    const operation: Record<string, unknown> = {
      operationId: path,
      summary: e.summary,
      'x-access': e.access,
      ...(e.limits ? { 'x-rate-limited-per': e.limits } : {}),
      parameters: Object.entries(query.properties ?? {}).map(([name, value]) => ({
        name,
        in: 'query',
        required: (query.required ?? []).includes(name),
        schema: value,
      })),
      ...(e.body
        ? {
            requestBody: {
              required: !e.body.safeParse(undefined).success,
              content: { 'application/json': { schema: schema(e.body, 'input') } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'OK',
          content: {
            [e.download ?? 'application/json']: {
              schema:
                e.download === 'application/pdf'
                  ? { type: 'string', contentMediaType: 'application/pdf' }
                  : schema(e.response, 'output'),
            },
          },
        },
        ...errors,
      },
    };
    paths[`/api/${path}`] = { [e.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Kitroom storefront API', version: '1' },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { shopperSession: { type: 'apiKey', in: 'cookie', name: 'access' } },
    },
    paths,
  };
}
