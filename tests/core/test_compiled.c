/*
** tests/core/test_compiled.c -- the engine's modules compiled at build
** (bitwa_script_use_compiled and require's searcher in core/script.c).
**
** A module is loaded from its compiled chunk only when the file require
** finds is the very text the chunk was made from (chunk name, length and
** hash); an edited file, the same file under another home or a chunk
** Lua cannot load is parsed from its text; a file holding bytecode is
** refused.  The fixture compiles a chunk from a text other than the
** file's, so that which of the two ran shows in the module's value.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>

#include "check.h"
#include "script.h"

static unsigned char code[4096];
static size_t code_len;

static int writer (lua_State *L, const void *p, size_t sz, void *ud) {
  (void)L; (void)ud;
  if (code_len + sz > sizeof code) return 1;
  memcpy(code + code_len, p, sz);
  code_len += sz;
  return 0;
}

static void write_file (const char *path, const char *text, size_t n) {
  FILE *f = fopen(path, "wb");
  CHECK(f != NULL);
  if (f == NULL) return;
  CHECK(fwrite(text, 1, n, f) == n);
  fclose(f);
}

/* require(name) in a new state with home; the module's value (an
** integer) or -1 and the message in err */
static long long require_in (const char *home, const char *name, char *err, size_t errsz) {
  lua_State *L = bitwa_script_new(home);
  long long v = -1;
  err[0] = '\0';
  lua_getglobal(L, "require");
  lua_pushstring(L, name);
  if (lua_pcall(L, 1, 1, 0) == LUA_OK) v = lua_tointeger(L, -1);
  else snprintf(err, errsz, "%s", lua_tostring(L, -1));
  bitwa_script_close(L);
  return v;
}

/* A new home (a temporary directory) with lua/engine/m.lua holding
** text; the module's path in path. */
static void make_home (char *home, char *path, size_t pathsz, const char *text, size_t n) {
  char dir[256];
  CHECK(mkdtemp(home) != NULL);
  snprintf(dir, sizeof dir, "%s/lua", home);
  CHECK(mkdir(dir, 0700) == 0);
  snprintf(dir, sizeof dir, "%s/lua/engine", home);
  CHECK(mkdir(dir, 0700) == 0);
  snprintf(path, pathsz, "%s/lua/engine/m.lua", home);
  write_file(path, text, n);
}

static void remove_home (const char *home) {
  char p[256];
  snprintf(p, sizeof p, "%s/lua/engine/m.lua", home); unlink(p);
  snprintf(p, sizeof p, "%s/lua/engine", home); rmdir(p);
  snprintf(p, sizeof p, "%s/lua", home); rmdir(p);
  rmdir(home);
}

int main (void) {
  char home[] = "/tmp/bitwa-compiled-XXXXXX", other[] = "/tmp/bitwa-compiled-XXXXXX";
  char path[256], other_path[256], chunkname[300], err[1024];
  static const char file_text[] = "-- the file\nreturn 1\n";
  bitwa_compiled_module mods[2];
  lua_State *L;

  make_home(home, path, sizeof path, file_text, sizeof file_text - 1);
  make_home(other, other_path, sizeof other_path, file_text, sizeof file_text - 1);

  /* the chunk: compiled from "return 2", recorded as made from the file */
  L = bitwa_script_new(home);
  CHECK(bitwa_script_load_text(L, "return 2", 8, "=x") == LUA_OK);
  CHECK(lua_dump(L, writer, NULL, 0) == 0);
  bitwa_script_close(L);
  snprintf(chunkname, sizeof chunkname, "@%s", path);
  mods[0].chunkname = chunkname;
  mods[0].text_len = sizeof file_text - 1;
  mods[0].text_hash = bitwa_script_text_hash(file_text, sizeof file_text - 1);
  mods[0].code = code;
  mods[0].code_len = code_len;
  memset(&mods[1], 0, sizeof mods[1]);

  /* no compiled modules: the text */
  bitwa_script_use_compiled(NULL);
  CHECK_INT(require_in(home, "engine.m", err, sizeof err), 1);

  /* the same text, name and length: the compiled chunk */
  bitwa_script_use_compiled(mods);
  CHECK_INT(require_in(home, "engine.m", err, sizeof err), 2);
  /* the same text under another home (another chunk name): the text */
  CHECK_INT(require_in(other, "engine.m", err, sizeof err), 1);

  /* the file edited, its length kept: the hash differs, the text runs */
  {
    static const char edited[] = "-- the file\nreturn 3\n";
    write_file(path, edited, sizeof edited - 1);
    CHECK_INT(require_in(home, "engine.m", err, sizeof err), 3);
    write_file(path, file_text, sizeof file_text - 1);
    CHECK_INT(require_in(home, "engine.m", err, sizeof err), 2);
  }

  /* a chunk this Lua cannot load (its header damaged): the text */
  {
    unsigned char bad[sizeof code];
    memcpy(bad, code, code_len);
    bad[4] ^= 0xff;                   /* the version byte */
    mods[0].code = bad;
    CHECK_INT(require_in(home, "engine.m", err, sizeof err), 1);
    mods[0].code = code;
  }

  /* a first line starting with '#' is skipped and its line kept */
  {
    static const char shebang[] = "#!/bin/false\nreturn debug.getinfo(1, 'l').currentline\n";
    write_file(path, shebang, sizeof shebang - 1);
    CHECK_INT(require_in(home, "engine.m", err, sizeof err), 2);
  }

  /* bytecode in a file is refused, whatever the compiled modules hold */
  write_file(path, (const char *)code, code_len);
  CHECK_INT(require_in(home, "engine.m", err, sizeof err), -1);
  CHECK(strstr(err, "error loading module 'engine.m'") != NULL);
  CHECK(strstr(err, "attempt to load a binary chunk") != NULL);

  /* a module that is not there: require's usual message */
  CHECK_INT(require_in(home, "engine.none", err, sizeof err), -1);
  CHECK(strstr(err, "module 'engine.none' not found") != NULL);
  CHECK(strstr(err, "no file '") != NULL);

  bitwa_script_use_compiled(NULL);
  remove_home(home);
  remove_home(other);
  return check_summary();
}
