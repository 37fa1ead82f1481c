-- Units entering the map: the scenarios' reinforcements and the units
-- that left the map and come back [4.4.3]-[4.4.9].  One action,
-- `enter UNIT HEX FACING`, in the movement phase of the unit's arm
-- (cavalry phase for cavalry, infantry phase for the other field units,
-- either one for leaders [8.1.2]).
--
-- Reinforcements.  The scenario's reinforcement lists
-- (`reinforcement { turn =, side =, at = { hexes }, units = { names } }`)
-- say from which turn a unit may enter and at which hexes (map-edge
-- hexes).  The per-turn limits are scenario data:
--
--   data { reinforcement_rate = {
--     PL = { cavalry = 8, infantry = 4 },     -- units per turn of each arm
--     TO = { cavalry = 2, infantry = 2 },
--   } }
--
-- A side with a rate enters infantry only once all its cavalry due by
-- this turn has entered (both Grunwald scenarios; `cavalry_first = false`
-- in a side's rate turns that off).  A side or an arm without a number
-- has no limit.  Leaders do not count.  A reinforcement pays the MP of
-- the hex it enters and may move on with the rest of its MP (A-078: the
-- scenarios bring several units a turn through one hex, so each must
-- make room for the next; NOTES.md).
--
-- Units that left the map (`off_map` = the turn it left, `left_phase` =
-- "move" or "pursuit", `left_at` = the hex it left from, set by the
-- movement and pursuit rules): back from turn T+3 after leaving in its own
-- movement phase, T+4 after leaving in a pursuit (A-015, the examples of
-- 4.4.3); on a hex of the same map edge within 6 hexes of the departure
-- hex for cavalry (and leaders, who move like cavalry), 4 for the others
-- (A-016); not on impassable terrain [4.4.6], enemy units or enemy ZoC
-- [4.4.7]; within stacking [4.4.9]; the unit is only placed and moves no
-- more in that phase [4.4.5].  Waiting costs nothing [4.4.8].
local M = {}

-- At most this many hexes per unit in legal() (bots stay fast).
M.legal_hexes_per_unit = 3

local function turn() return bitwa.turn() end

-- ---------------------------------------------------------------- who waits

function M.is_returning(u)
  return u.hex == nil and u.off_map > 0
end

function M.is_reinforcement(u)
  return u.hex == nil and u.off_map == 0 and u.arrives > 0
end

-- The first turn a unit that left the map may come back (A-015).
function M.return_turn(u)
  local after = rules.tables.map_edge.return_after_turns
  if u.left_phase ~= "move" then after = after + 1 end
  return u.off_map + after
end

-- The entry hexes of every unit a scenario's reinforcement lists name:
-- { [name] = { hex... } } in the scenario's order, without repeats, made
-- once per scenario (the scenario does not change during a game).
local entry_cache = cache()   -- a memo (emptied by the engine when another game is played)
local function entry_table(sc)
  local t = entry_cache[sc]
  if t then return t end
  t = {}
  local seen = {}
  for _, r in ipairs(sc.reinforcements or {}) do
    local at = r.at or {}
    for _, n in ipairs(r.units or {}) do
      local list = t[n]
      if not list then list = {}; t[n] = list; seen[n] = {} end
      for _, h in ipairs(at) do
        if not seen[n][h.label] then seen[n][h.label] = true; list[#list + 1] = h end
      end
    end
  end
  entry_cache[sc] = t
  return t
end

-- The hexes where reinforcement u may enter, in the scenario's order.
function M.entry_hexes(u)
  local out = {}
  local list = entry_table(bitwa.scenario())[u.name]
  if list then for i = 1, #list do out[i] = list[i] end end
  return out
end

-- Reinforcement units wait off the map until the turn of their list.
function M.setup()
  for _, r in ipairs(bitwa.scenario().reinforcements or {}) do
    for _, n in ipairs(r.units or {}) do
      local u = bitwa.unit(n)
      if u and u.hex == nil and (u.arrives == 0 or r.turn < u.arrives) then u.arrives = r.turn end
    end
  end
end

-- ---------------------------------------------------------------- map edges

-- The map edges hex h lies on: { N = true, ... }.
function M.edges_of(h)
  local function off(d) local n = bitwa.hex.neighbour(h, d, true); return not bitwa.hex.on_map(n) end
  local e = {}
  if off(0) then e.N = true end
  if off(3) then e.S = true end
  if off(4) and off(5) then e.W = true end
  if off(1) and off(2) then e.E = true end
  return e
end

local function shares_edge(a, b)
  for k in pairs(a) do if b[k] then return true end end
  return false
end

-- [4.4.4] how far from the departure hex a unit may come back.
function M.reentry_distance(u)
  local R = rules.tables.map_edge.reentry_hexes
  if rules.units.is_cavalry(u) or rules.units.is_leader(u) then return R.cavalry end
  return R.other
end

-- [4.4.4] A-016: the hexes of the departure hex's map edge within the
-- re-entry distance, nearest first.
function M.return_hexes(u)
  local from = u.left_at
  if from == nil then return {} end
  local edges = rules.reinforcements.edges_of(from)
  local any = next(edges) == nil
  local out = {}
  for _, h in ipairs(bitwa.hex.range(from, rules.reinforcements.reentry_distance(u))) do
    local e = rules.reinforcements.edges_of(h)
    if next(e) ~= nil and (any or shares_edge(edges, e)) then out[#out + 1] = h end
  end
  return out
end

-- ---------------------------------------------------------------- limits

local function arm_of(u)
  if rules.units.is_cavalry(u) then return "cavalry" end
  if rules.units.is_infantry(u) then return "infantry" end
  return nil
end

function M.rate(side)
  local data = bitwa.scenario().data or {}
  local r = data.reinforcement_rate
  return r and r[side] or nil
end

local function count_key(side, arm) return "reinforced." .. side .. "." .. arm .. ".T" .. turn() end

function M.entered_this_turn(side, arm) return bitwa.var(count_key(side, arm)) or 0 end

-- Whether cavalry reinforcements of `side` due by now are still off the map.
function M.cavalry_waiting(side)
  for _, u in ipairs(bitwa.units { side = side, where = rules.units.is_cavalry }) do
    if rules.reinforcements.is_reinforcement(u) and u.arrives <= turn() then return true end
  end
  return false
end

-- ---------------------------------------------------------------- the checks

-- The MP (sixths) of entering hex h from off the map (A-078): its
-- terrain [4.1.7] and fortification [12.1.3] costs as the movement rules
-- count them, plus 1 MP onto friendly units [4.2.4].
function M.entry_cost(u, h)
  local cost = rules.movement.terrain_cost(u, nil, h) + rules.fortifications.move_cost(u, nil, h)
  if #rules.units.field_units_at(h, u.side) > 0 then
    cost = cost + rules.units.sixths(rules.tables.stacking.friendly_entry_mp)
  end
  return cost
end

local function contains(list, h)
  for _, x in ipairs(list) do if x == h then return true end end
  return false
end

-- Whether u may enter on hex h now; refuses with the rule when not.
-- Returns "return" or "reinforcement".
function M.check(side, u, h)
  if u.side ~= side then refuse("2.1", u.name .. " is not a unit of " .. side) end
  if rules.units.is_banner(u) then refuse("7.1", u.name .. " is a banner: it comes with the unit holding it") end
  if u.hex ~= nil then refuse("4.4.3", u.name .. " is on the map") end
  local how
  if rules.reinforcements.is_returning(u) then
    how = "return"
    if turn() < rules.reinforcements.return_turn(u) then
      refuse("4.4.3", u.name .. " left the map in turn " .. u.off_map .. (u.left_phase == "move" and "" or " in a pursuit") ..
        " and may come back from turn " .. rules.reinforcements.return_turn(u))
    end
    if not rules.phases.moves_now(u) then refuse("2.1", u.name .. " does not move in this phase") end
    if not contains(rules.reinforcements.return_hexes(u), h) then
      refuse("4.4.4", h.label .. " is not on the map edge within " .. rules.reinforcements.reentry_distance(u) ..
        " hexes of " .. u.name .. "'s departure hex " .. (u.left_at and u.left_at.label or "?"))
    end
  elseif rules.reinforcements.is_reinforcement(u) then
    how = "reinforcement"
    if turn() < u.arrives then refuse("scenario", u.name .. " arrives in turn " .. u.arrives) end
    if not rules.phases.moves_now(u) then refuse("2.1", u.name .. " does not move in this phase") end
    if not contains(rules.reinforcements.entry_hexes(u), h) then
      local labels = {}
      for _, x in ipairs(rules.reinforcements.entry_hexes(u)) do labels[#labels + 1] = x.label end
      refuse("scenario", u.name .. " enters at " .. table.concat(labels, " ") .. ", not at " .. h.label)
    end
    local rate, arm = rules.reinforcements.rate(side), arm_of(u)
    if rate and arm then
      if rate[arm] and rules.reinforcements.entered_this_turn(side, arm) >= rate[arm] then
        refuse("scenario", side .. " has entered its " .. rate[arm] .. " " .. arm .. " units of this turn")
      end
      if arm == "infantry" and rate.cavalry_first ~= false and rules.reinforcements.cavalry_waiting(side) then
        refuse("scenario", side .. "'s infantry enters once all its cavalry has entered")
      end
    end
  else
    refuse("4.4.1", u.name .. " is not waiting to enter the map")
  end
  if rules.movement.impassable[bitwa.map.terrain(h)] then refuse("4.4.6", h.label .. " is impassable") end
  if rules.units.enemy_field_at(h, side) then refuse(how == "return" and "4.4.7" or "4.2.2", "enemy units on " .. h.label) end
  if how == "return" and #rules.units.leaders_at(h, rules.units.enemy(side)) > 0 then
    refuse("4.4.7", "an enemy leader is on " .. h.label)
  end
  if how == "return" and rules.zoc.in_enemy_zoc(h, side) then refuse("4.4.7", h.label .. " is in an enemy ZoC") end
  if not rules.units.can_stack(u, h) then
    refuse(how == "return" and "4.4.9" or "4.5.1", u.name .. " would exceed the stacking limit on " .. h.label)
  end
  return how
end

function M.enter(side, u, h, facing)
  local how = rules.reinforcements.check(side, u, h)
  if how == "return" then
    -- [4.4.5] just placed: it does not move in this phase, and as it does
    -- not move the enemy has no step to react to (fire at the phase's end
    -- stays possible)
    rules.units.place(u, h, facing)
    u.off_map, u.left_phase, u.left_at = 0, "", nil
    if u.cf ~= 0 then u.cf = 0 end
    u.mp_left = 0
    u.moved = true
    rules.movement.stop(u, "4.4.5")
    bitwa.note(u.name .. " comes back on the map at " .. h.label .. " (4.4.3)")
    return
  end
  -- A-078: a reinforcement moves in, paying for the hex, and may go on
  local arm = arm_of(u)
  if arm then bitwa.set_var(count_key(side, arm), rules.reinforcements.entered_this_turn(side, arm) + 1) end
  u.arrives = 0
  rules.movement.refresh(u)
  local cost = rules.reinforcements.entry_cost(u, h)
  rules.units.place(u, h, facing)
  u.mp_left = math.max(0, u.mp_left - cost)
  u.moved = true
  u.road_move = false
  bitwa.set_var("movement.mover", u.id)
  if rules.units.is_leader(u) then rules.fatigue.mark_active(u) end     -- [14.1.3] he moved
  bitwa.note(u.name .. " enters the map at " .. h.label .. " (reinforcement)")
  rules.movement.on_enter(u, nil, h, "move")
  if not u:alive() or u.hex == nil then return end
  rules.movement.zoc_entry(u)
  rules.movement.meet_leaders(u, h)
  -- [11.1.5] [5.7] the enemy may react to the unit that has moved in
  if u:alive() and u.hex ~= nil then rules.reactions.window(u, "step") end
end

-- ---------------------------------------------------------------- legal entries

-- A facing into the map: the one with most map hexes in front, ties
-- broken toward the enemy (away from the side's friendly edge, 10.2.2).
function M.inward_facing(h, side)
  local friendly = bitwa.var("edge." .. side)
  local prefer = friendly == "N" and 3 or 0
  local best, best_score
  for f = 0, 5 do
    local score = 0
    for d = 1, 2 do
      for _, x in ipairs(rules.ranged.wedge(h, f, d)) do
        if bitwa.hex.on_map(x) then score = score + 1 end
      end
    end
    local turn_away = math.min((f - prefer) % 6, (prefer - f) % 6)
    score = score * 8 - turn_away
    if best_score == nil or score > best_score then best, best_score = f, score end
  end
  return best
end

-- The candidates in the order legal() tries them: a long entry list
-- (a whole map edge) is sampled at even steps, from a point that moves on
-- with each waiting unit, so that bots spread their units along it.
local function spread(list, ordinal, cap)
  local n = #list
  if n <= cap then return list end
  local stride = n // cap
  local start = ((ordinal - 1) * (stride // 2 + 1)) % n
  local out, seen = {}, {}
  for k = 0, cap - 1 do
    local i = (start + k * stride) % n + 1
    if not seen[i] then seen[i] = true; out[#out + 1] = list[i] end
  end
  for i = 1, n do if not seen[i] then out[#out + 1] = list[i] end end
  return out
end

function M.legal(side)
  local out = {}
  local ordinal = 0
  for _, u in ipairs(bitwa.units { side = side, where = function(x)
    return x.hex == nil and (rules.reinforcements.is_returning(x) or rules.reinforcements.is_reinforcement(x)) and not rules.units.is_banner(x)
  end }) do
    ordinal = ordinal + 1
    local candidates
    if rules.reinforcements.is_returning(u) then candidates = rules.reinforcements.return_hexes(u)          -- nearest first
    else candidates = spread(rules.reinforcements.entry_hexes(u), ordinal, M.legal_hexes_per_unit) end
    local n = 0
    for _, h in ipairs(candidates) do
      if n >= M.legal_hexes_per_unit then break end
      if bitwa.check(M.check, side, u, h) then
        out[#out + 1] = { u.name, h.label, bitwa.hex.facing_name(rules.reinforcements.inward_facing(h, side)) }
        n = n + 1
      end
    end
  end
  return out
end

return M
