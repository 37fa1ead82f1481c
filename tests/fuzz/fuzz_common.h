/*
** tests/fuzz/fuzz_common.h -- what the fuzz targets share.
**
** Each target builds the kernel's lua_State once (home = the source
** tree, BITWA_DEFAULT_HOME, whatever BITWA_HOME says) and loads a small
** Lua harness: a chunk that returns a check function.  Every input is
** handed to that function; it returns nothing when the engine behaved,
** or a string describing what went wrong.  A string, or an error
** escaping the check function, is a finding: it is printed and the
** process aborts, so that libFuzzer (or the replay driver) reports it.
**
** In the libFuzzer build (BITWA_FUZZ_LUA_COVERAGE) a line hook on the
** main thread feeds the trusted Lua code's line-to-line transitions to
** libFuzzer as extra counters: the Lua interpreter itself is a system
** library without coverage instrumentation, so without this the engine
** code would be invisible to the fuzzer.
*/
#ifndef BITWA_FUZZ_COMMON_H
#define BITWA_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "script.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#ifdef BITWA_FUZZ_LUA_COVERAGE
#define FUZZ_LUA_COUNTERS (1u << 16)

__attribute__((used, section("__libfuzzer_extra_counters")))
static uint8_t fuzz_lua_counters[FUZZ_LUA_COUNTERS];
static uint32_t fuzz_lua_prev;

static void fuzz_line_hook (lua_State *L, lua_Debug *ar) {
  uint32_t h = 2166136261u;
  size_t i, n, from;
  if (!lua_getinfo(L, "S", ar) || ar->source == NULL) return;
  /* chunk names end in the file name: hash their last 64 bytes */
  n = ar->srclen;
  from = n > 64 ? n - 64 : 0;
  for (i = from; i < n; i++) { h ^= (unsigned char)ar->source[i]; h *= 16777619u; }
  h ^= (uint32_t)ar->currentline;
  h *= 16777619u;
  h ^= h >> 15;
  i = (h ^ fuzz_lua_prev) % FUZZ_LUA_COUNTERS;
  if (fuzz_lua_counters[i] < 255) fuzz_lua_counters[i]++;
  fuzz_lua_prev = h >> 1;
}
#endif

static int fuzz_traceback (lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) msg = luaL_tolstring(L, 1, NULL);
  luaL_traceback(L, L, msg, 1);
  return 1;
}

static void fuzz_die (const char *who, const char *what, const char *msg) {
  fprintf(stderr, "%s: %s: %s\n", who, what, msg ? msg : "(no message)");
  fflush(stderr);
  abort();
}

/*
** The state with the harness chunk loaded and run; its check function
** stays in the registry at *ref.  Called once per process.
*/
static lua_State *fuzz_setup (const char *who, const char *harness, int *ref) {
  lua_State *L = bitwa_script_new(BITWA_DEFAULT_HOME);
  if (L == NULL) fuzz_die(who, "setup", "cannot create the Lua state");
  lua_pushcfunction(L, fuzz_traceback);
  if (luaL_loadbufferx(L, harness, strlen(harness), who, "t") != LUA_OK)
    fuzz_die(who, "setup", lua_tostring(L, -1));
  if (lua_pcall(L, 0, 1, 1) != LUA_OK)
    fuzz_die(who, "setup", lua_tostring(L, -1));
  if (!lua_isfunction(L, -1))
    fuzz_die(who, "setup", "the harness must return a function");
  *ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);
#ifdef BITWA_FUZZ_LUA_COVERAGE
  lua_sethook(L, fuzz_line_hook, LUA_MASKLINE, 0);
#endif
  return L;
}

/* Run the check function on the bytes s[0..n); abort on a finding. */
static void fuzz_check (lua_State *L, int ref, const char *who,
                        const char *s, size_t n) {
  int base = lua_gettop(L);
#ifdef BITWA_FUZZ_LUA_COVERAGE
  fuzz_lua_prev = 0;
#endif
  lua_pushcfunction(L, fuzz_traceback);
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  lua_pushlstring(L, s, n);
  if (lua_pcall(L, 1, 1, base + 1) != LUA_OK)
    fuzz_die(who, "the engine raised an error", lua_tostring(L, -1));
  if (!lua_isnil(L, -1))
    fuzz_die(who, "finding", lua_tostring(L, -1));
  lua_settop(L, base);
  lua_gc(L, LUA_GCCOLLECT);
}

#endif
