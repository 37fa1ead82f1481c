-- Grognard v0.11 (krusader74, 2016, public domain): every table the book
-- prints for mass combat and its historical chapters, as data.  The book has
-- no rule numbers: each table is cited by its section's name ("Missile Fire:
-- rate of fire") and "L123" is line 123 of grognard-0.11.txt.  Values are
-- kept as printed, in inches, points and dice; the hex conversion lives in
-- scale.lua only.  Fractions the book prints ("2 1/2 points", "33 1/3%",
-- "3 1/2\"") are kept as integer numerator/denominator pairs, because the
-- rules work in integers.  tests/tables_spec.lua checks every cell against
-- the book's lines.  The appendix tables the book refers to (Hand-to-Hand,
-- man-to-man missile, Fantastic Combat) are missing from the text (NOTES.md).
local T = {}

-- The troop types (Troop Types, L58-68), light to heavy within each arm.
-- Peasants fight as Light Infantry except where a rule says otherwise.
T.types = { "LI", "MI", "HI", "LC", "MC", "HC" }
T.type_names = {
  peasants = "Peasants", LI = "Light Infantry", MI = "Medium Infantry", HI = "Heavy Infantry",
  LC = "Light Cavalry", MC = "Medium Cavalry", HC = "Heavy Cavalry",
}
T.arm = { peasants = "infantry", LI = "infantry", MI = "infantry", HI = "infantry",
          LC = "cavalry", MC = "cavalry", HC = "cavalry" }
-- the class within the arm: 1 light, 2 medium, 3 heavy
T.class = { peasants = 1, LI = 1, MI = 2, HI = 3, LC = 1, MC = 2, HC = 3 }
T.by_class = { infantry = { "LI", "MI", "HI" }, cavalry = { "LC", "MC", "HC" } }

------------------------------------------------- POINT VALUES (L69-93)
-- Point Values: per figure, in halves of a point ("1/2 point" = 1).
T.points_halves = { peasants = 1, LI = 2, MI = 4, HI = 5, LC = 6, MC = 8, HC = 10 } -- L73-79
-- Point Values: additional weapons costs, in halves of a point (L82-89)
T.weapon_points_halves = {
  arquebus = 3, crossbow = 3, heavy_crossbow = 3, -- "Arquibus or any crossbow 1 1/2 points"
  bombard = 60,                                   -- "Bombard 30 points"
  bow = 6,                                        -- "Bow 3 points"
  heavy_catapult = 40, heavy_cannon = 40,         -- "Heavy Catapult or Cannon 20 points"
  light_catapult = 30, light_cannon = 30,         -- "Light Catapult or Cannon 15 points"
  longbow = 8, composite_bow = 8,                 -- "Longbow or composite bow 4 points"
  magic = 20,                                     -- "Magic sword, arrows or armor 10 points"
  pike = 2,                                       -- "Pike 1 point"
}
T.handicap_points = 50 -- Point Values: "50 bonus points of figures" (L71)

------------------------------------------------- MOVEMENT (L113-136)
-- Movement: move, road bonus, charge move, missile range, in inches; false
-- = "--".  Footnotes: * catapults and cannons have their own sections;
-- ** javelin troops only 6"; *** troops with axes and spears (MI, 3").
T.movement = {
  crossbowmen       = { move = 12, road = false, charge = 12, range = 18 }, -- L119-120 "Arquibusiers/ Crossbowmen"
  arquebusiers      = { move = 12, road = false, charge = 12, range = 18 }, -- L119 (the same row)
  artillery         = { move = 6, road = 3, charge = false, range = false }, -- L121 "Catapults/Cannons" (*)
  HC                = { move = 12, road = 3, charge = 18, range = false },  -- L122
  heavy_crossbowmen = { move = 9, road = false, charge = 9, range = 24 },   -- L123
  HI                = { move = 6, road = false, charge = 6, range = false }, -- L124
  LC                = { move = 24, road = 6, charge = 30, range = 18 },     -- L125 (**)
  LI                = { move = 9, road = false, charge = 12, range = 15 },  -- L126-127 "Light Infantry/ Archers"
  longbowmen        = { move = 12, road = false, charge = 15, range = 21 }, -- L128
  MC                = { move = 18, road = 6, charge = 24, range = 15 },     -- L129
  MI                = { move = 9, road = false, charge = 12, range = 3 },   -- L130 (***)
  wagons            = { move = 6, road = 6, charge = false, range = false }, -- L131
}
T.javelin_range = 6 -- Movement: "** Javelin troops only have a 6\" range." (L134)

------------------------------------------------- TERRAIN (L137-157)
-- Terrain: `slow` = "Slows movement 50%"; `no_charge` = prevents charge
-- moves; `downhill_normal` = "downward movement is at normal speed";
-- `no_heavy` = no heavy equipment, catapults or guns; `no_formed` = formed
-- bodies may not move; river: halt before and after, a whole move to
-- cross; stream: 6" to cross.
T.terrain = {
  ditch   = { slow = true, no_charge = true, downhill_normal = true },  -- L141-144
  hill    = { slow = true, no_charge = true, downhill_normal = true },  -- L141-144
  rampart = { slow = true, no_charge = true, downhill_normal = true },  -- L141-144
  marsh   = { slow = true, no_charge = true, downhill_normal = true, no_heavy = true }, -- L145-147
  river   = { halt = true, cross_moves = 1 },                           -- L148-150
  rough   = { no_charge = true },                                       -- L151
  stream  = { cross_inches = 6, no_charge = true },                     -- L152
  wooded  = { slow = true, no_charge = true, downhill_normal = true, no_formed = true }, -- L153-155
}

-- Sieges: the structures printed on a map as terrain are crossed as a
-- rampart (slow, no charge): the book gives walls no movement rule
-- (NOTES.md).  A destroyed one is rubble (rough).
for _, s in ipairs { "bastion", "curtain_wall", "gatehouse", "palisade" } do T.terrain[s] = T.terrain.rampart end

------------------------------------------------- FACING AND FORMATION (L158-181)
-- Facing and Formation: formation changes, in moves (* infantry only).
T.formation = {
  column = { line = 1, square = 1 },  -- L162-163 "Column -- Line 1 Move", "Column -- Square* 1 Move"
  line = { column = 1, square = 2 },  -- L164-165 "Line -- Column 1 Move", "Line -- Square* 2 Moves"
}
T.square_infantry_only = true        -- L167 "* Infantry only"
-- facing changes: degrees -> the penalty as a fraction of a move {num, den}
T.facing = {
  [180] = { 1, 1 },                   -- L174 "About Face 180° 1 Move"
  [90] = { 1, 2 },                    -- L175 "Left or Right Face 90° 1/2 Move"
  [45] = { 1, 4 },                    -- L176 "Oblique 45° 1/4 Move"
}
-- L179 "Double all penalties for peasants. Halve all penalties for elite
-- infantry and cavalry."  {num, den} multipliers.
T.facing_factor = { peasants = { 2, 1 }, elite = { 1, 2 }, normal = { 1, 1 } }

------------------------------------------------- FATIGUE (L182-195)
-- Fatigue: the four conditions (consecutive turns), and elite doubling.
T.fatigue = {
  { move = 5 },                              -- L184 "Moving 5 consecutive turns."
  { melee = 3 },                             -- L185 "Meleeing 3 consecutive turns."
  { move = 2, charge = 1, melee = 1 },       -- L186 "Moving 2 consecutive turns, charging, then meleeing."
  { move = 1, charge = 1, melee = 2 },       -- L187 "Moving 1 turn, charging, then meleeing 2 turns."
}
T.fatigue_elite_factor = 2                   -- L188
T.fatigue_morale = -1                        -- L192 "Morale value drops -1 on values and dice rolls."
T.fatigue_uphill_moves = 2                   -- L193
T.fatigue_rest_turns = 1                     -- L194

------------------------------------------------- MISSILE FIRE (L197-231)
-- Missile Fire: rows { low, high, hits on the low dice band, hits on the
-- high band }; `split` = the lowest die of the high band.
T.missile = {
  light = { split = 3, rows = {                 -- L200-208 "Light Armor", die 1-2 | 3-6
    { 1, 2, 0, 1 }, { 3, 4, 1, 2 }, { 5, 6, 2, 3 }, { 7, 8, 3, 4 }, { 9, 10, 4, 5 } } },
  medium = { split = 4, rows = {                -- L209-217 "Medium Armor", die 1-3 | 4-6
    { 1, 2, 0, 0 }, { 3, 4, 0, 1 }, { 5, 6, 2, 2 }, { 7, 8, 2, 3 }, { 9, 10, 3, 3 } } },
  heavy = { split = 5, rows = {                 -- L218-225 "Heavy Armor", die 1-4 | 5-6
    { 4, 8, 0, 1 }, { 9, 12, 1, 2 }, { 13, 16, 2, 3 }, { 17, 20, 3, 3 } } },
}
T.armour_order = { "light", "medium", "heavy" }
T.heavy_crossbow_bonus = 1   -- Missile Fire: heavy crossbowmen "+1 to Missile Fire rolls" (L227)
T.fire_ranks = 2             -- Missile Fire: number of ranks permitted to fire (L230)
T.indirect_range = { 2, 3 }  -- Missile Fire: indirect fire "reduces the range ... by 1/3" (L231)
T.indirect_min_inches = 3    -- Missile Fire: over troops "more than 3\" distant" (L231)
T.cover_hits = { 1, 2 }      -- Missile Fire: "Cover reduces the number of hits inflicted by half" (L231)

-- The hits for `n` firers at armour `armour` on die `die` (after any
-- modifier, clamped to 1..6); nil when n is outside the printed rows.
function T.missile_hits(armour, n, die)
  local t = T.missile[armour]
  if die < 1 then die = 1 elseif die > 6 then die = 6 end
  for _, r in ipairs(t.rows) do
    if n >= r[1] and n <= r[2] then return die >= t.split and r[4] or r[3] end
  end
  return nil
end

------------------------------------------------- CATAPULTS (L241-258)
-- Catapults: ranges and the hit area's diameter in inches ({num, den}),
-- the rate of fire as "fires once every N turns".
T.catapult = {
  light = { min = 15, max = 30, area = { 2, 1 }, every = 2 },  -- L246-247
  heavy = { min = 24, max = 48, area = { 7, 2 }, every = 3 },  -- L248-249 "3 1/2\"", "Every third turn"
}
T.crew_full = 4               -- Catapults: "Full crew for a catapult is 4 men." (L252)
T.crew_arc = 45               -- Catapults: arc of fire 45 degrees left or right (L253)

-- Catapults: crew.  The extra turns to fire for a crew of `crew` men; nil
-- when it cannot fire (no crew).
function T.crew_extra_turns(crew)
  if crew <= 0 then return nil end
  if crew >= T.crew_full then return 0 end
  return T.crew_full - crew
end

------------------------------------------------- CANNON (L261-287)
T.cannon = {
  light = { range = 30, every = 2 },                                  -- L264 "Light cannons 30\" Every other turn N/A"
  heavy = { range = 36, every = 3 },                                  -- L265
  bombard = { range = 42, every = 3, area = { 7, 2 }, as_catapult = true }, -- L266 "Bombards 42\" Every third turn 3 1/2\"*"
}
-- Cannon: game mechanics.  The bounce/range dowel's segments from the
-- muzzle, white first, in inches, and its diameter {num, den}.
T.dowel = {
  light = { segments = { 16, 6, 3, 5 }, diameter = { 5, 8 } },          -- L275 30"
  heavy = { segments = { 18, 6, 3, 2, 1, 6 }, diameter = { 3, 4 } },   -- L276 36"
  bombard = { segments = { 20, 8, 4, 2, 1, 7 }, diameter = { 1, 1 } },  -- L277 42"
}
T.deviation_dowel = { length = 6, segment = { 3, 2 }, numbers = 6 }      -- L273 6", 1 1/2" segments, 1-6

------------------------------------------------- GUNS (L290-309)
-- Guns: accuracy die by range band (inches), the lowest score that hits.
T.guns = {
  { from = 12, to = 18, hit = 5 },   -- L294 "12\" -- 18\" 5-6"
  { from = 6, to = 12, hit = 4 },    -- L295 "6\" -- 12\" 4-6"
  { from = 0, to = 6, hit = 2 },     -- L296 "0\" -- 6\" 2-6"
}
T.guns_every = 2                      -- Guns: rate of fire, "every other turn" (L299)
T.guns_cover = { half_or_less = -1, more_than_half = -2 }  -- L305-306
T.guns_rest = 1                       -- Guns: bonus, resting on a strong support (L307)

-- Guns: the score to hit at `inches` (the nearer band where two touch:
-- NOTES.md, A-123); nil beyond 18".
function T.gun_hit(inches)
  if inches < 0 or inches > 18 then return nil end
  for i = #T.guns, 1, -1 do
    local b = T.guns[i]
    if inches >= b.from and inches <= b.to then return b.hit end
  end
end

------------------------------------------------- MELEES (L310-337)
T.melee_range = 3      -- Melees: melee range, "Units within 3\"" (L312)
T.join_inches = 6      -- Melees: melee range, "one-half of its normal movement or 6\" (whichever is higher)"
-- Melees: the Mass Combat Table (MCT), L316-324: [attacker][defender] =
-- { X dice, per Y figures, R the lowest die that kills }.
local function c(x, y, r) return { x, y, r } end
T.mct = {
  LI = { LI = c(1, 1, 6), MI = c(1, 2, 6), HI = c(1, 3, 6), LC = c(1, 2, 6), MC = c(1, 3, 6), HC = c(1, 4, 6) },
  MI = { LI = c(1, 1, 5), MI = c(1, 1, 6), HI = c(1, 2, 6), LC = c(1, 2, 6), MC = c(1, 3, 6), HC = c(1, 4, 6) },
  HI = { LI = c(1, 1, 4), MI = c(1, 1, 5), HI = c(1, 1, 6), LC = c(1, 1, 6), MC = c(1, 2, 6), HC = c(1, 3, 6) },
  LC = { LI = c(2, 1, 5), MI = c(2, 1, 6), HI = c(1, 1, 6), LC = c(1, 1, 6), MC = c(1, 2, 6), HC = c(1, 3, 6) },
  MC = { LI = c(2, 1, 4), MI = c(2, 1, 5), HI = c(2, 1, 6), LC = c(1, 1, 5), MC = c(1, 1, 6), HC = c(1, 1, 6) },
  HC = { LI = c(4, 1, 5), MI = c(3, 1, 5), HI = c(2, 1, 5), LC = c(2, 1, 5), MC = c(1, 1, 5), HC = c(1, 1, 6) },
}
T.pike_ranks = { 3, 5 }  -- Melees: ranks, "Three to five ranks of pikemen may defend against a charge" (L330)

------------------------------------------------- POST-MELEE MORALE (L338-368)
-- Post-Melee Morale Checks: morale factors (step 3), L343-348.
T.morale_factor = { peasants = 3, LI = 4, MI = 5, elite_MI = 6, LC = 6, HI = 7, MC = 8, HC = 9 }
-- step 4: the reaction by the difference of the totals, L351-358.  The
-- book prints "40 to 79 retreat 1 move" after "40 to 59": read 60-79
-- (NOTES.md, A-119); `printed_from` keeps the printed lower bound.
-- `moves` = {num, den} of a move; `good_order` = a back move in good order.
T.reactions = {
  { from = 0, to = 19, result = "continue" },                                        -- L353
  { from = 20, to = 39, result = "back", moves = { 1, 2 }, good_order = true },      -- L354
  { from = 40, to = 59, result = "back", moves = { 1, 1 }, good_order = true },      -- L355
  { from = 60, to = 79, result = "retreat", moves = { 1, 1 }, printed_from = 40 },   -- L356
  { from = 80, to = 99, result = "panic", moves = { 3, 2 } },                        -- L357
  { from = 100, to = nil, result = "surrender" },                                    -- L358
}
T.small_melee_figures = 20  -- "Double all totals for melees involving fewer than 20 figures per side." (L359)
T.small_melee_factor = 2

function T.reaction_named(result)
  for _, r in ipairs(T.reactions) do if r.result == result then return r end end
end

function T.reaction(diff)
  for _, r in ipairs(T.reactions) do
    if diff >= r.from and (r.to == nil or diff <= r.to) then return r end
  end
end

-- Retreat and Panic: "A score of 1-2 is required to regroup when attacked" (L360)
T.regroup_attacked = 2
-- Continued Retreat or Panic, L364-368: by turn of retreat, the lowest d6
-- score that regroups; "auto" = automatic on the next turn unless
-- attacked; "removed" = removed from game.
T.regroup = { "auto", 3, 6, "removed" }

------------------------------------------------- HEAVY LOSSES (L369-381)
-- Morale Checks Due to Heavy Losses: the Loss Table.  `pct` = the casualty
-- percentage as {num, den}; `score` = 2d6 to remain.
T.loss = {
  LI = { pct = { 1, 4 }, score = 8 },   -- L374 "25% 8 or better"
  MI = { pct = { 1, 3 }, score = 7 },   -- L375 "33 1/3% 7 or better"
  HI = { pct = { 1, 3 }, score = 6 },   -- L376
  LC = { pct = { 1, 4 }, score = 8 },   -- L377
  MC = { pct = { 1, 3 }, score = 7 },   -- L378
  HC = { pct = { 1, 2 }, score = 6 },   -- L379 "50% 6 or better"
}

------------------------------------------------- CAVALRY CHARGE (L382-397)
-- Morale Checks Due to Cavalry Charge: [defender][attacker class] = the
-- 2d6 score to stand (light, medium, heavy chargers).
T.charge = {
  LI = { 8, 9, 10 },  -- L389
  MI = { 7, 8, 9 },   -- L390
  HI = { 6, 7, 8 },   -- L391
  LC = { 5, 6, 7 },   -- L392
  MC = { 4, 5, 6 },   -- L393
  HC = { 3, 4, 5 },   -- L394
}
T.charge_both = { infantry = 1, cavalry = 2 }   -- "adding 1 ... if Infantry, and 2 ... if Cavalry" (L384)
T.charge_flank, T.charge_rear = -1, -2          -- L397
T.charge_fail_moves = { 3, 2 }                  -- "retreat 1 1/2 moves" (L384)

------------------------------------------------- HISTORICAL OPTIONS (L398-440)
T.knights_free = 6   -- Knights: "unless they score a 6 on an obedience roll" (L405)
-- Mercenaries: before each turn, d6 (L409-414), and on a 6 the second table (L416-425)
T.mercenaries = { "stand", "obey", "obey", "obey", "obey", "roll_again" }
T.mercenaries_again = { "pay_up", "bribed", "peace_out", "yes_sir", "yes_sir", "yes_sir" }
T.mercenaries_yes_sir_turns = 3
-- Peasants: 2d6 to move (L429), and to attack / to defend against each
-- enemy type (L430-438).
T.peasants_move = 7
T.peasants = {
  peasants = { attack = 4, defend = 5 },  -- L432
  LI = { attack = 6, defend = 6 },        -- L433
  MI = { attack = 8, defend = 7 },        -- L434
  HI = { attack = 9, defend = 8 },        -- L435
  LC = { attack = 10, defend = 9 },       -- L436
  MC = { attack = 11, defend = 10 },      -- L437
  HC = { attack = 12, defend = 11 },      -- L438
}
T.religious_morale = 1  -- Religious Knights: "+1 on all morale checks" (L440)

------------------------------------------------- WEATHER (L441-461)
-- Weather: the states, the initial distribution and the transition matrix
-- as printed (twelfths), then the exact dice that realise them (MATRIX
-- §2.14): a d12 for the first state, a d6 per check.
T.weather_states = { "clear", "cloudy", "light_rain", "heavy_rain", "excess" }
T.weather_initial = { 5, 4, 1, 1, 1 }   -- twelfths: (5/12, 1/3, 1/12, 1/12, 1/12), L447
T.weather_matrix = {                     -- twelfths, rows = from, columns = to, L450-456
  { 8, 2, 0, 0, 2 },    -- 2/3 1/6 0 0 1/6
  { 2, 8, 2, 0, 0 },    -- 1/6 2/3 1/6 0 0
  { 0, 4, 4, 4, 0 },    -- 0 1/3 1/3 1/3 0
  { 0, 4, 4, 4, 0 },
  { 0, 2, 0, 0, 10 },   -- 0 1/6 0 0 5/6
}
T.weather_d12 = { 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 4, 5 }
T.weather_d6 = {
  { 1, 1, 1, 1, 2, 5 },  -- from clear: 1-4 clear, 5 cloudy, 6 excess
  { 1, 2, 2, 2, 2, 3 },  -- from cloudy: 1 clear, 2-5 cloudy, 6 light rain
  { 2, 2, 3, 3, 4, 4 },  -- from light rain: 1-2 cloudy, 3-4 light, 5-6 heavy
  { 2, 2, 3, 3, 4, 4 },  -- from heavy rain
  { 2, 5, 5, 5, 5, 5 },  -- from excess: 1 cloudy, 2-6 excess
}
T.weather_every = 2     -- "Check for a transition every other turn." (L448)
T.mud_turns = 3         -- "3 turns of heavy rain causes mud" (L445)

------------------------------------------------- JOUSTING (L569-621)
-- Jousting: aiming points (AP 1-8) and defensive positions (DP 1-6), the
-- DPs each AP permits, the Jousting Matrix [AP][DP] (codes as printed,
-- "/" joining several) and the Jousting Results (the attacker's score).
T.joust_ap = { "Helm", "Dexter Chief Point", "Honor Point", "Sinister Point", "Dexter Flank",
               "Nombril Point", "Sinister Flank", "Base Point" }                       -- L574-582
T.joust_dp = { "Lower Helm", "Lean Right", "Lean Left", "Steady Seat", "Shield High", "Shield Low" } -- L585-591
T.joust_permitted = {                                                                 -- L593-600
  { 4, 5, 6 }, { 3, 4, 5, 6 }, { 1, 2, 3, 4, 5, 6 }, { 2, 4, 5, 6 },
  { 4, 5, 6 }, { 1, 2, 3, 4, 5, 6 }, { 4, 5, 6 }, { 1, 4, 5, 6 },
}
T.joust_matrix = {                                                                    -- L606-613
  { "M", "M", "M", "H", "U", "M" },
  { "U", "B", "M", "B", "B", "M" },
  { "B/U/I", "U", "M", "B", "B/U", "U/I" },
  { "M", "M", "B", "M", "M", "U" },
  { "B", "B/U", "M", "B", "M", "B" },
  { "B/U", "M", "B", "B/U", "B/U/I", "B" },
  { "M", "M", "B/U", "M", "M", "M" },
  { "B", "M", "U", "B", "B/U/I", "B" },
}
T.joust_results = { B = -1, H = 3, I = 10, M = 0, U = 20 }                          -- L614-619
T.joust_after = { 4, 6 }  -- "*": after B or H, "defensive position 4 or 6 on the next tilt" (L620)
T.joust_tilts = 3         -- Tournament: "the highest score after three tilts" (L602)

------------------------------------------------- SIEGES (L462-495)
-- Sieges: the Defense Value range of each structure (L468-475).
T.structures = {
  bastion = { 40, 60 },           -- "Bastions and round towers"
  curtain_wall = { 25, 40 },      -- "Curtain walls and stone buildings"
  engine = { 5, 5 },              -- "Cannons and heavy catapults"
  gatehouse = { 30, 45 },         -- "Gatehouses, square towers, and gates"
  light_engine = { 3, 3 },        -- "Light catapults and movable mantlets"
  rampart = { 20, 30 },           -- "Ramparts and earth-filled gabions"
  wooden = { 5, 15 },             -- "Wooden structures and palisades"
}
-- Sieges: damage by war machines, in Defense Value (L479-484); rams, picks
-- and screws per turn.
T.siege_damage = { bombard = 6, heavy_cannon = 4, light_cannon = 3, heavy_catapult = 3, light_catapult = 2, ram = 2 }

return T
