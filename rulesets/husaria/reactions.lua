-- The non-moving side's reactions in the enemy's movement phase [3.1]:
-- counter-charges [6.6], artillery fire at moving units [13.11] [13.18]
-- and Tatar archery [16 (15.21)].  After each step of a moving unit (a hex
-- entered or a turn made), and before its first one, the other side is
-- asked, one reaction at a time, until it passes (decision "reaction":
-- "charge UNIT", "fire GUN", "arrows UNIT" or "pass"); only when it has a
-- reaction to offer.  The chance lasts until another unit moves (6.63):
-- the window is only ever about the unit moving now.
local M = {}

local function U() return rules.units end

-- [6.62] [6.63] [6.65] Whether cavalry c may counter-charge mover m: within
-- 2 hexes, not in an enemy ZoC, not yet this stage, m not already in
-- contact with another unit of c's side ("fighting with allied forces",
-- H-10), and a hex to enter.
function M.can_charge(c, m)
  if not U().is_cavalry(c) or c.hex == nil or c.countercharged then return false end
  if bitwa.hex.distance(c.hex, m.hex) > 2 then return false end
  if rules.zoc.in_enemy_zoc(c.hex, c.side) then return false end
  for _, n in ipairs(bitwa.hex.neighbours(m.hex)) do
    for _, o in ipairs(U().field_units_at(n)) do
      if o.side == c.side and o.id ~= c.id then return false end
    end
  end
  return #rules.reactions.charge_hexes(c, m) > 0
end

-- [6.63] the hexes c may counter-charge into: a hex of its front zone,
-- after at most a 60-degree turn, next to m, that it may enter.
function M.charge_hexes(c, m)
  local out, seen = {}, {}
  for _, df in ipairs { 0, 1, -1 } do
    local f = (c.facing + df) % 6
    for _, h in ipairs(bitwa.hex.front_area(c.hex, f)) do
      if bitwa.hex.on_map(h) and not seen[h.key] and bitwa.hex.distance(h, m.hex) == 1 then
        seen[h.key] = true
        local enemy = false
        for _, o in ipairs(U().field_units_at(h)) do if o.side ~= c.side then enemy = true end end
        if not enemy and U().may_join(c, h) and rules.movement.enter_cost(c, c.hex, h)
           and not rules.markers.wagon_blocks(c, h) then
          out[#out + 1] = h
        end
      end
    end
  end
  return out
end

-- [13.11] [13.18] a gun of the non-moving side that may fire at mover m:
-- once in each enemy movement phase, in range and in sight.
function M.can_fire(g, m)
  if g.kind ~= "artillery" or g.hex == nil or g.react_fired then return false end
  if rules.markers.lost_all(g.side) then return false end
  local d = bitwa.hex.distance(g.hex, m.hex)
  if d > rules.artillery.range(g) then return false end
  return d == 1 or rules.fire.line_of_sight(g.hex, m.hex)
end

function M.options(m)
  local side = bitwa.enemy(m.side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side, near = m.hex, within = 4 }) do
    if U().is_cavalry(u) and rules.reactions.can_charge(u, m) then out[#out + 1] = "charge " .. u.name end
    if u.kind == "artillery" and rules.reactions.can_fire(u, m) then out[#out + 1] = "fire " .. u.name end
    if u.kind == "tatars" and rules.tatars.can_shoot(u, m, false) then out[#out + 1] = "arrows " .. u.name end
  end
  return out
end

-- [6.63] c enters a hex next to m from which it may counter-charge (the
-- owner chooses among several) and faces m; false when none is left.
local function charge_in(c, m)
  local hexes = {}
  for _, h in ipairs(rules.reactions.charge_hexes(c, m)) do hexes[#hexes + 1] = h.label end
  if #hexes == 0 then return false end
  local pick = #hexes == 1 and hexes[1] or bitwa.decide { side = c.side, kind = "countercharge_hex", options = hexes,
    prompt = "6.63: " .. c.name .. " counter-charges into which hex?" }
  local h = bitwa.hex.parse(pick)
  c.hex = h
  c.facing = bitwa.hex.direction(h, m.hex)
  c.countercharged = true
  rules.markers.entered(c, h)
  bitwa.note(c.name .. " counter-charges " .. m.name .. " from " .. h.label .. " (6.61)")
  return true
end

-- [6.61] [6.63] [6.64] [6.65] c counter-charges m: enters a hex next to it,
-- faces it and attacks at once; m must end its movement whatever the
-- result.  Option countercharge = "joint" (6.65 "several cavalry units
-- simultaneously on one enemy unit"): the other cavalry that may
-- counter-charge m then may join c (decision countercharge_join, any of
-- them), each entering its own hex, and all fight one battle as the
-- attackers; "sequential": c fights alone (others may follow in battles of
-- their own while the window lasts).
function M.charge(c, m)
  local others = {}
  if bitwa.option("countercharge") == "joint" then
    for _, u in ipairs(bitwa.units { side = c.side, near = m.hex, within = 2 }) do
      if u.id ~= c.id and rules.reactions.can_charge(u, m) then others[#others + 1] = u.name end
    end
  end
  charge_in(c, m)
  local chargers = { c }
  if #others > 0 then
    local chosen = bitwa.decide { side = c.side, kind = "countercharge_join", options = others, min = 0, max = #others,
                                  prompt = "6.65: which other cavalry units counter-charge " .. m.name .. " with " .. c.name .. "?" }
    for _, n in ipairs(chosen) do
      local u = bitwa.unit(n)
      if charge_in(u, m) then chargers[#chargers + 1] = u
      else bitwa.note(n .. " has no hex left to counter-charge " .. m.name .. " from (6.63)") end
    end
  end
  rules.movement.stop(m, "6.64")
  rules.combat.resolve(c.side, chargers, { m })
end

function M.window(m)
  if not m:alive() or m.hex == nil or not U().is_field(m) then return end
  local side = bitwa.enemy(m.side)
  while m:alive() and m.hex ~= nil do
    local opts = rules.reactions.options(m)
    if #opts == 0 then return end
    opts[#opts + 1] = "pass"
    local p = bitwa.decide { side = side, kind = "reaction", options = opts,
                             prompt = m.name .. " moves at " .. m.hex.label .. ": react?" }
    if p == "pass" then return end
    local what, name = p:match("^(%a+) (.+)$")
    local u = bitwa.unit(name)
    if what == "charge" then rules.reactions.charge(u, m)
    elseif what == "fire" then
      u.react_fired = true
      rules.artillery.resolve_fire(side, { u }, m)
    elseif what == "arrows" then
      rules.tatars.shoot(u, m, false)
    end
  end
end

-- the start of a movement phase: the other side's guns and Tatars may
-- react again (once each per enemy movement phase)
function M.phase_start(side)
  for _, u in ipairs(bitwa.units { side = bitwa.enemy(side) }) do
    if u.react_fired then u.react_fired = false end
    if u.arrows_opp then u.arrows_opp = false end
  end
end

-- the start of a stage: counter-charges once a stage [6.65]
function M.stage_start()
  for _, u in ipairs(bitwa.units {}) do if u.countercharged then u.countercharged = false end end
end

return M
