-- bitwa undo GAME.bitwa: take back one's own last actions.
return function(command, lib)
  command("undo", "undo FILE [--side S] [-n N] [--json]", "take back one's own last actions",
    "Takes back the last N actions (default 1) of side S (default: the side of\n" ..
    "the last action), as long as no die was rolled and no other side decided\n" ..
    "anything since; beyond that it is refused with the reason (exit 2).  The\n" ..
    "actions are removed from the log: the file replays and verifies as if\n" ..
    "they had never been played.",
    function(args)
      local opts, pos = lib.parse(args, { side = "value", n = "value", ["-n"] = { "n" }, json = "flag" }, "undo")
      lib.need(pos, 1, lib.commands.undo, 1)
      local json = require "engine.json"
      local util = require "engine.util"
      local undo = require "engine.undo"
      local count = 1
      if opts.n then
        count = math.tointeger(tonumber(opts.n))
        if not count or count < 1 then lib.bad("undo: -n: a positive integer expected, got '" .. opts.n .. "'") end
      end
      -- the game is opened first: a file that does not replay is not touched
      local g = lib.open_game(pos[1], false)
      local plan, why = undo.plan(g.log, opts.side, count)
      if not plan then
        g:close()
        util.eprintf("bitwa: refused: %s\n", why)
        if opts.json then io.write(json.encode { status = "refused", message = why }, "\n") end
        return 2
      end
      undo.apply(g.log, plan)
      g:close()
      local g2 = lib.open_game(pos[1], true)
      local lines = {}
      for _, a in ipairs(plan.taken) do lines[#lines + 1] = a.line end
      if opts.json then
        io.write(json.encode { status = "done", side = plan.side, taken = json.array(lines), actions = g2.n,
                               checksum = g2:checksum() }, "\n")
      else
        for _, a in ipairs(plan.taken) do util.printf("took back action %d: %s %s\n", a.n, a.side, a.line) end
        util.printf("now at action %d, checksum %s\n", g2.n, g2:checksum())
      end
      g2:close()
      return 0
    end)
end
