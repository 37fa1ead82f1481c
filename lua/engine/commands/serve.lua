-- bitwa serve: play, watch and replay a game in a browser (lua/engine/server.lua).
return function(command, lib)
  command("serve", "serve GAME.bitwa | RULESET/SCENARIO [-o FILE] [--seed N] [--bots SIDE=BOT,...] [--port N] [--host ADDR]",
    "play a game in a browser (a local web server and a JSON API)",
    "Holds the game in memory and serves the page (web/) and the JSON API\n" ..
    "(README: bitwa serve) at http://127.0.0.1:PORT/ (--port 0, the default\n" ..
    "8410 taken or not, picks a free port; the URL is printed).  A scenario\n" ..
    "starts a new game file (-o FILE, default RULESET-SCENARIO-SEED.bitwa).\n" ..
    "--bots SIDE=BOT plays SIDE by a bot; the other sides are played from the\n" ..
    "page.  --host ADDR listens on another interface: a random access token is\n" ..
    "then printed and every API request must carry it.  Every action is in the\n" ..
    "log before it is answered.  Ctrl-C stops the server.",
    function(args)
      local util = require "engine.util"
      local opts, pos = lib.parse(args, { port = "value", host = "value", bots = "value", seed = "value",
        o = "value", ["-o"] = { "o" }, overlay = "list", option = "list", deploy = "value", ruleset = "value" }, "serve")
      lib.need(pos, 1, lib.commands.serve, 1)
      if not bitwa.http then
        lib.failure("serve: this bitwa was built without libmicrohttpd (install it: tools/deps.sh, then rebuild)")
      end
      local port = 8410
      if opts.port then
        port = math.tointeger(tonumber(opts.port))
        if not port or port < 0 or port > 65535 then lib.bad("--port: 0 to 65535 expected") end
      end
      local host = opts.host or "127.0.0.1"
      if not host:match("^%d+%.%d+%.%d+%.%d+$") then lib.bad("--host: an IPv4 address expected, got '" .. host .. "'") end
      local path, g = pos[1], nil
      if path:match("%.bitwa$") or util.exists(path) then
        g = lib.open_game(path, false)
      else
        local rs, sc = lib.split_target(path, opts.ruleset)
        local seed = lib.seed_of(opts.seed)
        path = opts.o or string.format("%s-%s-%d.bitwa", rs, (sc:match("([^/]+)%.lua$") or sc), seed)
        if util.exists(path) then lib.bad(path .. ": the file exists; choose another name with -o, or serve it") end
        local ok
        ok, g = pcall(lib.engine().new, { ruleset = rs, scenario = sc, seed = seed,
          overlays = lib.overlays_of(opts.overlay, rs), options = lib.options_of(opts.option), log = path,
          deploy = opts.deploy })
        if not ok then lib.bad(tostring(g)) end
      end
      -- bots only for the sides named
      local botmod = require "engine.bot"
      local bots, names = {}, {}
      for part in (opts.bots or ""):gmatch("[^,]+") do
        local side, name = part:match("^([%w_]+)=([^,]+)$")
        if not side then g:close() lib.bad("--bots: SIDE=BOT[,SIDE=BOT] expected, got '" .. part .. "'") end
        local idx
        for i, s in ipairs(g.sides) do if s == side then idx = i end end
        if not idx then g:close() lib.bad("--bots: no side '" .. side .. "' in this game (sides: " .. table.concat(g.sides, ", ") .. ")") end
        local b, err = botmod.make(name, g.seed, idx)
        if not b then g:close() lib.bad(err) end
        bots[side], names[side] = b, name
      end
      local token
      if host ~= "127.0.0.1" then
        local f = io.open("/dev/urandom", "rb")
        local bytes = f and f:read(16)
        if f then f:close() end
        if not bytes or #bytes ~= 16 then g:close() lib.failure("serve: no random bytes for the access token") end
        token = bytes:gsub(".", function(c) return string.format("%02x", c:byte()) end)
      end
      local srv = require("engine.server").new { game = g, path = path, bots = bots, bot_names = names,
                                                 token = token, web = bitwa.home .. "/web" }
      local ok, err = bitwa.http.serve {
        host = host, port = port,
        handler = function(method, p, a, body, headers) return srv:handle(method, p, a, body, headers) end,
        idle = function(now) return srv:idle(now) end,
        ready = function(actual)
          srv.port = actual
          util.printf("bitwa serve: %s at http://%s:%d/%s\n", path, host, actual, token and ("?token=" .. token) or "")
          if token then util.printf("access token: %s\n", token) end
          io.stdout:flush()
        end,
      }
      srv.g:close()
      if not ok then lib.failure("serve: " .. tostring(err)) end
      return 0
    end)
end
