/** Where the web servers of the Playwright run listen (ports from the environment, or the defaults). */
export const PAGE_PORT = Number(process.env.PAGE_PORT ?? 5173);
export const MSW_PAGE_PORT = Number(process.env.MSW_PAGE_PORT ?? 5174);
export const MOCK_PORT = Number(process.env.MOCK_PORT ?? 4010);
export const PAGE_URL = `http://127.0.0.1:${PAGE_PORT}`;
/** The page under `vite --mode msw`: the mock runs inside it (msw's service worker). */
export const MSW_PAGE_URL = `http://127.0.0.1:${MSW_PAGE_PORT}`;
export const MOCK_URL = `http://127.0.0.1:${MOCK_PORT}`;
