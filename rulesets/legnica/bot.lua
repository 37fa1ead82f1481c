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

-- The lines the English bot must not propose: moves of units held back
-- by the opening turns or kept in reserve, and moves into ruin.
local function barred_lines(side, tried, opening)
  local out = {}
  for k, v in pairs(tried) do out[k] = v end
  local reserve = idle_reserve(side)
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex and ((opening and rules.phases.held(u)) or
                  (reserve and (u.name == reserve or u.leader == reserve))) then
      out["move " .. u.name] = true
      out["formation " .. u.name] = true
      for f = 0, 5 do out["turn " .. u.name .. " " .. bitwa.hex.facing_name(f)] = true end
    elseif u.hex and ruinous(u) then
      out["move " .. u.name] = true
      out["move " .. u.name .. " keep"] = true
    end
  end
  return out
end

function M.propose(side, tried)
  if bitwa.phase():match("_move$") then
    for _, u in ipairs(rules.movement.owing(side)) do
      local l = "move " .. u.name
      if not tried[l] and not ruinous(u) then return l end
      for _, f in ipairs { (u.facing + 1) % 6, (u.facing + 5) % 6 } do
        l = "turn " .. u.name .. " " .. bitwa.hex.facing_name(f)
        if not tried[l] then return l end
      end
      l = "move " .. u.name
      if not tried[l] then return l end
    end
    local o = (bitwa.scenario().data or {}).opening
    tried = barred_lines(side, tried, o and bitwa.turn() <= (o.turns or 0))
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
