-- Grognard v0.11 (krusader74, 2016, public domain): Chainmail-like mass
-- combat for medieval miniatures at 1:20, carried onto hexes.  The book has
-- no rule numbers: rules are cited by their section's name ("Melees: flank
-- attack").  Its inches become hexes in scale.lua only (1 hex = 3", MP in
-- half-inches).  The sides are the scenario's (`side { "A", name = ... }`).
-- DESIGN.md says which chapters exist; NOTES.md lists every reading.
return {
  name = "grognard",
  title = "Grognard 0.11 (mass combat on hexes)",
  system = "grognard",
  sides = { "A", "B" },
  kinds = {
    "peasants",    -- Troop Types: fight as Light Infantry except where noted
    "LI", "MI", "HI", -- Troop Types: light, medium and heavy infantry
    "LC", "MC", "HC", -- Troop Types: light, medium and heavy cavalry
  },
  attributes = {
    { "figures", "int", 16, min = 0, label = "figures", doc = "figures now, 1 figure = 20 men [Scale]" },      -- Scale: 1 figure = 20 men; the unit's figures now
    { "figures_start", "int", 0, min = 0, label = "figures at the start", doc = "its original total strength [Morale Checks Due to Heavy Losses]" }, -- Morale Checks Due to Heavy Losses: "original total strength" (0: set at setup)
    { "weapon", "string", "", values = { "", "bow", "longbow", "composite_bow", "crossbow", "heavy_crossbow",
                                         "arquebus", "javelin", "axe", "spear", "pike",
                                         "light_catapult", "heavy_catapult", "light_cannon", "heavy_cannon", "bombard", "ram", "mantlet" },
      label = "weapon", doc = "its missile weapon or machine [Missile Fire] [Artillery]" },
    { "elite", "bool", false, label = "elite", doc = "elite troops [Troop Types]" },              -- Troop Types: elite troops
    { "armour", "string", "", values = { "", "light", "medium", "heavy" }, label = "armor", doc = "armor class, none: by its type [Missile Fire]" }, -- Missile Fire: armor class ("" = by type, NOTES.md)
    { "spent", "int", 0, min = 0, label = "half-inches moved", doc = "half-inches moved this turn [Movement]" },          -- MP (half-inches) moved this turn
    { "cover", "bool", false, label = "cover", doc = "in cover [Missile Fire: cover]" },              -- Missile Fire: cover (from the scenario until terrain gives it)
    { "target", "string", "" },              -- Missile Fire: this turn's fire order (simultaneous fire)
    { "fired_twice", "bool", false },        -- Missile Fire: rate of fire, the order is for two volleys
    { "meleed", "bool", false },             -- Melees: has fought a melee this turn
    { "refused_from", "string", "" },        -- Melees: refusing combat, the attackers it stepped back from this turn
    { "refused_line", "string", "" },        -- ... and the infantry of the line it stood beside then
    { "loss_checked", "bool", false },       -- Heavy Losses: passed the Loss Table once
    { "reaction", "string", "" },            -- Post-Melee Morale Checks: the last reaction
    { "retreat_turn", "int", 0, min = 0, label = "retreating since", doc = "the turn it began to retreat, 0: formed [Retreat and Panic]" },   -- Retreat and Panic: turn of retreat (0 = formed)
    { "fell_back", "int", 0, min = 0 },      -- Continued Retreat or Panic: the turn it last moved back
    { "religious", "bool", false, label = "religious knights", doc = "[Historical Options: Religious Knights]" },          -- Historical Options: Religious Knights
    { "mercenary", "bool", false, label = "mercenaries", doc = "[Historical Options: Mercenaries]" },          -- Historical Options: Mercenaries
    { "merc_state", "string", "", values = { "", "stand", "pay_up", "peace_out" } }, -- this turn's "stand", "Pay up!" or "Peace out!"
    { "merc_turns", "int", 0, min = 0 },     -- "Yes sir!": turns left without checks
    { "unloaded", "bool", false, label = "unloaded", doc = "fired, not reloaded yet [Missile Fire] [Guns]" },           -- Missile Fire: heavy crossbowmen, Guns: fired, not reloaded yet
    { "reload", "int", 0, min = 0 },         -- Catapults, Cannon: turn starts before the machine fires again
    { "aim", "string", "" },                 -- Catapults, Cannon: this turn's target hex
    { "call", "string", "", values = { "", "catapult", "short", "long" } }, -- Cannon: "short" or "long"
    -- movement.lua: Movement, Facing and Formation, charges, Fatigue
    { "formation", "string", "line", values = { "line", "column", "square" }, label = "formation", doc = "line, column or square [Facing and Formation]" }, -- Facing and Formation
    { "forming", "bool", false, label = "changing formation", doc = "changing formation this turn, considered flanked [Facing and Formation]" },            -- changing formation this turn ("considered flanked")
    { "form_carry", "int", 0, min = 0 },     -- MP of a formation change left for the next turn
    { "form_busy", "int", 0, min = 0 },      -- MP of this turn's move taken by last turn's change
    { "off_road", "bool", false },           -- Movement (road bonus): a step this turn left the road
    { "stopped", "bool", false },            -- may not move on this turn (a zone of control, a river)
    { "stopped_by", "string", "" },          -- the rule that stopped it
    { "move_roll", "string", "", values = { "", "yes", "no" } }, -- Historical Options: Peasants, this turn's roll to move
    { "engaged", "bool", false, label = "engaged", doc = "fought last turn and still in contact [Melees: disengaging]" },            -- Melees: disengaging, fought last turn and still in contact
    { "charged", "bool", false, label = "charged", doc = "charged this turn [Melees: charge]" },            -- Melees: charge, charged this turn
    { "charged_last", "bool", false },       -- charged last turn: "must move at normal speed"
    { "charge_dir", "int", 0, min = 0, max = 5 }, -- the charge's first direction (the breakthrough's)
    { "charge_target", "string", "" },       -- the enemy charged this turn
    { "knight", "bool", false, label = "knights", doc = "must charge [Historical Options: Knights]" },             -- Historical Options: Knights (must charge)
    { "fatigued", "bool", false, label = "fatigued", doc = "[Fatigue]" },           -- Fatigue
    { "history", "string", "" },             -- Fatigue: the last turns' activity (movement.lua)
    { "arrives", "int", 0, min = 0 },        -- battle.lua: the turn a unit off the map arrives
    { "enter_at", "string", "" },            -- battle.lua: the hex it arrives at
    { "order", "string", "" },               -- Turn Sequence: the Simultaneous Move System, this turn's written order
  },
  roles = { strength = "figures" },
  tables = {
    ["tables.mct"] = { title = "Mass Combat Table (MCT)", row = "attacker", column = "defender" },
    ["tables.charge"] = { title = "Morale Checks Due to Cavalry Charge", row = "defender", column = "attacker class" },
    ["tables.loss"] = { title = "Loss Table", row = "unit type" },
  },
  terrain = { "clear", "ditch", "hill", "rampart", "marsh", "rough", "wooded", "mud", -- mud: Weather
              "bastion", "curtain_wall", "gatehouse", "palisade" },                -- Sieges: structures
  edges = { "river", "stream", "road" },
  modules = { "tables", "scale", "units", "sequence", "missile", "melee", "morale", "historical", "weather", "artillery", "joust", "sieges", "movement", "render", "battle", "simultaneous", "bot" },
  -- Turn Sequence: the Move/Counter Move System (or, option sequence, the
  -- Simultaneous Move System: no initiative, no move phases, the sealed
  -- phase `orders`; simultaneous.lua)
  phases = {
    -- Jousting (option joust): a tilt each turn, and nothing else
    { name = "tilt", side = "", cite = "Jousting", enter = "joust.tilt" },
    { name = "initiative", side = "", cite = "Turn Sequence: Move/Counter Move 1", enter = "sequence.initiative" },
    -- the Simultaneous Move System 1-2: written orders, sealed, carried out at once
    { name = "orders", side = "*", sealed = true, actions = { "order", "order_charge", "cic" },
      cite = "Turn Sequence: the Simultaneous Move System 1-2", skip = "simultaneous.skip", exit = "simultaneous.resolve" },
    { name = "move.first", side = "@first", cite = "Turn Sequence: Move/Counter Move 2",
      actions = { "move", "turn", "form", "charge" }, enter = "movement.phase_start" },
    { name = "move.last", side = "@last", cite = "Turn Sequence: Move/Counter Move 3",
      actions = { "move", "turn", "form", "charge" }, enter = "movement.phase_start" },
    -- steps 4 and 5 (artillery, missile fire) in one phase: both resolved together at its end
    -- sealed: neither side sees the other's orders before both have ended it (README: sealed phases)
    { name = "missile", side = "*", sealed = true, actions = { "fire", "catapult", "cannon" }, cite = "Turn Sequence: Move/Counter Move 4-5",
      skip = "missile.nobody_can_fire", exit = "missile.resolve" },
    { name = "melee", side = "*", actions = { "melee", "batter" }, cite = "Turn Sequence: Move/Counter Move 6",
      skip = "melee.nobody_in_contact" },
  },
  actions = {
    -- move UNIT: one hex into the frontal hex; move UNIT HEX [FACING]: a path order (movement.reach)
    move = { params = { "unit" }, run = "movement.move", legal = "movement.legal_moves",
             check = "movement.check_move", reach = "movement.reach" },
    -- turn UNIT FACING: a facing change, paid out of the move (Facing and Formation)
    turn = { params = { "unit", "facing" }, run = "movement.turn", legal = "movement.legal_turns",
             check = "movement.check_turn" },
    -- form UNIT FORMATION: line, column or square (Facing and Formation)
    form = { params = { "unit", "choice:line,column,square" }, run = "movement.form", legal = "movement.legal_forms" },
    -- charge UNIT ENEMY: the whole move as a charge into contact (Melees: charge)
    charge = { params = { "unit", "unit" }, run = "movement.charge", legal = "movement.legal_charges" },
    -- order UNIT HEX FACING, order_charge UNIT ENEMY, cic UNIT FRIEND: the
    -- Simultaneous Move System's written orders (simultaneous.lua)
    order = { params = { "unit", "hex", "facing" }, run = "simultaneous.order_move", legal = "simultaneous.legal_orders" },
    order_charge = { params = { "unit", "unit" }, run = "simultaneous.order_charge", legal = "simultaneous.legal_order_charges" },
    cic = { params = { "unit", "unit" }, run = "simultaneous.order_cic", legal = "simultaneous.legal_cic" },
    -- fire UNIT TARGET: a missile order, resolved with every other at the phase's end
    fire = { params = { "unit", "unit" }, run = "missile.order", legal = "missile.legal" },
    -- catapult UNIT HEX: a catapult (or a bombard as one) at a hex
    catapult = { params = { "unit", "hex" }, run = "artillery.catapult", legal = "artillery.legal_catapult" },
    -- cannon UNIT HEX short|long: a cannon ball along the line through HEX
    cannon = { params = { "unit", "hex", "choice:short,long" }, run = "artillery.cannon", legal = "artillery.legal_cannon" },
    -- melee UNITS ENEMIES: all roll on the MCT at once, then casualties, then morale
    melee = { params = { "units", "units" }, run = "melee.fight", legal = "melee.legal" },
    -- batter UNIT HEX: a ram (picks, screws) against an adjacent structure (Sieges)
    batter = { params = { "unit", "hex" }, run = "sieges.batter", legal = "sieges.legal_batter" },
  },
  -- Melees: disengaging from a melee: engaged units go on fighting
  phase_hooks = { melee = { exit = "movement.continue_melees" } },
  hooks = { setup = { "units.setup", "sieges.setup", "battle.setup" },
            turn_start = { "missile.turn_start", "sequence.turn_start", "historical.turn_start", "morale.turn_start",
                           "weather.turn_start", "artillery.turn_start", "battle.turn_start" },
            turn_end = { "movement.turn_end", "battle.turn_end" }, game_end = "battle.game_end" },
  options = {
    sequence = { default = "move_counter_move", values = { "move_counter_move", "simultaneous" },
      doc = "Turn Sequence: the Move/Counter Move System (initiative, move and counter-move), or the Simultaneous Move System (both sides' written orders, sealed, carried out half a move at a time)" },
    zoc = { default = "rigid", values = { "none", "elastic", "rigid", "locking" },
      doc = "Melees: Zone of Control, the effect agreed before play: elastic (+1 hex of MP), rigid (stop), locking (no leaving without melee), or none" },
    weather = { default = "off", values = { "off", "random", "clear", "cloudy", "light_rain", "heavy_rain", "excess" },
      doc = "Weather: off, the first state rolled (random, the initial distribution on a d12), or the state the battle starts in" },
    joust = { default = "off", values = { "off", "on" },
      doc = "Jousting: each turn is a tilt between the two knights (the joust scenario), no battle" },
    catapult_overshoot = { default = "off", values = { "off", "on" },
      doc = "Catapults: the over-/under-shoot option, d6 - d6 inches along the line of fire" },
    cannon_kills = { default = "file", values = { "file", "all" },
      doc = "Cannon: the figures a ball kills in each struck hex: one file (the counter's ranks), or every figure (MATRIX A-122)" },
    missile_medium_5_6 = { default = "printed", values = { "printed", "smoothed" },
      doc = "Missile Fire, Medium Armor, 5-6 firing: the printed 2 / 2, or 1 / 2 (the progression of its neighbours)" },
  },
}
