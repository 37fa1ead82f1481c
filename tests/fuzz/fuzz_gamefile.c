/*
** tests/fuzz/fuzz_gamefile.c -- the input as a game file.
**
** The bytes go to a temporary file (one per process) that
** engine.game.open(path, { readonly = true }) opens: it must return a
** game, or nil and a one-line message, and never crash.  The file and
** its -wal and -shm are removed after every input.
*/
#include <unistd.h>

#include "fuzz_common.h"

static const char harness[] =
  "local game = require 'engine.game'\n"
  "return function (path)\n"
  "  local ok, g, err = pcall(game.open, path, { readonly = true })\n"
  "  if not ok then return 'game.open raised: ' .. tostring(g) end\n"
  "  if g == nil then\n"
  "    if type(err) ~= 'string' then\n"
  "      return 'game.open returned nil and a ' .. type(err)\n"
  "    end\n"
  "    if err == '' or err:find('\\n') then\n"
  "      return 'not a one-line message: ' .. string.format('%q', err)\n"
  "    end\n"
  "    return nil\n"
  "  end\n"
  "  if debug.getmetatable(g) ~= game.Game then\n"
  "    return 'game.open returned a ' .. type(g) .. ', not a game'\n"
  "  end\n"
  "  g:close()\n"
  "end\n";

static char path[4096], wal[4200], shm[4200];

static void remove_files (void) {
  remove(path);
  remove(wal);
  remove(shm);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size) {
  static lua_State *L;
  static int ref;
  FILE *f;
  if (L == NULL) {
    const char *tmp = getenv("TMPDIR");
    if (tmp == NULL || tmp[0] == '\0') tmp = "/tmp";
    snprintf(path, sizeof path, "%s/bitwa-fuzz-gamefile-%ld.bitwa", tmp, (long)getpid());
    snprintf(wal, sizeof wal, "%s-wal", path);
    snprintf(shm, sizeof shm, "%s-shm", path);
    L = fuzz_setup("fuzz_gamefile", harness, &ref);
  }
  remove_files();
  f = fopen(path, "wb");
  if (f == NULL) fuzz_die("fuzz_gamefile", path, "cannot create the file");
  if (size > 0 && fwrite(data, 1, size, f) != size) fuzz_die("fuzz_gamefile", path, "cannot write");
  if (fclose(f) != 0) fuzz_die("fuzz_gamefile", path, "cannot write");
  fuzz_check(L, ref, "fuzz_gamefile", path, strlen(path));
  remove_files();
  return 0;
}
