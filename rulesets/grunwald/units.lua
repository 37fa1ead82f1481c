-- Units, leaders and banners: what each is [1.1] [1.3], where they stand,
-- stacking [4.5], movement points in sixths (the book's MP come in halves
-- and thirds), and the one way SP are lost and units eliminated, so that
-- MORALE [6.1.4], banners [7.1.5] and victory points hear of every loss.
local M = {}

local CAVALRY = { cavalry = true, horse_archers = true }
local INFANTRY = { infantry = true, archers = true, crossbowmen = true, bombards = true }
local RANGED = { archers = true, crossbowmen = true, horse_archers = true, bombards = true }

function M.is_leader(u) return u.kind == "leader" end
function M.is_banner(u) return u.kind == "banner" end
function M.is_field(u)
  local k = u.kind
  return CAVALRY[k] or INFANTRY[k] or false
end
function M.is_cavalry(u) return CAVALRY[u.kind] or false end
-- non-cavalry field units ("infantry" in the phase names [2.1])
function M.is_infantry(u) return INFANTRY[u.kind] or false end
function M.is_ranged(u) return RANGED[u.kind] or false end
-- [1.3] regular unit: cavalry (not leaders) or infantry (not ranged units)
function M.is_regular(u) return u.kind == "cavalry" or u.kind == "horse_archers" or u.kind == "infantry" end
function M.is_disorganized(u) return u.condition == "disorganized" end
function M.is_panicked(u) return u.condition == "panicked" end

-- The TERRAIN INFLUENCE column a unit moves by.
function M.arm(u)
  if rules.units.is_leader(u) then return "commander" end
  if rules.units.is_cavalry(u) then return "cavalry" end
  return "infantry"
end

-- The COMBAT DISORGANIZATION column [5.1.1 g]; horse archers are cavalry
-- [11.5.1] and read the column of their armour.
function M.class(u)
  if u.kind == "cavalry" or u.kind == "horse_archers" then
    return ({ [2] = "heavy_cavalry", [1] = "cavalry", [0] = "light_cavalry" })[u.armour] or "cavalry"
  elseif u.kind == "infantry" then
    return ({ [2] = "heavy_infantry", [1] = "infantry" })[u.armour] or "other"
  end
  return "other"
end

-- Player A and B of this scenario [2.1].
function M.side_of_player(letter) return bitwa.var("side." .. letter) end
function M.enemy(side) return bitwa.enemy(side) end

-- ---------------------------------------------------------------- MP in sixths
M.SIXTHS = 6
-- a { numerator, denominator } MP value as sixths
function M.sixths(frac)
  if math.type(frac) == "integer" then return frac * 6 end
  return frac[1] * 6 // frac[2]
end
function M.mp_text(s)
  local whole, part = s // 6, s % 6
  local parts = { [0] = "", "1/6", "1/3", "1/2", "2/3", "5/6" }
  if part == 0 then return tostring(whole) end
  if whole == 0 then return parts[part] end
  return whole .. " " .. parts[part]
end

-- ---------------------------------------------------------------- where
function M.on_map(u) return u.hex ~= nil end

-- Field units on hex h (of `side` when given), in id order.
local function is_field(u) return rules.units.is_field(u) end

function M.field_units_at(h, side)
  return bitwa.units { hex = h, side = side, where = is_field }
end

function M.leaders_at(h, side)
  return bitwa.units { hex = h, kind = "leader", side = side }
end

function M.enemy_field_at(h, side)
  for _, u in ipairs(rules.units.field_units_at(h)) do
    if u.side ~= side then return true end
  end
  return false
end

-- Every field unit of a side on the map.
local function on_map_field(u) return u.hex ~= nil and rules.units.is_field(u) end
-- the field kinds, as is_field reads them: the engine answers from its
-- cache (while is_field is this module's own; a ruleset that replaces it
-- is asked unit by unit)
local FIELD_KINDS = {}
for k in pairs(CAVALRY) do FIELD_KINDS[#FIELD_KINDS + 1] = k end
for k in pairs(INFANTRY) do FIELD_KINDS[#FIELD_KINDS + 1] = k end
local own_is_field = M.is_field
function M.field_units(side)
  if rules.units.is_field == own_is_field then
    return bitwa.units { side = side, kind = FIELD_KINDS, on_map = true }
  end
  return bitwa.units { side = side, where = on_map_field }
end

-- Every ranged unit of a side (on the map or not), in id order: answered
-- from the engine's cache by kind while is_ranged is this module's own.
local RANGED_KINDS = {}
for k in pairs(RANGED) do RANGED_KINDS[#RANGED_KINDS + 1] = k end
table.sort(RANGED_KINDS)
local own_is_ranged = M.is_ranged
function M.ranged_units(side)
  local is_ranged = rules.units.is_ranged
  if is_ranged == own_is_ranged then return bitwa.units { side = side, kind = RANGED_KINDS } end
  return bitwa.units { side = side, where = is_ranged }
end

-- The panicked ones among field_units(side), in id order.  (With this
-- module's own is_panicked its test is read here, with no call per unit.)
local own_is_panicked = M.is_panicked
function M.panicked_field_units(side)
  local U = rules.units
  local is_panicked = U.is_panicked
  local field = U.field_units(side)
  local out, n = {}, 0
  if is_panicked == own_is_panicked then
    for i = 1, #field do
      local x = field[i]
      if x.condition == "panicked" then n = n + 1; out[n] = x end
    end
  else
    for i = 1, #field do
      local x = field[i]
      if is_panicked(x) then n = n + 1; out[n] = x end
    end
  end
  return out
end

-- ---------------------------------------------------------------- stacking [4.5]
-- SP a unit counts for stacking: panicked units count nothing [10.1.3];
-- ranged units count their combat-formation SP in both formations.
function M.stack_sp(u)
  if not rules.units.is_field(u) or rules.units.is_panicked(u) then return 0 end
  return u.sp
end

-- (stack_sp is 0 for anything but a field unit: every unit on h is
-- asked, with no list of the field ones built first)
function M.hex_sp(h, except)
  local n = 0
  local skip = except and except.id
  local stack_sp = rules.units.stack_sp
  local here = bitwa.units { hex = h }
  for i = 1, #here do
    local u = here[i]
    if u.id ~= skip then n = n + stack_sp(u) end
  end
  return n
end

function M.hex_cavalry_sp(h, except)
  local n = 0
  local skip = except and except.id
  local U = rules.units
  local here = bitwa.units { hex = h }
  for i = 1, #here do
    local u = here[i]
    if U.is_cavalry(u) and u.id ~= skip then n = n + U.stack_sp(u) end
  end
  return n
end

-- Whether u may stand on h with the units there [4.5] [12.1.8] [12.1.9].
function M.can_stack(u, h)
  local U = rules.units
  local own = U.stack_sp(u)
  if own == 0 then return true end
  local T = rules.tables.stacking
  local fortified = bitwa.map.terrain(h) == "fortification"
  local limit = fortified and T.fortified or T.limit
  if U.hex_sp(h, u) + own > limit then return false end
  if fortified and U.is_cavalry(u) and U.hex_cavalry_sp(h, u) + own > T.fortified_cavalry then
    return false
  end
  return true
end

-- ---------------------------------------------------------------- losses
--[[
rules.units.lose_sp(u, n, cause) -> SP actually lost
cause = { by = side that inflicted it (nil: nobody), morale = false to keep
the MORALE track still [5.8.2] [8.1.6], vp = false for no victory points,
rule = "5.4.6" ... }.  A unit at 0 SP is eliminated [1.2].
--]]
function M.lose_sp(u, n, cause)
  cause = cause or {}
  if n <= 0 or not u:alive() then return 0 end
  local lost = math.min(n, u.sp)
  u.sp = u.sp - lost
  bitwa.note(string.format("%s loses %d SP%s", u.name, lost, cause.rule and (" (" .. cause.rule .. ")") or ""))
  if u.sp <= 0 then rules.units.eliminate(u, cause) end
  return lost
end

-- Elimination: the unit leaves the game; banners, MORALE and VP follow.
function M.eliminate(u, cause)
  cause = cause or {}
  local side, hex = u.side, u.hex
  bitwa.note(u.name .. " is eliminated" .. (cause.rule and (" (" .. cause.rule .. ")") or ""))
  rules.banners.on_eliminated(u, hex)
  if cause.by and cause.by ~= side then
    if cause.morale ~= false then rules.morale.on_elimination(u, cause) end
    if cause.vp ~= false then rules.victory.on_elimination(u, cause) end
  end
  u.hex = nil
  u.sp = 0
  bitwa.remove(u)
end

-- Place u on hex h (or off the map with nil), facing f; everything a
-- unit carries (banners) goes with it.
function M.place(u, h, facing)
  u.hex = h
  if facing then u.facing = facing end
  rules.banners.follow(u)
end

return M
