-- The Medieval rules bot, taught Legnica's differences: it makes the move
-- a charging unit owes [5.6.12] before anything else (turning rather than
-- charging into forest, village or swamp [4.2.5]), never moves a unit into
-- such ruin otherwise, leaves alone the units the opening turns hold back
-- and the Ordu reserve until the enemy comes within 4 hexes of it,
-- regroups scattered units as close to the enemy as it may, and lowers
-- fatigue whenever it can [13.1.5].
local M = inherit()

local base_propose, base_answer = M.propose, M.answer

-- Whether moving u into the hex in front would cost it 1 SP and a
-- scatter [4.2.5] [4.2.6].
local function ruinous(u)
  if u.hex == nil or not rules.units.is_field(u) then return false end
  local front = bitwa.hex.neighbour(u.hex, u.facing)
  if not front then return false end
  local S = rules.tables.scatter
  local terrain = rules.fortifications.terrain(front)
  local road = rules.movement.along_road(u.hex, front)
  if rules.units.is_cavalry(u) then
    return S.scattering.cavalry[terrain] == true and u.cf > 0 and not (road and u.cf == S.terrain_road_cf)
  end
  return S.scattering.infantry[terrain] == true and not road
end

-- Whether a unit (or a plan of it) still charges: cavalry with a CF
-- above 0 that has not stopped [5.6.12].
local function U_is_charging(s)
  return rules.units.is_cavalry(s) and (s.cf or 0) > 0 and not s.stopped
end

-- The scenario's reserve (the Ordu) of `side`, while it has not moved and
-- no enemy is within 4 hexes of it: moving it costs victory points, so the
-- bot keeps it back until the enemy comes near.  Returns the set of its
-- commander's name, or nil.
local function idle_reserve(side)
  local r = (bitwa.scenario().data or {}).reserve
  if not r or r.side ~= side or bitwa.var("reserve.moved") then return nil end
  local enemies = rules.units.field_units(rules.units.enemy(side))
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex and (u.name == r.leader or u.leader == r.leader) then
      for _, e in ipairs(enemies) do
        if bitwa.hex.distance(u.hex, e.hex) <= 4 then return nil end
      end
    end
  end
  return r.leader
end

-- The lines the English bot must not propose: moves and turns of the
-- reserve while it waits, and moves into ruin.  (Units the opening turns
-- hold back are refused by the rules' own check, movement.may_move.)
function M.barred(side, u, kind, ctx)
  if ctx.reserve == nil then ctx.reserve = idle_reserve(side) or false end
  local reserve = ctx.reserve
  if reserve and (u.name == reserve or u.leader == reserve) then return true end
  return kind == "move" and ruinous(u)
end

-- The first of the lines that the rules accept now.
local function accepted(side, tried, u, lines)
  for _, c in ipairs(lines) do
    local l = c[1]
    if not tried[l] then
      local ok
      if c[2] == "move" then ok = rules.movement.check_move(side, u)
      else ok = rules.movement.check_turn(side, u, c[3]) end
      if ok then return l end
    end
  end
  return nil
end

-- [5.6.12] The moves u owes, planned on a copy of it (movement.planned)
-- while the duty lasts and no move would ruin it: one path order to where
-- they end when they are two or more, else nil.
local function forced_line(side, u, tried)
  local M_ = rules.movement
  local s, n = M_.planned(u), 0
  for _ = 1, 16 do
    local judge = n == 0 and u or s
    if not U_is_charging(s) or ruinous(s) then break end
    local plan = M_.check_move(side, judge)
    if not plan or plan.whole or plan.leave or plan.ride then break end
    local ends = M_.path_ends(s, plan.from, plan.to)
    s, n = M_.planned_move(s, plan), n + 1
    if s.stopped or ends then break end
  end
  if n < 2 then return nil end
  local l = "move " .. u.name .. " " .. s.hex.label .. " " .. bitwa.hex.facing_name(s.facing)
  if tried[l] then return nil end
  return l
end

-- The line a unit owing its 5.6.12 move gives: its forced moves, else one
-- move, else a turn (which ends the duty) rather than a move into ruin.
local function owed_line(side, u, tried)
  local fl = forced_line(side, u, tried)
  if fl then return fl end
  local lines = {}
  if not ruinous(u) then lines[1] = { "move " .. u.name, "move" } end
  for _, f in ipairs { (u.facing + 1) % 6, (u.facing + 5) % 6 } do
    lines[#lines + 1] = { "turn " .. u.name .. " " .. bitwa.hex.facing_name(f), "turn", f }
  end
  lines[#lines + 1] = { "move " .. u.name, "move" }
  return accepted(side, tried, u, lines)
end

function M.propose(side, tried)
  if bitwa.phase():match("_move$") then
    -- the unit that moved last first: while it owes its move no other
    -- unit may act (5.6.12), so no other owing unit has a line
    local mover = bitwa.var("movement.mover")
    local cur = mover and bitwa.unit(mover)
    if cur and cur.side == side and rules.movement.must_continue(cur) then
      local l = owed_line(side, cur, tried)
      if l then return l end
    end
    for _, u in ipairs(rules.movement.owing(side)) do
      local l = owed_line(side, u, tried)
      if l then return l end
    end
  end
  return base_propose(side, tried)
end

function M.answer(req)
  if req.kind == "regroup" then
    local enemies = rules.units.field_units(rules.units.enemy(req.side))
    local best, bd = req.options[1], nil
    for _, o in ipairs(req.options) do
      local h = bitwa.hex.parse(o)
      local d
      for _, e in ipairs(enemies) do
        local x = bitwa.hex.distance(h, e.hex)
        if not d or x < d then d = x end
      end
      -- close to the enemy, but not next to it
      if d and d >= 2 and (not bd or d < bd) then best, bd = o, d end
    end
    return best
  end
  if req.kind == "fatigue" then return "lower" end
  return base_answer(req)
end

return M
