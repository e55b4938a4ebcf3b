/**
 * Where jemalloc is installed on this machine, looked up independently of app/with-allocator.sh (the
 * tests check the launcher against it): the places the launcher searches, for the two common
 * architectures. Undefined when none (CI installs Debian's libjemalloc2).
 */
import fs from 'node:fs';

export const installedJemalloc: string | undefined = ['x86_64', 'aarch64']
  .map((arch) => `/usr/lib/${arch}-linux-gnu/libjemalloc.so.2`)
  .concat(['/usr/lib64/libjemalloc.so.2', '/usr/lib/libjemalloc.so.2', '/usr/local/lib/libjemalloc.so.2'])
  .find((p) => fs.existsSync(p));
