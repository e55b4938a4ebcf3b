#!/bin/sh
# Runs a command (the worker, `npm start`, the API) with the memory allocator the worker is measured with,
# and `node` or `tsx` with the V8 flag the worker needs (at the end of this file).
#
# MEMORY_ALLOCATOR picks it:
#   auto (default): jemalloc when its library is installed (Debian/Ubuntu: libjemalloc2), otherwise glibc's
#                   malloc; macOS and other systems keep their own allocator
#   jemalloc:       jemalloc, or stop with an error when it cannot be found
#   glibc:          glibc's malloc
# JEMALLOC_LIBRARY names the library file when it is somewhere else than the usual places.
# Either way MALLOC_ARENA_MAX defaults to 2 (read by glibc only).
#
# Why: the worker's native threads (the Temporal core's, the workflow threads) allocate per cached workflow
# and in bursts, and glibc's malloc keeps what they free fragmented in its arenas: a bare cached workflow
# costs a worker 252 KB with glibc and 53 KB with jemalloc, and with 1,000 turns paused for approval the
# worker is about 40 MB smaller (docs/performance.md, paused turns).
set -eu

: "${MALLOC_ARENA_MAX:=2}"
export MALLOC_ARENA_MAX

allocator="${MEMORY_ALLOCATOR:-auto}"
case "$allocator" in
  auto | jemalloc | glibc) ;;
  *)
    echo "MEMORY_ALLOCATOR must be auto, jemalloc or glibc, not \"$allocator\"" >&2
    exit 64
    ;;
esac

find_jemalloc() {
  if [ -n "${JEMALLOC_LIBRARY:-}" ]; then
    if [ -f "$JEMALLOC_LIBRARY" ]; then echo "$JEMALLOC_LIBRARY"; fi
    return 0
  fi
  for lib in /usr/lib/*-linux-gnu/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
    if [ -f "$lib" ]; then
      echo "$lib"
      return 0
    fi
  done
}

if [ "$allocator" != glibc ] && [ "$(uname -s)" = Linux ]; then
  lib="$(find_jemalloc)"
  if [ -n "$lib" ]; then
    case "${LD_PRELOAD:-}" in
      *libjemalloc*) ;;
      "") LD_PRELOAD="$lib" ;;
      *) LD_PRELOAD="$lib:$LD_PRELOAD" ;;
    esac
    export LD_PRELOAD
  elif [ "$allocator" = jemalloc ]; then
    echo "MEMORY_ALLOCATOR=jemalloc, but no jemalloc library was found${JEMALLOC_LIBRARY:+ at $JEMALLOC_LIBRARY}: install it (Debian/Ubuntu: apt-get install libjemalloc2), set JEMALLOC_LIBRARY to its file, or use MEMORY_ALLOCATOR=auto" >&2
    exit 69
  fi
elif [ "$allocator" = jemalloc ]; then
  echo "MEMORY_ALLOCATOR=jemalloc is for Linux (LD_PRELOAD); this is $(uname -s)" >&2
  exit 69
fi

# Node (directly or through tsx) compiles each regular expression when it first runs: V8 takes that from the
# command line only, and the worker's answer check needs it (worker/regexps.ts).
case "${1:-}" in
  node | */node | tsx | */tsx)
    cmd="$1"
    shift
    set -- "$cmd" --no-regexp-tier-up "$@"
    ;;
esac

exec "$@"
