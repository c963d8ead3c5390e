// Shiprocket behind the courier seam (decision 033): an API user's login token, reused for its
// 240 hours and renewed once on a 401; serviceability; a parcel booked as an ad-hoc order with
// our reference as its order_id, then its AWB, pickup and label; cancel; the NDR answer; and
// the tracking webhook, which carries a shared token (x-api-key) and no signature. A return's
// pickup is a return order (orders/create/return), its waybill assigned with is_return and
// its pickup asked for; the courier brings its label to the shopper.
// Shiprocket has no idempotency key, so book() looks for our reference before creating and
// after any response it cannot trust, and carries on from what it finds.
import type { z } from 'zod';
import {
  CourierError,
  type BookedParcel,
  type CourierProvider,
  type ParcelRequest,
  type PickupRequest,
  type TrackingUpdate,
} from './courier.js';
import {
  adhocOrder,
  returnOrder,
  AwbResponse,
  CreateResponse,
  ErrorResponse,
  LabelResponse,
  LoginResponse,
  ManifestResponse,
  OrderList,
  ServiceabilityResponse,
  tokensMatch,
  trackingUpdatesOf,
} from './shiprocket.shapes.js';

export interface ShiprocketOptions {
  email: string;
  password: string;
  webhookToken: string;
  /** https://apiv2.shiprocket.in, without a trailing slash. */
  apiBase: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

/** What Shiprocket adds beyond the seam: the pickup manifest of booked parcels. */
export interface ShiprocketCourier extends CourierProvider {
  manifest(
    parcels: readonly { providerOrderId: string; providerShipmentId: string }[],
  ): Promise<Uint8Array>;
}

// The token lives 10 days (240 hours); renew it a little before, so no call meets the edge.
const TOKEN_LIFETIME_MS = 240 * 60 * 60 * 1000;
const RENEW_BEFORE_MS = 6 * 60 * 60 * 1000;
const DEFAULT_TIMEOUT_MS = 15_000;
// Under /api, where the couriers' webhook routes are mounted. Shiprocket's panel refuses a
// webhook URL containing 'shiprocket', 'kartrocket', 'sr' or 'kr', so the path names none.
const WEBHOOK_PATH = '/parcel-updates/courier-push';

/** No response at all (timeout, network): unlike a 5xx, the request may still be on its way. */
class NoResponseError extends CourierError {
  constructor(message: string) {
    super(message, true);
  }
}

/** Shiprocket's no (a 4xx): it did nothing, and says why. */
class RefusedError extends CourierError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message, false);
  }
}

interface FoundOrder {
  orderId: string;
  shipmentId: string | null;
  awb: string | null;
  courierName: string | null;
  pickupRequested: boolean;
}

export function createShiprocketCourier(options: ShiprocketOptions): ShiprocketCourier {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const base = `${options.apiBase.replace(/\/+$/, '')}/v1/external`;
  let token: { value: string; renewAt: number } | null = null;
  let loggingIn: Promise<string> | null = null;

  async function send(
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
    bearer: string | null,
    what: string,
  ): Promise<{ status: number; json: unknown }> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new NoResponseError(
        timedOut
          ? `Shiprocket did not respond in time (${what}); it may have done it.`
          : `Shiprocket could not be reached (${what}): ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    let json: unknown = null;
    if (text.trim() !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        if (response.ok || response.status >= 500)
          throw new CourierError(
            `Shiprocket responded ${response.status} without JSON (${what}).`,
            true,
          );
        json = { message: text.slice(0, 200) };
      }
    }
    return { status: response.status, json };
  }

  function refusal(status: number, json: unknown, what: string): CourierError {
    if (status >= 500)
      return new CourierError(`Shiprocket failed (${status}) on ${what}; try again shortly.`, true);
    if (status === 429)
      return new CourierError(
        `Shiprocket is limiting our calls (${what}); try again in a minute.`,
        false,
      );
    const parsed = ErrorResponse.safeParse(json);
    const message = parsed.success ? (parsed.data.message ?? '') : '';
    const details = parsed.success
      ? Object.values(parsed.data.errors ?? {})
          .flat()
          .join(' ')
      : '';
    const why = [message, details].filter(Boolean).join(' ') || `status ${status}`;
    return new RefusedError(`Shiprocket refused ${what}: ${why}`, status);
  }

  async function login(): Promise<string> {
    const { status, json } = await send(
      'POST',
      `${base}/auth/login`,
      { email: options.email, password: options.password },
      null,
      'the login',
    );
    if (status < 200 || status >= 300) throw refusal(status, json, "our API user's login");
    const parsed = LoginResponse.safeParse(json);
    if (!parsed.success)
      throw new CourierError('Shiprocket returned a login without a token.', false);
    token = {
      value: parsed.data.token,
      renewAt: now().getTime() + TOKEN_LIFETIME_MS - RENEW_BEFORE_MS,
    };
    return parsed.data.token;
  }

  /** The current token; one login at a time however many calls wait for it. */
  function currentToken(): Promise<string> {
    if (token && now().getTime() < token.renewAt) return Promise.resolve(token.value);
    loggingIn ??= login().finally(() => {
      loggingIn = null;
    });
    return loggingIn;
  }

  /** An API call with the token; a 401 renews the token once and asks again. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    what: string,
  ): Promise<{ status: number; json: unknown }> {
    const used = await currentToken();
    let sent = await send(method, `${base}${path}`, body, used, what);
    if (sent.status === 401) {
      if (token?.value === used) token = null;
      sent = await send(method, `${base}${path}`, body, await currentToken(), what);
      if (sent.status === 401)
        throw new CourierError(
          'Shiprocket refused our login token twice; check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD.',
          false,
        );
    }
    if (sent.status < 200 || sent.status >= 300) throw refusal(sent.status, sent.json, what);
    return sent;
  }

  function read<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    // Its docs: some calls respond 200 with only an error message when the data is invalid.
    const error = ErrorResponse.safeParse(json);
    if (error.success && error.data.message)
      throw new RefusedError(`Shiprocket refused ${what}: ${error.data.message}`, 200);
    throw new CourierError(`Shiprocket returned ${what} in a shape we cannot read.`, true);
  }

  /** The live (not cancelled) Shiprocket order with exactly our reference, if any. */
  async function findOrder(search: string, by: 'reference' | 'awb'): Promise<FoundOrder | null> {
    const { json } = await call(
      'GET',
      `/orders?search=${encodeURIComponent(search)}&per_page=50`,
      undefined,
      `the search for ${search}`,
    );
    // The search matches parts of ids too (KR-1-1 finds KR-1-10): keep the exact one.
    const matches = read(OrderList, json, 'the order search').data.filter(
      (o) =>
        !/^CANCEL/i.test(o.status) &&
        (by === 'reference'
          ? o.channel_order_id === search
          : o.shipments.some((s) => String(s.awb ?? '') === search)),
    );
    const order = matches[0];
    if (!order) return null;
    const shipment = order.shipments[0];
    const awb = shipment?.awb ? String(shipment.awb) : null;
    return {
      orderId: order.id,
      shipmentId: shipment?.id ?? null,
      awb,
      courierName: shipment?.courier || null,
      pickupRequested: !!shipment?.pickup_token_number,
    };
  }

  /** Runs a step; when its response is uncertain, looks at what Shiprocket holds instead. */
  async function orLookUp<T>(step: () => Promise<T>, reference: string): Promise<T | FoundOrder> {
    try {
      return await step();
    } catch (err) {
      if (!(err instanceof CourierError) || !err.uncertain) throw err;
      const found = await findOrder(reference, 'reference');
      if (!found) throw err;
      return found;
    }
  }

  async function createOrder(request: ParcelRequest): Promise<FoundOrder> {
    const create = async (): Promise<FoundOrder> => {
      const { json } = await call('POST', '/orders/create/adhoc', adhocOrder(request), 'the order');
      const made = read(CreateResponse, json, 'the order');
      return {
        orderId: made.order_id,
        shipmentId: made.shipment_id,
        awb: null,
        courierName: null,
        pickupRequested: false,
      };
    };
    try {
      return await create();
    } catch (err) {
      if (!(err instanceof CourierError) || !err.uncertain) throw err;
      const found = await findOrder(request.reference, 'reference');
      if (found) return found;
      // A 5xx came back, so nothing is still on its way: one more try is safe. A timeout may
      // still land, so that one goes back to the caller, whose retry looks first.
      if (err instanceof NoResponseError) throw err;
      return await create();
    }
  }

  /**
   * A return order made once: Shiprocket refuses a second with our reference ("has already
   * been taken"), and then, as after a response we cannot trust, the one it holds is looked up.
   */
  async function createReturnOrder(request: PickupRequest): Promise<FoundOrder> {
    try {
      const { json } = await call(
        'POST',
        '/orders/create/return',
        returnOrder(request),
        'the return order',
      );
      const made = read(CreateResponse, json, 'the return order');
      return {
        orderId: made.order_id,
        shipmentId: made.shipment_id,
        awb: null,
        courierName: null,
        pickupRequested: false,
      };
    } catch (err) {
      const taken = err instanceof RefusedError && /already been taken/i.test(err.message);
      if (!(err instanceof CourierError) || (!err.uncertain && !taken)) throw err;
      const found = await findOrder(request.reference, 'reference');
      if (found) return found;
      throw err;
    }
  }

  async function assignAwb(
    order: FoundOrder,
    reference: string,
    isReturn = false,
  ): Promise<FoundOrder> {
    if (!order.shipmentId)
      throw new CourierError(`Shiprocket's order for ${reference} has no shipment.`, false);
    const result = await orLookUp(async () => {
      const { json } = await call(
        'POST',
        '/courier/assign/awb',
        isReturn
          ? { shipment_id: Number(order.shipmentId), is_return: 1 }
          : { shipment_id: Number(order.shipmentId) },
        'the waybill',
      );
      const assigned = read(AwbResponse, json, 'the waybill');
      const data = assigned.response.data;
      if (assigned.awb_assign_status !== 1 || !data.awb_code)
        throw new CourierError(
          `Shiprocket could not assign a waybill: ${data.awb_assign_error ?? 'no courier took the parcel'}`,
          false,
        );
      return { ...order, awb: data.awb_code, courierName: data.courier_name ?? null };
    }, reference);
    if (!result.awb)
      throw new CourierError(
        `Shiprocket did not confirm the waybill for ${reference}; try again.`,
        true,
      );
    return result;
  }

  async function requestPickup(order: FoundOrder, reference: string): Promise<void> {
    try {
      await call(
        'POST',
        '/courier/generate/pickup',
        { shipment_id: [Number(order.shipmentId)] },
        'the pickup',
      );
    } catch (err) {
      if (!(err instanceof CourierError)) throw err;
      // Asked before (an earlier try whose response was lost): the pickup stands.
      if (!err.uncertain && /already/i.test(err.message)) return;
      if (err.uncertain && (await findOrder(reference, 'reference'))?.pickupRequested) return;
      throw err;
    }
  }

  async function labelUrl(shipmentIds: string[]): Promise<string> {
    const { json } = await call(
      'POST',
      '/courier/generate/label',
      { shipment_id: shipmentIds.map(Number) },
      'the labels',
    );
    const printed = read(LabelResponse, json, 'the labels');
    if (printed.label_created !== 1 || !printed.label_url || printed.not_created.length > 0)
      throw new CourierError(
        `Shiprocket made no label for ${printed.not_created.length ? `shipments ${printed.not_created.join(', ')}` : 'these parcels'}: ${printed.response ?? 'no reason given'}`,
        false,
      );
    return printed.label_url;
  }

  /** A PDF Shiprocket keeps at a public address (its S3 bucket): no token. */
  async function downloadPdf(url: string, what: string): Promise<Uint8Array> {
    let bytes: Uint8Array;
    try {
      const response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`status ${response.status}`);
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (err) {
      throw new CourierError(
        `Shiprocket's ${what} could not be downloaded: ${err instanceof Error ? err.message : String(err)}`,
        false,
      );
    }
    if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-')
      throw new CourierError(`Shiprocket's ${what} is not a PDF.`, false);
    return bytes;
  }

  async function shipmentIdOf(parcel: {
    awb: string;
    providerShipmentId: string | null;
  }): Promise<string> {
    if (parcel.providerShipmentId) return parcel.providerShipmentId;
    const found = await findOrder(parcel.awb, 'awb');
    if (!found?.shipmentId)
      throw new CourierError(`Shiprocket has no live parcel with AWB ${parcel.awb}.`, false);
    return found.shipmentId;
  }

  return {
    name: 'shiprocket',
    webhookPath: WEBHOOK_PATH,

    async serviceability(fromPincode, toPincode, weightGrams, cod) {
      const query = new URLSearchParams({
        pickup_postcode: fromPincode,
        delivery_postcode: toPincode,
        weight: String(weightGrams / 1000),
        cod: cod ? '1' : '0',
      });
      let json: unknown;
      try {
        json = (
          await call(
            'GET',
            `/courier/serviceability/?${query}`,
            undefined,
            'the serviceability check',
          )
        ).json;
      } catch (err) {
        // No courier for the pincode is its 404 {status: 404, message}.
        if (err instanceof RefusedError && err.status === 404)
          return { serviceable: false, cod: false, etdDays: null };
        throw err;
      }
      const data = read(ServiceabilityResponse, json, 'the serviceability check').data;
      const couriers = data.available_courier_companies;
      if (couriers.length === 0) return { serviceable: false, cod: false, etdDays: null };
      const chosen =
        couriers.find((c) => c.courier_company_id === data.recommended_courier_company_id) ??
        couriers[0]!;
      const days =
        chosen.estimated_delivery_days != null && chosen.estimated_delivery_days !== ''
          ? Number(chosen.estimated_delivery_days)
          : chosen.etd_hours != null
            ? Math.ceil(chosen.etd_hours / 24)
            : NaN;
      return {
        serviceable: true,
        cod: couriers.some((c) => c.cod === 1 || c.cod === true),
        etdDays: Number.isFinite(days) ? days : null,
      };
    },

    async book(request): Promise<BookedParcel> {
      let order = (await findOrder(request.reference, 'reference')) ?? (await createOrder(request));
      if (!order.awb) order = await assignAwb(order, request.reference);
      if (!order.pickupRequested) await requestPickup(order, request.reference);
      let label: string | null = null;
      try {
        label = await labelUrl([order.shipmentId!]);
      } catch (err) {
        // The label can be made again when staff print it; the parcel is booked either way.
        if (!(err instanceof CourierError)) throw err;
      }
      return {
        providerOrderId: order.orderId,
        providerShipmentId: order.shipmentId,
        awb: order.awb!,
        courierName: order.courierName ?? 'Shiprocket',
        trackingLink: `https://shiprocket.co/tracking/${encodeURIComponent(order.awb!)}`,
        labelUrl: label,
      };
    },

    async bookPickup(request): Promise<BookedParcel> {
      let order =
        (await findOrder(request.reference, 'reference')) ?? (await createReturnOrder(request));
      if (!order.awb) order = await assignAwb(order, request.reference, true);
      if (!order.pickupRequested) await requestPickup(order, request.reference);
      return {
        providerOrderId: order.orderId,
        providerShipmentId: order.shipmentId,
        awb: order.awb!,
        courierName: order.courierName ?? 'Shiprocket',
        trackingLink: `https://shiprocket.co/tracking/${encodeURIComponent(order.awb!)}`,
        labelUrl: null,
      };
    },

    async labels(parcels) {
      if (parcels.length === 0) throw new CourierError('No parcels to print labels for.', false);
      const ids: string[] = [];
      for (const parcel of parcels) ids.push(await shipmentIdOf(parcel));
      // One label_url holds every shipment's label, so no merging here.
      return downloadPdf(await labelUrl(ids), 'label PDF');
    },

    async manifest(parcels) {
      if (parcels.length === 0) throw new CourierError('No parcels for a manifest.', false);
      const generated = await call(
        'POST',
        '/manifests/generate',
        { shipment_id: parcels.map((p) => Number(p.providerShipmentId)) },
        'the manifest',
      ).catch((err: unknown) => {
        // Made before: printing it is all that is left.
        if (err instanceof CourierError && !err.uncertain && /already generated/i.test(err.message))
          return null;
        throw err;
      });
      if (generated && !read(ManifestResponse, generated.json, 'the manifest').manifest_url)
        throw new CourierError('Shiprocket made no manifest: request the pickups first.', false);
      const printed = await call(
        'POST',
        '/manifests/print',
        { order_ids: parcels.map((p) => Number(p.providerOrderId)) },
        'the manifest print',
      );
      const url = read(ManifestResponse, printed.json, 'the manifest print').manifest_url;
      if (!url)
        throw new CourierError('Shiprocket has no manifest to print for these parcels.', false);
      return downloadPdf(url, 'manifest PDF');
    },

    async cancel(parcel) {
      const orderId = parcel.providerOrderId ?? (await findOrder(parcel.awb, 'awb'))?.orderId;
      if (!orderId)
        throw new CourierError(`Shiprocket has no live order with AWB ${parcel.awb}.`, false);
      await call(
        'POST',
        '/orders/cancel',
        { ids: [Number(orderId)] },
        `the cancellation of AWB ${parcel.awb}`,
      );
    },

    async answerFailedDelivery(parcel, action, note) {
      await call(
        'POST',
        `/ndr/${encodeURIComponent(parcel.awb)}/action`,
        {
          action: action === 'reattempt' ? 're-attempt' : 'return',
          comments:
            note.trim() ||
            (action === 'reattempt' ? 'Please deliver again.' : 'Please return to origin.'),
        },
        `the answer to AWB ${parcel.awb}'s failed delivery`,
      );
    },

    readWebhook(headers, body): TrackingUpdate[] | null {
      const given = headers['x-api-key'];
      if (!tokensMatch(Array.isArray(given) ? undefined : given, options.webhookToken)) return null;
      return trackingUpdatesOf(body, now());
    },
  };
}
