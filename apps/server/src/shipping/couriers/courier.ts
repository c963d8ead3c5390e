// The one seam between the shop and a courier (OPERATIONS.md, Shipping), as payments have
// theirs: book a parcel, print its label, cancel it, read the courier's tracking news and
// answer a failed delivery. Adapters map their vendor's shapes to these types; nothing else
// knows the vendor. `manual` has no adapter: staff type the courier and tracking themselves.
import type { COURIERS, SHIPMENT_STATES } from '../../db/index.js';

export type CourierName = (typeof COURIERS)[number];
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

export interface ParcelRequest {
  /**
   * Ours and unique per shipment (KR-<order id>-<n>), sent as the courier's order id. A
   * booking retried after a timeout sends the same one, and the adapter must find what the
   * first attempt made instead of making a second parcel.
   */
  reference: string;
  orderId: number;
  orderDate: Date;
  /** Where the courier collects the parcel (Shiprocket: the pickup location's name). */
  pickupLocation: string;
  /** The shop's pincode, where the parcel leaves from. */
  fromPincode: string;
  consignee: {
    name: string;
    phone: string;
    email: string;
    address: string;
    city: string;
    state: string;
    pincode: string;
  };
  items: { name: string; sku: string; units: number; sellingPricePaise: number; hsn: string }[];
  /** Cash to collect at the door; 0 for a prepaid order. */
  codAmountPaise: number;
  subTotalPaise: number;
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** An address a parcel leaves from or goes to, as couriers take it. */
export interface ParcelAddress {
  name: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
}

/**
 * A return's pieces collected from the shopper and brought back to the shop (a reverse pickup,
 * Shiprocket's "return order"): prepaid, nothing to collect, the courier brings the label.
 */
export interface PickupRequest {
  /** Ours and unique, as a parcel's (KR-<order id>-<n>); a retry sends the same one. */
  reference: string;
  orderId: number;
  returnId: number;
  requestedAt: Date;
  /** The shopper, where the courier collects the parcel (the order's delivery address). */
  from: ParcelAddress;
  /** The shop, where the parcel is brought. */
  to: ParcelAddress;
  items: ParcelRequest['items'];
  subTotalPaise: number;
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

export interface BookedParcel {
  providerOrderId: string | null;
  providerShipmentId: string | null;
  awb: string;
  /** The carrier the shopper sees (e.g. 'Delhivery Surface'). */
  courierName: string;
  trackingLink: string;
  labelUrl: string | null;
}

/** One tracking event, verified and mapped to our states. */
export interface TrackingUpdate {
  awb: string;
  state: ShipmentState;
  /** The courier's id for the event, or one derived from its fields: repeats are dropped. */
  eventKey: string;
  occurredAt: Date;
  location: string | null;
  note: string | null;
}

export interface Serviceability {
  serviceable: boolean;
  cod: boolean;
  /** Days in transit the courier estimates, when it says. */
  etdDays: number | null;
}

export interface CourierProvider {
  readonly name: Exclude<CourierName, 'manual'>;
  /**
   * Where the courier posts its tracking news, relative to /api (e.g. '/parcel-updates/...').
   * Shiprocket refuses webhook addresses that contain its own name or 'sr'/'kr'.
   */
  readonly webhookPath: string;
  serviceability(
    fromPincode: string,
    toPincode: string,
    weightGrams: number,
    cod: boolean,
  ): Promise<Serviceability>;
  /** Books the parcel and its waybill; safe to call again with the same reference. */
  book(request: ParcelRequest): Promise<BookedParcel>;
  /**
   * Books a return's pickup from the shopper (its waybill, the pickup asked for); safe to call
   * again with the same reference. Its tracking news comes through the same webhook.
   */
  bookPickup(request: PickupRequest): Promise<BookedParcel>;
  /** The labels of these parcels as one PDF. */
  labels(
    parcels: readonly { awb: string; providerShipmentId: string | null }[],
  ): Promise<Uint8Array>;
  /** Cancels a parcel or a pickup not yet picked up. */
  cancel(parcel: { awb: string; providerOrderId: string | null }): Promise<void>;
  /** The staff's answer to a failed delivery. */
  answerFailedDelivery(
    parcel: { awb: string },
    action: 'reattempt' | 'return',
    note: string,
  ): Promise<void>;
  /**
   * A webhook's headers and parsed body, verified (token or signature); null when it is not
   * authentic, an empty list when it says nothing we track.
   */
  readWebhook(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): TrackingUpdate[] | null;
}

/** A courier's refusal or failure, with a message staff can act on. */
export class CourierError extends Error {
  constructor(
    message: string,
    /** True when the call may have reached the courier (timeout, 5xx): look before retrying. */
    readonly uncertain: boolean,
  ) {
    super(message);
    this.name = 'CourierError';
  }
}
