-- Grunwald 1410, revised French edition ("Batailles Médiévales",
-- grunwald-1410-medieval-fr-revised.txt; "FR L123" is its line 123) over
-- the English rules: only what the French book changes, each change
-- citing the French rule it follows.  The French book numbers two rules
-- twice (5.8.5 and 5.8.9); "5.8.5 bis" and "5.8.9 bis" are the second of
-- each.  Readings and suspected misprints: NOTES.md, "Revised French
-- edition (overlay fr-revised)".
--
-- Select with: bitwa start grunwald/clash-of-titans g.bitwa --overlay grunwald/fr-revised

local function member(list, x)
  for _, v in ipairs(list or {}) do if v == x then return true end end
  return false
end

-------------------------------------------------------------------- options

-- [6.2.2] [6.2.3] a leader in range or on the hex subtracts 1 or 2 from
-- the morale test die (FR L688, L690).
option("leader_test_modifier", "subtract")
-- [5.8.4] entering a hex to ride its infantry down costs the terrain plus
-- the SP ridden down (the example: clear 1 + 2 SP = 3 PM).
option("ride_down_cost", "surcharge")

-------------------------------------------------------------------- tables

local T = rules.tables

-- [1.5] [5.1.1] TABLE DES COMBATS, FR L1164-1176: twelve cells, all in the
-- columns 1:3 (index 2) and 2:1 (index 5), differ from the English table;
-- they are used as printed (NOTES.md: they look like the English column
-- moved down one row).  Two more cells print the English readings
-- plainly: 6 / 1:3 "A1D" (EN "A1d") and 8 / 1:4 "A1" (EN "A").
local function cell(printed, att_loss, att_retreat, att_disorg, def_loss, def_retreat, def_disorg)
  return { printed = printed, att_loss = att_loss, att_retreat = att_retreat, att_disorg = att_disorg,
           def_loss = def_loss, def_retreat = def_retreat, def_disorg = def_disorg }
end
T.combat[5][5]  = cell("D2",      0, 0, false, 0, 2, false)   -- FR L1169 (EN "D1 -1")
T.combat[7][2]  = cell("A1D",     0, 1, true,  0, 0, false)   -- FR L1171 (EN "A1 -1")
T.combat[7][5]  = cell("D1 -1",   0, 0, false, 1, 1, false)   -- FR L1171 (EN "-1 / D1")
T.combat[8][2]  = cell("A1 -1",   1, 1, false, 0, 0, false)   -- FR L1172 (EN "A1")
T.combat[8][5]  = cell("-1 / D1", 1, 0, false, 0, 1, false)   -- FR L1172 (EN "-")
T.combat[9][2]  = cell("A1",      0, 1, false, 0, 0, false)   -- FR L1173 (EN "A2")
T.combat[9][5]  = cell("-",       0, 0, false, 0, 0, false)   -- FR L1173 (EN "-1 / -1")
T.combat[10][2] = cell("A2",      0, 2, false, 0, 0, false)   -- FR L1174 (EN "A2 -1")
T.combat[10][5] = cell("-1 / -1", 1, 0, false, 1, 0, false)   -- FR L1174 (EN "-1 / -")
T.combat[11][2] = cell("A2 -1",   1, 2, false, 0, 0, false)   -- FR L1175 (EN "A3")
T.combat[11][5] = cell("-1 / -",  1, 0, false, 0, 0, false)   -- FR L1175 (EN "A1")
T.combat[12][2] = cell("A3",      0, 3, false, 0, 0, false)   -- FR L1176 (EN "A3 -1D")
T.combat[6][2].printed = "A1D"                                -- FR L1170, the same result
T.combat[8][1].printed = "A1"                                 -- FR L1172, the same result

-- [5.1.1 g] TABLE DE DESORGANISATION AU COMBAT, FR L1192-1200: the same
-- values; the rows are labelled D1, D2 / A1 ... D5 / A4.
for i, label in ipairs { "D1", "D2 / A1", "D3 / A2", "D4 / A3", "D5 / A4" } do
  T.disorganization.rows[i].printed = label
  T.disorganization.rows[i].line = 1195 + i
end

-- [5.5.3] TEST DE POURSUITE, FR L477-492 and L1282-1297, with its
-- obligatory rows, as printed: at 2 hexes the roll 4 is listed both
-- voluntary and obligatory and 6 not at all; the last row is labelled 6
-- hexes, where 5.5.2 already makes pursuit obligatory without a roll.
-- pursuit.table_kind reads it.
T.pursuit.rows = {
  { hexes = 0, roll = false, voluntary = {}, obligatory = {} },
  { hexes = 1, roll = true, voluntary = { 1, 2, 3, 4, 5 }, obligatory = { 6 } },
  { hexes = 2, roll = true, voluntary = { 1, 2, 3, 4 }, obligatory = { 4, 5 } },
  { hexes = 3, roll = true, voluntary = { 1, 2, 3 }, obligatory = { 4, 5, 6 } },
  { hexes = 4, roll = true, voluntary = { 1, 2 }, obligatory = { 3, 4, 5, 6 } },
  { hexes = 5, roll = true, voluntary = { 1 }, obligatory = {} },
  { hexes = 6, roll = true, voluntary = {}, obligatory = { 2, 3, 4, 5, 6 } },
}
-- [5.5.9] no CF lost for turns of 120 degrees or less: only 180 costs it.
T.pursuit.keep_cf_below_degrees = 180

-- [3.3.3] no stop in an enemy ZoC when the CF is higher than the enemy's
-- "by 1" (FR L255; EN "by more than 1").
T.zoc.pass_cf_margin = 0

-- [5.6.7] [5.6.8] crossing a ford costs 1 CF, as a bridge does (FR L537),
-- so the ford leaves the list of what sets the CF to 0.
T.charge.ford = -1
do
  local zero = {}
  for _, t in ipairs(T.charge.zero_moving_through) do
    if t ~= "ford" then zero[#zero + 1] = t end
  end
  T.charge.zero_moving_through = zero
end

-- TABLE DES EFFETS DU TERRAIN, FR L1204-1216: the road prints 1/2 for
-- cavalry and no commander value, so a leader, who moves like cavalry
-- [8.1.2], pays 1/2 on a road.
T.terrain.road.commander = { 1, 2 }

-- [5.8] TABLEAU DE RENVERSEMENT DE L'INFANTERIE, FR L618-638 and
-- L1299-1327: 1D6 + the cavalry's CF, SP and armour - the infantry's SP
-- and armour [5.8.5].  Below 1 the attempt fails and the infantry stays;
-- 1-6: each side tests morale with the printed number added to the die,
-- or the infantry is eliminated; above 6 the attempt succeeds.
T.ride_down.roll = {
  dice = 1,
  below = { cavalry = "failed", infantry = "stays" },
  rows = {
    { roll = 1, cavalry_test = 1,  infantry_test = -1 },
    { roll = 2, cavalry_test = 0,  infantry_test = 0 },
    { roll = 3, cavalry_test = -1, infantry_test = 1 },
    { roll = 4, cavalry_test = -2, infantry_test = 2 },
    { roll = 5, cavalry_test = -3, infantry = "eliminated" },
    { roll = 6, cavalry_test = -4, infantry = "eliminated" },
  },
  above = { cavalry = "succeeded", infantry = "eliminated" },
}
T.ride_down.success_cf = -1                -- [5.8.6]
T.ride_down.failure_cf = 0                 -- [5.8.7] and the table
T.ride_down.infantry_retreat = 1           -- the table: an infantry that passes retreats 1 hex
T.ride_down.retreat_panic_hexes = 3        -- [5.4.4]
-- [5.8.10] fortifications, buildings (villages), forests and the other
-- ground hard for cavalry (swamps, 4.2.5)
T.ride_down.immune_terrain = { "fortification", "village", "forest", "swamp" }

-- [11.2.6] sight is blocked by forest, town, village and fortification
-- hexes; hills no longer (FR L937).
T.ranged.sight_blockers = { "forest", "village", "fortification" }
-- [11.3.2] ranged units count 1 SP at most in any combat.
T.ranged.any_combat_sp = 1
-- [11.5.5] TIR DES ARCHERS A CHEVAL as the tables section prints it (FR
-- L1229-1235): a loss from 10 up (the table in 11.5.5, FR L984-990,
-- still prints 9).
T.fire_horse_archers[1][9] = 0
-- [11.7.1] TIR DES BOMBARDES SUR DES UNITES, FR L1031-1036 and
-- L1248-1253: ranges 1 and 2 only (objects, 11.7.5, still 3).
T.fire_bombards_units[3] = nil
T.ranged.range.bombards = 2

-------------------------------------------------------------------- combat

-- [5.3.2] a defender on several hexes takes the highest terrain
-- protection among them (FR L441); ties go to the hex with most SP, then
-- to the first hex.
replace("combat.defender_hex", function(defenders)
  local C = rules.combat
  local sp, order = {}, {}
  for _, d in ipairs(defenders) do
    local k = d.hex.key
    if sp[k] == nil then sp[k] = 0; order[#order + 1] = d.hex end
    sp[k] = sp[k] + C.unit_sp(d, "defender")
  end
  local best, best_t, best_sp
  for _, h in ipairs(order) do
    local t, s = C.hex_terrain_cm(h), sp[h.key]
    if best == nil or t > best_t or (t == best_t and s > best_sp) then best, best_t, best_sp = h, t, s end
  end
  return best
end)

-- [9.2.3] +1 CM when all the enemy units of the combat are disorganized
-- (FR L828; EN: most of them), A-057.
replace("combat.mostly_disorganized", function(units)
  if #units == 0 then return false end
  for _, u in ipairs(units) do
    if not rules.combat.fights_disorganized(u) then return false end
  end
  return true
end)

local en_ranged_sp = rules.combat.ranged_sp

-- [11.3.2] ranged units count at most 1 SP in any combat, together,
-- beside other units too (FR L953; EN only when they fight alone, A-064).
-- Alone they count 1 SP, as in English.
replace("combat.ranged_sp", function(units, total, ranged)
  for _, u in ipairs(units) do
    if not rules.combat.is_foot_ranged(u) then
      local most = rules.tables.ranged.any_combat_sp
      if ranged > most then return total - (ranged - most) end
      return total
    end
  end
  return en_ranged_sp(units, total, ranged)
end)

-- [12.1.1] [12.1.4] an attack across a gate is not an attack through
-- fortifications: gates are not fortifications (FR L1082).
replace("fortifications.attacks_through", function(u, h)
  if not rules.fortifications.is_fortified(h) or u.hex == h then return false end
  local dir = bitwa.hex.direction(u.hex, h)
  return not (dir ~= nil and bitwa.map.has_edge(u.hex, dir, "gate"))
end)

-------------------------------------------------------------------- leaders

-- [8.1.4] a leader's death costs 1 SP to the units stacked with him (FR
-- L758), with or without the optional rules; [8.1.5] a grand leader's
-- costs every unit of his player 1 SP, once (A-051).
replace("leaders.death_losses", function(leader)
  local side = leader.side
  if leader.grand then return bitwa.units { side = side, where = rules.units.is_field } end
  if leader.hex == nil then return {} end
  return rules.units.field_units_at(leader.hex, side)
end)

-------------------------------------------------------------------- pursuit and charge

-- [5.5.3] TEST DE POURSUITE read as printed: a roll the row lists as
-- obligatory makes the pursuit obligatory, even when it is listed as
-- voluntary too (2 hexes, roll 4); a roll listed voluntary makes it
-- voluntary; any other roll fails the test, "sinon elle est obligatoire".
replace("pursuit.table_kind", function(row, roll)
  if member(row.obligatory, roll) then return "obligatory" end
  if member(row.voluntary, roll) then return "voluntary" end
  return "obligatory"
end)

local en_cf_after_enter = rules.charge.cf_after_enter

-- [5.5.8] the CF is not modified during a pursuit (FR L510; EN: not
-- increased): neither the hex's gain nor the terrain moved through
-- changes it.  A turn of 180 degrees still costs it [5.5.9], and a
-- ride-down in the pursuit changes it [5.8.6] [5.8.7].
replace("charge.cf_after_enter", function(u, from, to, how, keep, start_cf)
  if how == "pursuit" then
    if not rules.charge.has_cf(u) then return 0 end
    return start_cf or u.cf
  end
  return en_cf_after_enter(u, from, to, how, keep, start_cf)
end)

-- [5.6.8] [5.6.9] crossing a bridge or a ford costs 1 CF, a stream 1 CF
-- (FR L537, 5.6.9).
replace("charge.crossing", function(from, to)
  local C = rules.tables.charge
  local side = rules.movement.hexside(from, to)
  local change = 0
  if side.bridge then change = change + C.bridge end
  if side.ford then change = change + C.ford end
  if side.stream then change = change + C.stream end
  return change
end)

-- [11.5.3] horse archers always have CF 0 (FR L978; EN: no CM from it):
-- they gain none, so they pay a turn at CF 0, never ride down in a
-- movement and never pass an enemy ZoC by their CF.
replace("charge.has_cf", function(u)
  return rules.units.is_cavalry(u) and u.kind ~= "horse_archers"
end)

-------------------------------------------------------------------- countercharge

local en_can_target = rules.countercharge.can_target

-- [5.7.1] only enemy cavalry in movement is countercharged (FR L547):
-- not a leader moving alone.
replace("countercharge.can_target", function(mover, side)
  return en_can_target(mover, side) and rules.units.is_cavalry(mover)
end)

local en_plans = rules.countercharge.plans

-- [5.7.1] [5.7.2] the moving cavalry passes at most two hexes away in the
-- countercharger's front hexes (its own hex not counted): the 120-degree
-- wedge of its front area, at 1 or 2 hexes; then the countercharge is
-- the English one (an optional 60-degree turn, one hex, next to the
-- enemy).
replace("countercharge.plans", function(cc, mover)
  if cc.hex == nil or mover.hex == nil then return {} end
  local near = false
  for d = 1, 2 do
    for _, h in ipairs(rules.ranged.wedge(cc.hex, cc.facing, d)) do
      if h == mover.hex then near = true end
    end
  end
  if not near then return {} end
  return en_plans(cc, mover)
end)

-- [5.7.7] [5.7.8] no countercharge from a hex in the ZoC of any enemy
-- unit (FR L585; EN: enemy cavalry), A-037.
replace("countercharge.barred", function(cc)
  if cc.countercharged then return true, "5.7.7" end
  if rules.zoc.in_enemy_zoc(cc.hex, cc.side) then return true, "5.7.8" end
  return false
end)

-------------------------------------------------------------------- ride-down

-- [5.8.10] infantry in fortifications, buildings (villages), forests or
-- other ground hard for cavalry (swamps) cannot be ridden down (FR L649).
replace("ride_down.protected", function(hex)
  if rules.fortifications.is_fortified(hex) then return true end
  return member(rules.tables.ride_down.immune_terrain, bitwa.map.terrain(hex))
end)

local en_check = rules.ride_down.check

-- [5.8.1] [5.8.9 bis] [5.8.10] who may attempt a ride-down: the English
-- check (CF above 1 in a movement, any CF in a pursuit or a retreat),
-- citing the French number of the protected ground.
replace("ride_down.check", function(cav, hex, how, keep)
  local ok, rule, message = en_check(cav, hex, how, keep)
  if not ok and rule == "5.8.6" then
    return false, "5.8.10", "infantry in fortifications, buildings, forests or swamps (" .. hex.label ..
      ") cannot be ridden down"
  end
  return ok, rule, message
end)

local function names(list)
  local out = {}
  for i, v in ipairs(list) do out[i] = v.name end
  return table.concat(out, ",")
end

-- [5.8.9] infantry eliminated in a ride-down moves neither MORALE nor VP.
local function ridden_down(cav, v, why)
  rules.units.eliminate(v, { by = cav.side, morale = false, vp = false, rule = why })
end

-- [5.8.7] and the table: the cavalry goes back to the hex it came from (it
-- never left it) with CF 0; after a failed attempt (roll below 1) it also
-- tests morale and is disorganized on a failure.
local function turned_back(cav, hex, from, test)
  if rules.charge.has_cf(cav) then cav.cf = rules.tables.ride_down.failure_cf end
  bitwa.note(cav.name .. " fails to ride down the infantry on " .. hex.label .. " and stays on " ..
    from.label .. " with CF 0 (5.8.7)")
  if test and not rules.condition.morale_test(cav, "5.8.7: failed ride-down") then
    rules.condition.disorganize(cav, "5.8.7: failed ride-down")
  end
end

-- [5.8.5] [5.8.5 bis] [5.8.6] [5.8.7] [5.8.9] The attempt of cav to ride down
-- the infantry on hex, entering from `from` (A-041, A-042):
-- - infantry all disorganized or panicked: success, no roll [5.8.5 bis];
-- - otherwise 1D6 + cav CF (on entering the hex; in a pursuit the CF it has,
--   5.5.8) + cav SP + cav armour - the infantry's SP (summed) - their armour
--   (the group mean, 1.7) on the TABLEAU DE RENVERSEMENT:
--   below 1: failure, the infantry stays, the cavalry goes back with CF 0
--   and tests morale (disorganized on a failure) [5.8.7];
--   1-4: the cavalry tests (its number added to the die), then each
--   infantry unit tests: on a failure it is eliminated, on a pass it
--   retreats 1 hex and is disorganized;
--   5-6: the infantry is eliminated, the cavalry tests;
--   above 6: success, the infantry is eliminated.
-- A cavalry that fails its test goes back with CF 0.  It enters only when
-- its side of the table succeeds and the hex is empty of the infantry; the
-- CF -1 of a success is after_enter's [5.8.6].  Eliminations move neither
-- MORALE nor VP [5.8.9].  These tests cost no MP and no CF (A-048).
-- Returns whether cav enters the hex.
replace("ride_down.attempt", function(cav, hex, how, from, keep)
  local R = rules.tables.ride_down
  local U = rules.units
  local list = rules.ride_down.targets(hex)
  if #list == 0 then return true end
  local broken = true
  for _, v in ipairs(list) do
    if not (U.is_disorganized(v) or U.is_panicked(v)) then broken = false end
  end
  if broken then
    bitwa.note(cav.name .. " rides down " .. names(list) .. " on " .. hex.label ..
      ": disorganized or panicked infantry (5.8.5 bis)")
    for _, v in ipairs(list) do ridden_down(cav, v, "5.8.5") end
    return true
  end
  local cf
  if how == "pursuit" then cf = rules.charge.cf(cav)
  else cf = rules.charge.cf_after_enter(cav, from, hex, how, keep) end
  local sp, armours = 0, {}
  for i, v in ipairs(list) do
    sp = sp + U.stack_sp(v)
    armours[i] = v.armour
  end
  local armour = rules.arith.mean(armours)
  local raw = bitwa.roll(R.roll.dice, 6, "ride-down (5.8.5)", cav.side)
  local m = raw + cf + cav.sp + cav.armour - sp - armour
  bitwa.note(string.format("%s tries to ride down %s on %s: %d + CF %d + SP %d + armour %d - SP %d - armour %d = %d (5.8.5)",
    cav.name, names(list), hex.label, raw, cf, cav.sp, cav.armour, sp, armour, m))
  if m < 1 then                                                    -- R.roll.below
    turned_back(cav, hex, from, true)
    return false
  end
  local row
  for _, r in ipairs(R.roll.rows) do if r.roll == m then row = r end end
  local cav_ok = true
  local passed = {}
  if row == nil then                                               -- R.roll.above
    for _, v in ipairs(list) do ridden_down(cav, v, "5.8.5") end
  else
    cav_ok = rules.condition.morale_test(cav, "5.8.5: riding down", row.cavalry_test)
    for _, v in ipairs(list) do
      if row.infantry == "eliminated" then
        ridden_down(cav, v, "5.8.5")
      elseif rules.condition.morale_test(v, "5.8.5: ridden at", row.infantry_test) then
        passed[#passed + 1] = v
      else
        ridden_down(cav, v, "5.8.5")
      end
    end
  end
  if #passed > 0 then
    rules.retreat.retreat(passed, R.infantry_retreat, hex, passed[1].side)
    for _, v in ipairs(passed) do
      if v:alive() and v.hex ~= nil then rules.condition.disorganize(v, "5.8.5: ridden at") end
    end
  end
  local left = #rules.ride_down.targets(hex)
  if not cav_ok or left > 0 then
    turned_back(cav, hex, from, false)
    return false
  end
  bitwa.note(cav.name .. " rides down the infantry of " .. hex.label .. " (5.8.5)")
  return true
end)

-- [5.8.6] after a successful ride-down the cavalry's CF is reduced by 1.
replace("ride_down.after_enter", function(cav, hex, how)
  if not rules.charge.has_cf(cav) then return end
  local C = rules.tables.charge
  local cf = rules.arith.clamp(cav.cf + rules.tables.ride_down.success_cf, C.min, C.max)
  if cf ~= cav.cf then cav.cf = cf end
end)

-- [5.4.4] [5.8.9 bis] cavalry retreating into or through a hex of friendly
-- infantry: the infantry panics at once and retreats 3 hexes (FR L457;
-- EN: it is eliminated).  Not on ground where infantry cannot be ridden
-- down [5.8.10] (there stacking applies as usual).  Returns their names.
replace("ride_down.retreat_through", function(cav, hex)
  local U = rules.units
  if not U.is_cavalry(cav) then return {} end
  local list = rules.ride_down.targets(hex)
  for _, v in ipairs(list) do
    if v.side ~= cav.side then return {} end
  end
  if #list == 0 or not rules.ride_down.check(cav, hex, "retreat") then return {} end
  local out = {}
  for i, v in ipairs(list) do
    out[i] = v.name
    if not U.is_panicked(v) then
      v.condition = "panicked"
      bitwa.note(v.name .. " is panicked: " .. cav.name .. " retreats through " .. hex.label .. " (5.4.4)")
    end
  end
  local movers = {}
  for _, v in ipairs(list) do
    if v:alive() and v.hex ~= nil and not rules.condition.check_contact(v) then movers[#movers + 1] = v end
  end
  if #movers > 0 then rules.retreat.retreat(movers, rules.tables.ride_down.retreat_panic_hexes, hex, cav.side) end
  return out
end)

-------------------------------------------------------------------- bombards

-- [11.7.4] a bombard in combat formation cannot retreat and is eliminated
-- instead (FR L1050; EN states no consequence, A-069), for the enemy.
replace("retreat.instead_of_retreat", function(u, hexes, combat_hex, side)
  bitwa.note(u.name .. " cannot retreat in combat formation and is eliminated (11.7.4)")
  rules.units.eliminate(u, { by = rules.units.enemy(side), rule = "11.7.4" })
  return true
end)
