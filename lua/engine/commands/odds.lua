-- bitwa odds SITUATION.lua: exact probabilities of an action's outcomes.
return function(command, lib)
  command("odds", "odds SITUATION.lua [--json] [--policy first|bot] [--max-plays N]",
    "exact odds of an action, with the real rule code",
    "Plays the situation's action on copies of the game, trying every total of\n" ..
    "every roll the rules make (forced dice), and prints the exact probability of\n" ..
    "each outcome (what changed: SP, hexes, conditions, eliminations, variables)\n" ..
    "and of each change on its own.  Decisions are taken by the policy: the first\n" ..
    "option, or the ruleset's bot.  See lua/engine/odds.lua for the file format.",
    function(args)
      local opts, pos = lib.parse(args, { json = "flag", policy = "value", ["max-plays"] = "value" }, "odds")
      lib.need(pos, 1, lib.commands.odds)
      local odds = require "engine.odds"
      local json = require "engine.json"
      local ok, s = pcall(odds.load_situation, pos[1])
      if not ok then lib.bad(tostring(s)) end
      if opts.policy then s.policy = opts.policy end
      local ok2, g, policy = pcall(odds.situation_game, s)
      if not ok2 then lib.bad(type(g) == "table" and g.message or tostring(g)) end
      local side = s.side or g:acting_side()
      local ok3, rep = pcall(odds.compute, g, side, s.action,
        { policy = policy, max_runs = math.tointeger(tonumber(opts.max_plays or "")) })
      if not ok3 then lib.failure(tostring(rep)) end
      if opts.json then
        local outs = {}
        for i, o in ipairs(rep.outcomes) do
          outs[i] = { outcome = o.text, p = odds.float(o.p), exact = o.p[1] .. "/" .. o.p[2] }
        end
        io.write(json.encode { action = rep.line, side = rep.side, plays = rep.runs, paths = rep.leaves,
                               outcomes = json.array(outs) }, "\n")
      else
        io.write(odds.format(rep))
      end
      return 0
    end)
end
