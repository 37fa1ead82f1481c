-- A rules bot for Grognard: cheap, read-only heuristics for both sides.
-- The side that must take ground (the scenario's victory { hold = { side }
-- }, or both sides when there is none) attacks; the other holds its
-- position and lets the enemy come.  In the move phases: cavalry charges
-- an enemy it can reach, the heavier first (the knights' forced charges
-- are the rules' own); a missile unit with an enemy in range stays put
-- (archers that do not move fire twice); an attacking unit otherwise walks
-- (a path order) to the reachable hex nearest to the nearest enemy, each
-- unit once a phase; a holding unit only turns to face an enemy closing
-- in.  In the missile phase every unit fires, at the enemy nearest to it.
-- In the melee phase a unit fights when it is not a missile unit against
-- cavalry (foot archers wait for the horsemen to attack them).  Units out
-- of morale need no choice: the rules move them back, and the regrouping
-- ones are refused every order.  Decisions: the first option, but a
-- split-move or pass-through volley is taken at the first target.  In the
-- Simultaneous Move System the same choices are written as orders, and
-- the holding side's cavalry is ordered to charge, if charged.
local M = {}

local function U() return rules.units end

local function attacker(side)
  local v = bitwa.scenario().victory
  if v and v.hold then return v.hold.side == side end
  return true
end

local function nearest_enemy(u)
  local best, bd
  for _, e in ipairs(bitwa.units {}) do
    if e.side ~= u.side and e.hex ~= nil then
      local d = bitwa.hex.distance(u.hex, e.hex)
      if not bd or d < bd or (d == bd and e.name < best.name) then best, bd = e, d end
    end
  end
  return best, bd
end

local FIRES = { bow = true, longbow = true, composite_bow = true, crossbow = true, heavy_crossbow = true,
                arquebus = true, javelin = true }

local function missile(u) return FIRES[u.weapon] == true end

local function in_range(u)
  if not missile(u) then return false end
  local _, d = nearest_enemy(u)
  return d ~= nil and d <= rules.scale.hexes(rules.missile.range_inches(u))
end

-- the facing from h looking most directly at hex t
local function facing_toward(h, t)
  local best, bd
  for d = 0, 5 do
    local dist = bitwa.hex.distance(bitwa.hex.neighbour(h, d, true), t)
    if not bd or dist < bd then best, bd = d, dist end
  end
  return best
end

local function class(u) return rules.tables.class[u.kind] or 0 end

-- Victory conditions, the ground held at the end (battle.lua): in the last
-- LATE turns both sides play for the scenario's objective hexes: a unit
-- not in contact that can reach a free objective this turn goes onto it,
-- the side that must hold them to take them, the other to deny them.
M.LATE = 4
local function objectives(side)
  local v = bitwa.scenario().victory
  local h = v and v.hold
  local sc = bitwa.scenario()
  if not h or not sc.turns or bitwa.turn() <= sc.turns - M.LATE then return {} end
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil and u.spent == 0 and not u.stopped and not rules.movement.in_contact(u)
       and (bitwa.phase() ~= "orders" or u.order == "") then
      local on = false
      for _, label in ipairs(h.hexes) do if u.hex.label == label then on = true end end
      if not on then
        local found = false
        for _, r in ipairs(rules.movement.reach(side, u) or {}) do
          for _, label in ipairs(h.hexes) do
            if not found and r.hex.label == label and #bitwa.units_at(r.hex) == 0 then
              out[#out + 1] = { u = u, hex = r.hex, facing = r.facing }
              found = true
            end
          end
          if found then break end
        end
      end
    end
  end
  return out
end

-- the candidate lines of this phase, best first
local function candidates(side)
  local phase = bitwa.phase()
  local out = {}
  if phase == "missile" then
    -- every unit fires, at the enemy nearest to it
    local best = {}
    local order = {}
    for _, p in ipairs(rules.missile.legal(side)) do
      local u, t = bitwa.unit(p[1]), bitwa.unit(p[2])
      local d = bitwa.hex.distance(u.hex, t.hex)
      if not best[p[1]] then order[#order + 1] = p[1] end
      if not best[p[1]] or d < best[p[1]].d then best[p[1]] = { d = d, t = p[2] } end
    end
    for _, n in ipairs(order) do out[#out + 1] = "fire " .. n .. " " .. best[n].t end
    return out
  end
  if phase == "melee" then
    local groups, singles = {}, {}
    for _, p in ipairs(rules.melee.legal(side)) do
      local good = true
      for name in p[1]:gmatch("[^,]+") do
        local u = bitwa.unit(name)
        local e = bitwa.unit(p[2])
        if u and e and missile(u) and U().arm(e) == "cavalry" then good = false end
      end
      if good then
        local l = "melee " .. p[1] .. " " .. p[2]
        if p[1]:find(",", 1, true) then groups[#groups + 1] = l else singles[#singles + 1] = l end
      end
    end
    for _, l in ipairs(groups) do out[#out + 1] = l end
    for _, l in ipairs(singles) do out[#out + 1] = l end
    return out
  end
  if phase ~= "move.first" and phase ~= "move.last" and phase ~= "orders" then return out end
  -- the Simultaneous Move System: the same choices as written orders, one
  -- a unit (order_charge, order UNIT HEX FACING); holding cavalry is
  -- ordered to charge, if charged
  local orders = phase == "orders"
  local function free(u) return not orders or u.order == "" end
  for _, o in ipairs(objectives(side)) do
    out[#out + 1] = orders and ("order " .. o.u.name .. " " .. o.hex.label .. " " .. bitwa.hex.facing_name(o.facing))
      or ("move " .. o.u.name .. " " .. o.hex.label)
  end
  if attacker(side) then
    -- charges: the heaviest enemy first
    local charges = {}
    for _, p in ipairs(rules.movement.legal_charges(side)) do
      local t = bitwa.unit(p[2])
      if free(bitwa.unit(p[1])) then
        charges[#charges + 1] = { line = (orders and "order_charge " or "charge ") .. p[1] .. " " .. p[2],
                                  c = class(t) * 2 + (U().arm(t) == "cavalry" and 1 or 0) }
      end
    end
    table.sort(charges, function(a, b) return a.c > b.c or (a.c == b.c and a.line < b.line) end)
    for _, c in ipairs(charges) do out[#out + 1] = c.line end
    -- walking: each unit that has not moved, to the reachable hex nearest its nearest enemy
    for _, u in ipairs(bitwa.units { side = side }) do
      if u.hex ~= nil and u.spent == 0 and not u.stopped and not in_range(u) and free(u) then
        local e, now = nearest_enemy(u)
        local dests = e and rules.movement.reach(side, u)
        local pick, pd
        for _, d in ipairs(dests or {}) do
          local dist = bitwa.hex.distance(d.hex, e.hex)
          if dist < now and (not pd or dist < pd or (dist == pd and d.cost < pick.cost)) then pick, pd = d, dist end
        end
        if pick and orders then
          out[#out + 1] = "order " .. u.name .. " " .. pick.hex.label .. " " .. bitwa.hex.facing_name(pick.facing)
        elseif pick then
          out[#out + 1] = "move " .. u.name .. " " .. pick.hex.label
        end
      end
    end
  else
    -- holding: face the nearest enemy when it is close and not in front
    for _, u in ipairs(bitwa.units { side = side }) do
      if u.hex ~= nil and u.spent == 0 and free(u) then
        local e, d = nearest_enemy(u)
        if e and d <= 3 and rules.melee.position(u, e.hex) ~= "front" then
          local f = facing_toward(u.hex, e.hex)
          if f ~= u.facing and rules.movement.check_turn(side, u, f) then
            out[#out + 1] = (orders and ("order " .. u.name .. " " .. u.hex.label) or ("turn " .. u.name)) ..
              " " .. bitwa.hex.facing_name(f)
          end
        end
        if orders and U().arm(u) == "cavalry" and rules.simultaneous.check_cic(side, u, u) then
          out[#out + 1] = "cic " .. u.name .. " " .. u.name
        end
      end
    end
  end
  return out
end

function M.propose(side, tried)
  for _, l in ipairs(candidates(side)) do
    if not tried[l] then return l end
  end
  return "end"
end

function M.answer(request)
  local o = request.options
  if request.kind == "pass_through_fire" then return table.concat(o, ",") end -- every unit that may, fires
  if request.kind == "split_move_fire" and #o > 1 then return o[2] end
  return o[1]
end

return M
