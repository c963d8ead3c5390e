// The delivery promise's public face: the product page's pincode box, and the address
// forms' pincode lookup (city filled, state checked, checkout's date).
export { DeliveryBox } from './delivery-box';
export { useAddressPincode, type AddressPincode } from './use-address-pincode';
export { rememberEstimate } from './use-address-estimate';
