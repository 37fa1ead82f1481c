-- Kircholm 1605, "Husaria" system (Taktyka i Strategia, 2015): the rules
-- as the English translation prints them (kircholm-1605-husaria-en.txt),
-- cited by the book's own numbers ("4.21": rule 1 of 4.2).  A stage has
-- six phases [3.1]: the artillery, movement and attack phases of the side
-- with the initiative (player A, the scenario's side.A), then of the other.
-- A one-off deployment phase per side opens the game ("forces can be
-- freely deployed in the zones", the scenarios).  DESIGN.md says which
-- chapters are implemented; NOTES.md lists every reading.
return {
  name = "husaria",
  title = "Kircholm 1605 (Husaria system)",
  system = "husaria",
  sides = { "PL", "SW" },
  kinds = {
    "husaria",     -- [2.3] hussars (lances, 6.7)
    "cavalry",     -- [2.3] kozacy/petyhorcy, reiters, Swedish cavalry
    "tatars",      -- [16.0] cavalry with archery
    "infantry",    -- [2.3] infantry and west-European infantry
    "pikes",       -- [15.0] a pike formation
    "artillery",   -- [13.11] heavy "C" or light "L" (gun)
    "commander",   -- [9.0] commanders [2.1]
    "wagon",       -- [11.0] tabor
    "fence",       -- [14.0] an oriented fence token
  },
  attributes = {
    { "sp", "int", 2, min = 0, label = "SP", doc = "strength points, SP [6.41]" },    -- [6.41] strength points
    { "mp", "int", 8, min = 0, label = "MP", doc = "printed MP [4.22]" },    -- [4.22] printed MP
    { "morale", "int", 7, label = "morale", doc = "morale number [6.21]" },         -- [6.21] the counter's morale number
    { "gun", "string", "", values = { "", "heavy", "light" }, label = "gun", doc = "artillery: heavy or light gun [13.11]" }, -- [13.11]
    { "stars", "string", "", values = { "", "full", "hollow" }, label = "stars", doc = "musketeers: full star shoots once, hollow twice [12.2]" }, -- [12.2] full: shoots once, hollow: twice
    { "command", "int", 0, min = 0, max = 2, label = "command", doc = "commander: modifier 0, +1, +2 [9.21]" }, -- [9.21] a commander's modifier 0, +1, +2
    { "chief", "bool", false, label = "chief commander", doc = "the side's chief commander [10.14]" },     -- [10.14] the side's chief commander
    { "mp_left", "int", 0, min = 0, per = 2, label = "MP left", doc = "MP left this phase [4.22]" }, -- [4.22] MP left this phase, in halves
    { "moved", "bool", false },     -- has entered a hex or turned this phase
    { "zoc_start", "bool", false }, -- [5.23] [5.24] began its movement phase in an enemy ZoC
    { "stopped", "bool", false },   -- [5.21] may not move on this phase
    { "on_road", "bool", true },    -- every hex entered this phase was along a road [4.54]
    { "fought", "bool", false },    -- has attacked in this attack phase [6.23]
    { "attacked", "bool", false },  -- has been attacked in this attack phase [6.13]
    { "dispersed", "bool", false, label = "dispersed", doc = "on its side's dispersed units track [10.12]" }, -- on its side's dispersed units track [10.12]
    { "track_order", "int", 0 },    -- when it came onto the track
    { "leader", "string", "", ref = { kind = "commander", side = "same" }, label = "commander", doc = "its own commander [10.14]" }, -- its own commander [10.14] (H-14)
    { "kopie", "bool", false, label = "lance", doc = "carries a lance token [6.71]" },     -- carries a lance token [6.71]
    { "fired", "bool", false },     -- a gun that fired in its artillery phase [13.17]
    { "pinned", "bool", false },    -- a gun with an enemy next to it at its phase's start [13.15]
    { "shots", "int", 0 },          -- musket shots this stage [12.2]
    { "countercharged", "bool", false }, -- has counter-charged this stage [6.65]
    { "react_fired", "bool", false },    -- a gun that fired in this enemy movement phase [13.11]
    { "arrows_own", "bool", false },     -- Tatars: shot in the own movement phase [16 (15.22)]
    { "arrows_opp", "bool", false },     -- Tatars: shot in this enemy movement phase [16 (15.22)]
    { "base_mp", "int", 0 },        -- a pike unit's MP as infantry [15.15]
  },
  roles = { strength = "sp", movement = "mp_left", leaders = { "commander" }, markers = { "wagon", "fence" },
            states = { "dispersed" } },
  -- the book's tables, for `bitwa lint` (each printed cell read back) and `bitwa diff`
  tables = {
    ["tables.battle"] = { title = "Battle Table", row = "roll", column = "column",
                          column_labels = "tables.columns", read = "tables.read_battle" },
    ["tables.dispersal"] = { title = "Battle Dispersal", row = "retreat", column = "unit" },
    ["tables.terrain"] = { title = "Terrain influence for combat and movement", row = "terrain" },
  },
  -- the map's tracks and boxes, drawn beside it [6.74] [8.11] [10.12] [15.11]
  panel = {
    { "Stage", "turn" },
    { "Morale track (fields for PL; SW if negative)", "morale" },
    { "Morale modifier this stage (PL +, SW -)", "morale.effective" },
    { "Kopie in wagon, PL", "kopie.stock.PL" }, { "Used kopie, PL", "kopie.used.PL" },
    { "Pike tokens, PL", "pikes.stock.PL" }, { "Pike tokens, SW", "pikes.stock.SW" },
    { "Units eliminated, PL", "eliminated.PL" }, { "Units eliminated, SW", "eliminated.SW" },
  },
  terrain = { "clear", "forest", "village", "swamp", "orchard", "hill" },
  edges = { "stream", "slope", "road", "river", "bridge", "ford" },
  modules = { "tables", "units", "zoc", "markers", "movement", "kopie", "morale", "commanders", "dispersal",
              "retreat", "fire", "artillery", "musketry", "combat", "tatars", "reactions", "pikemen", "victory", "phases", "bot" },
  -- [3.1] the stage's six phases, after the one-off deployment
  phases = {
    { name = "A.deploy", side = "@side.A", deployment = true, actions = { "deploy" }, cite = "3.1" },
    { name = "B.deploy", side = "@side.B", deployment = true, actions = { "deploy" }, cite = "3.1" },
    { name = "A.artillery", side = "@side.A", skip = "phases.no_guns", cite = "3.1", actions = { "fire" },
      enter = "artillery.phase_start" },
    { name = "A.movement", side = "@side.A", actions = { "move", "turn", "back", "lead", "lance", "shoot", "pike", "haul" }, cite = "3.1",
      enter = "phases.movement_start" },
    { name = "A.attack", side = "@side.A", actions = { "attack", "volley", "pike" }, cite = "3.1",
      enter = "combat.phase_start", exit = "combat.check_mandatory" },
    { name = "B.artillery", side = "@side.B", skip = "phases.no_guns", cite = "3.1", actions = { "fire" },
      enter = "artillery.phase_start" },
    { name = "B.movement", side = "@side.B", actions = { "move", "turn", "back", "lead", "lance", "shoot", "pike", "haul" }, cite = "3.1",
      enter = "phases.movement_start" },
    { name = "B.attack", side = "@side.B", actions = { "attack", "volley", "pike" }, cite = "3.1",
      enter = "combat.phase_start", exit = "combat.check_mandatory" },
  },
  actions = {
    -- deploy UNIT HEX FACING: within the unit's zone (the scenarios)
    deploy = { params = { "unit", "hex", "facing" }, run = "phases.deploy", legal = "phases.legal_deploys" },
    -- move UNIT: one hex into the frontal hex [4.21]
    move = { params = { "unit" }, run = "movement.move", legal = "movement.legal_moves" },
    turn = { params = { "unit", "facing" }, run = "movement.turn", legal = "movement.legal_turns" },
    -- back UNIT HEX [FACING]: back away from an enemy ZoC [5.24]
    back = { params = { "unit", "hex", "facing?" }, run = "movement.back", legal = "movement.legal_backs" },
    -- attack ATTACKERS DEFENDERS [6.21]
    attack = { params = { "units", "units" }, run = "combat.attack", legal = "combat.legal_attacks" },
    -- fire GUNS TARGET: artillery in its artillery phase [13.14]
    fire = { params = { "units", "unit" }, run = "artillery.fire", legal = "artillery.legal" },
    -- volley SHOOTERS TARGET: muskets in the attack phase [12.11]
    volley = { params = { "units", "unit" }, run = "musketry.fire", legal = "musketry.legal" },
    -- shoot TATARS TARGET: archery in the own movement phase [16 (15.21)]
    shoot = { params = { "unit", "unit" }, run = "tatars.own", legal = "tatars.legal" },
    -- pike UNIT: into pike formation [15.12] or back [15.15]
    pike = { params = { "unit" }, run = "pikemen.toggle", legal = "pikemen.legal" },
    -- lance UNIT: a hussar unit takes a lance token [6.71]
    lance = { params = { "unit" }, run = "kopie.take", legal = "kopie.legal" },
    -- haul UNIT: a unit on its wagon moves one hex with it [11.16] (option wagons = "carried")
    haul = { params = { "unit" }, run = "movement.haul", legal = "movement.legal_hauls" },
    -- lead COMMANDER HEX: a commander's move of one hex [9.13]
    lead = { params = { "unit", "hex" }, run = "movement.lead", legal = "movement.legal_leads" },
  },
  hooks = { setup = { "phases.setup", "markers.setup" }, game_end = "victory.game_end", turn_start = { "morale.stage_start", "musketry.stage_start", "reactions.stage_start" } },
  options = {
    forest_turn_cost = { default = "table", values = { "table", "example" }, doc = "4.44: the terrain added to a cavalry turn in a forest: 'table' (3, the terrain table) or 'example' (4, the printed example)" },
    ford_cost = { default = 1, min = 0, doc = "4.52: the additional MP for crossing a ford (the book gives no number)" },
    blocked_retreat = { default = "example", values = { "example", "eliminate" }, doc = "7.22: a unit that cannot retreat the full distance: 'example' (it goes as far as it can and loses 1 SP per hex missing, the printed example) or 'eliminate' (the rule's sentence)" },
    morale_zone_fields = { default = 5, min = 1, doc = "8.11: fields in each zone of the morale track (printed on the map only; an estimate): zone 0 is the middle ones" },
    light_range = { default = 3, values = { 3, 6 }, doc = "13.11: light artillery's range in hexes: 3 (the rule) or 6 (its table's last band, A-106)" },
    kopie_phase = { default = "own", doc = "6.71: lance tokens are taken at the beginning of the side's own movement phase ('own', A-101) or of either side's ('any', H-03: the other side is asked at the start of the enemy's movement phase)" },
    morale_scope = { default = "all", doc = "8.14-8.15: the morale zone's modifier counts in every battle ('all', 8.15) or only in the side's own attacks ('own_attacks', 8.14)" },
    musket_shots = { default = "stage", doc = "12.2: a hollow star shoots twice and a full star once a 'stage' (A-104) or in each attack 'phase'" },
    tatar_twelve = { default = false, doc = "16 (15.22): a 2-SP Tatar unit also hits on 12 (the book prints 10 and 11, A-109)" },
    countercharge = { default = "joint", values = { "joint", "sequential" }, doc = "6.65: several cavalry units that may counter-charge one mover do it 'joint' (one battle, the others join the first: 'simultaneously') or 'sequential' (each its own battle, one after another)" },
    wagons = { default = "carried", values = { "carried", "static" }, doc = "11.14, 11.16 (A-103): an infantry or artillery unit on its wagon may move with it ('carried': haul UNIT, ignoring enemy ZoC) or wagons stay where the scenario puts them ('static')" },
    dispersal_track = { default = 15, min = 0, doc = "10.15: boxes on a side's dispersed units track (printed on the map only; an estimate)" },
  },
}
