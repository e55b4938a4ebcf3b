-- Sample rooms for a local Supabase (`supabase db reset` runs this after the migrations).
insert into rooms (id, name, capacity, features) values
  ('room-1', 'Room 1', 4, '{screen}'),
  ('room-2', 'Room 2', 6, '{screen,whiteboard}'),
  ('room-3', 'Room 3', 8, '{projector,whiteboard,video}'),
  ('boardroom', 'Boardroom', 16, '{projector,video,phone}'),
  ('focus-a', 'Focus A', 1, '{}')
on conflict do nothing;
