-- [9.2] Commanders in battle.  A unit on a commander's hex or within his
-- command range (A-097: the range of 15.12, by his modifier: 2 -> 4 hexes,
-- 1 -> 3, 0 -> 2) gets his modifier as a column shift [9.21]; a unit
-- eliminated on his hex, or a stack of his that must retreat, risks his
-- life on 2D6 = 12 [9.22] [9.23]; his death moves the morale track four
-- fields [9.24] (units.eliminate).  His movement is in movement.lua
-- [9.13]-[9.15].
local M = {}

local function U() return rules.units end

-- [9.21] the best modifier of side's commanders reaching any of `units`.
function M.modifier(side, units)
  local best = 0
  for _, c in ipairs(bitwa.units { side = side, kind = "commander" }) do
    if c.hex ~= nil then
      local range = rules.tables.command_range[c.command] or rules.tables.command_range[0]
      for _, u in ipairs(units) do
        if u.hex ~= nil and bitwa.hex.distance(c.hex, u.hex) <= range and c.command > best then best = c.command end
      end
    end
  end
  return best
end

local function commanders_at(side, h)
  local out = {}
  for _, c in ipairs(bitwa.units { hex = h, kind = "commander" }) do
    if c.side == side then out[#out + 1] = c end
  end
  return out
end
M.commanders_at = commanders_at

-- [9.22] a unit of side's was eliminated on h: each commander there rolls
-- 2D6; 12 kills him, else he goes to another unit of his side (the owner
-- chooses; with none left he stays).
function M.unit_eliminated(side, h)
  for _, c in ipairs(commanders_at(side, h)) do
    local r = bitwa.two_d6("commander " .. c.name .. " (9.22)")
    if r >= rules.tables.commander_death then
      U().eliminate(c, "9.22", "killed with the unit on his hex (2D6 = " .. r .. ")")
    else
      local still = false
      for _, o in ipairs(U().field_units_at(h)) do if o.side == side then still = true end end
      if not still then
        local opts = {}
        for _, o in ipairs(bitwa.units { side = side }) do
          if U().is_field(o) and o.hex ~= nil then opts[#opts + 1] = o.name end
        end
        if #opts > 0 then
          local pick = bitwa.unit(bitwa.decide { side = side, kind = "commander_joins", options = opts,
                                                 prompt = "9.22: " .. c.name .. " goes to which unit?" })
          c.hex = pick.hex
          bitwa.note(c.name .. " goes to " .. pick.name .. " at " .. pick.hex.label .. " (9.22)")
        end
      end
    end
  end
end

-- [9.23] a stack of side's on h must retreat: each commander there rolls
-- 2D6, 12 kills him; the survivors go with the stack (returned).
function M.stack_retreats(side, h)
  local out = {}
  for _, c in ipairs(commanders_at(side, h)) do
    local r = bitwa.two_d6("commander " .. c.name .. " (9.23)")
    if r >= rules.tables.commander_death then
      U().eliminate(c, "9.23", "killed as his stack retreats (2D6 = " .. r .. ")")
    else
      out[#out + 1] = c
    end
  end
  return out
end

return M
