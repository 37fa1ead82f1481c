-- Legnica 1241: the tables where the Legnica book differs from the English
-- Grunwald book; every other table is inherited.  "LG L123" is line 123 of
-- legnica-1241-medieval-en.txt.
local T = inherit()

---------------------------------------------------------------- COMBAT TABLE
-- [1.4] [1.5] [5.1.1] COMBAT TABLE, LG L1042-1054.  Every "D" suffix of the
-- English table is an "S" here (scatter, legend LG L1058-1068); the field
-- names att_disorg / def_disorg keep meaning "the suffix", which
-- condition.disorganize turns into a scatter.  The OCR prints three cells
-- as "ı" (row 3, 1:3) and "1" (row 8, 2:1; row 11, 4:1), which are no
-- results: they are read "-" as in the English table (NOTES.md).
for roll = 2, 12 do
  for col = 1, #T.columns do
    local c = T.combat[roll][col]
    c.printed = c.printed:gsub("(%d)D$", "%1S"):gsub("A1d$", "A1S"):gsub("%-1D$", "-1S")
  end
end
T.combat[8][1].printed = "A1"                                  -- LG L1050 (EN "A")
-- Three cells where the result itself differs (LG L1048, L1049, L1051):
T.combat[6][5] = { printed = "D1", att_loss = 0, att_retreat = 0, att_disorg = false,
                   def_loss = 0, def_retreat = 1, def_disorg = false }     -- 2:1 (EN "D1 -1")
T.combat[7][10] = { printed = "D2 -1", att_loss = 0, att_retreat = 0, att_disorg = false,
                    def_loss = 1, def_retreat = 2, def_disorg = false }    -- 7:1 (EN "D3 -1")
T.combat[9][7] = { printed = "D1", att_loss = 0, att_retreat = 0, att_disorg = false,
                   def_loss = 0, def_retreat = 1, def_disorg = false }     -- 4:1 (EN "D1 -1")

------------------------------------------------------------ COMBAT SCATTER
-- [5.1.1 g] COMBAT SCATTER, LG L1070-1079: one die (K6) after a retreat;
-- the listed rolls scatter the unit [9].  Attacker and defender read the
-- same row for the same retreat (B2 / A2), and there is a B5 / A5 row.
-- It replaces the English COMBAT DISORGANIZATION table (same columns).
T.disorganization = {
  title = "COMBAT SCATTER",
  dice = 1,
  roll = "combat scatter",
  effect = "scattered",
  classes = T.disorganization.classes,
  rows = {
    { printed = "B1 / A1", defender = 1, attacker = 1, line = 1075,
      heavy_cavalry = {}, cavalry = {}, light_cavalry = { 1 },
      heavy_infantry = {}, infantry = {}, other = { 1 } },
    { printed = "B2 / A2", defender = 2, attacker = 2, line = 1076,
      heavy_cavalry = { 1 }, cavalry = { 1 }, light_cavalry = { 1, 2 },
      heavy_infantry = { 1 }, infantry = { 1 }, other = { 1, 2 } },
    { printed = "B3 / A3", defender = 3, attacker = 3, line = 1077,
      heavy_cavalry = { 1 }, cavalry = { 1, 2 }, light_cavalry = { 1, 2, 3 },
      heavy_infantry = { 1 }, infantry = { 1, 2 }, other = { 1, 2, 3 } },
    { printed = "B4 / A4", defender = 4, attacker = 4, line = 1078,
      heavy_cavalry = { 1, 2 }, cavalry = { 1, 2, 3 }, light_cavalry = { 1, 2, 3, 4 },
      heavy_infantry = { 1, 2 }, infantry = { 1, 2, 3 }, other = { 1, 2, 3, 4 } },
    { printed = "B5 / A5", defender = 5, attacker = 5, line = 1079,
      heavy_cavalry = { 1, 2, 3 }, cavalry = { 1, 2, 3, 4 }, light_cavalry = { 1, 2, 3, 4, 5 },
      heavy_infantry = { 1, 2, 3 }, infantry = { 1, 2, 3, 4 }, other = { 1, 2, 3, 4, 5 } },
  },
  row = { defender = { 1, 2, 3, 4, 5 }, attacker = { 1, 2, 3, 4, 5 } },
}

---------------------------------------------------------- TERRAIN INFLUENCE
-- [4.1.7] [5.3.1] TERRAIN INFLUENCE, LG L1081-1096: the six English rows
-- and a seventh whose label the OCR lost, "+1 / +0,5 / -1": moving uphill
-- onto a slope (NOTES.md, MATRIX 1.D.7).  Paid on top of the hex entered
-- when it lies higher than the hex left; a defender attacked from below
-- gets its combat column.
T.terrain_rows = { "clear", "stream", "road", "swamp", "forest", "village", "slope" }
T.terrain.slope = { printed = "(slope)", on = "uphill", extra = true,
                    infantry = { 1, 1 }, cavalry = { 1, 2 }, commander = { 1, 2 }, combat = -1 }

--------------------------------------------------------------- FIRE TABLES
-- [10.7.1] BOMBARD FIRE (UNITS), LG L926-934 and L1112-1120: "S" is a
-- scatter (LG L1120), in the cells where the English table has D or DS;
-- no "stopped" result.
for range = 1, 3 do
  for roll = 1, 12 do
    local c = T.fire_bombards_units[range][roll]
    T.fire_bombards_units[range][roll] = { disorganize = c.disorganize, stop = false }
  end
end

T.ranged.crossbow_disorg_roll = 6   -- [10.6.2] after a loss, 1D6 = 6: scattered

------------------------------------------------------------------- SCATTER
-- [9] the Scattered Units track and regrouping.
T.scatter = {
  track = 12,                     -- [9.1.2] boxes per side: printed on the map only (A-075); a scenario's data.scatter_track wins
  regroup_dice = 1,               -- [9.1.6] one die per unit on the track ...
  regroup_from = 4,               -- [9.1.6] ... 4 and more: regrouped
  leaderless_sp = 1,              -- [9.1.7] placed by the grand leader: loses 1 SP
  terrain_sp = 1,                 -- [4.2.5] [4.2.6] entering forest, village or swamps: 1 SP and scatter
  terrain_road_cf = 1,            -- [4.2.9] on a road, cavalry with CF 1 is spared
  scattering = { cavalry = { forest = true, village = true, swamp = true }, infantry = { swamp = true } },
}

------------------------------------------------------------- CHARGE FACTOR
T.charge.reduce_mp = { 2, 1 }     -- [5.6.14] 2 MP more to reduce the CF on entering a hex ...
T.charge.reduce_by = 1            -- [5.6.14] ... by 1 (A-034; the amount is not printed)

----------------------------------------------------------------- RIDE DOWN
T.ride_down.margin = 0            -- [5.8.2] CM from CF + armour - terrain - target armour must exceed 0

------------------------------------------------------------------- LEADERS
T.leaders.grand_range = 3         -- [8.1.5] a grand leader is every leader with range 3

------------------------------------------------------------------- FATIGUE
T.fatigue.scatter_above = 12      -- [13.2.1] fatigue above 12: a die for each unit ...
T.fatigue.scatter_below = 4       -- [13.2.1] ... below 4: scattered

return T
