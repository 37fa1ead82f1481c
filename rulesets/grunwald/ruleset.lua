-- Grunwald 1410, "Medieval" system, English edition: the base of the
-- Medieval rulesets (Legnica and the revised French edition extend it).
-- One file per chapter of the book; DESIGN.md says which module owns what
-- and where the variants hook in.
return {
  name = "grunwald",
  title = "Grunwald 1410 (Medieval system, English edition)",
  system = "medieval",
  -- the Polish-Lithuanian army (Poles, Lithuanians, Tatars) and the
  -- Teutonic Order; which of them is player A is the scenario's (2.1)
  sides = { "PL", "TO" },
  -- [1.1] field units, [11] ranged units, [8] leaders, [7] banners
  kinds = { "cavalry", "infantry", "archers", "crossbowmen", "horse_archers", "bombards",
            "leader", "banner" },
  attributes = {
    { "sp", "int", 1, min = 0, label = "SP", doc = "strength points, SP [1.2]" },     -- [1.2] strength points
    { "mp", "int", 0, min = 0, label = "MP", doc = "movement points as printed, MP [1.2]" },     -- [1.2] movement points as printed
    { "armour", "int", 0, min = 0, max = 2, label = "armour", doc = "armour level 0-2 [1.2]" }, -- [1.2] armour level 0-2
    { "cf", "int", 0, min = 0, max = 3, label = "CF", doc = "charge factor, CF 0-3 [5.6]" },     -- [5.6] charge factor 0-3
    { "mp_left", "int", 0, min = 0, per = 6, label = "MP left", doc = "MP left this phase" }, -- MP left this phase, in sixths of an MP
    { "nation", "string", "", label = "nation", doc = "nation [13.1]" },      -- poles, lithuanians, tatars, teutons [13.1]
    { "condition", "string", "", values = { "", "disorganized", "panicked" }, label = "condition", doc = "disorganized [9] or panicked [10]" }, -- [9] [10]
    { "formation", "string", "", values = { "", "combat", "movement" }, label = "formation", doc = "ranged units: combat or movement formation [11.1.1]" }, -- ranged units [11.1.1]
    { "leader", "string", "", ref = { kind = "leader", side = "same" }, label = "leader", doc = "the leader it is assigned to [13.1.5]" }, -- the leader the unit is assigned to [13.1.5]
    { "banner_group", "string", "", label = "banner group", doc = "its banner group [13.1.1]" },-- [13.1.1]
    { "grand", "bool", false, label = "grand leader", doc = "grand leader [8.1.5]" },      -- leaders: grand leader [8.1.5]
    { "range", "int", 0, min = 0, label = "command range", doc = "leader: command range [8.0]" },  -- leaders: command range 2 or 3 [8.0] (a scenario may give another)
    { "fatigue", "int", 0, min = 0, label = "fatigue", doc = "leader: fatigue points [14]" },         -- leaders [14]
    { "active", "bool", false },     -- leaders: moved, fought or influenced a fight this turn [14.1.3]
    { "holder", "string", "", ref = { side = "same" }, label = "held by", doc = "banner: the unit holding it, none when fallen [7.1]" }, -- banners: the unit holding it, "" when fallen [7.1]
    { "captured", "bool", false, label = "captured", doc = "banner: captured [7.1.6]" },   -- banners [7.1.6]
    { "moved", "bool", false },      -- has moved this phase
    { "turned_here", "bool", false },-- has turned on its current hex this phase [4.3.8]
    { "road_move", "bool", true },   -- every hex entered this phase was along a road [TERRAIN *]
    { "road_bonus", "bool", false }, -- has used the road's extra hex this phase
    { "stopped", "bool", false },    -- may not move on this phase [3.3.2] [5.7.11] [11.6.2] [11.7.1]
    { "whole_mp", "bool", false },   -- has used 4.2.9 this phase
    { "zoc_pass", "bool", false },   -- passing an enemy ZoC: the next hex costs +1 MP [3.3.3]
    { "shots", "int", 0, min = 0 },           -- shots this turn [11.1.6] [11.5.6]
    { "fired_own", "bool", false },  -- horse archers: fired in their own movement phase [11.5.7]
    { "countercharged", "bool", false }, -- this enemy movement phase [5.7.7]
    { "fought", "bool", false },     -- has attacked in this combat phase
    { "off_map", "int", 0, min = 0 },         -- the turn it left the map [4.4.3], 0 = on the map
    { "left_phase", "string", "", values = { "", "move", "pursuit" } }, -- how it left [4.4.3]
    { "left_at", "hex", nil },       -- the hex it left from [4.4.4]
    { "arrives", "int", 0, min = 0 },         -- reinforcements: the first turn it may enter
    { "demolish", "int", 0, min = 0 },        -- full turns spent destroying a fortification [12.1.6]
  },
  -- what a scenario must give each unit of a kind (the defaults above
  -- are no counter's values): a leader's or banner's SP is not 1
  required = {
    cavalry = { "sp", "mp" }, infantry = { "sp", "mp" }, archers = { "sp", "mp" },
    crossbowmen = { "sp", "mp" }, horse_archers = { "sp", "mp" }, bombards = { "sp", "mp" },
    leader = { "sp", "mp", "range" }, banner = { "sp" },
  },
  -- the book's names of the tables' cells (bitwa diff shows "COMBAT TABLE,
  -- roll 7, column 1:1"), and the reading of the COMBAT TABLE's printed
  -- cells that bitwa lint checks each cell's fields against
  tables = {
    ["tables.combat"] = { title = "COMBAT TABLE", row = "roll", column = "column",
                          column_labels = "tables.columns", read = "tables.read_combat" },
    ["tables.disorganization.rows"] = { title = "COMBAT DISORGANIZATION", row = "row", row_labels = "=printed" },
    ["tables.terrain"] = { title = "TERRAIN INFLUENCE", row = "terrain" },
    ["tables.fire_archers"] = { title = "ARCHER FIRE", row = "range", column = "modified roll" },
    ["tables.fire_crossbowmen"] = { title = "CROSSBOWMAN FIRE", row = "range", column = "modified roll" },
    ["tables.fire_horse_archers"] = { title = "HORSE ARCHER FIRE", row = "range", column = "modified roll" },
    ["tables.fire_bombards_units"] = { title = "BOMBARDS FIRE (UNITS)", row = "range", column = "modified roll" },
    ["tables.fire_bombards_objects"] = { title = "BOMBARD FIRE (OBJECTS)", row = "range", column = "modified roll" },
    ["tables.pursuit.rows"] = { title = "PURSUIT", row = "hexes from leader", row_labels = "=hexes" },
    ["tables.morale_test.rows"] = { title = "MORALE TEST", row = "MORALE", row_labels = "=morale" },
  },
  terrain = { "clear", "swamp", "forest", "village", "hill", "fortification", "lake" },
  edges = { "stream", "road", "river", "bridge", "ford", "gate" },
  modules = {
    "tables", "arith", "units", "zoc", "reactions",
    "charge", "movement", "countercharge", "ride_down", "fortifications",
    "combat", "retreat", "pursuit", "condition", "morale", "banners", "leaders",
    "ranged", "organization", "fatigue", "reinforcements", "victory", "phases", "bot",
  },
  -- [2.1] the nine phases; "@side.A" is the side the scenario makes player A
  phases = {
    { name = "A.cavalry_move", side = "@side.A", cite = "2.1",
      actions = { "move", "turn", "enter", "fire", "pass_banner", "rally", "demolish" },
      enter = "phases.movement_start", exit = "phases.movement_end" },
    { name = "A.cavalry_attack", side = "@side.A", cite = "2.1", actions = { "attack", "advance" },
      enter = "phases.combat_start", exit = "combat.check_mandatory" },
    { name = "A.infantry_move", side = "@side.A", cite = "2.1",
      actions = { "move", "turn", "enter", "formation", "pass_banner", "rally", "demolish" },
      enter = "phases.movement_start", exit = "phases.movement_end" },
    { name = "A.infantry_attack", side = "@side.A", cite = "2.1", actions = { "attack", "advance" },
      enter = "phases.combat_start", exit = "combat.check_mandatory" },
    { name = "B.cavalry_move", side = "@side.B", cite = "2.1",
      actions = { "move", "turn", "enter", "fire", "pass_banner", "rally", "demolish" },
      enter = "phases.movement_start", exit = "phases.movement_end" },
    { name = "B.cavalry_attack", side = "@side.B", cite = "2.1", actions = { "attack", "advance" },
      enter = "phases.combat_start", exit = "combat.check_mandatory" },
    { name = "B.infantry_move", side = "@side.B", cite = "2.1",
      actions = { "move", "turn", "enter", "formation", "pass_banner", "rally", "demolish" },
      enter = "phases.movement_start", exit = "phases.movement_end" },
    { name = "B.infantry_attack", side = "@side.B", cite = "2.1", actions = { "attack", "advance" },
      enter = "phases.combat_start", exit = "combat.check_mandatory" },
    { name = "morale", side = "", cite = "2.1", enter = "phases.morale_phase" },
  },
  actions = {
    -- move UNIT [keep]: one hex into the frontal hex; "keep" refuses the CF gain [5.6.12]
    -- move UNIT HEX [FACING]: a path order, walked by moves and turns (movement.reach)
    move = { params = { "unit", "choice:keep?" }, run = "movement.move", legal = "movement.legal_moves",
             check = "movement.check_move", reach = "movement.reach" },
    turn = { params = { "unit", "facing" }, run = "movement.turn", legal = "movement.legal_turns",
             check = "movement.check_turn" },
    enter = { params = { "unit", "hex", "facing" }, run = "reinforcements.enter", legal = "reinforcements.legal" },
    attack = { params = { "units", "units" }, run = "combat.attack", legal = "combat.legal_attacks" },
    advance = { params = { "unit", "hex", "facing?" }, run = "combat.advance", legal = "combat.legal_advances" },
    fire = { params = { "unit", "unit" }, run = "ranged.fire_own_phase", legal = "ranged.legal_own_fire" },
    formation = { params = { "unit" }, run = "ranged.change_formation", legal = "ranged.legal_formations" },
    pass_banner = { params = { "unit", "unit" }, run = "banners.pass", legal = "banners.legal_passes" },
    rally = { params = { "unit" }, run = "condition.rally", legal = "condition.legal_rallies" },
    demolish = { params = { "unit" }, run = "fortifications.declare", legal = "fortifications.legal" },
  },
  -- the MP left, in the reach costs' sixths (per = 6): shown in whole MP
  -- balance: the MORALE track, + in favour of the first side [6.1]
  roles = { movement = "mp_left", states = { "condition", "formation" }, balance = { "morale" } },
  -- the tracks drawn beside the map and shown by bitwa serve [6.1]
  panel = { { "MORALE track [6.1] (+: the first side)", "morale" } },
  hooks = {
    setup = "phases.setup",
    turn_start = "phases.turn_start",
    turn_end = "phases.turn_end",
    game_end = "victory.game_end",
  },
  options = {
    complementary = { default = true, doc = "13.0-14.0: units organization and fatigue (complementary rules)" },
    turn_terrain_cost = { default = "table", values = { "table", "example" }, doc = "4.3.6: terrain added to a turn: 'table' (the arm's cost) or 'example' (the printed example's 2 MP)" },
    ride_down_cost = { default = "surcharge", values = { "surcharge", "total" }, doc = "5.8.4: 'surcharge' (the SP ridden down are paid on top of entering the hex, A-038) or 'total' (the SP are the whole cost of the hex)" },
    morale_value = { default = "zones", values = { "zones", "offset" }, doc = "6.1 / A-007: the MORALE value a track position gives: 'zones' (the fields read through tables.morale.zones, bounded at +/-2, an estimate of the map's track) or 'offset' (the signed field offset itself, unbounded)" },
    leader_test_modifier = { default = "add", values = { "add", "subtract" }, doc = "6.2.2-6.2.3: 'add' as the English text prints (a leader makes the test harder, since low rolls pass) or 'subtract' (leaders help, as the French edition)" },
  },
}
