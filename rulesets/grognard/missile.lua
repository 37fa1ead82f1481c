-- Missile Fire and Guns: bows, crossbows, heavy crossbows, thrown weapons
-- and guns (arquebus).  In the missile phase each side gives its fire
-- orders (`fire UNIT TARGET`); "all other fire ... takes effect
-- simultaneously just prior to melee resolution" (Turn Sequence), so the
-- orders are resolved together when both sides have ended the phase:
-- every volley is rolled, then every casualty removed, then the
-- heavy-loss checks made ("the unit must check before melee").
-- Split-move and pass-through fire "take effect at once", at a mover's
-- half-move point (M.at_half_move, called by the movement rules).
local M = {}
local function T() return rules.tables end
local function S() return rules.scale end
local function U() return rules.units end

-- the weapons this module fires, and which of them are archers'
local FIRES = { bow = true, longbow = true, composite_bow = true, crossbow = true, heavy_crossbow = true,
                arquebus = true, javelin = true, axe = true, spear = true }
local ARCHERS = { bow = true, longbow = true, composite_bow = true }
local THROWN = { javelin = true, axe = true, spear = true }
-- Missile Fire: heavy crossbowmen, and Guns: rate of fire: every other turn
local RELOADS = { heavy_crossbow = "Missile Fire: heavy crossbowmen", arquebus = "Guns: rate of fire" }
-- Missile Fire: cover; Guns: cover ("trees, walls, rocks"): the terrain of
-- the target's hex and the amount (NOTES.md)
local COVER = { wooded = "more", rampart = "more", rough = "half",
                bastion = "more", curtain_wall = "more", gatehouse = "more", palisade = "more" }

-- Movement (missile range column and its footnotes): the range in inches
function M.range_inches(u)
  if u.weapon == "javelin" then return T().javelin_range end
  if u.weapon == "axe" or u.weapon == "spear" then return T().movement.MI.range end
  return U().movement_row(u).range or 0
end

-- Missile Fire: arc of fire, by the bearing of the target (24ths of a turn
-- clockwise from the facing, bitwa.hex.bearing).  Infantry: 45 degrees
-- left or right, read as the forward 120-degree wedge between the lines
-- of the two front corner hexsides (bearings -4..4); cavalry: 180 degrees
-- left and 45 right, every bearing from -12 to 4 (NOTES.md).
function M.in_arc(u, h)
  local b = bitwa.hex.bearing(u.hex, u.facing, h)
  if b == nil then return false end
  if b <= 4 then return true end
  if U().arm(u) == "cavalry" then return b >= 12 end
  return b >= 20
end

-- the cover of a unit: nil, "half" (half or less) or "more" (more than
-- half): the terrain of its hex, or the scenario's `cover` (half); fired
-- at from hex `from`, a unit behind movable mantlets (weapon "mantlet",
-- Sieges) has cover of more than half from its front (NOTES.md)
function M.cover(t, from)
  local c = COVER[bitwa.map.terrain(t.hex) or ""]
  if c then return c end
  if t.cover then return "half" end
  if t.weapon == "mantlet" and from and rules.melee.position(t, from) == "front" then return "more" end
  return nil
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
    return nil, "Missile Fire", u.name .. " has no bow, crossbow, gun or thrown weapon"
  end
  if u.target ~= "" then return nil, "Missile Fire: rate of fire", u.name .. " has its fire order this turn" end
  if RELOADS[u.weapon] and u.unloaded then
    return nil, RELOADS[u.weapon], u.name .. " fired last turn and reloads (every other turn)"
  end
  if u.retreat_turn > 0 then return nil, "Retreat and Panic", u.name .. " is regrouping" end
  local mr, mm = rules.historical.will_not_attack(u)
  if mr then return nil, mr, mm end
  if not M.in_arc(u, t.hex) then return nil, "Missile Fire: arc of fire", t.name .. " is outside " .. u.name .. "'s arc" end
  local d = bitwa.hex.distance(u.hex, t.hex)
  -- Melees: firing missiles into a melee is not permitted: a target next
  -- to a unit of the firer's side (the firer too) is in melee (NOTES.md)
  for _, h in ipairs(bitwa.hex.neighbours(t.hex)) do
    for _, o in ipairs(bitwa.units_at(h)) do
      if o.side == side then
        return nil, "Melees: firing missiles into a melee", t.name .. " is in melee with " .. o.name
      end
    end
  end
  local inches = M.range_inches(u)
  local indirect = false
  local over = between(u.hex, t.hex)
  if #over > 0 then
    -- Missile Fire: indirect fire
    if not ARCHERS[u.weapon] then
      return nil, u.weapon == "arquebus" and "Guns: indirect fire" or "Missile Fire: indirect fire",
        "only archers and longbowmen fire over " .. over[1].unit.name
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
-- fails, NOTES.md); thrown weapons fire once.  Heavy crossbows and guns
-- follow the same roll-off (Missile Fire: heavy crossbowmen; Guns).
function M.volleys(u, t)
  local inches = U().movement_row(u).move
  if u.spent == 0 and ARCHERS[u.weapon] then
    for _, h in ipairs(bitwa.hex.neighbours(u.hex)) do
      for _, o in ipairs(bitwa.units_at(h)) do if o.side ~= u.side then return 1 end end
    end
    return 2
  end
  if THROWN[u.weapon] or S().within_half(u.spent, inches) then return 1 end
  local rule = RELOADS[u.weapon] or "Missile Fire: rate of fire"
  local mine = bitwa.roll(1, 6, rule .. ", " .. u.name .. " moved more than half", nil, u.side)
  local theirs = bitwa.roll(1, 6, rule .. ", against " .. u.name, nil, t.side)
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
  if RELOADS[u.weapon] then u.unloaded = true end
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
    if #M.legal(s) > 0 or rules.artillery.can_fire(s) then return false end
  end
  return true
end

-- Missile Fire: heavy crossbowmen "fire every other turn.  They may move
-- up to 1/2 of their move and still reload ... if they move > 1/2 ... no
-- reloading is allowed" (and guns the same): at the start of a turn, a
-- unit that fired before last turn and did not fire last turn has
-- reloaded if last turn it moved at most half its move.  Runs before the
-- turn's reset (sequence.turn_start).
function M.turn_start()
  if not bitwa.var("sequence.started") then return end
  for _, u in ipairs(bitwa.units {}) do
    if u.unloaded and u.target == "" and S().within_half(u.spent, U().movement_row(u).move) then
      u.unloaded = false
    end
  end
end

-- the hits of one pool of `n` firers at `armour` (A-129: equal groups of
-- at most 10, at most 20 against heavy armour; fewer than 4 against heavy
-- armour cannot hit), each group rolling one die, plus `bonus` (heavy
-- crossbows +1)
function M.pool_hits(n, armour, label, bonus)
  bonus = bonus or 0
  local cap = armour == "heavy" and 20 or 10
  local groups = (n + cap - 1) // cap
  local hits = 0
  for g = 1, groups do
    local size = n // groups + (g <= n % groups and 1 or 0)
    local split = T().missile[armour].split
    local die = bitwa.roll(1, 6, "Missile Fire: " .. label .. ", " .. size .. " firing at " .. armour .. " armour"
      .. (bonus > 0 and (" (+" .. bonus .. ")") or ""),
      function(t) return t + bonus >= split end)
    local h = T().missile_hits(armour, size, die + bonus) or 0
    if armour == "medium" and size >= 5 and size <= 6 and die + bonus < T().missile.medium.split
       and bitwa.option("missile_medium_5_6") == "smoothed" then
      h = 1
    end
    hits = hits + h
  end
  return hits
end

-- Guns: every firing figure rolls the accuracy die; the score to hit by
-- range, -1 or -2 for the target's cover, +1 for a gun resting on a
-- rampart (a strong support); a hit kills a figure whatever its armour
function M.gun_hits(u, t, n)
  local d = bitwa.hex.distance(u.hex, t.hex)
  local need = T().gun_hit(d * S().HEX_INCHES)
  if not need then return 0 end
  local mod = 0
  local c = M.cover(t, u.hex)
  if c == "half" then mod = mod + T().guns_cover.half_or_less end
  if c == "more" then mod = mod + T().guns_cover.more_than_half end
  if bitwa.map.terrain(u.hex) == "rampart" then mod = mod + T().guns_rest end
  local hits = 0
  for i = 1, n do
    local die = bitwa.roll(1, 6, "Guns: accuracy die, " .. u.name .. " at " .. t.name .. ", figure " .. i .. " of " .. n
      .. " (" .. need .. "+" .. (mod ~= 0 and (", " .. (mod > 0 and "+" or "") .. mod) or "") .. ")",
      function(x) return x + mod >= need end, u.side)
    if die + mod >= need then hits = hits + 1 end
  end
  return hits
end

local function higher(armour)
  local order = T().armour_order
  for i, a in ipairs(order) do if a == armour then return order[math.min(i + 1, #order)] end end
end

-- Missile Fire: number of ranks permitted to fire: the first two, every
-- rank from higher ground (an elevation above the target's, NOTES.md)
function M.firing(u, t)
  local ranks = T().fire_ranks
  if (bitwa.map.elevation(u.hex) or 0) > (bitwa.map.elevation(t.hex) or 0) then ranks = S().RANKS[U().arm(u)] end
  return S().in_ranks(U().arm(u), u.figures, ranks)
end

-- Fire: a list of orders { unit =, target =, volleys = 1 or 2, indirect =
-- bool }, in a fixed order, and the machines' rolls (artillery.roll_all:
-- { target =, kills = }).  Every die is rolled, then every casualty is
-- removed, then the heavy-loss checks are made.
function M.fire_all(orders, machines)
  local targets, pools, guns = {}, {}, {}
  for _, o in ipairs(orders) do
    local u, t = o.unit, o.target
    local firing = M.firing(u, t)
    if u.weapon == "arquebus" then
      guns[#guns + 1] = { unit = u, target = t, n = firing }
    else
      local armour = U().armour(t)
      if o.indirect then armour = higher(armour) end
      local bonus = u.weapon == "heavy_crossbow" and T().heavy_crossbow_bonus or 0
      local covered = M.cover(t, u.hex) ~= nil
      local key = t.name .. "/" .. armour .. "/" .. bonus .. (covered and "/cover" or "")
      if not pools[key] then
        pools[key] = { target = t, armour = armour, bonus = bonus, volley = { 0, 0 }, covered = covered }
        targets[#targets + 1] = key
      end
      local p = pools[key]
      p.volley[1] = p.volley[1] + firing
      if o.volleys == 2 then p.volley[2] = p.volley[2] + firing end
    end
  end
  -- roll everything, then remove the casualties
  local hits, covered_hits, gun_hits, order = {}, {}, {}, {}
  local function touch(t)
    if not hits[t.name] then hits[t.name] = 0; covered_hits[t.name] = 0; gun_hits[t.name] = 0; order[#order + 1] = t end
  end
  for _, key in ipairs(targets) do
    local p = pools[key]
    touch(p.target)
    local into = p.covered and covered_hits or hits
    for v = 1, 2 do
      if p.volley[v] > 0 then
        into[p.target.name] = into[p.target.name] +
          M.pool_hits(p.volley[v], p.armour, "at " .. p.target.name .. " (volley " .. v .. ")", p.bonus)
      end
    end
  end
  for _, gnn in ipairs(guns) do
    touch(gnn.target)
    gun_hits[gnn.target.name] = gun_hits[gnn.target.name] + M.gun_hits(gnn.unit, gnn.target, gnn.n)
  end
  for _, m in ipairs(machines or {}) do
    touch(m.target)
    gun_hits[m.target.name] = gun_hits[m.target.name] + m.kills
  end
  local names = {}
  for _, t in ipairs(order) do
    names[#names + 1] = t.name
    -- Missile Fire: cover: the hits of the volleys at a covered target halved
    local h = hits[t.name] + covered_hits[t.name] * T().cover_hits[1] // T().cover_hits[2]
    h = h + gun_hits[t.name]
    bitwa.note("Missile Fire: " .. t.name .. " loses " .. h .. " figures")
    U().lose(t, h)
  end
  for _, name in ipairs(names) do
    local still = bitwa.unit(name)
    if still and still.hex ~= nil then rules.morale.loss_check(still) end
  end
end

-- the missile phase's end: every order at once
function M.resolve()
  local orders = {}
  for _, u in ipairs(bitwa.units {}) do
    if u.target ~= "" and u.target ~= "-" and u.hex ~= nil then
      local t = bitwa.unit(u.target)
      if t and t.hex ~= nil then
        orders[#orders + 1] = { unit = u, target = t, volleys = u.fired_twice and 2 or 1,
                                indirect = bitwa.var("indirect." .. u.name) and true or false }
      end
    end
    if bitwa.var("indirect." .. u.name) then bitwa.set_var("indirect." .. u.name, nil) end
  end
  M.fire_all(orders, rules.artillery.roll_all())
end

-- whether `mover` is charging `f` (the movement rules keep `charged` and
-- `charge_target` where they exist)
local function charging_at(mover, f)
  local ok, yes = pcall(function() return mover.charged and mover.charge_target == f.name end)
  return ok and yes == true
end

-- Missile Fire: split-move and fire, pass-through fire.  When a mover
-- reaches the half-move point of its move (the movement rules call this):
-- cavalry armed with bows may fire now (its side is asked), and the
-- enemy's stationary missile troops (no MP spent this turn) with the mover
-- in range and arc may give it pass-through fire (the enemy is asked
-- which).  Each gives one volley; it is its fire of the turn.  Both take
-- effect at once: dice, then casualties, then the loss checks.
function M.at_half_move(mover)
  if mover.hex == nil then return end
  local orders = {}
  if U().arm(mover) == "cavalry" and ARCHERS[mover.weapon] then
    local opts = { "none" }
    for _, t in ipairs(bitwa.units {}) do
      if t.side ~= mover.side and t.hex ~= nil and M.plan(mover.side, mover, t) then opts[#opts + 1] = t.name end
    end
    if #opts > 1 then
      local pick = bitwa.decide { side = mover.side, kind = "split_move_fire", options = opts,
        prompt = "Missile Fire: split-move and fire: " .. mover.name .. " is at its half-move; fire at?" }
      if pick ~= "none" then
        local t = bitwa.unit(pick)
        local plan = M.plan(mover.side, mover, t)
        orders[#orders + 1] = { unit = mover, target = t, volleys = 1, indirect = plan.indirect }
      end
    end
  end
  local enemy = bitwa.enemy(mover.side)
  local names = {}
  for _, f in ipairs(bitwa.units { side = enemy }) do
    -- stationary missile troops; thrown weapons "may always fire at enemy
    -- troops charging them", moved or not
    local eligible = f.spent == 0 or (THROWN[f.weapon] and charging_at(mover, f))
    if f.hex ~= nil and eligible and FIRES[f.weapon] and M.plan(enemy, f, mover) then names[#names + 1] = f.name end
  end
  if #names > 0 then
    local chosen = bitwa.decide { side = enemy, kind = "pass_through_fire", options = names, min = 0, max = #names,
      prompt = "Missile Fire: pass-through fire: " .. mover.name .. " is at its half-move; which units fire?" }
    for _, name in ipairs(chosen) do
      local f = bitwa.unit(name)
      local plan = M.plan(enemy, f, mover)
      orders[#orders + 1] = { unit = f, target = mover, volleys = 1, indirect = plan.indirect }
    end
  end
  if #orders == 0 then return end
  for _, o in ipairs(orders) do
    o.unit.target = "-"
    if RELOADS[o.unit.weapon] then o.unit.unloaded = true end
  end
  M.fire_all(orders)
end

return M
