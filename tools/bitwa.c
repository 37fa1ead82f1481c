/*
** tools/bitwa.c -- the `bitwa` command.
**
** Builds the kernel's lua_State and hands the command line to the
** engine's command dispatcher (lua/engine/cli.lua), which returns the
** exit status: 0 success, 1 failure, 2 bad input.
*/
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "http.h"
#include "script.h"
#include "term.h"

/* lua/engine's modules as compiled when bitwa was built (the generated
** engine_compiled.c, tools/embed_engine.c) */
extern const bitwa_compiled_module bitwa_engine_compiled[];

static int traceback (lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) msg = luaL_tolstring(L, 1, NULL);
  luaL_traceback(L, L, msg, 1);
  return 1;
}

/*
** BITWA_TEST_HEAP_JITTER=N: leave a few blocks of N-dependent sizes on
** the heap before the engine starts, so that every address it sees
** differs; the determinism test runs games with and without it.
*/
static void **heap_jitter (void) {
  const char *s = getenv("BITWA_TEST_HEAP_JITTER");
  unsigned long n, i;
  void **blocks;
  if (s == NULL || *s == '\0') return NULL;
  n = strtoul(s, NULL, 10) % 64 + 1;
  blocks = calloc(n, sizeof *blocks);
  for (i = 0; blocks && i < n; i++) blocks[i] = malloc(16 + (i * 7919 + n * 104729) % 4096);
  return blocks;
}

int main (int argc, char **argv) {
  const char *home = getenv("BITWA_HOME");
  lua_State *L;
  int i, status, code = 1;
  void **jitter = heap_jitter();
  if (home == NULL || home[0] == '\0') home = BITWA_DEFAULT_HOME;
  bitwa_script_use_compiled(bitwa_engine_compiled);
  L = bitwa_script_new(home);
  if (L == NULL) {
    fprintf(stderr, "bitwa: cannot create the Lua state\n");
    return 1;
  }
  /* bitwa.exe: this executable, for commands that start workers (the
  ** kernel's link, else the command as started) */
  if (lua_getglobal(L, "bitwa") == LUA_TTABLE) {
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
      exe[n] = '\0';
      lua_pushstring(L, exe);
    } else lua_pushstring(L, argc > 0 && argv[0] ? argv[0] : "bitwa");
    lua_setfield(L, -2, "exe");
  }
  lua_pop(L, 1);
  bitwa_http_register(L);
  bitwa_term_register(L);
  lua_pushcfunction(L, traceback);
  lua_getglobal(L, "require");
  lua_pushliteral(L, "engine.cli");
  if (lua_pcall(L, 1, 1, 1) != LUA_OK) {
    fprintf(stderr, "bitwa: %s\n", lua_tostring(L, -1));
    bitwa_script_close(L);
    return 1;
  }
  lua_getfield(L, -1, "main");
  lua_createtable(L, argc, 0);
  for (i = 1; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i);
  }
  status = lua_pcall(L, 1, 1, 1);
  if (status != LUA_OK) {
    fprintf(stderr, "bitwa: internal error: %s\n", lua_tostring(L, -1));
    code = 1;
  } else {
    code = (int)luaL_optinteger(L, -1, 0);
  }
  fflush(stdout);
  bitwa_script_close(L);
  if (jitter) {
    const char *s = getenv("BITWA_TEST_HEAP_JITTER");
    unsigned long n = strtoul(s, NULL, 10) % 64 + 1, k;
    for (k = 0; k < n; k++) free(jitter[k]);
    free(jitter);
  }
  return code;
}
