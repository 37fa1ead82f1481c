-- search: a generic bot that looks one action ahead through the rules
-- themselves, for any ruleset.  It knows no title: it reads the legal
-- action lines as words (like the heuristic bot), ranks them by a cheap
-- prior, and plays the best of them on copies of the game with every
-- result of every roll followed exactly (odds(line): engine/odds.lua),
-- scoring each outcome by how it changes an evaluation built from what
-- the manifest declares:
--
--   strength     the roles' strength attribute of each field unit, ours
--                minus theirs (units lost count their whole strength);
--   VP           the variables vp.SIDE;
--   leaders      the roles' leader kinds: alive, and in danger (an enemy
--                field unit next to the leader and no field unit of its
--                side on its hex), ours and theirs;
--   closing in   our field units' distance to the nearest enemy field
--                unit, and contact against weaker or stronger enemies.
--
-- The value of a line is the expected change of the evaluation over its
-- outcomes, an exact rational: the outcomes' probabilities as integer
-- fractions (odds' n / d), the evaluation in integers (weights in tenths),
-- compared exactly, so no floating point reaches a decision; it plays the
-- best line when it beats doing nothing, else ends the phase.  Attacks (lines naming an enemy
-- unit) are all searched while nodes are left, other lines only the
-- MOVES_SEARCHED best by the prior.  Every play of the rules is a node:
-- a decision spends at most budget() nodes (`--bot-budget N`), in the
-- order of the prior, so the same seed and budget give the same game
-- whatever the machine.  Ties are drawn with rng, the bot's own dice.
-- Decisions are answered like the heuristic bot: the hex farthest from
-- the enemy, the strongest field unit takes a loss, rather act than pass.
--
-- A bot module (see README, Bots): choose(side, legal), answer(request).
local M = {}

local PASSIVE = { pass = true, hold = true, no = true, none = true, decline = true,
                  skip = true, refuse = true, wait = true }

-- the evaluation's weights, in tenths of a point (integers)
local W_STRENGTH, W_VP = 100, 50
local W_LEADER, W_DANGER = 80, 50
local W_CLOSE, W_CONTACT = 3, 5
-- the prior, in hundredths: attacks first
local ATTACK_PRIOR = 10000
local FAR = 1 << 30          -- "no enemy": farther than any distance
local MOVES_SEARCHED = 6     -- lines other than attacks searched per decision, at most

local strength_name, leader_kind, marker_kind = "sp", {}, {}
local function read_roles()
  local r = bitwa.roles()
  strength_name, leader_kind, marker_kind = r.strength, {}, {}
  for _, k in ipairs(r.leaders) do leader_kind[k] = true end
  for _, k in ipairs(r.markers) do marker_kind[k] = true end
end

local function strength_of(u)
  if leader_kind[u.kind] or marker_kind[u.kind] then return 0 end
  local ok, v = pcall(function() return u[strength_name] end)
  if ok and math.type(v) then return math.max(v, 0) end
  return 1
end

-- hexes by label, parsed once per call
local hexes = {}
local function hex(label)
  local h = hexes[label]
  if h == nil then
    h = bitwa.hex.parse(label) or false
    hexes[label] = h
  end
  return h or nil
end

local function dist(a, b) return bitwa.hex.distance(hex(a), hex(b)) end

-- The words of a line, "quoted words" kept together: the game's own
-- parser (words(line), given to every bot)
local words = words

-- ------------------------------------------------------------------ the position

-- The pieces on the map as plain values: units[name] = { side, kind,
-- hex = label, str, leader, field }; vp[side].
local function read_position()
  local pos = { units = {}, field = {}, leaders = {}, vp = {} }
  for _, u in ipairs(bitwa.units {}) do
    if u.hex and bitwa.hex.on_map(u.hex) and not marker_kind[u.kind] then
      local label = u.hex.label
      hexes[label] = u.hex
      local t = { name = u.name, side = u.side, kind = u.kind, hex = label, str = strength_of(u),
                  leader = leader_kind[u.kind] == true }
      t.field = not t.leader
      pos.units[u.name] = t
      if t.field then pos.field[#pos.field + 1] = t else pos.leaders[#pos.leaders + 1] = t end
    end
  end
  for _, s in ipairs(bitwa.sides()) do
    local v = bitwa.var("vp." .. s)
    pos.vp[s] = math.type(v) and v or 0
  end
  return pos
end

-- The value of one unit u (as it stands in `at`, a name -> unit table
-- with the changed units, falling back on pos) for side.
local function lookup(pos, at, name)
  local v = at[name]
  if v == nil then return pos.units[name] end
  return v or nil
end

-- nearest enemy field unit of u's side from hex label h (in pos, with
-- the changes of `at`), its distance and strength
local function nearest_enemy(pos, at, u, h)
  local best, bs = FAR, 0
  for _, e in ipairs(pos.field) do
    local now = lookup(pos, at, e.name)
    if now and now.side ~= u.side then
      local d = dist(h, now.hex)
      if d < best then best, bs = d, now.str end
    end
  end
  return best, bs
end

-- Whether leader l (with the changes of `at`) is in danger: an enemy
-- field unit next to it and no field unit of its side on its hex.
local function in_danger(pos, at, l)
  local guarded, threatened = false, false
  for _, f in ipairs(pos.field) do
    local now = lookup(pos, at, f.name)
    if now then
      local d = dist(l.hex, now.hex)
      if d == 0 and now.side == l.side then guarded = true
      elseif d <= 1 and now.side ~= l.side then threatened = true end
    end
  end
  return threatened and not guarded
end

-- One unit's share of the evaluation for side (its strength, a leader's
-- life and danger, a field unit of ours closing in or in contact).
local function unit_value(pos, at, u, side)
  if not u then return 0 end
  local sign = u.side == side and 1 or -1
  if u.leader then
    local v = W_LEADER
    if in_danger(pos, at, u) then v = v - W_DANGER end
    return sign * v
  end
  local v = sign * W_STRENGTH * u.str
  if u.side == side then
    local d, es = nearest_enemy(pos, at, u, u.hex)
    if d < FAR then
      v = v - W_CLOSE * math.min(d, 12)
      if d == 1 then v = v + W_CONTACT * (u.str - es) end
    end
  end
  return v
end

-- The change of the evaluation from pos to the outcome `changes` (a list
-- of { key, to }) for side.  Only the units the outcome changes, and the
-- leaders near them, are looked at.
local function delta(pos, side, changes)
  local at, touched, order = {}, {}, {}
  local vp = {}
  for _, c in ipairs(changes) do
    local name, field = c.key:match("^(.*)%.([%w_]+)$")
    local u = name and pos.units[name]
    if u then
      if not touched[name] then touched[name] = true; order[#order + 1] = name end
      local now = at[name]
      if now == nil then
        now = {}
        for k, v in pairs(u) do now[k] = v end
        at[name] = now
      end
      if now then
        if field == "eliminated" then at[name] = false
        elseif field == "hex" then
          if type(c.to) == "string" and hex(c.to) and bitwa.hex.on_map(hex(c.to)) then now.hex = c.to
          else at[name] = false end
        elseif field == strength_name and math.type(c.to) and not now.leader then now.str = math.max(c.to, 0)
        end
      end
    else
      local s = c.key:match("^vp%.(.+)$")
      if s and math.type(c.to) then vp[s] = c.to end
    end
  end
  local d = 0
  for s, v in pairs(vp) do
    local was = pos.vp[s] or 0
    d = d + (s == side and 1 or -1) * W_VP * (v - was)
  end
  -- the units changed, and the leaders within 2 hexes of where they were or are
  local seen = {}
  local function add(name)
    if seen[name] then return end
    seen[name] = true
    d = d + unit_value(pos, at, lookup(pos, at, name), side) - unit_value(pos, {}, pos.units[name], side)
  end
  for _, name in ipairs(order) do add(name) end
  for _, l in ipairs(pos.leaders) do
    if not seen[l.name] then
      for _, name in ipairs(order) do
        local was, now = pos.units[name], lookup(pos, at, name)
        if (dist(l.hex, was.hex) <= 2) or (now and dist(l.hex, now.hex) <= 2) then add(l.name) break end
      end
    end
  end
  return d
end

-- ------------------------------------------------------------------ the prior

-- A cheap guess at a line's worth, to choose which lines to search.
local function prior(pos, side, line)
  local ws = words(line)
  local mine, theirs, places = {}, {}, {}
  for k = 2, #ws do
    local w = ws[k]
    local named = false
    for part in w:gmatch("[^,]+") do
      local u = pos.units[part]
      if u then
        named = true
        if u.side == side then mine[#mine + 1] = u else theirs[#theirs + 1] = u end
      end
    end
    if not named and w:match("^%d%d%d%d?$") and hex(w) and bitwa.hex.on_map(hex(w)) then places[#places + 1] = w end
  end
  if #theirs > 0 then
    local att, def = 0, 0
    for _, u in ipairs(mine) do att = att + u.str end
    for _, u in ipairs(theirs) do def = def + u.str end
    return ATTACK_PRIOR + math.min(att * 100 // math.max(def, 1), 600)
  end
  local u = mine[1]
  if not u then return 100 end
  if #places > 0 then
    local to = places[#places]
    if u.leader then return 50 end
    local d0 = nearest_enemy(pos, {}, u, u.hex)
    local d1 = nearest_enemy(pos, {}, u, to)
    if d0 == FAR then return 100 end
    return 200 + 100 * (d0 - d1)
  end
  return 150
end

-- ------------------------------------------------------------------ rationals

local function gcd(a, b)
  if a < 0 then a = -a end
  while b ~= 0 do a, b = b, a % b end
  return a
end

-- The expected value of the outcomes' integer values vals[i], with
-- probabilities n_i / d_i: { num, den } in lowest terms, den > 0.
local function expectation(outcomes, vals)
  local num, den = 0, 1
  for i, o in ipairs(outcomes) do
    local n, d = o.n, o.d
    local g = gcd(den, d)
    local l = den // g * d
    num = num * (l // den) + n * vals[i] * (l // d)
    den = l
    local r = gcd(num, den)
    if r > 1 then num, den = num // r, den // r end
  end
  return { num, den }
end

-- a/b against c/d (b, d > 0), exactly and without overflow: -1, 0 or 1
-- (integer parts first, then the remainders' reciprocals)
local function compare(a, b, c, d)
  for _ = 1, 64 do
    local qa, qc = a // b, c // d
    if qa ~= qc then return qa < qc and -1 or 1 end
    local ra, rc = a - qa * b, c - qc * d
    if ra == 0 or rc == 0 then
      if ra == rc then return 0 end
      return ra == 0 and -1 or 1
    end
    -- ra/b against rc/d, both in (0, 1): the larger has the smaller reciprocal
    a, b, c, d = d, rc, b, ra
  end
  return 0
end

-- ------------------------------------------------------------------ choose

function M.choose(side, legal)
  read_roles()
  local pos = read_position()
  local cands, has_end = {}, false
  for _, line in ipairs(legal) do
    if line == "end" then has_end = true
    else cands[#cands + 1] = { line = line, prior = prior(pos, side, line), draw = rng(1000000) } end
  end
  if #cands == 0 then return legal[1] end
  table.sort(cands, function(a, b)
    if a.prior ~= b.prior then return a.prior > b.prior end
    if a.draw ~= b.draw then return a.draw < b.draw end
    return a.line < b.line
  end)
  local best, best_lines = nil, {}
  local others = 0
  for _, c in ipairs(cands) do
    if budget() <= 0 then break end
    if c.prior < ATTACK_PRIOR then others = others + 1 end
    if others > MOVES_SEARCHED then break end
    local rep = odds(c.line, side)
    if rep then
      local vals = {}
      for i, o in ipairs(rep.outcomes) do vals[i] = delta(pos, side, o.changes) end
      local v = expectation(rep.outcomes, vals)
      local cmp = best and compare(v[1], v[2], best[1], best[2])
      if best == nil or cmp > 0 then best, best_lines = v, { c.line }
      elseif cmp == 0 then best_lines[#best_lines + 1] = c.line end
    end
  end
  if best == nil then
    -- nothing searched (no node left for any line the rules accept)
    if has_end and cands[1].prior < ATTACK_PRIOR then return "end" end
    return cands[1].line
  end
  if has_end and best[1] <= 0 then return "end" end
  if #best_lines == 1 then return best_lines[1] end
  return best_lines[rng(#best_lines)]
end

-- ------------------------------------------------------------------ answer

function M.answer(request)
  read_roles()
  local side, options = request.side, request.options
  -- a choice of several at once that needs more than one: the first ones offered
  local min = math.tointeger(request.min) or 1
  if min > 1 and min <= #options then return table.concat(options, ",", 1, min) end
  if #options == 1 then return options[1] end
  local pos = read_position()
  -- hexes: the one farthest from the enemy's field units
  local best, bd = nil, nil
  for _, o in ipairs(options) do
    local h = o:match("^%d%d%d%d?$") and hex(o)
    if not (h and bitwa.hex.on_map(h)) then best = nil break end
    local d = nearest_enemy(pos, {}, { side = side }, o)
    if bd == nil or d > bd then best, bd = o, d end
  end
  if best then return best end
  -- our units: the strongest field unit takes the loss, a leader last
  local pick, ps, units = nil, nil, true
  for _, o in ipairs(options) do
    local u = bitwa.unit(o)
    if not u then units = false break end
    local s = (leader_kind[u.kind] and 0 or 1000) + strength_of(u)
    if u.side == side and (ps == nil or s > ps) then pick, ps = o, s end
  end
  if units and pick then return pick end
  local active = {}
  for _, o in ipairs(options) do
    if not PASSIVE[o:lower()] then active[#active + 1] = o end
  end
  if #active == 0 then active = options end
  return active[rng(#active)]
end

return M
