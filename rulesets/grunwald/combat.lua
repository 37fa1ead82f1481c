-- [1.4]-[1.7] [5.1]-[5.3] Combat: the attack action of the combat phases,
-- the resolution of every combat (also countercharges, 5.7), the
-- mandatory attacks checked when a combat phase ends [5.2.2] [5.2.3], and
-- the advance after a defender is eliminated [5.2.8].
local M = {}

local function T() return rules.tables end
local function U() return rules.units end
local function A() return rules.arith end

M.DICE = 2      -- [5.1.1 e] "Two dice (2K6) are rolled"

------------------------------------------------------------------ helpers

local function names_of(units)
  local out = {}
  for i, u in ipairs(units) do out[i] = u.name end
  return table.concat(out, ",")
end

-- (hexes are interned, one value per hex: a hex is its own key)
local function hexes_of(units)
  local out, seen = {}, {}
  for i = 1, #units do
    local h = units[i].hex
    if h and not seen[h] then seen[h] = true; out[#out + 1] = h end
  end
  return out
end

local function in_list(hexes, h)
  for _, x in ipairs(hexes) do if x == h then return true end end
  return false
end

-- [11.3] archers, crossbowmen and bombards (horse archers are cavalry,
-- 11.5.1).
function M.is_foot_ranged(u)
  local Un = rules.units
  return Un.is_ranged(u) and not Un.is_cavalry(u)
end

-- A memo, emptied when another game is played: ncolumns, complementary;
-- and while one combat is evaluated (M.evaluate, which changes nothing),
-- what its parts ask several times: fights (unit -> fights_disorganized),
-- armour (list of units -> armour_value), def_sp (unit -> its SP as a
-- defender).
local memo = cache()

-- [9.2] a disorganized unit, or one whose leader's fatigue makes it fight
-- as disorganized [14.2.1] (complementary rules).  Its SP, its CF and the
-- 9.2.3 CM all ask (memo.fights).
function M.fights_disorganized(u)
  local known = memo.fights
  if known then
    local v = known[u]
    if v ~= nil then return v end
  end
  local v = false
  if rules.units.is_disorganized(u) then v = true
  else
    local comp = memo.complementary
    if comp == nil then comp = bitwa.option("complementary") and true or false; memo.complementary = comp end
    if comp and rules.fatigue.fights_disorganized(u) then v = true end
  end
  if known then known[u] = v end
  return v
end

-- Whether u fights in the current combat phase [2.1]: cavalry in the
-- cavalry attack phase, the other field units in the infantry one.
function M.fights_now(u)
  local arm = rules.phases.arm()
  if arm == "cavalry" then return U().is_cavalry(u) end
  if arm == "infantry" then return U().is_infantry(u) end
  return false
end

local function stamp() return bitwa.turn() .. ":" .. bitwa.phase() end

-- The enemy units attacked in this phase (5.2.3), by name.
function M.attacked()
  local set = {}
  if bitwa.var("combat.attacked.stamp") ~= stamp() then return set end
  for name in (bitwa.var("combat.attacked") or ""):gmatch("[^,]+") do set[name] = true end
  return set
end

local function mark_attacked(units)
  local set = rules.combat.attacked()
  for _, u in ipairs(units) do set[u.name] = true end
  local list = {}
  for k in pairs(set) do list[#list + 1] = k end
  table.sort(list)
  bitwa.set_var("combat.attacked", table.concat(list, ","))
  bitwa.set_var("combat.attacked.stamp", stamp())
end

------------------------------------------------------------------ strength

-- [1.4] [9.2.2] [11.1.1] [12.1.1] [TERRAIN **] The SP one unit counts for
-- the combat ratio.  Ranged units in movement formation count 0 (A-064);
-- a disorganized unit counts half (rounded up, per unit: A-058); an
-- attacker standing on swamps counts half; an attacker attacking into a
-- fortified hex counts half (A-070).
function M.unit_sp(u, role, def_hexes)
  if role == "defender" then
    -- defender_hex and side_sp both ask (memo.def_sp)
    local known = memo.def_sp
    if known then
      local v = known[u]
      if v == nil then v = M.unit_sp(u, nil); known[u] = v end
      return v
    end
    role = nil
  end
  local sp = u.sp
  local C = rules.combat
  if C.is_foot_ranged(u) and u.formation == "movement" then return 0 end
  if sp <= 0 then return 0 end
  local TT = rules.tables
  if C.fights_disorganized(u) then sp = rules.arith.div_round(sp, TT.disorganized.sp_divisor) end
  if role == "attacker" then
    local row = TT.terrain[bitwa.map.terrain(u.hex)]
    if row and row.attacker_on_halved then sp = rules.arith.halve(sp) end
    if def_hexes then
      local F = rules.fortifications
      for i = 1, #def_hexes do
        if F.attacks_through(u, def_hexes[i]) then
          sp = rules.arith.div_round(sp, TT.fortification.strength_divisor)
          break
        end
      end
    end
  end
  return sp
end

-- A side's SP in one combat: the sum of its units', at most
-- fortifications.fighting_sp_cap(h) from a fortified hex [12.1.8], then
-- what ranged_sp makes of its ranged units [11.3.2].
function M.side_sp(units, role, def_hexes)
  local C = rules.combat
  local per_hex, order = {}, {}
  local ranged = 0
  for i = 1, #units do
    local u = units[i]
    local h = u.hex
    if not h then error("attempt to index a nil value (field 'hex')", 2) end
    local sp = C.unit_sp(u, role, def_hexes)
    local was = per_hex[h]
    if not was then order[#order + 1] = h; per_hex[h] = sp else per_hex[h] = was + sp end
    if C.is_foot_ranged(u) then ranged = ranged + sp end
  end
  local total = 0
  local F = rules.fortifications
  for i = 1, #order do
    local h = order[i]
    local sp = per_hex[h]
    local cap = F.fighting_sp_cap(h)
    if cap then sp = math.min(sp, cap) end
    total = total + sp
  end
  return C.ranged_sp(units, total, ranged)
end

-- [11.3.2] A side's SP once its ranged units are counted: `total` is what
-- its units count (side_sp), `ranged` the part of it its foot ranged units
-- bring.  Ranged units fighting alone count 1 SP together; beside other
-- units they count what they have.
function M.ranged_sp(units, total, ranged)
  if #units == 0 then return total end
  for _, u in ipairs(units) do
    if not rules.combat.is_foot_ranged(u) then return total end
  end
  return T().ranged.alone_sp
end

------------------------------------------------------------------ modifiers

-- [5.3.1] the CM a hex's terrain gives its defender (the TERRAIN
-- INFLUENCE "combat" column, -1 = one column in the defender's favour).
function M.hex_terrain_cm(h)
  local row = T().terrain[bitwa.map.terrain(h)]
  if row and row.on == "hex" then return -row.combat end
  return 0
end

-- [5.3.2] The defenders' hex that counts for their CMs: the one with most
-- SP; a tie goes to the better terrain (A-023), then to map order.
function M.defender_hex(defenders)
  local C = rules.combat
  local best, best_sp, best_t
  local sp, order = {}, {}
  for i = 1, #defenders do
    local d = defenders[i]
    local h = d.hex
    if not h then error("attempt to index a nil value (field 'hex')", 2) end
    local was = sp[h]
    if not was then order[#order + 1] = h; was = 0 end
    sp[h] = was + C.unit_sp(d, "defender")
  end
  for i = 1, #order do
    local h = order[i]
    local s, t = sp[h], C.hex_terrain_cm(h)
    if best == nil or s > best_sp or (s == best_sp and t > best_t) then best, best_sp, best_t = h, s, t end
  end
  return best
end

-- Whether a stream runs along the hexside between a and b.
local function stream_between(a, b)
  local dir = bitwa.hex.direction(a, b)
  return dir ~= nil and bitwa.map.has_edge(a, dir, "stream")
end

-- [5.6.4] The CF one unit fights with, before the group limit of 5.6.5:
-- cavalry only [5.6.1]; none for horse archers [11.5.3] nor for an
-- armour-0 countercharger [5.7.9]; an attacker's CF as charge.attack_cf
-- gives it (5.6.6, 12.1.2), less 1 when it attacks across a stream (5.6.9,
-- the 5.1 example); at most 1 when fighting disorganized [9.2.4] (A-005).
function M.unit_cf(u, role, def_hex, countercharge)
  if not rules.units.is_cavalry(u) then return 0 end
  local C = rules.tables.charge
  if u.kind == "horse_archers" then return C.horse_archer_cm end
  if countercharge and role == "attacker" and u.armour == 0 then return C.countercharge_no_armour_cm end
  local cf = u.cf
  if role == "attacker" and def_hex then cf = rules.combat.attack_cf(u, def_hex) end
  if rules.combat.fights_disorganized(u) then cf = math.min(cf, C.disorganized_cm_max) end
  return cf
end

-- The CF a cavalry unit attacking def_hex counts: charge.attack_cf (5.6.6:
-- 0 into fortifications, forest or swamps; 12.1.2), less 1 across a
-- stream (5.6.9, the 5.1 example).  The unit keeps it (resolve).
function M.attack_cf(u, def_hex)
  local C = rules.tables.charge
  local cf = rules.charge.attack_cf(u, def_hex)
  if stream_between(u.hex, def_hex) then cf = cf + C.stream end
  return rules.arith.clamp(cf, C.min, C.max)
end

-- [5.2.7] the group armour value [1.7].
function M.armour_value(units)
  local known = memo.armour     -- the armour CM and cf_cm both ask
  if known then
    local a = known[units]
    if a then return a end
  end
  local v = {}
  for i = 1, #units do v[i] = units[i].armour end
  local a = rules.arith.mean(v)
  if known then known[units] = a end
  return a
end

-- [5.6.4] [5.6.5] [1.7] The CF CM of a group: the mean CF, at most the
-- group armour + 1 (A-005).
function M.cf_cm(units, role, def_hex, countercharge)
  local C, Ar = rules.combat, rules.arith
  local cfs = {}
  for i = 1, #units do cfs[i] = C.unit_cf(units[i], role, def_hex, countercharge) end
  return Ar.cf_cm(Ar.mean(cfs), C.armour_value(units))
end

-- [3.1.2] 2 CMs for each rear-area hex of the defenders holding attackers;
-- only against defenders on one hex (A-008); a hex counts when it is in
-- the rear area of every defender.
function M.rear_cm(attackers, defenders)
  if #hexes_of(defenders) ~= 1 then return 0 end
  -- each defender's rear area once
  local rears = {}
  local rear_area = bitwa.hex.rear_area
  for i = 1, #defenders do
    local d = defenders[i]
    rears[i] = rear_area(d.hex, d.facing)
  end
  local n = 0
  local ahexes = hexes_of(attackers)
  for j = 1, #ahexes do
    local h = ahexes[j]
    local all = true
    for i = 1, #rears do
      if not in_list(rears[i], h) then all = false; break end
    end
    if all then n = n + 1 end
  end
  return n * rules.tables.cm.rear_hex
end

-- [5.2.6] 1 CM for attacking a hex from two opposite directions.
function M.opposing_cm(attackers, defenders)
  local dh = hexes_of(defenders)
  if #dh ~= 1 then return 0 end
  local dirs = {}
  for _, h in ipairs(hexes_of(attackers)) do
    local d = bitwa.hex.direction(dh[1], h)
    if d then dirs[d] = true end
  end
  -- the six directions in turn (no pairs: its sorted walk costs more)
  for d = 0, 2 do
    if dirs[d] and dirs[d + 3] then return rules.tables.cm.opposing_directions end
  end
  return 0
end

-- [5.3.1] [5.3.2] The defender's terrain CM: its hex's terrain, and a
-- stream between an attacker and that hex (the 5.1 example).
function M.terrain_cm(attackers, def_hex)
  local cm = rules.combat.hex_terrain_cm(def_hex)
  for _, a in ipairs(attackers) do
    if stream_between(a.hex, def_hex) then
      cm = cm - T().terrain.stream.combat
      break
    end
  end
  -- a table's uphill row (Legnica's slopes): attacked from below
  local up = rules.movement.uphill_row()
  if up then
    for _, a in ipairs(attackers) do
      if a.hex and bitwa.map.elevation(a.hex) < bitwa.map.elevation(def_hex) then
        cm = cm - up.combat
        break
      end
    end
  end
  return cm
end

-- [9.2.3] Whether most of a side's units in a combat fight disorganized
-- (more than half of them, A-057).
function M.mostly_disorganized(units)
  local C = rules.combat
  local n = 0
  for i = 1, #units do if C.fights_disorganized(units[i]) then n = n + 1 end end
  return 2 * n > #units
end

local function any_foot_ranged(units)
  local C = rules.combat
  for i = 1, #units do if C.is_foot_ranged(units[i]) then return true end end
  return false
end

--[[
rules.combat.modifiers(role, own, enemy, ctx) -> { { rule =, what =, cm = } ... }
The CMs of one side of a combat: role "attacker" or "defender", own and
enemy its units and the enemy's, ctx = { def_hex =, countercharge = }.
Every CM is mandatory [1.5].
--]]
local function add(out, rule, what, cm)
  if cm ~= 0 then out[#out + 1] = { rule = rule, what = what, cm = cm } end
end

function M.modifiers(role, own, enemy, ctx)
  local C, CM = rules.combat, rules.tables.cm
  local out = {}
  local side = own[1].side
  add(out, "5.2.7", "armour", C.armour_value(own) * CM.armour_per_level)
  add(out, "5.6.4", "charge factor", C.cf_cm(own, role, role == "attacker" and ctx.def_hex or nil, ctx.countercharge))
  if role == "attacker" then
    add(out, "3.1.2", "rear area", C.rear_cm(own, enemy))
    add(out, "5.2.6", "opposing directions", C.opposing_cm(own, enemy))
  else
    add(out, "5.3.2", "terrain", C.terrain_cm(enemy, ctx.def_hex))
  end
  add(out, "8.2", "leader", (rules.leaders.cm(own)))
  add(out, "7.1.7", "banner", rules.banners.cm(own))
  add(out, "6.1.2", "MORALE", rules.morale.cm(side))
  if C.mostly_disorganized(enemy) then add(out, "9.2.3", "enemy mostly disorganized", CM.most_disorganized) end
  if any_foot_ranged(enemy) then add(out, "11.3.1", "enemy ranged units", CM.ranged_present) end
  return out
end

local function sum(mods)
  local n = 0
  for _, m in ipairs(mods) do n = n + m.cm end
  return n
end

local mtype = math.type

-- [1.5] The final column: the initial ratio shifted by both sides' CMs,
-- limited to the table once, at the end (EN; Legnica replaces this).
function M.final_column(initial, att_cm, def_cm)
  if mtype(initial) ~= "integer" or mtype(att_cm) ~= "integer" or mtype(def_cm) ~= "integer" then
    local arith = rules.arith       -- its errors for a value that is not an integer
    return arith.clamp(arith.shift(initial, att_cm, def_cm), 1, #rules.tables.columns)
  end
  local n = memo.ncolumns
  if not n then n = #rules.tables.columns; memo.ncolumns = n end
  local c = initial + att_cm - def_cm           -- arith.shift, arith.clamp
  if c < 1 then return 1 end
  if c > n then return n end
  return c
end

local function all_leaders(units)
  for _, u in ipairs(units) do if not U().is_leader(u) then return false end end
  return #units > 0
end

--[[
M.evaluate{ attackers =, defenders =, countercharge = } -> the numbers of a
combat before its roll: att_sp, def_sp, initial (column index), att_mods,
def_mods, att_cm, def_cm, final, def_hex, lone_leader [8.2.7].  Changes
nothing.
--]]
local function evaluate(t)
  local C = rules.combat
  local att, def = t.attackers, t.defenders
  local r = { attackers = att, defenders = def, countercharge = t.countercharge or false,
              att_side = att[1].side, def_side = def[1].side }
  local def_hexes = hexes_of(def)
  r.att_sp = C.side_sp(att, "attacker", def_hexes)
  if all_leaders(def) then
    -- [8.2.7] a lone leader: the highest ratio of the table (A-055)
    r.lone_leader = true
    r.def_sp, r.att_mods, r.def_mods, r.att_cm, r.def_cm = 0, {}, {}, 0, 0
    r.initial, r.final = #T().columns, #T().columns
    return r
  end
  r.def_hex = C.defender_hex(def)
  r.def_sp = C.side_sp(def, "defender", def_hexes)
  r.initial = rules.arith.ratio_column(r.att_sp, r.def_sp)
  local ctx = { def_hex = r.def_hex, countercharge = r.countercharge }
  r.att_mods = C.modifiers("attacker", att, def, ctx)
  r.def_mods = C.modifiers("defender", def, att, ctx)
  r.att_cm, r.def_cm = sum(r.att_mods), sum(r.def_mods)
  r.final = C.final_column(r.initial, r.att_cm, r.def_cm)
  return r
end

local function evaluate_now(t)
  -- fights_disorganized keeps its answers while this combat is evaluated
  -- (and forgets them after, also when the evaluation fails)
  local f, a, d = memo.fights, memo.armour, memo.def_sp
  memo.fights, memo.armour, memo.def_sp = {}, {}, {}
  local ok, r = pcall(evaluate, t)
  memo.fights, memo.armour, memo.def_sp = f, a, d
  if not ok then error(r, 0) end
  return r
end

-- The evaluations made on this position (a memo emptied whenever a unit
-- or a variable changes: the turn, the phase, MORALE, the map in play),
-- keyed by the ids of the attackers and the defenders in their order and
-- the countercharge: an evaluation reads only the position, the options
-- and the rules' tables.  Only for the game's own units (a planned copy
-- standing elsewhere is evaluated each time) and only while the rules are
-- frozen (tests may change the tables between two questions).  Each
-- caller gets a table of its own (resolve adds the roll and the result).
local per_position = cache("position")
local frozen = cache()        -- rules.tables -> whether they are read-only
local function memo_key(t)
  local cc, key = t.countercharge, nil
  if cc == nil or cc == false then key = "a" elseif cc == true then key = "c" else return nil end
  local att, def = t.attackers, t.defenders
  if type(att) ~= "table" or type(def) ~= "table" then return nil end
  for i = 1, #att do
    local u = att[i]
    if getmetatable(u) ~= "unit" then return nil end       -- the game's own units only
    key = key .. "," .. u.id
  end
  key = key .. ";"
  for i = 1, #def do
    local u = def[i]
    if getmetatable(u) ~= "unit" then return nil end
    key = key .. "," .. u.id
  end
  return key
end

function M.evaluate(t)
  local TT = rules.tables
  local fz = frozen[TT]
  if fz == nil then fz = getmetatable(TT) == "read-only"; frozen[TT] = fz end
  local key = fz and memo_key(t)
  if not key then return evaluate_now(t) end
  local m = per_position()
  local r0 = m[key]
  if not r0 then
    r0 = evaluate_now(t)
    m[key] = r0
  end
  return { attackers = t.attackers, defenders = t.defenders, countercharge = r0.countercharge,
           att_side = r0.att_side, def_side = r0.def_side, att_sp = r0.att_sp, lone_leader = r0.lone_leader,
           def_hex = r0.def_hex, def_sp = r0.def_sp, initial = r0.initial, att_mods = r0.att_mods,
           def_mods = r0.def_mods, att_cm = r0.att_cm, def_cm = r0.def_cm, final = r0.final }
end

-- The class of a COMBAT TABLE cell for `bitwa odds` (bitwa.roll's
-- classes): the cells of a column with the same result (every field but
-- the printed text) are one class of the combat roll.
function M.result_class(cell)
  local parts = {}
  for k, v in pairs(cell) do
    if type(v) == "table" then return cell end
    if k ~= "printed" then parts[#parts + 1] = k .. "=" .. tostring(v) end
  end
  return table.concat(parts, " ")
end

local function mods_text(mods)
  local parts = {}
  for _, m in ipairs(mods) do parts[#parts + 1] = string.format("%s %+d", m.what, m.cm) end
  return #parts > 0 and table.concat(parts, ", ") or "none"
end

------------------------------------------------------------------ resolution

-- The units of `units` on each hex, hexes in order of first appearance.
local function by_hex(units)
  local groups, order = {}, {}
  for _, u in ipairs(units) do
    if u:alive() and u.hex and U().is_field(u) then
      local k = u.hex                   -- (hexes are interned: a hex is its own key)
      if not groups[k] then groups[k] = { hex = u.hex, units = {} }; order[#order + 1] = groups[k] end
      local g = groups[k]
      g.units[#g.units + 1] = u
    end
  end
  return order
end

-- The leaders of `side` on the hexes of `units`: { { leader =, hex =,
-- units = {...} } }.
local function stacked_leaders(units, side)
  local out = {}
  for _, g in ipairs(by_hex(units)) do
    for _, l in ipairs(U().leaders_at(g.hex, side)) do
      out[#out + 1] = { leader = l, hex = g.hex, units = g.units }
    end
  end
  return out
end

local function alive_fields(units)
  local out = {}
  for _, u in ipairs(units) do if u:alive() and u.hex ~= nil and U().is_field(u) then out[#out + 1] = u end end
  return out
end

--[[
M.resolve{ attackers =, defenders =, countercharge = bool } -> result
The evaluated combat [1.4] [1.5], its 2D6 roll [5.1.1 e] and its result
applied [5.1.1 f, g]: SP losses (the owner chooses the unit), then
retreats [5.4] (and the leader death rolls, 8.2.4), then pursuit [5.5],
then the disorganization of every unit that had to retreat (a D suffix
disorganizes at once, otherwise 2D6 on COMBAT DISORGANIZATION, A-018),
then CF -1 for every cavalry unit that fought [5.2.11] and CF 0 for
attackers that retreat [5.6.11].  A lone leader attacked is killed
[8.2.7].  When every defender was eliminated, the attackers may advance
[5.2.8] (not after a countercharge).  result = evaluate's fields and roll,
cell (the COMBAT TABLE result), retreats = { attacker = {...}, defender =
{...} } (retreat.retreat results), lost = { [unit id] = SP }.
--]]
function M.resolve(t)
  local r = rules.combat.evaluate(t)
  local att, def = r.attackers, r.defenders
  local att_side, def_side = r.att_side, r.def_side
  -- [14.1.3] the leaders who influence the fight
  for _, units in ipairs({ att, def }) do
    local _, l = rules.leaders.cm(units)
    if l then rules.fatigue.mark_active(l) end
    for _, s in ipairs(stacked_leaders(units, units[1].side)) do rules.fatigue.mark_active(s.leader) end
  end
  -- [5.6.6] [5.6.9] the CF an attack costs stays lost
  if r.def_hex then
    for _, u in ipairs(att) do
      if U().is_cavalry(u) then
        rules.charge.on_attack(u, r.def_hex)
        if stream_between(u.hex, r.def_hex) then
          u.cf = A().clamp(u.cf + T().charge.stream, T().charge.min, T().charge.max)
        end
      end
    end
  end
  -- [12.1.7] units attacked while destroying a fortification start again
  for _, d in ipairs(def) do
    if U().is_field(d) then rules.phases.on_attacked(d) end
  end
  r.roll = bitwa.roll(M.DICE, 6, "combat (5.1.1)",
    function(roll) return rules.combat.result_class(T().combat[roll][r.final]) end, att_side)
  r.cell = T().combat[r.roll][r.final]
  local cell = r.cell
  bitwa.note(string.format("combat: %s (%d SP; %s) vs %s (%d SP; %s): %s -> %s, roll %d: %s%s",
    names_of(att), r.att_sp, mods_text(r.att_mods), names_of(def), r.def_sp, mods_text(r.def_mods),
    r.lone_leader and "lone leader (8.2.7)" or A().column_label(r.initial), T().columns[r.final], r.roll,
    cell.printed, r.countercharge and " (countercharge, 5.7.3)" or ""))
  local att_leaders = stacked_leaders(att, att_side)
  local def_leaders = r.lone_leader and {} or stacked_leaders(def, def_side)
  local def_start, def_hexes = by_hex(def), hexes_of(def)
  local att_start = by_hex(att)
  r.lost = {}
  r.retreats = { attacker = {}, defender = {} }
  -- losses [5.1.1 f]
  local function losses(units, n, side, by)
    for _ = 1, n do
      local u = rules.retreat.choose_loss(units, side, "5.1.1")
      if not u then break end
      r.lost[u.id] = (r.lost[u.id] or 0) + U().lose_sp(u, 1, { by = by, rule = "5.1.1" })
    end
  end
  losses(att, cell.att_loss, att_side, def_side)
  if not r.lone_leader then losses(def, cell.def_loss, def_side, att_side) end
  -- retreats [5.4]; each group from the hex it fought on (A-024), the
  -- hexes as they were before the losses, so that the leaders of a hex
  -- whose units all died retreat too (8.1.7); the 5.4.6 losses for each
  -- side as a whole
  local def_n = r.lone_leader and 0 or cell.def_retreat
  local att_n = cell.att_retreat
  if def_n > 0 then r.retreats.defender = rules.retreat.retreat_side(def_start, def_n, def_side) end
  if att_n > 0 then r.retreats.attacker = rules.retreat.retreat_side(att_start, att_n, att_side) end
  -- [8.2.4] [8.2.5] leaders stacked with units that had to retreat
  local function death_rolls(list, n, retreats, by)
    if n <= 0 then return end
    for _, s in ipairs(list) do
      if s.leader:alive() then
        local lost = 0
        for _, u in ipairs(s.units) do
          lost = lost + (r.lost[u.id] or 0)
          for _, res in ipairs(retreats) do lost = lost + (res.lost[u.id] or 0) end
        end
        rules.leaders.death_roll(s.leader, n, lost, by)
      end
    end
  end
  death_rolls(def_leaders, def_n, r.retreats.defender, att_side)
  death_rolls(att_leaders, att_n, r.retreats.attacker, def_side)
  -- pursuit [5.5]
  if #r.retreats.defender > 0 then rules.pursuit.pursue(alive_fields(att), r.retreats.defender, att_side) end
  if #r.retreats.attacker > 0 then rules.pursuit.pursue(alive_fields(def), r.retreats.attacker, def_side) end
  -- disorganization [5.1.1 g] (A-018)
  local D = T().disorganization.row
  local function disorganization(units, n, auto, role)
    if n <= 0 then return end
    for _, u in ipairs(units) do
      if u:alive() and u.hex ~= nil and U().is_field(u) then
        if auto then rules.condition.disorganize(u, "5.1.1: combat result", true)
        else rules.condition.after_combat(u, D[role][n]) end
      end
    end
  end
  if not r.lone_leader then disorganization(def, def_n, cell.def_disorg, "defender") end
  disorganization(att, att_n, cell.att_disorg, "attacker")
  -- [5.2.11] [5.6.11] charge factors (A-022)
  for _, u in ipairs(att) do
    if u:alive() and U().is_cavalry(u) then
      u.cf = A().cf_after_combat(u.cf)
      if att_n > 0 then rules.charge.on_attacker_retreat(u) end
    end
  end
  for _, u in ipairs(def) do
    if u:alive() and U().is_cavalry(u) then u.cf = A().cf_after_combat(u.cf) end
  end
  -- [8.2.7] the lone leader dies whatever the result
  if r.lone_leader then
    for _, l in ipairs(def) do
      if l:alive() then rules.leaders.kill(l, att_side, "8.2.7") end
    end
  end
  -- [5.2.8] defenders eliminated: the attackers may advance
  rules.combat.clear_advance()
  if not r.countercharge then
    local vacated = {}
    if r.lone_leader then
      for _, h in ipairs(def_hexes) do vacated[#vacated + 1] = h end
    else
      for _, g in ipairs(def_start) do
        local all_dead = true
        for _, u in ipairs(g.units) do if u:alive() then all_dead = false end end
        if all_dead and not U().enemy_field_at(g.hex, att_side) then vacated[#vacated + 1] = g.hex end
      end
    end
    local movers = alive_fields(att)
    if #vacated > 0 and #movers > 0 then rules.combat.set_advance(att_side, movers, vacated) end
  end
  -- A-060: panicked units left in contact with the enemy
  for _, s in ipairs(bitwa.sides()) do rules.condition.check_contacts(s) end
  return r
end

------------------------------------------------------------------ the attack

local function one_hex(units)
  return #hexes_of(units) == 1
end

-- Another unit of `side` that may still attack e in this phase.  Only a
-- unit next to e can have e in its front area: the units around e's hex
-- are asked, not every field unit of the side.
local function others_can_attack(e, side, attackers)
  local skip = {}
  for _, a in ipairs(attackers) do skip[a.id] = true end
  local Un, C = rules.units, rules.combat
  local eh = e.hex
  local near = bitwa.units { near = eh, within = 1, side = side }
  for i = 1, #near do
    local u = near[i]
    if Un.is_field(u) and not skip[u.id] and not u.fought and C.fights_now(u) and not Un.is_panicked(u)
      and bitwa.hex.in_front(u.hex, u.facing, eh) then
      return true
    end
  end
  return false
end

-- Refuses an attack of `side` that the rules do not allow.
function M.check_attack(side, attackers, defenders)
  if not bitwa.phase():match("_attack$") or rules.phases.arm() == nil then
    refuse("5.2.1", "attacks are made in combat phases")
  end
  for _, a in ipairs(attackers) do
    if a.side ~= side or not U().is_field(a) or a.hex == nil then
      refuse("5.1.1", a.name .. " is not a field unit of " .. side .. " on the map")
    end
    if U().is_panicked(a) then refuse("10.2.1", a.name .. " is panicked: panicked units do not fight") end
    if not rules.combat.fights_now(a) then
      refuse("2.1", a.name .. " does not fight in this phase (" .. rules.phases.arm() .. " attack)")
    end
    if a.fought then refuse("5.2.2", a.name .. " has attacked in this phase already") end
  end
  local leaders, fields = 0, 0
  for _, d in ipairs(defenders) do
    if d.side == side then refuse("5.1.1", d.name .. " is not an enemy unit") end
    if U().is_leader(d) and d.hex ~= nil then
      if not rules.leaders.alone(d) then
        refuse("8.2.7", d.name .. " is with units of his side: attack them")
      end
      leaders = leaders + 1
    elseif not U().is_field(d) or d.hex == nil then
      refuse("5.1.1", d.name .. " is not an enemy field unit on the map")
    elseif U().is_panicked(d) then
      refuse("10.2.1", d.name .. " is panicked: panicked units do not fight (A-060)")
    else
      fields = fields + 1
    end
  end
  if leaders > 0 and fields > 0 then refuse("8.2.7", "a lone leader is attacked by himself") end
  for _, a in ipairs(attackers) do
    for _, d in ipairs(defenders) do
      if not bitwa.hex.in_front(a.hex, a.facing, d.hex) then
        refuse("5.2.4", d.name .. " is not in the front area of " .. a.name)
      end
    end
  end
  if not one_hex(attackers) and not one_hex(defenders) then
    refuse("5.2.5", "in one combat either the attackers or the defenders must be on one hex")
  end
  -- [5.2.3] an enemy in an attacker's ZoC left out must stay attackable
  local listed, done = {}, rules.combat.attacked()
  for _, d in ipairs(defenders) do listed[d.id] = true end
  for _, a in ipairs(attackers) do
    for _, e in ipairs(rules.zoc.enemies_in_zoc(a)) do
      if not listed[e.id] and not done[e.name] and not others_can_attack(e, side, attackers) then
        refuse("5.2.3", e.name .. " is in the ZoC of " .. a.name .. " and must be attacked: include it")
      end
    end
  end
end

-- attack ATTACKERS DEFENDERS [5.1.1 a]: one combat, resolved at once
-- [5.2.10]; each unit attacks once in a phase.
function M.attack(side, attackers, defenders)
  rules.combat.clear_advance()
  rules.combat.check_attack(side, attackers, defenders)
  for _, a in ipairs(attackers) do a.fought = true end
  mark_attacked(defenders)
  return rules.combat.resolve { attackers = attackers, defenders = defenders, countercharge = false }
end

-- The attacks a bot may choose: each unit against each enemy in its
-- front area, each unit against every enemy in its ZoC, and every unit
-- that can against one enemy.  Each is checked as the action is.
function M.legal_attacks(side)
  local out, seen = {}, {}
  local function add(atts, defs)
    local a, d = names_of(atts), names_of(defs)
    local key = a .. "|" .. d
    if seen[key] then return end
    seen[key] = true
    if bitwa.check(rules.combat.check_attack, side, atts, defs) then out[#out + 1] = { a, d } end
  end
  if not bitwa.phase():match("_attack$") then return out end
  local movers = bitwa.units { side = side, where = function(u)
    return U().is_field(u) and u.hex ~= nil and not u.fought and rules.combat.fights_now(u) and not U().is_panicked(u)
  end }
  local targets = {}
  for _, a in ipairs(movers) do
    for _, h in ipairs(bitwa.hex.front_area(a.hex, a.facing)) do
      for _, d in ipairs(bitwa.units_at(h)) do
        if d.side ~= side and (U().is_field(d) or U().is_leader(d)) then
          add({ a }, { d })
          targets[d.id] = targets[d.id] or { unit = d, by = {} }
          table.insert(targets[d.id].by, a)
        end
      end
    end
    local z = rules.zoc.enemies_in_zoc(a)
    if #z > 1 then add({ a }, z) end
  end
  local ids = {}
  for id in pairs(targets) do ids[#ids + 1] = id end
  table.sort(ids)
  for _, id in ipairs(ids) do
    local t = targets[id]
    if #t.by > 1 then add(t.by, { t.unit }) end
  end
  return out
end

------------------------------------------------------------------ mandatory attacks

-- Phase exit: [5.2.2] every unit of the phasing arm with an enemy in its
-- ZoC has attacked; [5.2.3] every enemy in the ZoC of a unit that attacked
-- has been attacked, unless no unit could still attack it.
function M.check_mandatory()
  local side = bitwa.phasing_side()
  if side == nil or rules.phases.arm() == nil then return end
  local units = U().field_units(side)
  for _, u in ipairs(units) do
    if not u.fought and rules.combat.fights_now(u) and not U().is_panicked(u) then
      local z = rules.zoc.enemies_in_zoc(u)
      if #z > 0 then
        refuse("5.2.2", u.name .. " has " .. names_of(z) .. " in its ZoC and must attack")
      end
    end
  end
  local done = rules.combat.attacked()
  for _, u in ipairs(units) do
    if u.fought then
      for _, e in ipairs(rules.zoc.enemies_in_zoc(u)) do
        if not done[e.name] and others_can_attack(e, side, {}) then
          refuse("5.2.3", e.name .. " is in the ZoC of " .. u.name .. " and must be attacked")
        end
      end
    end
  end
  rules.combat.clear_advance()
end

------------------------------------------------------------------ advance [5.2.8]

function M.clear_advance()
  bitwa.set_var("advance.side", nil)
  bitwa.set_var("advance.units", nil)
  bitwa.set_var("advance.hexes", nil)
  bitwa.set_var("advance.stamp", nil)
end

function M.set_advance(side, units, hexes)
  local hs = {}
  for i, h in ipairs(hexes) do hs[i] = h.label end
  bitwa.set_var("advance.side", side)
  bitwa.set_var("advance.units", names_of(units))
  bitwa.set_var("advance.hexes", table.concat(hs, ","))
  bitwa.set_var("advance.stamp", stamp())
  bitwa.note(names_of(units) .. " may advance into " .. table.concat(hs, ",") .. " (5.2.8)")
end

-- The advance waiting to be made: { side =, units = { [name] = true },
-- hexes = { hex... } } or nil.
function M.pending_advance()
  if bitwa.var("advance.stamp") ~= stamp() or bitwa.var("advance.side") == nil then return nil end
  local p = { side = bitwa.var("advance.side"), units = {}, hexes = {} }
  for n in bitwa.var("advance.units"):gmatch("[^,]+") do p.units[n] = true end
  for l in bitwa.var("advance.hexes"):gmatch("[^,]+") do p.hexes[#p.hexes + 1] = bitwa.hex.parse(l) end
  return p
end

local function can_step(u, from, to)
  if not rules.retreat.accessible(u, from, to) then return false, "4.2.7" end
  if U().enemy_field_at(to, u.side) then return false, "4.2.2" end
  if not U().can_stack(u, to) then return false, "4.5.2" end
  return true
end

-- The advance of u to `hex`: the vacated hex it goes through, or nil and
-- the rule refusing it.
local function advance_route(u, hex, p)
  local first
  for _, v in ipairs(p.hexes) do
    if bitwa.hex.distance(u.hex, v) == 1 then
      local ok, rule = can_step(u, u.hex, v)
      if ok then
        if hex == v then return v end
        if bitwa.hex.distance(v, hex) == 1 then
          if rules.zoc.in_enemy_zoc(v, u.side) then
            rule = "3.3.2"
          else
            ok, rule = can_step(u, v, hex)
            if ok then return v end
          end
        end
      end
      first = first or rule
    end
  end
  return nil, first or "5.2.8"
end

-- Entering `to` as regular movement: a turn first when `to` is not the
-- frontal hex (CF 0, 5.6.3), then the hex (CF +1 and terrain: charge and
-- movement.on_enter), banners, lone leaders.
local function enter(u, to)
  local from = u.hex
  local dir = bitwa.hex.direction(from, to)
  if dir ~= u.facing then
    rules.charge.on_turn(u, bitwa.hex.steps(u.facing, dir), "advance")
    u.facing = dir
  end
  U().place(u, to, dir)
  bitwa.note(u.name .. " advances to " .. to.label .. " (5.2.8)")
  rules.movement.on_enter(u, from, to, "advance")
  if u:alive() and u.hex ~= nil then
    rules.banners.entered(u, to)
    rules.leaders.enemy_entered(u, to)
  end
end

-- advance UNIT HEX [FACING] [5.2.8]: after the defender was eliminated, a
-- unit that fought enters the hex it left, may turn, may go on one hex
-- and turn again, as regular movement: not on through an enemy ZoC, CF 0
-- after any turn.  HEX is where it stops (the vacated hex or one next to
-- it); FACING its final facing (default: the way it moved).
function M.advance(side, u, hex, facing)
  local p = rules.combat.pending_advance()
  if not p or p.side ~= side then refuse("5.2.8", "no defender of yours was eliminated in the last combat") end
  -- a removed unit's fields cannot be read: alive first, then the name
  if not u:alive() or u.hex == nil or not p.units[u.name] then
    refuse("5.2.8", tostring(u) .. " did not fight in that combat")
  end
  local name = u.name
  local v, rule = advance_route(u, hex, p)
  if not v then refuse(rule, u.name .. " cannot advance to " .. hex.label) end
  enter(u, v)
  if u:alive() and u.hex ~= nil and hex ~= v then enter(u, hex) end
  if u:alive() and u.hex ~= nil then
    if facing ~= nil and facing ~= u.facing then
      rules.charge.on_turn(u, bitwa.hex.steps(u.facing, facing), "advance")
      u.facing = facing
    end
    rules.condition.check_stack(u.hex)
  end
  -- one advance per unit (entering may have removed it: 4.2.5 in Legnica)
  p.units[name] = nil
  local left = {}
  for n in pairs(p.units) do
    local x = bitwa.unit(n)
    if x then left[#left + 1] = x end
  end
  table.sort(left, function(a, b) return a.id < b.id end)
  if #left > 0 then rules.combat.set_advance(side, left, p.hexes) else rules.combat.clear_advance() end
end

function M.legal_advances(side)
  local out = {}
  local p = rules.combat.pending_advance()
  if not p or p.side ~= side then return out end
  for n in pairs(p.units) do
    local u = bitwa.unit(n)
    if u and u.hex then
      local seen = {}
      for _, v in ipairs(p.hexes) do
        local cands = { v }
        for _, h in ipairs(bitwa.hex.neighbours(v)) do cands[#cands + 1] = h end
        for _, h in ipairs(cands) do
          if not seen[h.key] and advance_route(u, h, p) then
            seen[h.key] = true
            out[#out + 1] = { u.name, h.label }
          end
        end
      end
    end
  end
  return out
end

return M
