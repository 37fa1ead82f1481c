-- Missile Fire: bows, crossbows and thrown weapons.  In the missile phase
-- each side gives its fire orders (`fire UNIT TARGET`); "all other fire ...
-- takes effect simultaneously just prior to melee resolution" (Turn
-- Sequence), so the orders are resolved together when both sides have
-- ended the phase: every volley is rolled, then every casualty removed,
-- then the heavy-loss checks made ("the unit must check before melee").
-- Heavy crossbows and guns (arquebus) are not implemented yet (DESIGN.md).
local M = {}
local function T() return rules.tables end
local function S() return rules.scale end
local function U() return rules.units end

-- the weapons this module fires, and which of them are archers'
local FIRES = { bow = true, longbow = true, composite_bow = true, crossbow = true, javelin = true, axe = true, spear = true }
local ARCHERS = { bow = true, longbow = true, composite_bow = true }
local THROWN = { javelin = true, axe = true, spear = true }

-- Movement (missile range column and its footnotes): the range in inches
function M.range_inches(u)
  if u.weapon == "javelin" then return T().javelin_range end
  if u.weapon == "axe" or u.weapon == "spear" then return T().movement.MI.range end
  return U().movement_row(u).range or 0
end

-- the hexes of the 120-degree wedge ahead of facing f at distance d (the
-- two corner lines f-1 and f and the hexes between them)
local function wedge(h, f, d)
  local out = {}
  for _, corner in ipairs { (f - 1) % 6, f % 6 } do
    local x = h
    for _ = 1, d do x = bitwa.hex.neighbour(x, corner, true) end
    out[#out + 1] = x
    local along = (corner + 2) % 6
    for _ = 1, d do
      x = bitwa.hex.neighbour(x, along, true)
      out[#out + 1] = x
    end
  end
  return out
end

-- Missile Fire: arc of fire.  Infantry: 45 degrees left or right, the
-- forward 120-degree wedge on hexes; cavalry: 180 degrees left and 45
-- right, every sector but the rear-right one (NOTES.md).
function M.in_arc(u, h)
  local d = bitwa.hex.distance(u.hex, h)
  if d == 0 then return false end
  local turns = U().arm(u) == "cavalry" and { 0, 1, 2 } or { 0 }
  for _, k in ipairs(turns) do
    for _, x in ipairs(wedge(u.hex, (u.facing - k) % 6, d)) do
      if x == h then return true end
    end
  end
  return false
end

-- the units standing between two hexes (a split step counts when either
-- of its hexes holds one)
local function between(a, b)
  local out = {}
  local steps = bitwa.hex.line(a, b)
  for i = 2, #steps - 1 do
    local s = steps[i]
    local list = bitwa.hex.is(s) and { s } or { s[1], s[2] }
    for _, h in ipairs(list) do
      for _, o in ipairs(bitwa.units_at(h)) do out[#out + 1] = { unit = o, hex = h } end
    end
  end
  return out
end

-- How `u` may fire at `t`: nil and a refusal (rule, message), or a plan
-- { indirect = bool }.
function M.plan(side, u, t)
  if u.side ~= side then return nil, "Missile Fire", u.name .. " is not " .. side .. "'s" end
  if t.side == side then return nil, "Missile Fire", t.name .. " is not an enemy" end
  if u.hex == nil or t.hex == nil then return nil, "Missile Fire", "both units must be on the map" end
  if not FIRES[u.weapon] then
    return nil, "Missile Fire", u.name .. " has no bow, crossbow or thrown weapon"
  end
  if u.target ~= "" then return nil, "Missile Fire: rate of fire", u.name .. " has its fire order this turn" end
  if u.retreat_turn > 0 then return nil, "Retreat and Panic", u.name .. " is regrouping" end
  local mr, mm = rules.historical.will_not_attack(u)
  if mr then return nil, mr, mm end
  if not M.in_arc(u, t.hex) then return nil, "Missile Fire: arc of fire", t.name .. " is outside " .. u.name .. "'s arc" end
  local d = bitwa.hex.distance(u.hex, t.hex)
  local inches = M.range_inches(u)
  local indirect = false
  local over = between(u.hex, t.hex)
  if #over > 0 then
    -- Missile Fire: indirect fire
    if not ARCHERS[u.weapon] then
      return nil, "Missile Fire: indirect fire", "only archers and longbowmen fire over " .. over[1].unit.name
    end
    for _, o in ipairs(over) do
      if bitwa.hex.distance(u.hex, o.hex) * S().HEX_INCHES <= T().indirect_min_inches then
        return nil, "Missile Fire: indirect fire", o.unit.name .. " is not more than 3\" from " .. u.name
      end
    end
    indirect = true
    local r = T().indirect_range
    if d > S().reduced_hexes(inches, r[1], r[2]) then
      return nil, "Missile Fire: indirect fire", t.name .. " is beyond the indirect range of " .. u.name
    end
  elseif d > S().hexes(inches) then
    return nil, "Movement (missile range)", t.name .. " is " .. d .. " hexes away, beyond " .. inches .. "\""
  end
  return { indirect = indirect }
end

-- Missile Fire: rate of fire.  The volleys a unit may give this turn: 2 for
-- archers and longbowmen that have not moved and have no enemy next to
-- them ("aren't meleed"), 1 for a move of at most half, and for more than
-- half 1 only by winning a d6 roll-off against the target's owner (a tie
-- fails, NOTES.md); thrown weapons fire once.
function M.volleys(u, t)
  local inches = U().movement_row(u).move
  if u.spent == 0 and ARCHERS[u.weapon] then
    for _, h in ipairs(bitwa.hex.neighbours(u.hex)) do
      for _, o in ipairs(bitwa.units_at(h)) do if o.side ~= u.side then return 1 end end
    end
    return 2
  end
  if THROWN[u.weapon] or S().within_half(u.spent, inches) then return 1 end
  local mine = bitwa.roll(1, 6, "Missile Fire: rate of fire, " .. u.name .. " moved more than half", nil, u.side)
  local theirs = bitwa.roll(1, 6, "Missile Fire: rate of fire, against " .. u.name, nil, t.side)
  return mine > theirs and 1 or 0
end

function M.order(side, u, t)
  local plan, rule, msg = M.plan(side, u, t)
  if not plan then refuse(rule, msg) end
  local n = M.volleys(u, t)
  if n == 0 then
    bitwa.note("Missile Fire: rate of fire: " .. u.name .. " lost the roll-off and does not fire")
    u.target = "-"
    return
  end
  u.target = t.name
  u.fired_twice = n == 2
  if plan.indirect then bitwa.set_var("indirect." .. u.name, true) end
end

function M.legal(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil and FIRES[u.weapon] and u.target == "" then
      for _, t in ipairs(bitwa.units {}) do
        if t.side ~= side and t.hex ~= nil and M.plan(side, u, t) then out[#out + 1] = { u.name, t.name } end
      end
    end
  end
  return out
end

-- the phase is skipped when no unit can fire (Turn Sequence)
function M.nobody_can_fire()
  for _, s in ipairs(bitwa.sides()) do
    if #M.legal(s) > 0 then return false end
  end
  return true
end

-- the hits of one pool of `n` firers at `armour` (A-129: equal groups of
-- at most 10, at most 20 against heavy armour; fewer than 4 against heavy
-- armour cannot hit), each group rolling one die
function M.pool_hits(n, armour, label)
  local cap = armour == "heavy" and 20 or 10
  local groups = (n + cap - 1) // cap
  local hits = 0
  for g = 1, groups do
    local size = n // groups + (g <= n % groups and 1 or 0)
    local split = T().missile[armour].split
    local die = bitwa.roll(1, 6, "Missile Fire: " .. label .. ", " .. size .. " firing at " .. armour .. " armour",
      function(t) return t >= split end)
    local h = T().missile_hits(armour, size, die) or 0
    if armour == "medium" and size >= 5 and size <= 6 and die < T().missile.medium.split
       and bitwa.option("missile_medium_5_6") == "smoothed" then
      h = 1
    end
    hits = hits + h
  end
  return hits
end

local function higher(armour)
  local order = T().armour_order
  for i, a in ipairs(order) do if a == armour then return order[math.min(i + 1, #order)] end end
end

-- the missile phase's end: every order at once
function M.resolve()
  local targets, pools = {}, {}
  for _, u in ipairs(bitwa.units {}) do
    if u.target ~= "" and u.target ~= "-" and u.hex ~= nil then
      local t = bitwa.unit(u.target)
      if t and t.hex ~= nil then
        local armour = U().armour(t)
        if bitwa.var("indirect." .. u.name) then armour = higher(armour) end
        local firing = S().in_ranks(U().arm(u), u.figures, T().fire_ranks)
        local key = t.name .. "/" .. armour
        if not pools[key] then
          pools[key] = { target = t, armour = armour, volley = { 0, 0 } }
          targets[#targets + 1] = key
        end
        local p = pools[key]
        p.volley[1] = p.volley[1] + firing
        if u.fired_twice then p.volley[2] = p.volley[2] + firing end
      end
    end
    if bitwa.var("indirect." .. u.name) then bitwa.set_var("indirect." .. u.name, nil) end
  end
  -- roll everything, then remove the casualties
  local hits, order = {}, {}
  for _, key in ipairs(targets) do
    local p = pools[key]
    local h = 0
    for v = 1, 2 do
      if p.volley[v] > 0 then h = h + M.pool_hits(p.volley[v], p.armour, "at " .. p.target.name .. " (volley " .. v .. ")") end
    end
    if not hits[p.target.name] then hits[p.target.name] = 0; order[#order + 1] = p.target end
    hits[p.target.name] = hits[p.target.name] + h
  end
  for _, t in ipairs(order) do
    local h = hits[t.name]
    if t.cover then h = h * T().cover_hits[1] // T().cover_hits[2] end -- Missile Fire: cover
    bitwa.note("Missile Fire: " .. t.name .. " loses " .. h .. " figures")
    U().lose(t, h)
  end
  for _, t in ipairs(order) do
    local still = bitwa.unit(t.name)
    if still and still.hex ~= nil then rules.morale.loss_check(still) end
  end
end

return M
