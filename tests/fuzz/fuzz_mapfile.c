/*
** tests/fuzz/fuzz_mapfile.c -- the input as a map file.
**
** engine.mapfile.parse with the skirmish ruleset's terrain and hexside
** lists must return a map table, or nil and "NAME:LINE: message"; it
** must never raise.
*/
#include "fuzz_common.h"

static const char harness[] =
  "local mapfile = require 'engine.mapfile'\n"
  "local rs = require('engine.ruleset').load('skirmish')\n"
  "local spec = { terrain = rs.terrain, edges = rs.edges }\n"
  "return function (text)\n"
  "  local ok, m, err = pcall(mapfile.parse, text, 'fuzz.map', spec)\n"
  "  if not ok then return 'mapfile.parse raised: ' .. tostring(m) end\n"
  "  if m == nil then\n"
  "    if type(err) ~= 'string' then\n"
  "      return 'mapfile.parse returned nil and a ' .. type(err)\n"
  "    end\n"
  "    if not err:match('^[^:]+:%d+: ') then\n"
  "      return 'error without NAME:LINE: ' .. err\n"
  "    end\n"
  "    return nil\n"
  "  end\n"
  "  if type(m) ~= 'table' then\n"
  "    return 'mapfile.parse returned a ' .. type(m)\n"
  "  end\n"
  "  if math.type(m.width) ~= 'integer' or m.width < 1\n"
  "     or math.type(m.height) ~= 'integer' or m.height < 1 then\n"
  "    return 'map without a positive extent'\n"
  "  end\n"
  "end\n";

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size) {
  static lua_State *L;
  static int ref;
  if (L == NULL) L = fuzz_setup("fuzz_mapfile", harness, &ref);
  fuzz_check(L, ref, "fuzz_mapfile", (const char *)data, size);
  return 0;
}
