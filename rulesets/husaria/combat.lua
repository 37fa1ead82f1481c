-- [6.0] Combat in the attack phase [6.1] [6.2] [6.3] [6.4], with the
-- results of [7.1] (retreat and chase in retreat.lua, dispersal in
-- dispersal.lua).  "attack ATTACKERS DEFENDERS" names the units (comma-
-- separated lists): every attacker next to every defender, each defender in
-- the front zone of an attacker (a unit attacks into its ZoC, 6.12), one of
-- the two groups on a single hex when both have several units [6.15].
-- Strength is counted in halves (the swamp's 1/2, 6.31).
local M = {}

local function T() return rules.tables end
local function U() return rules.units end

local function names(list)
  local t = {}
  for _, u in ipairs(list) do t[#t + 1] = u.name end
  return table.concat(t, ", ")
end

local function one_hex(list)
  for _, u in ipairs(list) do if u.hex ~= list[1].hex then return false end end
  return true
end

-- [6.11] [6.14] [6.15] check a battle; refuses when it may not be fought.
function M.check(side, attackers, defenders)
  for _, a in ipairs(attackers) do
    if a.side ~= side then refuse("6.11", a.name .. " is not " .. side .. "'s") end
    if not U().is_field(a) or a.hex == nil then refuse("6.11", a.name .. " cannot fight") end
    if a.fought then refuse("6.23", a.name .. " has already fought in this phase") end
  end
  for _, d in ipairs(defenders) do
    if d.side == side or not U().is_field(d) or d.hex == nil then refuse("6.11", d.name .. " is not an enemy unit on the map") end
    if d.attacked then refuse("6.23", d.name .. " has already been attacked in this phase") end
  end
  if #attackers > 1 and #defenders > 1 and not one_hex(attackers) and not one_hex(defenders) then
    refuse("6.15", "several units attack several only when one of the groups stands on one hex")
  end
  for _, d in ipairs(defenders) do
    local faced = false
    for _, a in ipairs(attackers) do
      if bitwa.hex.distance(a.hex, d.hex) ~= 1 then refuse("6.11", a.name .. " is not next to " .. d.name) end
      if rules.zoc.covers(a, d.hex) then faced = true end
    end
    if not faced then refuse("6.12", d.name .. " is in no attacker's front zone") end
  end
end

-- Whether d is attacked in its back zone by one of `attackers` [6.43].
function M.from_behind(d, attackers)
  for _, a in ipairs(attackers) do
    for _, h in ipairs(bitwa.hex.rear_area(d.hex, d.facing)) do if h == a.hex then return true end end
  end
  return false
end

local function all_infantry(list)
  for _, d in ipairs(list) do if d.kind ~= "infantry" then return false end end   -- A-112: not pikes
  return true
end

local function swamp_between(a, d)
  local sw = function(h) local r = T().terrain[bitwa.map.terrain(h)]; return r and r.half_attack end
  return sw(a.hex) or sw(d.hex)
end

-- [6.21 steps 2-3] the strengths in halves, with what changed them.
function M.strengths(attackers, defenders)
  local notes = {}
  local att = 0
  local art_a = false
  local fenced = rules.markers.any_fenced(attackers, defenders)
  local doubling = all_infantry(defenders) and not fenced             -- [6.19] not behind a fence
  for _, a in ipairs(attackers) do
    local s = 2 * a.sp
    local through = false
    for _, d in ipairs(defenders) do if rules.markers.fenced(d, a.hex) then through = true end end
    if U().is_artillery(a) then
      s = 0; art_a = true                                           -- [13.31]
    elseif through then
      s = 2; notes[#notes + 1] = a.name .. " attacks through a fence: 1 SP (14.11)"
    elseif U().is_cavalry(a) and doubling then
      s = 2 * s; notes[#notes + 1] = a.name .. " x2 (6.19)"         -- [6.19]
    end
    local half = false
    for _, d in ipairs(defenders) do if swamp_between(a, d) then half = true end end
    if half then s = s // 2; notes[#notes + 1] = a.name .. " halved (swamp, 6.31)" end
    att = att + s
  end
  if art_a then att = att + 2; notes[#notes + 1] = "attacking artillery: 1 SP (13.31)" end
  local def = 0
  local art_d = false
  for _, d in ipairs(defenders) do
    if U().is_artillery(d) then art_d = true
    elseif M.from_behind(d, attackers) then
      def = def + 2; notes[#notes + 1] = d.name .. " attacked in its back zone: 1 SP (6.43)"
    else
      def = def + 2 * d.sp
    end
  end
  if art_d then def = def + 2; notes[#notes + 1] = "defending artillery: 1 SP (13.31)" end
  -- [11.12] a wagon adds 1 SP to the stack defending on it
  local seen = {}
  for _, d in ipairs(defenders) do
    if not seen[d.hex.key] and rules.markers.wagon_at(d.hex, d.side) then
      seen[d.hex.key] = true
      def = def + 2; notes[#notes + 1] = d.hex.label .. " defends on a wagon: +1 SP (11.12)"
    end
  end
  return att, def, notes
end

-- [6.21 step 4] the column index (1 = 1:4 ... 12 = 9:1, unclamped) of
-- the ratio of two strengths, rounded half up (A-114).
function M.column(att, def)
  if att >= def then
    local n = (2 * att + def) // (2 * def)
    return n + 3
  end
  local n = (2 * def + att) // (2 * att)
  return 5 - n
end

-- [6.16] two attackers on opposite sides of the defender's hex
function M.opposite(attackers, d)
  for _, a in ipairs(attackers) do
    for _, b in ipairs(attackers) do
      local da, db = bitwa.hex.direction(d.hex, a.hex), bitwa.hex.direction(d.hex, b.hex)
      if da and db and (da + 3) % 6 == db then return true end
    end
  end
  return false
end

-- the mean of the units' morale, rounded half up (A-093)
local function mean_morale(list)
  local sum = 0
  for _, u in ipairs(list) do sum = sum + u.morale end
  return (2 * sum + #list) // (2 * #list)
end

-- [6.31] [6.32] the one terrain modifier most favourable to the defender:
-- the defender's hex, or a stream or slope hexside an attacker crosses.
function M.terrain_shift(attackers, defenders)
  local worst = 0
  for _, d in ipairs(defenders) do
    local row = T().terrain[bitwa.map.terrain(d.hex)]
    if row and row.combat < worst then worst = row.combat end
    for _, a in ipairs(attackers) do
      local dir = bitwa.hex.direction(a.hex, d.hex)
      if dir then
        local e = bitwa.map.edge(a.hex, dir)
        if e.stream and T().terrain.stream.combat < worst then worst = T().terrain.stream.combat end
        if e.slope and T().terrain.slope.combat < worst then worst = T().terrain.slope.combat end
      end
    end
  end
  return worst
end

-- [6.21 step 5] the column shifts, attacker's favour positive, with their
-- reasons.
function M.shifts(side, attackers, defenders)
  local list = {}
  local function add(n, why) if n ~= 0 then list[#list + 1] = { n = n, why = why } end end
  add(mean_morale(attackers) - mean_morale(defenders), "unit morale (6.21)")
  add(rules.commanders.modifier(side, attackers), "commander (9.21)")
  add(-rules.commanders.modifier(bitwa.enemy(side), defenders), "defending commander (9.21)")
  add(rules.combat.terrain_shift(attackers, defenders), "terrain (6.31, 6.32)")
  local mor = rules.morale.effective(side)
  if bitwa.option("morale_scope") == "own_attacks" and mor < 0 then mor = 0 end   -- 8.14: own attacks only
  add(mor, "morale track (8.14, 8.15)")
  for _, d in ipairs(defenders) do
    if rules.combat.opposite(attackers, d) then add(T().opposite_sides, "opposite sides (6.16)") break end
  end
  local k, why = rules.kopie.shift(attackers, defenders)
  add(k, "kopie (6.72)")
  if why then list[#list + 1] = { n = 0, why = "kopie cancelled by " .. why } end
  return list
end

-- [7.12] "side loses 1 SP from the sum of its units": the owner chooses.
local function lose_one(units, rule)
  local alive = {}
  for _, u in ipairs(units) do if u:alive() and u.hex ~= nil then alive[#alive + 1] = u end end
  if #alive == 0 then return end
  local u = alive[1]
  if #alive > 1 then
    local o = {}
    for _, x in ipairs(alive) do o[#o + 1] = x.name end
    u = bitwa.unit(bitwa.decide { side = u.side, kind = "loss", options = o, prompt = rule .. ": which unit loses 1 SP?" })
  end
  U().lose_sp(u, 1, rule)
end

-- [6.21 step 8] [6.21 step 9] [7.12] [6.17] apply one side's part of a result.
local function retreat_part(losers, n, winners)
  local routes = {}
  for _, u in ipairs(losers) do
    if u:alive() and u.hex ~= nil then
      local art = U().is_artillery(u) and u or nil
      local route = rules.retreat.retreat(u, n, "7.12")
      if route then routes[#routes + 1] = { u = u, route = route, art = art } end
    end
  end
  for _, r in ipairs(routes) do rules.retreat.chase(winners, r.route, r.art) end
  return routes
end

-- [6.21] resolve a battle (also for counter-charges, chapter 6.6).
function M.resolve(side, attackers, defenders)
  for _, a in ipairs(attackers) do a.fought = true end
  for _, d in ipairs(defenders) do d.attacked = true end
  local att, def, notes = rules.combat.strengths(attackers, defenders)
  local col = rules.combat.column(att, def)
  local shift = 0
  for _, s in ipairs(rules.combat.shifts(side, attackers, defenders)) do
    shift = shift + s.n
    notes[#notes + 1] = s.n == 0 and s.why or ((s.n > 0 and "+" or "") .. s.n .. " " .. s.why)
  end
  col = math.max(1, math.min(12, col + shift))        -- A-114: clamped after all shifts
  local roll = bitwa.two_d6("battle " .. names(attackers) .. " vs " .. names(defenders))
  local cell = T().battle[roll][col]
  bitwa.note(string.format("battle %s (%d) vs %s (%d), %s; column %s, 2D6 = %d: %s", names(attackers), att // 2,
    names(defenders), def // 2, #notes > 0 and table.concat(notes, "; ") or "no shifts", T().columns[col], roll, cell.printed))
  local def_hexes = {}
  for _, d in ipairs(defenders) do def_hexes[#def_hexes + 1] = d.hex end
  rules.kopie.spend(attackers)
  -- a) retreat and chase
  local retreated = {}
  local def_retreat, def_loss = cell.def_retreat, cell.def_loss
  -- [11.15] a stack defending on its wagon: B1 may be taken as 1 SP lost;
  -- B2 or more: it retreats and the wagon is destroyed
  local wagon = defenders[1] and rules.markers.wagon_at(defenders[1].hex, defenders[1].side)
  if wagon and def_retreat == 1 then
    local p = bitwa.decide { side = defenders[1].side, kind = "wagon_stay", options = { "stay", "retreat" },
                             prompt = "11.15: B1 on a wagon: stay and lose 1 SP, or retreat?" }
    if p == "stay" then def_retreat = 0; def_loss = def_loss + 1 end
  elseif wagon and def_retreat >= 2 then
    rules.markers.destroy(wagon, "11.15", "its stack retreats " .. def_retreat .. " hexes")
  end
  if def_retreat > 0 then
    for _, r in ipairs(retreat_part(defenders, def_retreat, attackers)) do retreated[#retreated + 1] = { r.u, def_retreat } end
  end
  if cell.att_retreat > 0 then
    for _, r in ipairs(retreat_part(attackers, cell.att_retreat, defenders)) do retreated[#retreated + 1] = { r.u, cell.att_retreat } end
  end
  -- b) SP losses
  if cell.att_loss > 0 then lose_one(attackers, "7.12") end
  for _ = 1, def_loss do lose_one(defenders, def_loss > cell.def_loss and "11.15" or "7.12") end
  -- R: dispersal; 9: the Battle Dispersal roll after each retreat
  local function auto(list, flag)
    if not flag then return end
    for _, u in ipairs(list) do if u:alive() and u.hex ~= nil then rules.dispersal.disperse(u, "10.11, R") end end
  end
  auto(attackers, cell.att_disperse)
  auto(defenders, cell.def_disperse)
  for _, r in ipairs(retreated) do
    local u = r[1]
    if u:alive() and u.hex ~= nil and not rules.pikemen.after_retreat(u) then rules.dispersal.after_retreat(u, r[2]) end
  end
  -- [6.17] [7.14] a defender's hex emptied by destruction may be entered
  for _, h in ipairs(def_hexes) do
    local empty = #U().field_units_at(h) == 0
    local destroyed = false
    for _, d in ipairs(defenders) do if not d:alive() then destroyed = true end end
    if empty and destroyed and def_retreat == 0 then
      local o = {}
      for _, a in ipairs(attackers) do
        if a:alive() and a.hex ~= nil and bitwa.hex.distance(a.hex, h) == 1 and U().may_join(a, h) then o[#o + 1] = a.name end
      end
      if #o > 0 then
        o[#o + 1] = "no"
        local p = bitwa.decide { side = side, kind = "advance", options = o, prompt = "7.14: enter " .. h.label .. "?" }
        if p ~= "no" then bitwa.unit(p).hex = h end
      end
    end
  end
  -- [7.33] a free turn for every unit that took part
  for _, list in ipairs { attackers, defenders } do
    for _, u in ipairs(list) do
      if u:alive() and u.hex ~= nil then
        local o = { bitwa.hex.facing_name(u.facing) }
        for f = 0, 5 do if f ~= u.facing then o[#o + 1] = bitwa.hex.facing_name(f) end end
        local p = bitwa.decide { side = u.side, kind = "free_turn", options = o, prompt = "7.33: " .. u.name .. " faces" }
        u.facing = bitwa.hex.facing(p)
      end
    end
  end
end

function M.attack(side, attackers, defenders)
  rules.combat.check(side, attackers, defenders)
  -- [3.1] [12.11] the defender's muskets at the units about to attack it
  rules.musketry.defensive_fire(defenders, attackers)
  local still = {}
  for _, a in ipairs(attackers) do if a:alive() and a.hex ~= nil then still[#still + 1] = a end end
  local def = {}
  for _, d in ipairs(defenders) do if d:alive() and d.hex ~= nil then def[#def + 1] = d end end
  if #still == 0 or #def == 0 then
    for _, d in ipairs(defenders) do if d:alive() then d.attacked = true end end
    for _, a in ipairs(attackers) do if a:alive() then a.fought = true end end
    bitwa.note("the battle is not fought: no attacker or defender is left on the map")
    return
  end
  rules.combat.resolve(side, still, def)
end

function M.legal_attacks(side)
  local out = {}
  for _, a in ipairs(bitwa.units { side = side }) do
    if U().is_field(a) and a.hex ~= nil and not a.fought then
      for _, d in ipairs(rules.zoc.enemies_in_zoc(a)) do
        if bitwa.check(rules.combat.check, side, { a }, { d }) then out[#out + 1] = { a.name, d.name } end
      end
    end
  end
  return out
end

-- [6.12] [6.13] [6.24] the attack phase ends when every battle is fought
function M.check_mandatory()
  local side = bitwa.phasing_side()
  for _, u in ipairs(bitwa.units { side = side }) do
    if U().is_field(u) and u.hex ~= nil and not u.fought then
      local z = {}
      for _, e in ipairs(rules.zoc.enemies_in_zoc(u)) do
        -- [6.18] not through a fence; an enemy already attacked by others
        -- can no longer be attacked (6.23): it should have been joined
        if not rules.markers.fenced(u, e.hex) and not e.attacked then z[#z + 1] = e end
      end
      if #z > 0 then refuse("6.12", u.name .. " has " .. names(z) .. " in its ZoC and must attack") end
    end
  end
  for _, u in ipairs(bitwa.units { side = side }) do
    if U().is_field(u) and u.hex ~= nil then
      for _, e in ipairs(rules.zoc.enemies_in_zoc(u)) do
        if not e.attacked and not rules.markers.fenced(u, e.hex) and rules.combat.can_be_attacked(side, e) then
          refuse("6.13", e.name .. " is in the ZoC of " .. u.name .. " and must be attacked")
        end
      end
    end
  end
end

-- [6.13] whether a unit of side that has not fought could still attack e
-- (otherwise the obligation cannot be met: a unit attacks once a phase,
-- 6.23, and should have taken e on with its other defender, 6.14)
function M.can_be_attacked(side, e)
  for _, u in ipairs(bitwa.units { side = side }) do
    if U().is_field(u) and u.hex ~= nil and not u.fought and bitwa.hex.distance(u.hex, e.hex) == 1
       and bitwa.check(rules.combat.check, side, { u }, { e }) then
      return true
    end
  end
  return false
end

-- the start of an attack phase: nobody has fought
function M.phase_start()
  rules.musketry.phase_start()
  for _, u in ipairs(bitwa.units {}) do u.fought = false; u.attacked = false end
end

return M
