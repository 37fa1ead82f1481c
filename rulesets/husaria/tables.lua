-- Kircholm 1605, "Husaria" system: every table and every numeric list the
-- rulebook prints, as data.  "L123" is line 123 of the book
-- (kircholm-1605-husaria-en.txt); numbers in brackets are its rules, as
-- printed ("4.43", two digits after the point).  Movement points are kept
-- in halves (the road costs cavalry 1/2 MP): every cost below is in MP and
-- `half` marks the one fraction.  Readings of doubtful cells are in
-- NOTES.md.  tests/tables_spec.lua checks every cell against a transcription
-- of the book's rows.
local T = {}

------------------------------------------------------- TERRAIN (L653-662)
-- [4.41] [4.51] [6.31] "Terrain influence for combat and moove": the MP to
-- enter a hex by arm, and the combat modifier.  `add` = the printed "+n"
-- (stream, slope: added to the hex's own cost); `prohibited` = "prohibitet"
-- (swamp; 4.46 eliminates cavalry that enters one off a road); `half_attack`
-- = "1/2 SP of Attacking forces"; `combat` = column shifts against the
-- attacker (negative), "–" = 0.
T.terrain = {
  clear   = { infantry = 1, cavalry = 1, combat = 0,  printed = { "1", "1", "–" } },             -- L656
  stream  = { infantry = 1, cavalry = 2, add = true, combat = -1, printed = { "+1", "+2", "-1" } }, -- L657
  road    = { infantry = 1, cavalry_halves = 1, combat = 0, printed = { "1", "1/2", "–" } },     -- L658
  swamp   = { prohibited = true, half_attack = true, combat = 0,
              printed = { "prohibitet", "prohibitet", "1/2 SP of Attacking forces" } },          -- L659
  forest  = { infantry = 2, cavalry = 3, combat = -2, printed = { "2", "3", "-2" } },             -- L660
  village = { infantry = 2, cavalry = 3, combat = -2, printed = { "2", "3", "-2" } },             -- L661
  slope   = { infantry = 1, cavalry = 1, add = true, combat = -1, printed = { "+1", "+1", "-1" } }, -- L662
}

-- The cost in halves of an MP for an arm ("infantry" | "cavalry") to enter
-- terrain t (a hex's own terrain); nil when prohibited.
function T.enter_halves(t, arm)
  local row = T.terrain[t]
  if not row or row.prohibited then return nil end
  if arm == "cavalry" and row.cavalry_halves then return row.cavalry_halves end
  return 2 * row[arm]
end

------------------------------------------------------- TURN COSTS
-- [4.43] L154-158: cavalry turns, by sixths of a circle (1 = 60 degrees).
T.cavalry_turn = { 1, 2, 3 }
-- [5.23] L200-204: cavalry that starts in an enemy ZoC, before it moves
-- (terrain not added).
T.cavalry_turn_in_zoc = { 2, 3, 4 }
-- [4.47] L170: infantry, any angle, any terrain.
T.infantry_turn = 1
-- [4.44] L160-164: the example's forest cost for a turn (4), where the
-- terrain table says 3 (option forest_turn_cost, NOTES.md).
T.example_forest_turn_terrain = 4

------------------------------------------------------- BATTLE TABLE (L664-679)
-- [6.21] [7.11] [7.12] Columns are ratios attacker:defender, weakest first;
-- a shift in the attacker's favour moves one column right.  Rows are the
-- 2D6 roll ("Rzut kostka"), 2..12; low rolls favour the attacker.  A
-- printed cell is "ATTACKER/DEFENDER"; without a slash it concerns the
-- side its letter names (A = attacker, B = defender), "-" alone is no
-- result.  "-1" = loses 1 SP, "An"/"Bn" = retreats n hexes, "R" =
-- automatic dispersal (10.11).  Row 3, 7:1 is printed "-B5" (read B5;
-- NOTES.md).
T.columns = { "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1" }
T.battle = {
  [2] = {  -- L666
    { printed = "-",      att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:4
    { printed = "-",      att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:3
    { printed = "B1-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 1, def_disperse = false },  -- 1:2
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 1:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 2:1
    { printed = "-1/B2",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 3:1
    { printed = "-1/B3R", att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 3, def_disperse = true  },  -- 4:1
    { printed = "-1/B4R", att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 4, def_disperse = true  },  -- 5:1
    { printed = "-1/B4R", att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 4, def_disperse = true  },  -- 6:1
    { printed = "-1/B5R", att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 5, def_disperse = true  },  -- 7:1
    { printed = "-1/B5R", att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 5, def_disperse = true  },  -- 8:1
    { printed = "-1/B5R", att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 5, def_disperse = true  },  -- 9:1
  },
  [3] = {  -- L667
    { printed = "-1/-1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 0, def_disperse = false },  -- 1:4
    { printed = "-",      att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:3
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 1:2
    { printed = "B1-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 1, def_disperse = false },  -- 1:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 2:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 3:1
    { printed = "B3-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 3, def_disperse = false },  -- 4:1
    { printed = "B3",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 3, def_disperse = false },  -- 5:1
    { printed = "B4",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 4, def_disperse = false },  -- 6:1
    { printed = "-B5",    att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 5, def_disperse = false },  -- 7:1
    { printed = "B5",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 5, def_disperse = false },  -- 8:1
    { printed = "B5",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 5, def_disperse = false },  -- 9:1
  },
  [4] = {  -- L668
    { printed = "-1/-",   att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:4
    { printed = "-1/-1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 0, def_disperse = false },  -- 1:3
    { printed = "-",      att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:2
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 1:1
    { printed = "B2-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 2, def_disperse = false },  -- 2:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 3:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 4:1
    { printed = "B3-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 3, def_disperse = false },  -- 5:1
    { printed = "B3",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 3, def_disperse = false },  -- 6:1
    { printed = "B4",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 4, def_disperse = false },  -- 7:1
    { printed = "B5",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 5, def_disperse = false },  -- 8:1
    { printed = "B5-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 5, def_disperse = false },  -- 9:1
  },
  [5] = {  -- L669
    { printed = "A1",     att_loss = 0, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:4
    { printed = "-1/-",   att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:3
    { printed = "-1/-1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 0, def_disperse = false },  -- 1:2
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 1:1
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 2:1
    { printed = "B2-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 2, def_disperse = false },  -- 3:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 4:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 5:1
    { printed = "B3-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 3, def_disperse = false },  -- 6:1
    { printed = "B3",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 3, def_disperse = false },  -- 7:1
    { printed = "B4-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 4, def_disperse = false },  -- 8:1
    { printed = "B5",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 5, def_disperse = false },  -- 9:1
  },
  [6] = {  -- L670
    { printed = "A1-1",   att_loss = 1, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:4
    { printed = "A1",     att_loss = 0, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:3
    { printed = "-1/-",   att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:2
    { printed = "-",      att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:1
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 2:1
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 3:1
    { printed = "B2-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 2, def_disperse = false },  -- 4:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 5:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 6:1
    { printed = "B3-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 3, def_disperse = false },  -- 7:1
    { printed = "B3",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 3, def_disperse = false },  -- 8:1
    { printed = "B4-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 4, def_disperse = false },  -- 9:1
  },
  [7] = {  -- L671
    { printed = "A1R",    att_loss = 0, att_retreat = 1, att_disperse = true , def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:4
    { printed = "A1-1",   att_loss = 1, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:3
    { printed = "A1",     att_loss = 0, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:2
    { printed = "-1/-1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 0, def_disperse = false },  -- 1:1
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 2:1
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 3:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 4:1
    { printed = "B2-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 2, def_disperse = false },  -- 5:1
    { printed = "B2-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 2, def_disperse = false },  -- 6:1
    { printed = "B2-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 2, def_disperse = false },  -- 7:1
    { printed = "B3-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 3, def_disperse = false },  -- 8:1
    { printed = "B3-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 3, def_disperse = false },  -- 9:1
  },
  [8] = {  -- L672
    { printed = "A2",     att_loss = 0, att_retreat = 2, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:4
    { printed = "A1R",    att_loss = 0, att_retreat = 1, att_disperse = true , def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:3
    { printed = "A1-1",   att_loss = 1, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:2
    { printed = "-1/-",   att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:1
    { printed = "-",      att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 2:1
    { printed = "-1/B1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 3:1
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 4:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 5:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 6:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 7:1
    { printed = "B2-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 2, def_disperse = false },  -- 8:1
    { printed = "B3",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 3, def_disperse = false },  -- 9:1
  },
  [9] = {  -- L673
    { printed = "A2-1",   att_loss = 1, att_retreat = 2, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:4
    { printed = "A2",     att_loss = 0, att_retreat = 2, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:3
    { printed = "A1R",    att_loss = 0, att_retreat = 1, att_disperse = true , def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:2
    { printed = "A1",     att_loss = 0, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:1
    { printed = "-1/-1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 0, def_disperse = false },  -- 2:1
    { printed = "-",      att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 3:1
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 4:1
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 5:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 6:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 7:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 8:1
    { printed = "B2-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 2, def_disperse = false },  -- 9:1
  },
  [10] = {  -- L674
    { printed = "A2-1",   att_loss = 1, att_retreat = 2, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:4
    { printed = "A2-1",   att_loss = 1, att_retreat = 2, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:3
    { printed = "A1-1",   att_loss = 1, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:2
    { printed = "A1-1",   att_loss = 1, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:1
    { printed = "-1/-",   att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 2:1
    { printed = "-1/-1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 0, def_disperse = false },  -- 3:1
    { printed = "-1/B1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 4:1
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 5:1
    { printed = "B1-1",   att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 1, def_disperse = false },  -- 6:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 7:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 8:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 9:1
  },
  [11] = {  -- L675
    { printed = "A3-1",   att_loss = 1, att_retreat = 3, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:4
    { printed = "A3",     att_loss = 0, att_retreat = 3, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:3
    { printed = "A2-1",   att_loss = 1, att_retreat = 2, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:2
    { printed = "A1R",    att_loss = 0, att_retreat = 1, att_disperse = true , def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:1
    { printed = "A1",     att_loss = 0, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 2:1
    { printed = "-1/-",   att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 3:1
    { printed = "-",      att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 4:1
    { printed = "-1/B1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 5:1
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 6:1
    { printed = "B1",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 7:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 8:1
    { printed = "B2",     att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 9:1
  },
  [12] = {  -- L676
    { printed = "A4-1R",  att_loss = 1, att_retreat = 4, att_disperse = true , def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:4
    { printed = "A3-1R",  att_loss = 1, att_retreat = 3, att_disperse = true , def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:3
    { printed = "A2-1R",  att_loss = 1, att_retreat = 2, att_disperse = true , def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:2
    { printed = "A1-1",   att_loss = 1, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 1:1
    { printed = "A1-1",   att_loss = 1, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 2:1
    { printed = "A1",     att_loss = 0, att_retreat = 1, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false },  -- 3:1
    { printed = "-1/-1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 0, def_disperse = false },  -- 4:1
    { printed = "-1/-1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 0, def_disperse = false },  -- 5:1
    { printed = "-1/-1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 0, def_disperse = false },  -- 6:1
    { printed = "-1/-1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 1, def_retreat = 0, def_disperse = false },  -- 7:1
    { printed = "-1/B1",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 1, def_disperse = false },  -- 8:1
    { printed = "-1/B2",  att_loss = 1, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 2, def_disperse = false },  -- 9:1
  },
}

-- [7.12] The effect fields of a printed Battle Table cell (for `bitwa
-- lint` and `bitwa diff`): "ATTACKER/DEFENDER", or one side's part named
-- by its letter; nil when the text cannot be read.
function T.read_battle(text)
  local r = { att_loss = 0, att_retreat = 0, att_disperse = false, def_loss = 0, def_retreat = 0, def_disperse = false }
  local function part(s, default)
    if s == "-" then return true end
    if s == "-1" then
      if not default then return false end
      r[default .. "_loss"] = 1
      return true
    end
    local letter, n, loss, flag = s:match("^%-?([AB])(%d)(%-?1?)(R?)$")
    if not letter then return false end
    local side = letter == "A" and "att" or "def"
    r[side .. "_retreat"] = math.tointeger(tonumber(n))
    r[side .. "_loss"] = loss == "-1" and 1 or 0
    r[side .. "_disperse"] = flag == "R"
    return true
  end
  local a, d = text:match("^(.-)/(.*)$")
  if a then
    if not (part(a, "att") and part(d, "def")) then return nil end
  elseif not part(text, nil) then
    return nil
  end
  return r
end

------------------------------------------------------- BATTLE DISPERSAL (L681-690)
-- [6.21 step 9] 1D6 after every retreat: the row is the retreat's length
-- (B1/A1 .. B5/A5), the column the unit's type and morale; the listed
-- rolls disperse it.  Columns as printed: infantry morale 6, 7, 8; cavalry
-- morale 6, "7 i 8"; husaria.  "-" = never.
T.dispersal_columns = { "infantry6", "infantry7", "infantry8", "cavalry6", "cavalry78", "husaria" }
T.dispersal = {  -- T.dispersal[retreat][column] = highest dispersing roll (0 = none)
  [1] = { 3, 1, 0, 2, 0, 0 },   -- L686 "1-3 1 - 1-2 - -"
  [2] = { 4, 2, 1, 3, 1, 1 },   -- L687 "1-4 1-2 1 1-3 1 1"
  [3] = { 5, 3, 2, 4, 2, 1 },   -- L688 "1-5 1-3 1-2 1-4 1-2 1"
  [4] = { 5, 4, 3, 5, 3, 2 },   -- L689 "1-5 1-4 1-3 1-5 1-3 1-2"
  [5] = { 5, 5, 4, 5, 4, 3 },   -- L690 "1-5 1-5 1-4 1-5 1-4 1-3"
}

------------------------------------------------------- ARTILLERY (L692-735)
-- [13.21] [13.22] Artillery Firing Combat Table: by the guns' SP (1, 2, 3)
-- and the distance band, the result of a 2D6 roll (high rolls favour the
-- firer).  `first` = the lowest roll with a printed column ("0-6" and "6"
-- read as "6": a lower roll has no effect; "5" in heavy SP 3); cells from
-- that roll up to 12.  "-" none, "-1" = 1 SP and a morale check, "R" =
-- dispersal (legend L753-755).
T.artillery = {
  light = {
    bands = { { 1, 2 }, { 3, 4 }, { 5, 6 } },                                   -- "odleglosc"
    [1] = { first = 6, { "-", "-", "-", "-1", "R", "R", "R" },                 -- L698
                       { "-", "-", "-", "-", "-1", "R", "R" },                 -- L699
                       { "-", "-", "-", "-", "-", "-1", "R" } },               -- L700
    [2] = { first = 6, { "-", "-", "-1", "R", "R", "R", "R" },                 -- L704
                       { "-", "-", "-", "-1", "R", "R", "R" },                 -- L705
                       { "-", "-", "-", "-", "-1", "R", "R" } },               -- L706
    [3] = { first = 6, { "-1", "-1", "R", "R", "R", "R", "R" },                -- L710
                       { "-", "-1", "-1", "R", "R", "R", "R" },                -- L711
                       { "-", "-", "-1", "-1", "R", "R", "R" } },              -- L712
  },
  heavy = {
    bands = { { 1, 1 }, { 2, 2 }, { 3, 3 }, { 4, 4 } },
    [1] = { first = 6, { "-1", "-1", "-1", "R", "R", "R", "R" },               -- L718
                       { "-", "-1", "-1", "-1", "R", "R", "R" },               -- L719
                       { "-", "-", "-1", "-1", "-1", "R", "R" },               -- L720
                       { "-", "-", "-", "-1", "-1", "-1", "R" } },             -- L721
    [2] = { first = 6, { "-1", "-1", "R", "R", "R", "R", "R" },                -- L725
                       { "-", "-1", "-1", "R", "R", "R", "R" },                -- L726
                       { "-", "-", "-1", "-1", "R", "R", "R" },                -- L727
                       { "-", "-", "-", "-1", "-1", "R", "R" } },              -- L728
    [3] = { first = 5, { "-1", "-1", "R", "R", "R", "R", "R", "R" },           -- L732
                       { "-1", "-1", "-1", "R", "R", "R", "R", "R" },          -- L733
                       { "-", "-1", "-1", "-1", "R", "R", "R", "R" },          -- L734
                       { "-", "-", "-1", "-1", "-1", "R", "R", "R" } },        -- L735
  },
}
-- [13.11] L534-538: the guns' range in hexes.
T.artillery_range = { heavy = 4, light = 3 }

------------------------------------------------------- FIRE LOSSES (L737-751)
-- [12.11] [12.2] [12.31] Fire Losses Table (WK): rows by the shooters'
-- summed strength ("sila strzelajacego" 1, 2, 3, "4+"), columns by 2D6 from
-- `first` to 12 (infantry: "-6" = a roll of 6 or less, no effect; cavalry:
-- rolls below 8 have no effect).
T.muskets = {
  infantry = { first = 6,
    [4] = { "-", "-1", "-1", "-1", "R", "R", "R" },   -- L740 "4+"
    [3] = { "-", "-", "-1", "-1", "R", "R", "R" },    -- L741
    [2] = { "-", "-", "-", "-1", "-1", "R", "R" },    -- L742
    [1] = { "-", "-", "-", "-", "-1", "-1", "R" },    -- L743
  },
  cavalry = { first = 8,
    [4] = { "-1", "-1", "R", "R", "R" },              -- L748 "4+"
    [3] = { "-", "-1", "-1", "R", "R" },              -- L749
    [2] = { "-", "-", "-1", "-1", "R" },              -- L750
    [1] = { "-", "-", "-", "-1", "-1" },              -- L751
  },
}
-- [12.11] L502: summed strength at most 4.  [12.2] L510-516: range 1 hex;
-- a hollow star shoots twice a stage, a full star once.
T.musket_max_strength = 4
T.musket_range = 1
T.musket_shots = { hollow = 2, full = 1 }

-- The result of a fire table for a roll: "-" | "-1" | "R".
function T.fire_result(row, first, roll)
  if roll < first then return "-" end
  if roll > 12 then roll = 12 end
  return row[roll - first + 1]
end

------------------------------------------------------- SMALL LISTS
-- [6.72] L326-330: the lance modifier (column shifts) by the unit's SP.
T.kopie = { [2] = 3, [1] = 2 }
-- [15.12] L601-607: command range in hexes by the commander's modifier.
T.command_range = { [2] = 4, [1] = 3, [0] = 2 }
-- 16 (15.22) L633-637: archery hits (2D6) by the archers' SP (2 SP: 10, 11
-- as printed; option tatar_twelve adds 12, A-109).
T.archery = { [2] = { 10, 11 }, [1] = { 11, 12 } }
-- 16 (15.24) L641: range.
T.archery_range = 1
-- [6.16] L224: attacking from opposing sides.
T.opposite_sides = 1
-- [4.27] [7.23] L138 L384: SP per hex; [13.34] L581 with artillery.
T.stacking = 2
T.stacking_with_artillery = 4
-- [9.13] L422: commanders' movement in hexes.
T.commander_move = 10
-- [9.22] [9.23] L439-445: 2D6 = 12 kills the commander.
T.commander_death = 12
-- [9.24] L447: fields the morale token moves for a commander killed.
T.commander_morale = 4
-- 16 (15.26) L647: 2D6 = 12 kills a leader under archery.
T.archery_leader_death = 12

return T
