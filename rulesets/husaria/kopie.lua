-- [6.7] Kopie (lances).  A hussar unit takes a lance token at the
-- beginning of its side's movement phase, before any of that side's units
-- has moved, when no enemy unit is next to it [6.71] ("lance UNIT"); the
-- tokens come from the scenario's stock, "kopie in wagon" [6.73] [6.74]
-- (variables kopie.stock.SIDE and kopie.used.SIDE).  In its next battle as
-- attacker (an attack or a counter-charge, 6.62) it shifts the column +3
-- (2 SP) or +2 (1 SP) [6.72], unless the defender stands in woods or
-- buildings [6.33], on a wagon [11.12] or behind a fence [14.14]; after
-- that battle the token is spent, whatever the result [6.72] (H-03).
-- A side that started with wagons and lost them all has lost its lances
-- [6.75] (H-04).  MATRIX's reading (A-101): the own movement phase only.
local M = {}

function M.stock(side) return bitwa.var("kopie.stock." .. side) or 0 end

function M.plan(side, u)
  if u.side ~= side then refuse("6.71", u.name .. " is not " .. side .. "'s") end
  if u.kind ~= "husaria" then refuse("6.71", "only hussar units use lances") end
  if u.hex == nil then refuse("6.71", u.name .. " is not on the map") end
  if u.kopie then refuse("6.71", u.name .. " already carries a lance token") end
  local own = bitwa.phasing_side() == side
  if (own and bitwa.var("moved.any." .. side)) or (not own and not bitwa.var("kopie.offer." .. side)) then
    refuse("6.71", "lances are taken at the beginning of the movement phase")
  end
  for _, n in ipairs(bitwa.hex.neighbours(u.hex)) do
    for _, o in ipairs(rules.units.field_units_at(n)) do
      if o.side ~= side then refuse("6.71", u.name .. " is next to an enemy unit") end
    end
  end
  if rules.markers.lost_all(side) then refuse("6.75", side .. " has lost all its wagons and with them its lances") end
  if M.stock(side) <= 0 then refuse("6.73", "no lance tokens left in the wagon") end
  return true
end

function M.take(side, u)
  rules.kopie.plan(side, u)
  bitwa.set_var("kopie.stock." .. side, M.stock(side) - 1)
  u.kopie = true
end

-- option kopie_phase = "any": at the start of the enemy's movement phase
-- `side` is asked which hussar units take lances, all at once (up to the
-- tokens left in the wagon)
function M.offer(side)
  bitwa.set_var("kopie.offer." .. side, true)
  local opts = {}
  for _, u in ipairs(bitwa.units { side = side, kind = "husaria" }) do
    if bitwa.check(rules.kopie.plan, side, u) then opts[#opts + 1] = u.name end
  end
  if #opts > 0 then
    local chosen = bitwa.decide { side = side, kind = "lance", options = opts, min = 0,
                                  max = math.min(#opts, M.stock(side)),
                                  prompt = "6.71: which hussar units take lances?" }
    for _, n in ipairs(chosen) do rules.kopie.take(side, bitwa.unit(n)) end
  end
  bitwa.set_var("kopie.offer." .. side, nil)
end

function M.legal(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side, kind = "husaria" }) do
    if bitwa.check(rules.kopie.plan, side, u) then out[#out + 1] = { u.name } end
  end
  return out
end

-- [6.72] [6.33] [11.12] [14.14] the lance shift of an attack, and why none
function M.shift(attackers, defenders)
  local best = 0
  for _, a in ipairs(attackers) do
    if a.kopie and rules.tables.kopie[a.sp] and rules.tables.kopie[a.sp] > best then best = rules.tables.kopie[a.sp] end
  end
  if best == 0 then return 0 end
  for _, d in ipairs(defenders) do
    local t = bitwa.map.terrain(d.hex)
    if t == "forest" or t == "village" or t == "orchard" then return 0, "woods or buildings (6.33)" end
    if rules.markers.wagon_at(d.hex, d.side) then return 0, "a wagon (11.12)" end
  end
  if rules.markers.any_fenced(attackers, defenders) then return 0, "a fence (14.14)" end
  return best
end

-- [6.72] after the battle the tokens of the attackers are spent
function M.spend(attackers)
  for _, a in ipairs(attackers) do
    if a:alive() and a.kopie then
      a.kopie = false
      bitwa.set_var("kopie.used." .. a.side, (bitwa.var("kopie.used." .. a.side) or 0) + 1)
    end
  end
end

return M
