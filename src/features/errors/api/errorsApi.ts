import { api } from '../../../api/apiSlice';
import type { ErrorReport } from '../model/errorReport';

export const errorsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/v1/errors; the answer is not read (docs/product/part-1.md §7). */
    reportError: build.mutation<null, ErrorReport>({
      query: (report) => ({ url: 'errors', method: 'POST', body: report }),
      transformResponse: () => null,
      extraOptions: { auth: 'none' },
    }),
  }),
});
