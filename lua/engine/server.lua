-- bitwa serve: the game held in memory behind a JSON API, and the page
-- (web/) that plays it in a browser.  The HTTP side is tools/http.c; every
-- request comes here as (method, path, args, body, token) and leaves as
-- (status, content type, body).  Actions go through the same Game:act and
-- Game:answer as the CLI, so the log is written (and synced) before the
-- answer is sent, and a game played here gives the same log as the same
-- decisions typed at `bitwa do` / `bitwa answer`.  Nothing here knows a
-- title: unit values come from the state's attributes and the manifest's
-- roles, tracks from the manifest's panel, reach from the rules' reach
-- queries (paths.lua), odds from odds.lua.
local util = require "engine.util"
local json = require "engine.json"
local gamemod = require "engine.game"
local paths = require "engine.paths"
local roles = require "engine.roles"
local runner = require "engine.runner"
local undo = require "engine.undo"

local M = {}
local Server = { __metatable = "server" }
Server.__index = Server

local JSON = "application/json"

-- M.new{ game = g (open for writing), path = file, bots = { side = bot },
--        bot_names = { side = name }, token = string | nil, web = dir }
-- Bots play in the background (Server:idle, between requests, one action
-- at a time): at once after a player's action in a game with players, and
-- in a game of bots only when the page says play, one action every
-- bot_delay ms.
function M.new(o)
  local s = setmetatable({ g = o.game, path = o.path, bots = o.bots or {}, bot_names = o.bot_names or {},
                           token = o.token, web = o.web, replay_cache = nil }, Server)
  local all = next(s.bots) ~= nil
  for _, side in ipairs(s.g.sides) do if not s.bots[side] then all = false end end
  s.bot_play = not all
  s.bot_delay = all and 300 or 0
  s.bot_next = 0
  return s
end

local function reply(status, t) return status, JSON, json.encode(t) end
local function bad(status, msg) return reply(status, { error = msg }) end

local function req_json(req)
  if not req then return nil end
  return { side = req.side, kind = req.kind, prompt = req.prompt, options = json.array(req.options),
           min = req.min, max = req.max }
end

-- An order given in the sealed phase still open (game.lua: sealed
-- orders) is shown as "(sealed)", without its events, until every side
-- has ended the phase.
local function shown_line(g, a)
  if a.line ~= "end" and g:is_sealed() and a.turn == g:turn() and a.phase == g:phase_info().name then
    return "(sealed)"
  end
  return a.line
end

local function shown_events(g, a, events)
  if shown_line(g, a) == "(sealed)" then return {} end
  return events
end

local function result_json(r)
  local t = { status = r.status, rule = r.rule, message = r.message, kind = r.kind }
  if r.request then t.request = req_json(r.request) end
  if r.action then t.action = r.action.n; t.line = r.action.line; t.side = r.action.side end
  if r.events then t.events = json.array(r.events) end
  if r.rolls then
    local rolls = {}
    for i, x in ipairs(r.rolls) do
      rolls[i] = { purpose = x.purpose, n = x.n, sides = x.sides, total = x.total, faces = x.faces,
                   forced = x.forced }
    end
    t.rolls = json.array(rolls)
  end
  return t
end

-- v counted in 1/n of a point, in whole points: "6 5/6"
local whole = util.whole

-- per = N of attribute name (nil when none)
local function per_of(g, name)
  for _, a in ipairs(g.rs.manifest.attributes or {}) do
    if a[1] == name and math.type(a.per) == "integer" and a.per > 1 then return a.per end
  end
  return nil
end

-- The action kinds of the ruleset with their parameters' types (the
-- manifest's params: unit, units, hex, facing, choice:...), whether they
-- have a reach query: the page composes orders from these and the legal
-- lists.
function Server:kinds(g)
  g = g or self.g
  if self.kinds_cache and self.kinds_cache.rs == g.rs then return self.kinds_cache.t end
  local t = {}
  for _, kind in ipairs(util.sorted_keys(g.rs.manifest.actions or {})) do
    local spec = g.rs.manifest.actions[kind]
    local params = {}
    for i, p in ipairs(spec.params or {}) do params[i] = type(p) == "string" and p or "?" end
    t[kind] = { params = json.array(params), reach = spec.reach ~= nil }
  end
  self.kinds_cache = { rs = g.rs, t = t }
  return t
end

-- The manifest's attributes as the page shows them, in the manifest's
-- order: { name, label, doc, per, default } (label: the book's short term,
-- doc: what it is in the book's terms), the attributes each kind must be
-- given (required), and the strength and movement roles.  The manifest
-- is the ruleset's: read raw, plain values only.
function Server:attributes(g)
  g = g or self.g
  if self.attrs_cache and self.attrs_cache.rs == g.rs then return self.attrs_cache.t end
  local m = g.rs.manifest
  local list = {}
  local attrs = rawget(m, "attributes")
  for i = 1, type(attrs) == "table" and rawlen(attrs) or 0 do
    local a = rawget(attrs, i)
    local name = type(a) == "table" and rawget(a, 1)
    if type(name) == "string" then
      local function str(k) local v = rawget(a, k) return type(v) == "string" and v or nil end
      local per, default = rawget(a, "per"), rawget(a, 3)
      local dt = type(default)
      list[#list + 1] = { name = name, type = str(2), label = str("label"), doc = str("doc"),
                          per = math.type(per) == "integer" and per > 1 and per or nil,
                          default = (dt == "string" or math.type(default) == "integer" or dt == "boolean") and default or nil }
    end
  end
  local required = {}
  local req = rawget(m, "required")
  if type(req) == "table" then
    local kinds = rawget(m, "kinds")
    for i = 1, type(kinds) == "table" and rawlen(kinds) or 0 do
      local kind = rawget(kinds, i)
      local r = type(kind) == "string" and rawget(req, kind)
      if type(r) == "table" then
        local names = {}
        for i = 1, rawlen(r) do
          local k = rawget(r, i)
          if type(k) == "string" then names[#names + 1] = k end
        end
        required[kind] = json.array(names)
      end
    end
  end
  local ro = roles.of(g)
  local t = { attributes = json.array(list), required = required, movement = ro.movement, strength_label = ro.label }
  self.attrs_cache = { rs = g.rs, t = t }
  return t
end

-- The position: units with their values, the phase, who acts, tracks, VP.
function Server:position(g)
  g = g or self.g
  local ro = roles.of(g)
  local slots = g.state:slots()
  -- attributes counted in parts of a point (per = N): shown in whole points
  local per = {}
  for _, a in ipairs(g.rs.manifest.attributes or {}) do
    if math.type(a.per) == "integer" and a.per > 1 then per[a[1]] = a.per end
  end
  local units = {}
  for _, u in ipairs(g:units_table()) do
    local values = {}
    for i = 6, #slots do
      local k = slots[i].name
      local v = u[k]
      if v ~= nil and v ~= false and v ~= "" then
        values[#values + 1] = { name = k, value = v,
                                shown = per[k] and math.type(v) == "integer" and whole(v, per[k]) or nil }
      end
    end
    units[#units + 1] = {
      name = u.name, side = u.side, kind = u.kind, hex = u.hex, facing = u.facing,
      role = ro.leader[u.kind] and "leader" or ro.marker[u.kind] and "marker" or "unit",
      strength = u[ro.strength], values = json.array(values) }
  end
  local vars, vp = {}, {}
  for _, kv in ipairs(g.state:vars()) do
    local v = kv[2]
    if require("engine.api").is_sealed_key(kv[1]) then v = nil end -- sealed orders are nobody's to see
    if bitwa.hex.is(v) then v = v.label end
    vars[kv[1]] = v
    local side = kv[1]:match("^game%.vp%.(.+)$") or kv[1]:match("^vp%.(.+)$")
    if side and math.type(v) then vp[side] = v end
  end
  local tracks = {}
  for _, p in ipairs(g.rs.manifest.panel or {}) do
    local v = g.state:var(p[2])
    if math.type(v) or type(v) == "string" then tracks[#tracks + 1] = { label = p[1], var = p[2], value = v } end
  end
  -- the last action, and the units it moved, turned or cost strength
  -- ("#ID.hex|facing|STRENGTH = ..." events): what moved, retreated, fought
  local last = {}
  if g.last and g.last.action then
    local changed, seen = {}, {}
    local marks = { hex = true, facing = true, [ro.strength] = true }
    for _, e in ipairs(g.last.events or {}) do
      local sid, field = nil, nil
      if type(e) == "string" then sid, field = e:match("^#(%d+)%.([%w_]+) = ") end
      local id = sid and marks[field] and math.tointeger(tonumber(sid))
      if id and not seen[id] then
        seen[id] = true
        local u = g:unit_table(id)
        if u then changed[#changed + 1] = u.name end
      end
    end
    last = { action = g.last.action.n, side = g.last.action.side, line = shown_line(g, g.last.action),
             events = json.array(shown_events(g, g.last.action, g.last.events or {})), units = json.array(changed) }
  end
  local bots = {}
  for _, s in ipairs(g.sides) do bots[s] = self.bot_names[s] or json.null end
  return {
    ruleset = g.rs.name, scenario = g.scenario.id, title = g.scenario.title, seed = g.seed,
    sides = json.array(g.sides), bots = bots,
    turn = g:turn(), turns = g.turns, phase = g:phase_info().name,
    acting = json.array(g:acting_sides()), actions = g.n, checksum = g:checksum(),
    pending = req_json(g:pending_request()), over = g:is_over(), result = g:result(),
    strength = ro.strength, units = json.array(units), tracks = json.array(tracks), vp = vp, vars = vars,
    last = last, kinds = self:kinds(g), attributes = self:attributes(g).attributes,
    required = self:attributes(g).required, movement = self:attributes(g).movement,
    strength_label = self:attributes(g).strength_label,
    bot_play = self.bot_play, bot_delay = self.bot_delay, bot_busy = self.bot_play and not self.bot_error and self:bot_turn(),
    bot_error = self.bot_error }
end

-- The names and sides of the units by id, from the log's events (a unit
-- removed from the game is in no state any more): read once, then only
-- the actions logged since.
function Server:unit_names()
  local c = self.names_cache
  if not c then c = { upto = -1, name = {}, side = {} } self.names_cache = c end
  local log = self.g.log
  local acts = log:actions()
  local last = acts[#acts] and acts[#acts].n or -1
  if last > c.upto then
    for _, a in ipairs(acts) do
      if a.n > c.upto then
        for _, e in ipairs(log:event_rows(a.n)) do
          if e.kind == "set" and math.type(e.unit) == "integer" then
            if e.attribute == "name" and type(e.value) == "string" then c.name[e.unit] = e.value
            elseif e.attribute == "side" and type(e.value) == "string" then c.side[e.unit] = e.value end
          end
        end
      end
    end
    c.upto = last
  end
  return c
end

-- What happened in actions from..to (the log's events): the hexes each
-- unit went through (its own side's action: moved; another side's: it was
-- moved, a retreat), the strength it lost, whether it left the game
-- (died), whether it fought (named in an action that rolled dice).
function Server:marks(from, to)
  local log = self.g.log
  local strength = roles.of(self.g).strength
  local names = self:unit_names()
  local units, order, trails = {}, {}, {}
  local function entry(id)
    local u = units[id]
    if not u then
      u = { name = names.name[id] or ("#" .. id), side = names.side[id], lost = 0 }
      units[id] = u
      order[#order + 1] = id
    end
    return u
  end
  local by_name = {}
  for id, name in pairs(names.name) do by_name[name] = id end
  for _, a in ipairs(log:actions()) do
    if a.n >= from and a.n <= to and a.status ~= "pending" then
      local cur = {}              -- id -> trail of this action
      for _, e in ipairs(log:event_rows(a.n)) do
        local id = math.type(e.unit) == "integer" and e.unit or nil
        if id and e.kind == "set" and e.attribute == "hex" then
          local v = e.value
          if bitwa.hex.is(v) then v = v.label end
          local was = e.was
          if bitwa.hex.is(was) then was = was.label end
          local u = entry(id)
          if type(v) == "string" then
            local t = cur[id]
            if not t and type(was) == "string" then
              t = { unit = u.name, n = a.n, own = u.side == a.side, hexes = json.array({ was }) }
              cur[id] = t
              trails[#trails + 1] = t
            end
            if t then t.hexes[#t.hexes + 1] = v end
            u.hex = v
            if u.side == a.side then u.moved = true else u.retreated = true end
          elseif v == nil and type(was) == "string" then
            u.left, u.hex = true, was
          end
        elseif id and e.kind == "remove" then
          entry(id).died = true
        elseif id and e.kind == "set" and e.attribute == strength and math.type(e.value) and math.type(e.was) then
          if e.value < e.was then local u = entry(id) u.lost = u.lost + (e.was - e.value) end
        end
      end
      if #log:rolls(a.n) > 0 and a.line then
        -- the units the line names, and those of the sealed orders its
        -- phase's end carried out (game.lua notes each: a volley)
        local lines = { a.line }
        for _, e in ipairs(log:event_rows(a.n)) do
          local l = e.kind == "note" and type(e.text) == "string" and e.text:match("^sealed order of [^:]+: (.+)$")
          if l then lines[#lines + 1] = l end
        end
        for _, line in ipairs(lines) do
          local w = util.words(line) or {}
          for i = 2, #w do
            for part in w[i]:gmatch("[^,]+") do
              local id = by_name[part]
              if id then entry(id).fought = true end
            end
          end
        end
      end
    end
  end
  local out = {}
  for _, id in ipairs(order) do out[#out + 1] = units[id] end
  return { from = from, to = to, units = json.array(out), trails = json.array(trails) }
end

-- The first action of turn t (at most n)
function Server:turn_start(t, n)
  for _, a in ipairs(self.g.log:actions()) do
    if a.turn == t then return a.n end
  end
  return n + 1
end

-- The game after action n (read from the live log, on a copy that has no
-- log): stepping forward continues the last copy, stepping back replays.
function Server:at(n)
  local log = self.g.log
  local last = self.g.n
  if self.g.pending then last = last + 1 end
  if n < 0 or n > last then return nil, "at: an action from 0 to " .. last .. " expected" end
  local c = self.replay_cache
  if c and c.n == n then return c.g end
  local g, rep = gamemod._replay(log, self.path, { readonly = true, upto = n })
  g.readonly_log = nil          -- the live game's log: not ours to close
  if rep.divergence then return nil, rep.divergence.message end
  self.replay_cache = { n = n, g = g }
  return g
end

local function log_rows(g, log, from, to)
  local out = {}
  for _, a in ipairs(log:actions()) do
    if a.n >= from and a.n <= to then
      local decisions, rolls = {}, {}
      for _, d in ipairs(log:decisions(a.n)) do
        decisions[#decisions + 1] = { side = d.side, kind = d.kind, answer = d.answer }
      end
      for _, r in ipairs(log:rolls(a.n)) do
        rolls[#rolls + 1] = { purpose = r.purpose, n = r.n, sides = r.sides, total = r.total,
                              faces = r.faces, forced = r.forced, side = r.side, rule = r.rule }
      end
      out[#out + 1] = { n = a.n, side = a.side, line = shown_line(g, a), turn = a.turn, phase = a.phase, status = a.status,
                        checksum = a.checksum, decisions = json.array(decisions), rolls = json.array(rolls),
                        events = json.array(shown_events(g, a, log:events(a.n))) }
    end
  end
  return out
end

-- A unit's values, the hexes it can reach with their cost, its orders.
function Server:unit(name)
  local g = self.g
  local u = g:unit_table(name)
  if not u then return nil end
  local reach, why = json.array(), nil
  local side = u.side
  -- costs in whole points where the movement attribute counts parts of one
  local cper = roles.of(g).movement and per_of(g, roles.of(g).movement)
  if u.hex and not g.pending and not g:is_over() then
    for _, kind in ipairs(util.sorted_keys(g.rs.manifest.actions)) do
      local spec = g.rs.manifest.actions[kind]
      if spec.reach and g.phases:allows(g:phase_index(), kind) then
        local ok, list, rule, msg = pcall(g.query, g, function()
          local unit = g.rs.api.unit(name)
          local dests, r, m = paths.destinations(g, spec, side, unit)
          if not dests then return nil, r, m end
          -- the cheapest way to each hex (reach's order among equals),
          -- and to each facing there
          local best, order, by_facing = {}, {}, {}
          for _, d in ipairs(dests) do
            if d.hex ~= u.hex or d.facing ~= nil then
              local b = best[d.hex]
              if not b then order[#order + 1] = d.hex; by_facing[d.hex] = {} end
              if not b or d.cost < b.cost then best[d.hex] = d end
              local f = math.type(d.facing) == "integer" and d.facing >= 0 and d.facing <= 5 and d.facing
              local bf = f and by_facing[d.hex][f + 1]
              if f and (not bf or d.cost < bf.cost) then by_facing[d.hex][f + 1] = d end
            end
          end
          local out = {}
          for _, h in ipairs(order) do
            if h ~= u.hex then
              local d = best[h]
              local facings = {}
              for f = 0, 5 do
                local x = by_facing[h][f + 1]
                if x then
                  facings[#facings + 1] = { facing = util.FACINGS[f + 1], cost = x.cost,
                                            line = paths.order_line(g, kind, spec, name, h, f) }
                end
              end
              out[#out + 1] = { hex = h, cost = d.cost, steps = #d.path,
                                facing = d.facing and util.FACINGS[d.facing + 1] or nil, facings = facings,
                                line = paths.order_line(g, kind, spec, name, h, nil) or
                                       paths.order_line(g, kind, spec, name, h, d.facing) }
            end
          end
          return out
        end)
        if ok and list then
          for _, d in ipairs(list) do
            if cper then d.cost_shown = whole(d.cost, cper) end
            for _, x in ipairs(d.facings) do if cper then x.cost_shown = whole(x.cost, cper) end end
            d.facings = json.array(d.facings)
            reach[#reach + 1] = d
          end
        elseif ok then why = { rule = rule, message = msg }
        else why = { rule = "", message = tostring(list) } end
      end
    end
  end
  -- its other legal orders: the lines naming it, but the steps of the
  -- actions that have a reach query (a KIND UNIT HEX line: the reach above)
  local orders, order_words = json.array(), json.array()
  if not g.pending and not g:is_over() then
    local actions = g.rs.manifest.actions
    for _, a in ipairs(g:legal_actions(side)) do
      local w = util.words(a.line) or {}
      local mentions = false
      for i = 2, #w do
        for part in w[i]:gmatch("[^,]+") do if part == name then mentions = true end end
      end
      local step = actions[w[1]] and actions[w[1]].reach and w[3] and bitwa.hex.parse(w[3]) ~= nil
      if mentions and not step then
        orders[#orders + 1] = a.line
        order_words[#order_words + 1] = json.array(w)
      end
    end
  end
  local pos = self:position()
  local values
  for _, x in ipairs(pos.units) do if x.name == name then values = x end end
  return { unit = values, reach = reach, cannot_move = why, orders = orders, order_words = order_words }
end

-- Bots play until a side without a bot must act or decide (at most
-- `limit` actions; 1 for a game of bots only, stepped by the page).
function Server:run_bots(limit)
  local g, played, err = self.g, {}, nil
  for _ = 1, limit do
    if g:is_over() then break end
    local req = g:pending_request()
    local who = req and req.side or g:acting_side()
    if not who or not self.bots[who] then break end
    local before = g.n
    local rec
    local on = g.on_commit
    g.on_commit = function(gg, r) rec = r if on then on(gg, r) end end
    local ok, res, msg = pcall(runner.play, g, self.bots, { max_actions = 1 })
    g.on_commit = on
    if not ok then err = tostring(res) break end
    if res == nil and msg and not msg:find("did not end within", 1, true) then err = msg break end
    if g.n == before and not g:pending_request() then break end
    played[#played + 1] = { side = who, line = rec and shown_line(g, rec.action) or (req and "answer") or "",
                            action = rec and rec.action.n or nil }
  end
  return played, err
end

-- Is a bot to act or decide now?
function Server:bot_turn()
  local g = self.g
  if g:is_over() then return false end
  local req = g:pending_request()
  local who = req and req.side or g:acting_side()
  return who ~= nil and self.bots[who] ~= nil
end

-- Between requests (tools/http.c): one bot action when one is due; the
-- milliseconds until the next is due, nil when none is.
function Server:idle(now)
  if not self.bot_play or self.bot_error or not self:bot_turn() then return nil end
  if now < self.bot_next then return self.bot_next - now end
  local played, err = self:run_bots(1)
  self.bot_played = (self.bot_played or 0) + #played
  if err then self.bot_error = err return nil end
  if #played == 0 then return nil end
  self.bot_next = now + self.bot_delay
  if not self:bot_turn() then return nil end
  return self.bot_delay
end

function Server:all_bots()
  for _, s in ipairs(self.g.sides) do if not self.bots[s] then return false end end
  return true
end

local function body_json(body)
  if body == "" then return {} end
  local t, err = json.decode(body)
  if type(t) ~= "table" then return nil, "the body is not a JSON object" .. (err and (": " .. err) or "") end
  return t
end

local CTYPES = { html = "text/html; charset=utf-8", css = "text/css; charset=utf-8",
                 js = "text/javascript; charset=utf-8", svg = "image/svg+xml", png = "image/png" }

function Server:static(name)
  local ext = name:match("^[%w_%-]+%.(%a+)$")
  if not ext or not CTYPES[ext] then return bad(404, "no such file") end
  local text = util.read_file(self.web .. "/" .. name)
  if not text then return bad(404, "no such file") end
  return 200, CTYPES[ext], text
end

local function int_arg(v)
  local n = math.tointeger(tonumber(v or ""))
  return n
end

function Server:api(method, route, args, body)
  local g = self.g
  local GET, POST = method == "GET", method == "POST"
  if route == "state" then
    if not GET then return bad(405, "GET " .. route) end
    -- marks=K: what the last K actions did; marks=turn: the current turn's
    local k = args.marks ~= "turn" and int_arg(args.marks or "1")
    if args.marks ~= "turn" and (not k or k < 0 or k > 100000) then
      return bad(400, "marks: a number of actions or 'turn' expected")
    end
    if args.at then
      local n = int_arg(args.at)
      if not n then return bad(400, "at: an action number expected") end
      local gg, err = self:at(n)
      if not gg then return bad(400, err) end
      local p = self:position(gg)
      p.at = n
      p.marks = self:marks(k and n - k + 1 or self:turn_start(gg:turn(), n), n)
      return reply(200, p)
    end
    local p = self:position()
    p.marks = self:marks(k and g.n - k + 1 or self:turn_start(g:turn(), g.n), g.n)
    return reply(200, p)
  elseif route == "status" then
    -- what a page polls: has the game moved on?
    if not GET then return bad(405, "GET " .. route) end
    return reply(200, { actions = g.n, checksum = g:checksum(), pending = req_json(g:pending_request()),
                        over = g:is_over(), bot_play = self.bot_play, bot_delay = self.bot_delay,
                        bot_busy = self.bot_play and not self.bot_error and self:bot_turn(),
                        bot_error = self.bot_error })
  elseif route == "board.svg" then
    if not GET then return bad(405, "GET " .. route) end
    local gg = g
    if args.at then
      local n = int_arg(args.at)
      if not n then return bad(400, "at: an action number expected") end
      local err
      gg, err = self:at(n)
      if not gg then return bad(400, err) end
    end
    local scale = int_arg(args.scale) or 40
    if scale < 8 or scale > 200 then return bad(400, "scale: 8 to 200 expected") end
    return 200, CTYPES.svg, require("engine.render").svg(gg, { scale = scale })
  elseif route == "actions" then
    if not GET then return bad(405, "GET " .. route) end
    if args.side then
      local known = false
      for _, s in ipairs(g.sides) do if s == args.side then known = true end end
      if not known then return bad(400, "side: no side '" .. args.side .. "'") end
    end
    local legal = (g.pending or g:is_over()) and {} or paths.listing(g, g:legal_actions(args.side))
    for _, a in ipairs(legal) do a.words = json.array(util.words(a.line) or {}) end
    return reply(200, { actions = json.array(legal), pending = req_json(g:pending_request()) })
  elseif route == "unit" then
    if not GET then return bad(405, "GET " .. route) end
    if not args.name then return bad(400, "name: a unit's name expected") end
    local t = self:unit(args.name)
    if not t then return bad(404, "no unit '" .. args.name .. "'") end
    return reply(200, t)
  elseif route == "odds" then
    if not GET then return bad(405, "GET " .. route) end
    if not args.line or args.line == "" then return bad(400, "line: an action line expected") end
    local odds = require "engine.odds"
    local ok, rep, refusal = pcall(odds.of_action, g, args.side, args.line,
                                      { max_runs = int_arg(args.max_plays), phase_end = true })
    if not ok then return bad(500, tostring(rep)) end
    if not rep then return reply(422, refusal) end
    return reply(200, odds.plain(rep))
  elseif route == "log" then
    if not GET then return bad(405, "GET " .. route) end
    local from = int_arg(args.from or "0")
    local to = int_arg(args.to or tostring(g.n + 1))
    if not from or not to then return bad(400, "from, to: action numbers expected") end
    return reply(200, { actions = json.array(log_rows(g, g.log, from, to)) })
  elseif route == "act" or route == "answer" or route == "undo" or route == "step" or route == "bots" then
    if not POST then return bad(405, "POST " .. route) end
    local t, err = body_json(body)
    if not t then return bad(400, err) end
    if route == "act" then
      if type(t.side) ~= "string" or type(t.line) ~= "string" or t.line == "" then
        return bad(400, "act: { \"side\": SIDE, \"line\": ACTION } expected")
      end
      if self.bots[t.side] then return bad(409, "side " .. t.side .. " is played by a bot") end
      local r = g:try(t.side, t.line)
      local out = result_json(r)
      if r.status == "refused" then return reply(422, out) end
      -- not written to the game file (a full disk): not played
      if r.status == "conflict" then return reply(409, out) end
      if r.status == "error" then return reply(500, out) end
      out.bots_busy = self.bot_play and self:bot_turn()
      return reply(200, out)
    elseif route == "answer" then
      if t.answer == nil or (type(t.answer) ~= "string") then return bad(400, "answer: { \"answer\": OPTION } expected") end
      local req = g:pending_request()
      if req and self.bots[req.side] then return bad(409, "side " .. req.side .. " is played by a bot") end
      local r = g:answer(t.answer)
      local out = result_json(r)
      if r.status == "refused" then return reply(422, out) end
      if r.status == "conflict" then return reply(409, out) end
      if r.status == "error" then return reply(500, out) end
      out.bots_busy = self.bot_play and self:bot_turn()
      return reply(200, out)
    elseif route == "step" then
      local n = t.n == nil and 1 or math.tointeger(t.n)
      if not n or n < 1 or n > 100 then return bad(400, "step: n from 1 to 100 expected") end
      local played, e = self:run_bots(n)
      if e then self.bot_error = e end
      return reply(200, { bots = json.array(played), bot_error = e, actions = g.n })
    elseif route == "bots" then
      local play, delay = t.play, t.delay
      if play ~= nil and type(play) ~= "boolean" then return bad(400, "bots: play: true or false expected") end
      if delay ~= nil and (math.type(delay) ~= "integer" or delay < 0 or delay > 60000) then
        return bad(400, "bots: delay: milliseconds from 0 to 60000 expected")
      end
      if play ~= nil then self.bot_play = play end
      -- a new speed counts from now: the next bot action is due at once
      if delay ~= nil then self.bot_delay = delay; self.bot_next = 0 end
      if play then self.bot_error = nil end
      return reply(200, { play = self.bot_play, delay = self.bot_delay, busy = self.bot_play and self:bot_turn(),
                          actions = g.n })
    else
      if t.side ~= nil and type(t.side) ~= "string" then return bad(400, "undo: side: a side expected") end
      local n = t.n == nil and 1 or math.tointeger(t.n)
      if not n or n < 1 then return bad(400, "undo: n: a positive integer expected") end
      local plan, why = undo.plan(g.log, t.side, n)
      if not plan then return reply(422, { status = "refused", rule = "", message = why }) end
      -- the game again from the shortened log, on the same connection
      local g2 = undo.apply_open(g, plan, self.path)
      self.g, self.replay_cache = g2, nil
      local lines = {}
      for _, a in ipairs(plan.taken) do lines[#lines + 1] = a.line end
      return reply(200, { status = "done", side = plan.side, taken = json.array(lines), actions = g2.n,
                          checksum = g2:checksum() })
    end
  end
  return bad(404, "no API '" .. route .. "' (state, status, board.svg, actions, unit, odds, log, act, answer, undo, step, bots)")
end

-- A page of another site open in the same browser may send requests to
-- 127.0.0.1 too: the Host must name this server (no DNS rebinding), and
-- a POST must say it sends JSON (a cross-site form cannot, and a script
-- of another origin needs a preflight this server never grants).
function Server:host_ok(host)
  if self.token then return true end          -- another interface: the token decides
  if not self.port then return true end
  return host == "127.0.0.1:" .. self.port or host == "localhost:" .. self.port
end

function Server:handle(method, path, args, body, headers)
  headers = headers or {}
  if not self:host_ok(headers.host) then return bad(421, "this server answers only to 127.0.0.1:" .. tostring(self.port)) end
  if method == "POST" and not (headers.content_type or ""):match("^application/json") then
    return bad(415, "a POST sends JSON (Content-Type: application/json)")
  end
  local token = headers.token
  if path == "/" or path == "/index.html" then
    if method ~= "GET" then return bad(405, "GET /") end
    return self:static("index.html")
  end
  local name = path:match("^/web/(.+)$")
  if name then
    if method ~= "GET" then return bad(405, "GET " .. path) end
    return self:static(name)
  end
  local route = path:match("^/api/([%w%._]+)$")
  if not route then return bad(404, "no such page: " .. path) end
  if self.token and token ~= self.token and args.token ~= self.token then
    return bad(403, "the access token is missing or wrong")
  end
  local ok, status, ctype, out = pcall(self.api, self, method, route, args, body)
  if not ok then return bad(500, tostring(status)) end
  return status, ctype, out
end

return M
