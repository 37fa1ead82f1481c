-- Fire: musketry [12.0] and artillery [13.1] [13.2] share the procedure of
-- [12.31] and the results of [12.4] (legend L753-755): roll 2D6, apply the
-- modifiers, read the table; "-1" = 1 SP lost and a morale check (2D6
-- higher than the unit's morale disperses it), "R" = dispersed (10.11).
-- The modifiers are not listed (A-105): the target hex's terrain combat
-- value (forest, village -2) and -1 for a wagon or fence of the target's
-- side on its hex (as 16 (15.25)'s earthworks).  Line of sight [13.12].
local M = {}

local function U() return rules.units end

-- [12.31] [13.22 b] the die modifier against target t, with its reasons.
function M.modifier(t)
  local m, why = 0, {}
  local row = rules.tables.terrain[bitwa.map.terrain(t.hex)]
  if row and row.combat < 0 then m = m + row.combat; why[#why + 1] = bitwa.map.terrain(t.hex) .. " " .. row.combat end
  local cover = rules.markers.wagon_at(t.hex, t.side)
  if not cover then
    for _, f in ipairs(bitwa.units { hex = t.hex, kind = "fence" }) do if f.side == t.side then cover = f end end
  end
  if cover then m = m - 1; why[#why + 1] = cover.kind .. " -1" end
  return m, table.concat(why, ", ")
end

-- [12.4] apply a fire result to t; rule names the fire.
function M.apply(t, result, rule)
  if result == "R" then
    rules.dispersal.disperse(t, rule .. ", R")
  elseif result == "-1" then
    local morale = t.morale
    if U().lose_sp(t, 1, rule) then
      local r = bitwa.two_d6("morale check " .. t.name .. " (12.4)")
      if r > morale then
        bitwa.note(t.name .. " fails its morale check (2D6 = " .. r .. " > " .. morale .. ", 12.4)")
        rules.dispersal.disperse(t, rule .. ", -1 and morale check")
      else
        bitwa.note(t.name .. " passes its morale check (2D6 = " .. r .. ", 12.4)")
      end
    end
  end
end

-- [13.12] terrain that blocks artillery's line of sight
M.blocking = { forest = true, orchard = true, village = true }

-- Whether hex s between a gun on `from` and its target on `to` blocks the
-- line: blocking terrain, any unit (A-107), or a hill above both ends
-- (the gun and the target on opposite sides of it).
function M.blocks(s, from, to)
  if M.blocking[bitwa.map.terrain(s)] then return true end
  if #U().field_units_at(s) > 0 then return true end
  local e = bitwa.map.elevation(s)
  if e > bitwa.map.elevation(from) and e > bitwa.map.elevation(to) then return true end
  return false
end

-- [13.12] [13.13] the line between hex centres; along a hexside both hexes
-- must block (the Medieval rulesets' reading).
function M.line_of_sight(from, to)
  local steps = bitwa.hex.line(from, to)
  for i = 2, #steps - 1 do
    local s = steps[i]
    if bitwa.hex.is(s) then
      if rules.fire.blocks(s, from, to) then return false end
    elseif rules.fire.blocks(s[1], from, to) and rules.fire.blocks(s[2], from, to) then
      return false
    end
  end
  return true
end

return M
