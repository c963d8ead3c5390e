// The Redux store: the cart (persisted locally, synced with the server) and the home lists.
import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { cartReducer } from '@/features/cart/cart-slice';
import { cartSyncMiddleware } from '@/features/cart/cart-sync';
import { sessionReducer } from '@/features/accounts/session-slice';
import { productsReducer } from '@/features/catalogue/products-slice';

export function createStore() {
  return configureStore({
    reducer: { cart: cartReducer, products: productsReducer, session: sessionReducer },
    middleware: (getDefault) => getDefault().concat(cartSyncMiddleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
