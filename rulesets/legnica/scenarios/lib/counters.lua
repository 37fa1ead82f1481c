-- The counters of the Legnica scenarios: every value here is an ESTIMATE.
-- The rulebook prints no counter values (LG 1.2 describes the counters but
-- the counter sheet is not in the text, MATRIX 5.2), so sp, mp, armour,
-- ranges and the nations below are chosen from what the book does say:
--   a cavalry counter is "about 50 horsemen/knights", an infantry counter
--   "around 150 men" (1.2); cavalry is light (armour 0), regular (1) or
--   heavy (2), infantry retainers (0), light (1) or heavy (2) (1.1);
--   a horse archer with 1 SP shoots worse (10.5.9), so a full-strength
--   horse archer has 2 SP and a reduced side; stacking is 2 SP a hex
--   (4.5.1), leaders and banners count nothing (8.1.1);
--   a leader has 10 MP (8.1.2), range 3 for a grand leader, 2 for the
--   others (8.0), and a grand leader is every leader with range 3 (8.1.5);
-- and from the usual values of the Medieval system (the Grunwald
-- scenarios' estimates): knights mp 7, the Military Orders mp 6 (as the
-- Teutonic knights of Grunwald), light horse and horse archers mp 8, foot
-- mp 4.
--
-- Each scenario calls these with its own names and hexes:
--   unit(C.cavalry { "H-1", leader = "Henryk", hex = "1512", facing = "SE", zone = "H" })
-- fills in side, kind, nation, sp, mp and armour from the commander's row
-- below, so that the values stand in one place for the three scenarios.
local C = {}

-- Cavalry, by commander (12.1.2: the scenario assigns every unit to its
-- commander; the counter letters give it: 1/H is Henryk's, 1/Bo
-- Boleslaw's...).
C.CAVALRY = {
  -- Henryk II the Pious, Duke of Silesia (and of Kraków and Greater
  -- Poland): his court and the Silesian knighthood, the strongest division
  -- (Długosz's fifth): heavy cavalry.
  Henryk   = { side = "PL", nation = "poles",  sp = 2, mp = 7, armour = 2 },
  -- Bolesław (Szepiołka, son of the Margrave of Moravia in Długosz): the
  -- first division, volunteers, crusaders and the gold miners of
  -- Złotoryja.  The book lists 1/Bo-8/Bo among the cavalry counters (its
  -- infantry is numbered 1-10 on its own), so they are read as mounted
  -- volunteers: light cavalry, poorly armoured and as quick as light horse.
  Boleslaw = { side = "PL", nation = "poles",  sp = 2, mp = 8, armour = 0 },
  -- Jurgen and Ludwig: the Military Orders (1.1 names them a battle side;
  -- "Czech rescue": "the bravest of Templars, Johnnies and Teutonic Order
  -- brothers"): the Teutonic knights of Poppo von Osterna and the
  -- Templars, heavy cavalry, mp 6 as the Order's knights in Grunwald.
  Jurgen   = { side = "PL", nation = "orders", sp = 2, mp = 6, armour = 2 },
  Ludwig   = { side = "PL", nation = "orders", sp = 2, mp = 6, armour = 2 },
  -- Sulisław (brother of the Kraków palatine Klemens in Długosz): the
  -- knights of Little and Greater Poland: regular cavalry.
  Sulislaw = { side = "PL", nation = "poles",  sp = 2, mp = 7, armour = 1 },
  -- Mieszko II the Fat, Duke of Opole: the Upper Silesian (Opole and
  -- Racibórz) knights: regular cavalry.
  Mieszko  = { side = "PL", nation = "poles",  sp = 2, mp = 7, armour = 1 },
  -- The Czechs of "Czech rescue" and "Bohemian mile" (fictional): King
  -- Wacław's own banners, "with many heavy knight lances among them",
  -- heavy cavalry; Oldrich's and Karol's regular cavalry.
  Waclaw   = { side = "PL", nation = "czechs", sp = 2, mp = 7, armour = 2 },
  Oldrich  = { side = "PL", nation = "czechs", sp = 2, mp = 7, armour = 1 },
  Karol    = { side = "PL", nation = "czechs", sp = 2, mp = 7, armour = 1 },
}

-- The Mongol horse archers (kind horse_archers, cavalry, 10.5): light
-- cavalry, 2 SP with a reduced 1-SP side (10.5.9), mp 8.
C.HORSE_ARCHERS = { side = "MO", nation = "mongols", sp = 2, mp = 8, armour = 0 }

-- The Polish foot, 10 counters of about 150 men: the town militias and
-- the miners' foot, spearmen with shields: light infantry (armour 1),
-- 2 SP (each fills a hex: Henry II gives every infantry unit a hex of its
-- own).  Crossbowmen and archers (ranged units, 10.1.1: sp is the combat
-- side, mp the movement side): 1 SP, 2 to a hex, set up in combat formation.
C.INFANTRY    = { side = "PL", kind = "infantry",    nation = "poles", sp = 2, mp = 4, armour = 1 }
C.CROSSBOWMEN = { side = "PL", kind = "crossbowmen", nation = "poles", sp = 1, mp = 4, armour = 1, formation = "combat" }
C.ARCHERS     = { side = "PL", kind = "archers",     nation = "poles", sp = 1, mp = 4, armour = 0, formation = "combat" }
-- The book gives the foot and the ranged units no commander (its setup
-- lists them without a letter); 12.1.1 wants every unit assigned, so they
-- are Henryk's, the commander-in-chief's.
C.FOOT_LEADER = "Henryk"

-- Leaders [8]: 10 MP; range 3 (grand leader, 8.1.5) or 2.  Which leaders
-- have range 3 is not printed: Henryk II (the commander-in-chief), Ordu
-- (Orda, Jochi's eldest son, the senior Mongol prince) and King Wacław
-- (Czech rescue, Bohemian mile) are chosen.
C.LEADERS = {
  Henryk   = { side = "PL", nation = "poles",   range = 3, grand = true },
  Boleslaw = { side = "PL", nation = "poles",   range = 2 },
  Jurgen   = { side = "PL", nation = "orders",  range = 2 },
  Ludwig   = { side = "PL", nation = "orders",  range = 2 },
  Sulislaw = { side = "PL", nation = "poles",   range = 2 },
  Mieszko  = { side = "PL", nation = "poles",   range = 2 },
  Waclaw   = { side = "PL", nation = "czechs",  range = 3, grand = true },
  Oldrich  = { side = "PL", nation = "czechs",  range = 2 },
  Karol    = { side = "PL", nation = "czechs",  range = 2 },
  Baszur   = { side = "MO", nation = "mongols", range = 2 },
  Ordu     = { side = "MO", nation = "mongols", range = 3, grand = true },
  Bajdar   = { side = "MO", nation = "mongols", range = 2 },
  Ksusen   = { side = "MO", nation = "mongols", range = 2 },
}

local function fill(t, values)
  for k, v in pairs(values) do
    if t[k] == nil then t[k] = v end
  end
  return t
end

-- A cavalry unit of t.leader's.
function C.cavalry(t)
  local v = C.CAVALRY[t.leader]
  if not v then error("no cavalry values for commander '" .. tostring(t.leader) .. "'", 2) end
  t.kind = "cavalry"
  return fill(t, v)
end

function C.horse_archers(t)
  t.kind = "horse_archers"
  return fill(t, C.HORSE_ARCHERS)
end

function C.infantry(t) t.leader = t.leader or C.FOOT_LEADER; return fill(t, C.INFANTRY) end
function C.crossbowmen(t) t.leader = t.leader or C.FOOT_LEADER; return fill(t, C.CROSSBOWMEN) end
function C.archers(t) t.leader = t.leader or C.FOOT_LEADER; return fill(t, C.ARCHERS) end

-- A leader: t[1] is his name.
function C.leader(t)
  local v = C.LEADERS[t[1]]
  if not v then error("no leader '" .. tostring(t[1]) .. "'", 2) end
  t.kind, t.sp, t.mp = "leader", 0, 10
  return fill(t, v)
end

-- A banner [7.1]: "PL-Banner-Henryk" is Henryk's, held by t.holder, a
-- cavalry unit on his hex; no SP or MP [7.1.2].
function C.banner(t)
  local who = tostring(t[1]):match("^%u+%-Banner%-(.+)$")
  local v = who and C.LEADERS[who]
  if not v then error("a banner is named SIDE-Banner-LEADER, got '" .. tostring(t[1]) .. "'", 2) end
  t.kind, t.sp, t.mp, t.side, t.nation = "banner", 0, 0, v.side, v.nation
  return t
end

return C
