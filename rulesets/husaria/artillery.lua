-- [13.0] Artillery fire.  Guns ("C" heavy, range 4; "L" light, range 3,
-- 13.11) fire in their own artillery phase ("fire GUNS TARGET") at one
-- unit [13.16] in range and in sight [13.12] [13.13]: any, when no enemy
-- was next to the gun at the phase's start [13.14], else only that enemy
-- and only in the gun's front zone [13.15].  Guns firing together sum
-- their SP up to 3 (13.22) and must be of one kind.  A gun that fired in
-- its artillery phase may not move in the next movement phase [13.17]
-- (A-108: "attacked" read "fired").  The table: by SP and distance
-- (tables.artillery), 2D6 plus the fire modifiers (fire.lua).  A side
-- that lost all its wagons fires no more [11.19].
local M = {}

local function T() return rules.tables end
local function U() return rules.units end

-- the start of a side's artillery phase: which guns have an enemy next to them
function M.phase_start()
  local side = bitwa.phasing_side()
  for _, g in ipairs(bitwa.units { side = side, kind = "artillery" }) do
    g.fired = false
    local adj = false
    if g.hex ~= nil then
      for _, n in ipairs(bitwa.hex.neighbours(g.hex)) do
        for _, o in ipairs(U().field_units_at(n)) do if o.side ~= side then adj = true end end
      end
    end
    g.pinned = adj
  end
end

function M.range(g)
  if g.gun == "light" then return bitwa.option("light_range") end
  return T().artillery_range.heavy
end

-- checks a fire; returns the table row and the distance
function M.plan(side, guns, t)
  if rules.markers.lost_all(side) then refuse("11.19", side .. " has lost all its wagons: its guns fire no more") end
  if #guns > 1 then
    for _, g in ipairs(guns) do
      if g.gun ~= guns[1].gun then refuse("13.22", "guns firing together must be of one kind") end
    end
  end
  local sp = 0
  for _, g in ipairs(guns) do
    if g.side ~= side or g.kind ~= "artillery" or g.hex == nil then refuse("13.11", g.name .. " is not a gun of " .. side .. " on the map") end
    if g.fired then refuse("13.16", g.name .. " has fired in this phase") end
    if t.side == side or not U().is_field(t) or t.hex == nil then refuse("13.16", t.name .. " is not an enemy unit on the map") end
    local d = bitwa.hex.distance(g.hex, t.hex)
    if d > rules.artillery.range(g) then refuse("13.11", t.name .. " is out of " .. g.name .. "'s range") end
    if g.pinned then
      local adj = d == 1 and rules.zoc.covers(g, t.hex)
      if not adj then refuse("13.15", g.name .. " has an enemy next to it: it fires only at that unit, in its front zone") end
    end
    if d > 1 and not rules.fire.line_of_sight(g.hex, t.hex) then refuse("13.12", "no line of sight from " .. g.name .. " to " .. t.name) end
    sp = sp + g.sp
  end
  sp = math.min(sp, 3)
  local kind = guns[1].gun == "light" and "light" or "heavy"
  local d = 0
  for _, g in ipairs(guns) do d = math.max(d, bitwa.hex.distance(g.hex, t.hex)) end
  local tab = T().artillery[kind][sp]
  for b, band in ipairs(T().artillery[kind].bands) do
    if d >= band[1] and d <= band[2] then return tab[b], tab.first, d end
  end
  -- light guns beyond the printed bands (option light_range): the last band
  local bands = T().artillery[kind].bands
  return tab[#bands], tab.first, d
end

function M.fire(side, guns, t)
  rules.artillery.plan(side, guns, t)
  for _, g in ipairs(guns) do g.fired = true end
  rules.artillery.resolve_fire(side, guns, t)
end

-- the table, the roll and the result (own phase or at a mover, 13.11)
function M.resolve_fire(side, guns, t)
  local sp, kind, d = 0, guns[1].gun == "light" and "light" or "heavy", 0
  for _, g in ipairs(guns) do sp = sp + g.sp; d = math.max(d, bitwa.hex.distance(g.hex, t.hex)) end
  sp = math.min(sp, 3)
  local tab = T().artillery[kind][sp]
  local bands = T().artillery[kind].bands
  local row = tab[#bands]
  for b, band in ipairs(bands) do if d >= band[1] and d <= band[2] then row = tab[b] break end end
  local first = tab.first
  local m, why = rules.fire.modifier(t)
  local roll = bitwa.two_d6("artillery " .. t.name)
  local res = T().fire_result(row, first, roll + m)
  local names = {}
  for _, g in ipairs(guns) do names[#names + 1] = g.name end
  bitwa.note(string.format("artillery %s at %s, distance %d: 2D6 = %d%s: %s", table.concat(names, ", "), t.name, d, roll,
    m ~= 0 and (" " .. m .. " (" .. why .. ")") or "", res))
  rules.fire.apply(t, res, "13.22")
end

function M.legal(side)
  local out = {}
  for _, g in ipairs(bitwa.units { side = side, kind = "artillery" }) do
    if g.hex ~= nil and not g.fired then
      for _, t in ipairs(bitwa.units { near = g.hex, within = rules.artillery.range(g) }) do
        if t.side ~= side and bitwa.check(rules.artillery.plan, side, { g }, t) then out[#out + 1] = { g.name, t.name } end
      end
    end
  end
  return out
end

return M
