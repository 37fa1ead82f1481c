-- [5.8] Riding down: cavalry with a charge factor above 1 that moves into
-- a hex of non-cavalry units (enemy or friendly) eliminates them; in a
-- pursuit or a retreat entering is enough [5.8.5] [5.4.4].  No MORALE
-- change [5.8.2] and no victory points (A-043).  Not in fortifications or
-- buildings (villages) [5.8.6].
local M = {}

-- The units cav would ride down on hex: every non-cavalry field unit there
-- (A-039: the whole stack).
function M.targets(hex)
  return bitwa.units { hex = hex, where = function(v)
    return rules.units.is_field(v) and not rules.units.is_cavalry(v)
  end }
end

-- [5.8.6] infantry in fortifications or buildings cannot be ridden down.
function M.protected(hex)
  return rules.fortifications.is_fortified(hex) or bitwa.map.terrain(hex) == "village"
end

-- Whether cav may ride down the units on hex when entering it `how`
-- ("move", "countercharge", "advance", "pursuit", "retreat"); keep: the
-- move refuses the CF gain.  Returns true, or false, rule, message.
-- In a movement the CF that counts is the one the unit has on entering the
-- hex (after its gain and the terrain, 5.6), which must be above 1 [5.8.1].
function M.check(cav, hex, how, keep)
  if not rules.units.is_cavalry(cav) then
    return false, "5.8.1", "only cavalry rides units down"
  end
  if #rules.ride_down.targets(hex) == 0 then return false, "5.8.1", "there is no non-cavalry unit on " .. hex.label end
  if rules.ride_down.protected(hex) then
    return false, "5.8.6", "units in fortifications or buildings on " .. hex.label .. " cannot be ridden down"
  end
  if how == "pursuit" or how == "retreat" then return true end        -- [5.8.5]
  local cf = rules.charge.cf_after_enter(cav, cav.hex, hex, how, keep)
  if cf <= rules.tables.ride_down.cf_more_than then
    return false, "5.8.1", cav.name .. " would enter " .. hex.label .. " with CF " .. cf ..
      ": riding down needs a charge factor above " .. rules.tables.ride_down.cf_more_than
  end
  return true
end

function M.can_ride_down(cav, hex, how, keep)
  return (rules.ride_down.check(cav, hex, how, keep))
end

-- [5.8.4] MP (in sixths) a movement pays to ride down the units on hex:
-- their SP (panicked units have none, 10.2.1).  Movement adds it to the
-- cost of entering the hex (A-038) unless the option ride_down_cost says
-- the SP are the whole cost.
function M.cost(cav, hex)
  local sp = 0
  for _, v in ipairs(rules.ride_down.targets(hex)) do sp = sp + rules.units.stack_sp(v) end
  return rules.units.sixths(sp * rules.tables.ride_down.mp_per_sp)
end

-- Eliminate every non-cavalry unit on hex [5.8.1]; returns their names.
function M.ride_down(cav, hex, how)
  local rule = how == "retreat" and "5.4.4" or "5.8.1"
  local names = {}
  for _, v in ipairs(rules.ride_down.targets(hex)) do
    names[#names + 1] = v.name
    bitwa.note(cav.name .. " rides down " .. v.name .. " on " .. hex.label .. " (" .. rule .. ")")
    rules.units.eliminate(v, { by = cav.side, morale = false, vp = false, rule = rule })
  end
  return names
end

-- A ride-down of `how` ("move", "pursuit") is due as cav enters hex from
-- `from` (keep: the move refuses the CF gain): the units there are ridden
-- down [5.8.1] and cav enters.  Returns whether cav enters the hex
-- (movement and pursuit call this before they place the unit; a ruleset
-- whose ride-down can fail keeps cav on `from`).
function M.attempt(cav, hex, how, from, keep)
  rules.ride_down.ride_down(cav, hex, how)
  return true
end

-- Called once cav has entered hex after a ride-down (its charge factor
-- for the hex is set): the English rules leave the CF as it is (A-039).
function M.after_enter(cav, hex, how)
end

-- [5.4.4] a retreating cavalry unit entering hex (on or through it)
-- eliminates the friendly non-cavalry units there; retreat calls this for
-- every hex of the path.  Returns the names of the units eliminated.
function M.retreat_through(cav, hex)
  if not rules.units.is_cavalry(cav) then return {} end
  for _, v in ipairs(rules.ride_down.targets(hex)) do
    if v.side ~= cav.side then return {} end
  end
  if not rules.ride_down.check(cav, hex, "retreat") then return {} end
  return rules.ride_down.ride_down(cav, hex, "retreat")
end

return M
