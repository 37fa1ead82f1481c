-- bitwa odds SITUATION.lua | GAME.bitwa "ACTION": exact probabilities of an
-- action's outcomes.
return function(command, lib)
  command("odds", "odds SITUATION.lua | GAME.bitwa ACTION [--side S] [--json] [--policy first|bot] [--max-plays N]",
    "exact odds of an action, with the real rule code",
    "Plays the action on copies of the game, following every class of every\n" ..
    "roll the rules make (the totals that give the same result; every total\n" ..
    "of a roll that declares none), and prints the exact probability of each\n" ..
    "outcome (what changed: SP, hexes, conditions, eliminations, variables)\n" ..
    "and of each change on its own.  Decisions are taken by the policy: the\n" ..
    "first option, or the ruleset's bot.\n" ..
    "SITUATION.lua sets up a position (see lua/engine/odds.lua for the format);\n" ..
    "GAME.bitwa ACTION takes the current position of a game file, which is\n" ..
    "not changed, e.g.  bitwa odds game.bitwa \"attack K1,K2 P1\" (the acting\n" ..
    "side plays it unless --side names another).",
    function(args)
      local opts, pos = lib.parse(args, { json = "flag", policy = "value", side = "value",
                                          ["max-plays"] = "value" }, "odds")
      lib.need(pos, 1, lib.commands.odds)
      local odds = require "engine.odds"
      local json = require "engine.json"
      local max_runs = math.tointeger(tonumber(opts.max_plays or ""))
      local rep
      if pos[1]:match("%.lua$") then
        local ok, s = pcall(odds.load_situation, pos[1])
        if not ok then lib.bad(tostring(s)) end
        if opts.policy then s.policy = opts.policy end
        local ok2, g, policy = pcall(odds.situation_game, s)
        if not ok2 then lib.bad(type(g) == "table" and g.message or tostring(g)) end
        local side = opts.side or s.side or g:acting_side()
        local ok3, r = pcall(odds.compute, g, side, s.action, { policy = policy, max_runs = max_runs })
        if not ok3 then lib.failure(tostring(r)) end
        rep = r
      else
        lib.need(pos, 2, lib.commands.odds)
        local okp, policy = pcall(odds.policy, opts.policy)
        if not okp then lib.bad(tostring(policy)) end
        local g = lib.open_game(pos[1], true)
        local words = {}
        for i = 2, #pos do words[#words + 1] = pos[i] end
        local ok3, r, refusal = pcall(odds.of_action, g, opts.side, table.concat(words, " "),
                                      { policy = policy, max_runs = max_runs, phase_end = true })
        g:close()
        if not ok3 then lib.failure(tostring(r)) end
        if not r then
          io.stderr:write("refused: " .. (refusal.rule ~= "" and (refusal.rule .. ": ") or "") ..
            tostring(refusal.message) .. "\n")
          return 2
        end
        rep = r
      end
      if opts.json then io.write(json.encode(odds.plain(rep)), "\n")
      else io.write(odds.format(rep)) end
      return 0
    end)
end
