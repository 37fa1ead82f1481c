/*
** tests/fuzz/fuzz_action.c -- the input as action lines and decision
** answers played into a fresh skirmish/duel game (seed 3).
**
** One line per action or answer, at most 50; "A " or "B " in front
** chooses the side (default: the side that acts now).  While a
** decision is pending a line is its answer.  Every act and answer must
** return done, decision or refused -- "error" means the engine or the
** rules failed -- and a refused one must leave the game checksum as it
** was: as before the line when a decision is still pending, as before
** the action when the action as a whole was refused.
*/
#include "fuzz_common.h"

static const char harness[] =
  "local ruleset = require 'engine.ruleset'\n"
  "local game = require 'engine.game'\n"
  "local rs = ruleset.load('skirmish')\n"
  "local MAX_LINES = 50\n"
  "local STATUS = { done = true, decision = true, refused = true }\n"
  "return function (text)\n"
  "  local g = game.new { ruleset = rs, scenario = 'duel', seed = 3 }\n"
  "  local start = g:checksum()       -- before the action under way\n"
  "  local n, pos = 0, 1\n"
  "  while pos <= #text and n < MAX_LINES do\n"
  "    local e = text:find('\\n', pos, true) or #text + 1\n"
  "    local line = text:sub(pos, e - 1):gsub('\\r$', '')\n"
  "    pos, n = e + 1, n + 1\n"
  "    local side, rest = line:match('^([AB]) (.*)$')\n"
  "    if not side then rest = line end\n"
  "    local before = g:checksum()\n"
  "    local what, r\n"
  "    if g:pending_request() then\n"
  "      what = 'answer'\n"
  "      r = g:answer(rest)\n"
  "    else\n"
  "      side = side or g:acting_side() or 'A'\n"
  "      what, start = 'act ' .. side, before\n"
  "      r = g:act(side, rest)\n"
  "    end\n"
  "    local where = 'line ' .. n .. ' (' .. what .. ' ' .. string.format('%q', rest) .. ')'\n"
  "    if type(r) ~= 'table' or not STATUS[r.status] then\n"
  "      local st = type(r) == 'table' and tostring(r.status) or type(r)\n"
  "      return where .. ': status ' .. st .. ': ' ..\n"
  "        tostring(type(r) == 'table' and r.message) .. '\\n' ..\n"
  "        tostring(type(r) == 'table' and r.traceback or '')\n"
  "    end\n"
  "    if r.status == 'refused' then\n"
  "      local want = g:pending_request() and before or start\n"
  "      local now = g:checksum()\n"
  "      if now ~= want then\n"
  "        return where .. ': refused (' .. tostring(r.message) ..\n"
  "          ') but the checksum went from ' .. want .. ' to ' .. now\n"
  "      end\n"
  "    end\n"
  "  end\n"
  "  g:close()\n"
  "end\n";

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size) {
  static lua_State *L;
  static int ref;
  if (L == NULL) L = fuzz_setup("fuzz_action", harness, &ref);
  fuzz_check(L, ref, "fuzz_action", (const char *)data, size);
  return 0;
}
