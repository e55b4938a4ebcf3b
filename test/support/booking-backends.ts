/**
 * The booking store on each backend the product supports, for tests that run the same cases on all:
 * PGlite, the real PostgreSQL server (skipped where none runs; the store test insists on it in CI), and
 * supabase-js `.rpc()` against PostgREST's wire format executed on a real database.
 */
import { createSqlBookingStore, type BookingStore } from '../../adapters/booking-store.js';
import { openDatabase, type Db } from '../../adapters/db.js';
import { createSupabaseBookingStore } from '../../adapters/supabase-booking-store.js';
import { startFakePostgrest } from './fake-postgrest.js';
import { createTempDatabase, postgresAvailable } from './postgres.js';

export const hasPostgres = await postgresAvailable();
export const SERVICE_KEY = 'service-role-key-for-tests';

export type BookingBackend = { db: Db; store: BookingStore; cleanup: () => Promise<void> };

export const bookingBackends: { name: string; open: () => Promise<BookingBackend>; skip?: boolean }[] = [
  {
    name: 'PGlite',
    open: async () => {
      const db = await openDatabase({ inMemory: true, groups: ['bookings'] });
      return { db, store: createSqlBookingStore(db), cleanup: () => db.close() };
    },
  },
  {
    name: 'PostgreSQL',
    skip: !hasPostgres,
    open: async () => {
      const tmp = await createTempDatabase();
      const db = await openDatabase({ databaseUrl: tmp.url, groups: ['bookings'] });
      return { db, store: createSqlBookingStore(db), cleanup: async () => (await db.close(), await tmp.drop()) };
    },
  },
  {
    name: 'Supabase (supabase-js .rpc over PostgREST wire format)',
    open: async () => {
      const db = await openDatabase({ inMemory: true, groups: ['bookings'] });
      const rest = await startFakePostgrest(db, SERVICE_KEY);
      return { db, store: createSupabaseBookingStore(rest.url, SERVICE_KEY), cleanup: async () => (await rest.close(), await db.close()) };
    },
  },
];
