// The products state of the spec (data, loading, error): the home lists, fetched once.
import type { HomeResponse } from '@kitroom/contract';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { getHome } from '@/api/calls';
import { messageOf } from '@/api/client';
import { showAlert } from '@/ui/alert';

export interface ProductsState {
  data: HomeResponse | null;
  loading: boolean;
  error: string | null;
}

export const FETCH_PRODUCTS_ERROR = 'Failed to fetch products';

function isEmpty(home: HomeResponse): boolean {
  return (
    home.Limited.length === 0 &&
    home['New product'].length === 0 &&
    home['Most Viewed'].length === 0 &&
    home.promotion.length === 0
  );
}

/** The home lists the server inlined into the page (and rendered it with) paint at once; an
 * empty answer is fetched again, so that the shopper is told to try again. */
export function initialProductsState(home?: HomeResponse): ProductsState {
  return { data: home && !isEmpty(home) ? home : null, loading: false, error: null };
}

export const fetchHome = createAsyncThunk<HomeResponse, void, { rejectValue: string }>(
  'products/fetchHome',
  async (_arg, { rejectWithValue }) => {
    try {
      const home = await getHome();
      if (isEmpty(home)) {
        showAlert('Please try again');
        return rejectWithValue('No data returned');
      }
      return home;
    } catch (error) {
      return rejectWithValue(messageOf(error, 'Something went wrong'));
    }
  },
  { condition: (_arg, { getState }) => !(getState() as ProductsRoot).products.loading },
);

const productsSlice = createSlice({
  name: 'products',
  initialState: () => initialProductsState(),
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchHome.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchHome.fulfilled, (state, action) => {
        state.loading = false;
        state.data = action.payload;
      })
      .addCase(fetchHome.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? FETCH_PRODUCTS_ERROR;
      });
  },
});

export const productsReducer = productsSlice.reducer;

type ProductsRoot = { products: ProductsState };

export const useProductsSelector = useSelector.withTypes<ProductsRoot>();
export const useProductsDispatch =
  useDispatch.withTypes<ThunkDispatch<ProductsRoot, unknown, UnknownAction>>();
