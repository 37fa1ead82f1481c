-- [12.1] Fortifications: the extra MP to move into them [12.1.3] except
-- through a gate [12.1.4], pursuit into them [12.1.5], their destruction by
-- a regular unit [12.1.6] [12.1.7], and the 4 SP that fight from a
-- fortified hex [12.1.8] (stacking itself is units.can_stack).  Halving an
-- attack through fortifications [12.1.1] [12.1.2] is combat's.
--
-- A destroyed fortification is open ground on the map in play
-- (bitwa.map.set_terrain, "clear"), so that every rule reading the hex
-- through bitwa.map.terrain -- stacking [4.5], movement, retreat,
-- countercharge, return to the map, sight -- sees what the game holds, not
-- what is printed.  A unit destroying one carries "demolish.<id>.turn"
-- (the turn the count began) and "demolish.<id>.hex", and its `demolish`
-- attribute is the number of full turns it has spent on the work.
local M = {}

local FORT = "fortification"

-- Whether h is a fortified hex (printed, and not destroyed).
function M.is_fortified(h)
  return bitwa.map.terrain(h) == FORT
end

-- Whether the fortification printed on h has been destroyed.
function M.destroyed(h)
  return bitwa.map.printed_terrain(h) == FORT and bitwa.map.terrain(h) ~= FORT
end

-- The terrain of h for the rules: the map in play (kept for callers that
-- ask this module; rules read bitwa.map.terrain).
function M.terrain(h) return bitwa.map.terrain(h) end

-- Which column of 12.1.3 a unit pays by: leaders move like cavalry [8.1.2].
local function arm(u)
  if rules.units.is_cavalry(u) or rules.units.is_leader(u) then return "cavalry" end
  return "infantry"
end

-- [12.1.3] [12.1.4] the extra MP, in sixths, to move from `from` into `to`:
-- only when crossing into a fortified hex from outside it (NOTES), nothing
-- through a gate.
function M.move_cost(u, from, to)
  local F = rules.tables.fortification
  if not to or not rules.fortifications.is_fortified(to) then return 0 end
  if from and rules.fortifications.is_fortified(from) then return 0 end
  if from then
    local dir = bitwa.hex.direction(from, to)
    if dir and bitwa.map.has_edge(from, dir, "gate") then return rules.units.sixths(F.gate_mp) end
  end
  local row = F.mp[arm(u)]
  local armour = rules.arith.clamp(rules.units.is_leader(u) and 0 or u.armour, 0, #row)
  return rules.units.sixths(row[armour])
end

local own_move_cost = M.move_cost

-- Whether move_cost never asks less than 0 MP: it is this module's own
-- (a replacement's costs are not known) and the table's costs are not
-- negative.  movement.reach's search bound rests on it.
local nonnegative = cache()   -- rules.tables.fortification -> the answer (a memo, while read-only)
function M.move_cost_nonnegative()
  if rules.fortifications.move_cost ~= own_move_cost then return false end
  local F = rules.tables.fortification
  local v = nonnegative[F]
  if v ~= nil then return v end
  v = rules.units.sixths(F.gate_mp) >= 0
  for _, arm in ipairs { "infantry", "cavalry" } do
    local row = F.mp[arm]
    for a = 0, #row do
      if row[a] ~= nil and rules.units.sixths(row[a]) < 0 then v = false end
    end
  end
  if getmetatable(F) == "read-only" then nonnegative[F] = v end
  return v
end

-- [12.1.1] whether u, attacking the units on hex h, attacks through
-- fortifications (its strength is halved): h is fortified and u stands
-- outside it (A-070).
function M.attacks_through(u, h)
  return rules.fortifications.is_fortified(h) and u.hex ~= h
end

-- [12.1.8] the most SP that fight from hex h (nil: no cap).
function M.fighting_sp_cap(h)
  if rules.fortifications.is_fortified(h) then return rules.tables.stacking.fortified_fighting end
  return nil
end

-- [12.1.5] whether a pursuit after a combat fought against defender_hex
-- may enter `hex`: through fortifications only onto the hex the defender
-- held, and no farther when that hex is fortified (the example: "attacker
-- can enter only hex it occupied during combat").  Also callable as
-- pursuit_allowed(unit, from, hex, defender_hex), as pursuit asks it.
function M.pursuit_allowed(hex, defender_hex, ...)
  if bitwa.is_unit(hex) then hex, defender_hex = ... end
  if hex.label == defender_hex.label then return true end
  if rules.fortifications.is_fortified(hex) then return false end
  if rules.fortifications.is_fortified(defender_hex) then return false end
  return true
end

-------------------------------------------------------------- destruction

local function turn_key(u) return "demolish." .. u.id .. ".turn" end
local function hex_key(u) return "demolish." .. u.id .. ".hex" end

function M.declared(u) return bitwa.var(turn_key(u)) ~= nil end

local function cancel(u, why)
  if not rules.fortifications.declared(u) then return end
  bitwa.set_var(turn_key(u), nil)
  bitwa.set_var(hex_key(u), nil)
  if u:alive() and u.demolish ~= 0 then u.demolish = 0 end
  if why then bitwa.note(u.name .. " stops destroying the fortification (" .. why .. ")") end
end

-- Whether u may declare the destruction of the fortification it stands on
-- (nil, rule, message when not).
function M.check(side, u)
  if u.side ~= side then return nil, "2.1", u.name .. " is not " .. side .. "'s" end
  if not rules.units.is_regular(u) then
    return nil, "12.1.6", "only a regular unit can destroy fortifications (1.3)"
  end
  if not u.hex then return nil, "12.1.6", u.name .. " is off the map" end
  if not rules.phases.moves_now(u) then
    return nil, "2.1", u.name .. " does not act in phase " .. bitwa.phase()
  end
  if rules.units.is_panicked(u) then return nil, "10.2.2", u.name .. " is panicked" end
  if not rules.fortifications.is_fortified(u.hex) then return nil, "12.1.6", u.hex.label .. " is not a fortified hex" end
  if rules.fortifications.declared(u) then return nil, "12.1.6", u.name .. " is already destroying it" end
  return true
end

-- demolish UNIT: [12.1.6] the unit starts destroying the fortification;
-- the turn of the declaration is not a full turn.
function M.declare(side, u)
  local ok, rule, why = rules.fortifications.check(side, u)
  if not ok then refuse(rule, why) end
  bitwa.set_var(turn_key(u), bitwa.turn())
  bitwa.set_var(hex_key(u), u.hex)
  if u.demolish ~= 0 then u.demolish = 0 end
  bitwa.note(u.name .. " starts destroying the fortification of " .. u.hex.label .. " (12.1.6)")
end

function M.legal(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if rules.fortifications.check(side, u) then out[#out + 1] = { u.name } end
  end
  return out
end

-- The fortification of h is gone (12.1.6, or a bombard 11.7.5).
function M.destroy(h, rule)
  bitwa.map.set_terrain(h, "clear")
  bitwa.note("the fortification of " .. h.label .. " is destroyed" .. (rule and (" (" .. rule .. ")") or ""))
  for _, v in ipairs(bitwa.units {}) do
    if rules.fortifications.declared(v) and bitwa.var(hex_key(v)).label == h.label then cancel(v) end
  end
end

-- At the beginning of `side`'s movement phases: count the full turns of
-- every unit at work; after 3 full turns the fortification is destroyed
-- [12.1.6] (A-071).  A unit that left the hex has given up.
function M.start_of_movement(side)
  local need = rules.tables.fortification.destroy_full_turns
  for _, u in ipairs(bitwa.units { side = side }) do
    if rules.fortifications.declared(u) then
      local h = bitwa.var(hex_key(u))
      if not u.hex or u.hex.label ~= h.label then
        cancel(u, "it left the hex")
      else
        local full = math.max(0, bitwa.turn() - bitwa.var(turn_key(u)) - 1)
        if u.demolish ~= full then u.demolish = full end
        if full >= need and rules.fortifications.is_fortified(h) then rules.fortifications.destroy(h, "12.1.6") end
      end
    end
  end
end

-- [12.1.7] u was attacked (combat or any fire, even without effect): the
-- work starts again from this turn.
function M.attacked(u)
  if not rules.fortifications.declared(u) then return end
  bitwa.set_var(turn_key(u), bitwa.turn())
  if u.demolish ~= 0 then u.demolish = 0 end
  bitwa.note(u.name .. " was attacked: the destruction of the fortification starts again (12.1.7)")
end

-- u moves off its hex: it stays no longer [12.1.6].
function M.on_move(u)
  cancel(u, "it moved")
end

return M
