-- Sieges: structures printed on the map as terrain (bastion, curtain_wall,
-- gatehouse, rampart, palisade), each hex with a Defense Value: the
-- variable siege.dv.CCRR, which a scenario sets within the table's range
-- (`var { "siege.dv.0504", 35 }`), else the range's minimum (setup).  War
-- machines damage a structure they hit (a catapult aimed at its hex, a
-- cannon ball that reaches it: structures stop the ball), rams batter an
-- adjacent one (`batter UNIT HEX` in the melee phase, once a turn); at 0
-- the structure is destroyed and its hex becomes rubble (rough) on the map
-- in play (bitwa.map.set_terrain).  Machines are targets too (DV 5 and 3:
-- M.damage_machine).
local M = {}
local function T() return rules.tables end

-- terrain -> the row of the Sieges table
M.ROWS = { bastion = "bastion", curtain_wall = "curtain_wall", gatehouse = "gatehouse",
           rampart = "rampart", palisade = "wooden" }
M.RUBBLE = "rough"

function M.row(h)
  local t = bitwa.map.terrain(h)
  return t and M.ROWS[t]
end

local function key(h) return "siege.dv." .. h.label end

-- the standing structures' hexes, in map order
function M.standing()
  local out = {}
  if not bitwa.var("siege.any") then return out end
  for _, h in ipairs(bitwa.hex.all()) do
    if M.row(h) and bitwa.var(key(h)) then out[#out + 1] = h end
  end
  return out
end

function M.dv(h)
  if not M.row(h) then return nil end
  return bitwa.var(key(h))
end

-- setup: every structure hex has its Defense Value (the scenario's, or
-- the minimum of its range); a scenario's value outside the range is an
-- error of the scenario
function M.setup()
  for _, h in ipairs(bitwa.hex.all()) do
    local row = M.row(h)
    if row then
      bitwa.set_var("siege.any", true)
      local range = T().structures[row]
      local v = bitwa.var(key(h))
      if v == nil then
        bitwa.set_var(key(h), range[1])
      elseif math.type(v) ~= "integer" or v < range[1] or v > range[2] then
        error("Sieges: " .. key(h) .. " must be a whole number from " .. range[1] .. " to " .. range[2], 0)
      end
    end
  end
end

-- Sieges: damage.  The structure at h loses `n` of its Defense Value
-- (`what` names the war machine); at 0 it is destroyed.
function M.damage(h, n, what)
  local v = M.dv(h)
  if not v then return end
  v = math.max(0, v - n)
  bitwa.note("Sieges: " .. what .. " hits the " .. bitwa.map.terrain(h) .. " at " .. h.label .. ": -" .. n .. ", DV " .. v)
  if v == 0 then
    bitwa.set_var(key(h), nil)
    bitwa.map.set_terrain(h, M.RUBBLE)
    bitwa.note("Sieges: the structure at " .. h.label .. " is destroyed")
  else
    bitwa.set_var(key(h), v)
  end
end

-- Sieges: machines as targets.  "Cannons and heavy catapults" have a
-- Defense Value of 5, "light catapults and movable mantlets" 3: a war
-- machine's shot that hits a machine (a catapult's hit area on its hex, a
-- cannon ball that strikes it) takes the shooter's damage off it, as off a
-- structure; at 0 the machine is destroyed (its counter, crew and all,
-- leaves the game).  The value left is the variable siege.machine.NAME,
-- set at the first hit.  Returns true when the machine is destroyed.
M.MACHINE_ROWS = { light_catapult = "light_engine", heavy_catapult = "engine", light_cannon = "engine",
                   heavy_cannon = "engine", bombard = "engine", mantlet = "light_engine" }

function M.machine_dv(u)
  local row = M.MACHINE_ROWS[u.weapon]
  if not row then return nil end
  return bitwa.var("siege.machine." .. u.name) or T().structures[row][1]
end

function M.damage_machine(u, n, what)
  local v = M.machine_dv(u)
  if not v then return false end
  v = math.max(0, v - n)
  bitwa.note("Sieges: " .. what .. " hits " .. u.name .. " (" .. u.weapon .. "): -" .. n .. ", DV " .. v)
  bitwa.set_var("siege.machine." .. u.name, v)
  if v == 0 and u.weapon == "mantlet" then
    -- movable mantlets destroyed: the troops behind them stay, uncovered
    bitwa.note("Sieges: " .. u.name .. "'s movable mantlets are destroyed")
    u.weapon = ""
    return false
  end
  if v == 0 then
    bitwa.note("Sieges: " .. u.name .. " is destroyed")
    return true
  end
  return false
end

-- batter UNIT HEX: rams, picks or screws, -2 a turn, from an adjacent hex
function M.why_not_batter(side, u, h)
  if u.side ~= side then return "Sieges", u.name .. " is not " .. side .. "'s" end
  if u.weapon ~= "ram" then return "Sieges", u.name .. " has no ram, picks or screws" end
  if u.hex == nil or not bitwa.hex.on_map(h) or bitwa.hex.distance(u.hex, h) ~= 1 then
    return "Sieges", "the structure must be next to " .. u.name
  end
  if not M.dv(h) then return "Sieges", h.label .. " is not a standing structure" end
  if u.meleed then return "Sieges", u.name .. " has fought or battered this turn" end
  if u.retreat_turn > 0 then return "Retreat and Panic", u.name .. " is regrouping" end
  return nil
end

function M.batter(side, u, h)
  local rule, msg = M.why_not_batter(side, u, h)
  if rule then refuse(rule, msg) end
  u.meleed = true
  M.damage(h, T().siege_damage.ram, u.name .. "'s ram")
end

function M.legal_batter(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.weapon == "ram" and u.hex ~= nil then
      for _, h in ipairs(bitwa.hex.neighbours(u.hex)) do
        if not M.why_not_batter(side, u, h) then out[#out + 1] = { u.name, h.label } end
      end
    end
  end
  return out
end

-- the melee phase also runs for a ram next to a structure
function M.can_batter()
  for _, s in ipairs(bitwa.sides()) do
    if #M.legal_batter(s) > 0 then return true end
  end
  return false
end

return M
