/**
 * The Supabase booking store: the same SQL functions (migrations/bookings, shipped in
 * supabase/migrations for the Supabase CLI), called through PostgREST with supabase-js `.rpc()`.
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createBookingStore, type BookingStore, type RpcCaller } from './booking-store.js';

/** A PostgREST error: `retryable` is false for errors no retry can fix (missing function, bad arguments). */
export class SupabaseRpcError extends Error {
  constructor(
    readonly fn: string,
    readonly code: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(`supabase rpc ${fn} failed (${code}): ${message}`);
    this.name = 'SupabaseRpcError';
  }
}

export function createSupabaseBookingStore(url: string, serviceRoleKey: string): BookingStore {
  const client = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // On Node 20 supabase-js needs a WebSocket implementation to construct its realtime client.
    realtime: { transport: WebSocket as never },
  });
  const rpc: RpcCaller = async (fn, args) => {
    const { data, error, status } = await client.rpc(fn, args);
    if (error) {
      // PGRST… are PostgREST's own (schema cache, arguments); 22…/42… are SQL data and definition errors.
      const code = error.code ?? String(status);
      const permanent = /^PGRST|^22|^42/.test(code) || (status >= 400 && status < 500 && status !== 408 && status !== 429);
      throw new SupabaseRpcError(fn, code, error.message, !permanent);
    }
    return data;
  };
  return createBookingStore(rpc, 'supabase');
}
