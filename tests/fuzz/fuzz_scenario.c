/*
** tests/fuzz/fuzz_scenario.c -- the input as a scenario file of the
** skirmish ruleset.
**
** engine.scenario.read_text runs it in the sandbox, then validate
** checks it against the ruleset and the skirmish map.  Allowed: a
** validated scenario, or an error whose message starts "NAME:LINE:"
** (syntax errors, errors and budget kills in the scenario's code,
** validation errors) at lines the text has.  An error without the
** position, or a crash, is a finding.
*/
#include "fuzz_common.h"

static const char harness[] =
  "local ruleset = require 'engine.ruleset'\n"
  "local scenario = require 'engine.scenario'\n"
  "local game = require 'engine.game'\n"
  "local rs = ruleset.load('skirmish')\n"
  "local kmap = game.load_map(rs, 'skirmish').kmap\n"
  "local NAME = 'fuzz.lua'\n"
  "local function run (text)\n"
  "  return scenario.validate(rs, scenario.read_text(rs, text, NAME), kmap)\n"
  "end\n"
  "return function (text)\n"
  "  local ok, r = pcall(run, text)\n"
  "  if ok then\n"
  "    if type(r) ~= 'table' or type(r.units) ~= 'table' then\n"
  "      return 'validate returned a ' .. type(r)\n"
  "    end\n"
  "    return nil\n"
  "  end\n"
  "  local msg = r\n"
  "  if type(r) == 'table' and debug.getmetatable(r) and debug.getmetatable(r).__tostring then\n"
  "    msg = tostring(r)\n"
  "  end\n"
  "  if type(msg) ~= 'string' then\n"
  "    return 'error value is a ' .. type(r) .. ', not a message'\n"
  "  end\n"
  "  if msg:sub(1, #NAME + 1) ~= NAME .. ':' or not msg:find('^%d+:', #NAME + 2) then\n"
  "    return 'error without NAME:LINE: ' .. msg\n"
  "  end\n"
  "  -- every position a message gives lies in the text (whose line\n"
  "  -- breaks are \\n, \\r, \\r\\n or \\n\\r, as Lua counts them)\n"
  "  local lines, i = 1, 1\n"
  "  while true do\n"
  "    local b = text:find('[\\r\\n]', i)\n"
  "    if not b then break end\n"
  "    local c, d = text:sub(b, b), text:sub(b + 1, b + 1)\n"
  "    i = (d == '\\r' or d == '\\n') and d ~= c and b + 2 or b + 1\n"
  "    lines = lines + 1\n"
  "  end\n"
  "  for l in msg:gmatch('%f[^\\n%z]' .. NAME:gsub('%p', '%%%0') .. ':(%d+): ') do\n"
  "    if tonumber(l) > lines then\n"
  "      return 'line ' .. l .. ' beyond the end of the text (' .. lines .. ' lines): ' .. msg\n"
  "    end\n"
  "  end\n"
  "end\n";

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size) {
  static lua_State *L;
  static int ref;
  if (L == NULL) L = fuzz_setup("fuzz_scenario", harness, &ref);
  fuzz_check(L, ref, "fuzz_scenario", (const char *)data, size);
  return 0;
}
