-- search: a generic bot for any ruleset.  Where the ruleset has a bot of
-- its own (`base`: the engine hands it to bot modules), it improves on
-- that bot's lines by their exact outcomes (M.propose, "on a base
-- policy" below); elsewhere it plans its side's whole phase and checks the
-- plan's steps through the rules themselves (M.choose).  It knows
-- no title: it reads the legal action lines as words, the manifest's roles
-- (bitwa.roles(): the strength attribute, leader and marker kinds, state
-- attributes) and the variables vp.SIDE, and asks odds(line) for the exact
-- outcomes of a line (engine/odds.lua: every result of every roll).
--
-- The plan (made afresh at every call: a bot keeps nothing between calls)
--   1. every unit of ours named first in a legal line gets its candidate
--      orders: its lines, grouped by unit;
--   2. each order is scored without dice by the position it leads to (the
--      unit's hex: the nearest enemy field unit, contact against weaker or
--      stronger enemies, the enemy strength within reach of the hex against
--      ours beside it; a leader's hex: with our field units, out of the
--      enemy's reach), as the change from where the unit stands;
--   3. the steps are ordered: attacks, then the field units' best orders
--      (each unit's best, best first), then the leaders' (leaders move last,
--      onto our troops, never alone within the enemy's reach, behind a
--      front stronger than the enemy that can reach them, in the second
--      line, LEADER_DEPTH hexes from the enemy; a field unit
--      pays for leaving a leader alone within the enemy's reach);
--   4. the first steps are played through the rules while nodes are left:
--      every attack, then the MOVES_SEARCHED best other steps, each valued
--      by the exact expected change of the evaluation over its outcomes
--      (odds' n / d) plus its position score;
--   5. the best checked step of the first group that has one worth doing
--      is played; when none is, the phase ends.
-- The enemy's reach is read from ours: the longest move among our lines
-- (at least MIN_REACH hexes).
--
-- The evaluation reads only what the manifest declares: the strength of
-- the field units on the map (ours minus theirs; a unit entering adds
-- its strength), vp.SIDE, the leaders alive, and each roles.states
-- attribute (a unit of ours leaving the state most of our units are in,
-- disorganized or scattered, loses STATE_SHARE of its strength; coming
-- back to it gains as much).  Its arithmetic is in integers: the
-- weights in tenths, each outcome's probability as odds' exact n / d, a
-- step's value an exact fraction compared exactly, so no floating point
-- reaches a decision (ties are exact, drawn with rng, the bot's dice).
-- Every play of the rules is a node: a decision spends at most budget()
-- nodes (`--bot-budget N`), in the plan's order, so the same seed and
-- budget give the same game whatever the machine.
--
-- Decisions: as the heuristic bot (lua/bots/lib/common.lua), but a
-- reaction that fights (an option naming our units and the enemy's) is
-- taken only at 2:1 or better by strength, else the passive option, and
-- a pursuit stops when it may.
--
-- A bot module (see README, Bots): propose(side, tried), choose(side,
-- legal), answer(request).  The module is loaded at every call (compiled
-- once), so it holds only what every call needs; the evaluation is in
-- lua/bots/lib/search_eval.lua and the plan in lua/bots/lib/search_plan.lua,
-- included when a call needs them (a base's line worth checking; a
-- ruleset with no bot).
local M = {}

local words = words

function M.choose(side, legal)
  return include "search_plan"(side, legal)
end

-- ------------------------------------------------------------------ on a base policy

-- Where the ruleset declares its own bot (rules.bot: propose, answer), the
-- engine hands it to bot modules as `base`, and this bot improves on it
-- instead of planning by itself (policy improvement, as rollouts improve a
-- base policy): the base's line is checked through the rules, with every
-- decision along the way taken by the base policy (odds(line, side,
-- "base"): the enemy countercharges when his own bot would), valued by the
-- exact expected change of the evaluation over its outcomes; when it is
-- worth less than -DECLINE, the base is asked for its next choices (the
-- lines already weighed given as tried, as if refused: the base's own
-- order of preference) and the best of at most ALTERNATIVES of them,
-- checked the same way, is played if it beats the base's line by MARGIN.
-- A line the rules refuse is no alternative; when none is, the base's line
-- is played.  Only lines naming an enemy are checked (worth_checking):
-- the base's moves are played as they are.  Without nodes left the base's
-- line is played unchecked.
local DECLINE = 3          -- tenths of a strength point
local MARGIN = 3
local ALTERNATIVES = 2

-- The exact expected change (tenths, a fraction { n, d }) of playing line
-- now, decisions taken by the base; nil and the rule when refused (or no
-- nodes are left: "budget").
local function base_value(E, pos, side, line)
  local rep, rule = outcomes(line, side, "base")
  if not rep then return nil, rule end
  local vals = {}
  for i, o in ipairs(rep.outcomes) do vals[i] = (E.delta(pos, side, o.changes, nil, false)) end
  return include("common").expectation(rep.outcomes, vals)
end

-- Whether a line is worth plays of the rules: it names an enemy unit (an
-- attack, a fire) with less than STRONG times its strength in ours.  A
-- line that names no enemy (a move, a turn, a rally) is the base's as it
-- is: a move is valued only by what the enemy's reactions do to it in
-- the play, not by what it prepares for the next phases, and declining
-- the base's moves on that measure cost games (README, Bots: in Henry II
-- seed 1000004 as the Mongols, 273 lines changed, most of them moves
-- declined, and the game lost that checking attacks alone wins) and most
-- of the plays.  It reads only the units the line names, not the whole
-- position: the words as E.parse reads them.
local STRONG = 3
local function worth_checking(C, side, line)
  local ours, theirs, foes = 0, 0, 0
  local ws = words(line)
  for k = 2, #ws do
    for part in ws[k]:gmatch("[^,]+") do
      local u = bitwa.unit(part)
      if u and u.hex and bitwa.hex.on_map(u.hex) and not C.is_marker(u) then
        if u.side == side then ours = ours + C.strength(u)
        else theirs, foes = theirs + C.strength(u), foes + 1 end
      elseif u and u.side == side and not C.as_hex(part) then
        ours = ours + C.strength(u)
      end
    end
  end
  return foes > 0 and ours < STRONG * theirs
end

function M.propose(side, tried)
  if not base then return nil end          -- no ruleset bot: choose plans by itself
  local line = base.propose(side, tried)
  if line == nil or line == "end" or budget() <= 1 then return line end
  local C = include "common"
  C.read_roles()
  if not worth_checking(C, side, line) then return line end
  local E = include "search_eval"
  local pos = E.read_position()
  local v0 = base_value(E, pos, side, line)
  -- refused by the rules (or no nodes): the base's line as it is (the
  -- runner asks again with it tried)
  if not v0 or C.compare(v0[1], v0[2], -DECLINE, 1) >= 0 then return line end
  local seen = {}
  for k in pairs(tried) do seen[k] = true end
  seen[line] = true
  local best, best_v = line, { v0[1] + (-MARGIN) * v0[2], v0[2] }
  for _ = 1, ALTERNATIVES do
    if budget() <= 1 then break end
    local alt = base.propose(side, seen)
    if alt == nil then break end
    seen[alt] = true
    local v = base_value(E, pos, side, alt)
    if v and C.compare(v[1], v[2], best_v[1], best_v[2]) > 0 then best, best_v = alt, v end
  end
  return best
end

-- ------------------------------------------------------------------ answer

-- A reaction that fights is taken at 2:1 or better by strength; a
-- pursuit (hexes and a passive word) stops.
function M.answer(request)
  if base then
    local a = base.answer(request)
    if a ~= nil then return a end
  end
  local C = include "common"
  C.read_roles()
  local side, options = request.side, request.options
  if #options > 1 and not request.max then
    local passive
    for _, o in ipairs(options) do
      local w = o:lower()
      if C.PASSIVE[w] or w == "stop" then passive = o end
    end
    if passive then
      local best, br = nil, nil
      local hexes_only = true
      for _, o in ipairs(options) do
        if o ~= passive then
          if not C.as_hex(o) then hexes_only = false end
          local att, def, foes = 0, 0, 0
          for _, w in ipairs(words(o)) do
            for part in w:gmatch("[^,]+") do
              local u = bitwa.unit(part)
              if u then
                if u.side == side then att = att + C.strength(u)
                else def = def + C.strength(u); foes = foes + 1 end
              end
            end
          end
          if foes > 0 then
            -- att / def, compared exactly (def may be 0)
            if att >= 2 * def and (br == nil or att * br[2] > br[1] * math.max(def, 1)) then
              best, br = o, { att, math.max(def, 1) }
            end
          end
        end
      end
      if hexes_only then return passive end
      if best then return best end
      -- options that fight, none at 2:1: pass
      local fights = false
      for _, o in ipairs(options) do
        for _, w in ipairs(words(o)) do
          for part in w:gmatch("[^,]+") do
            local u = bitwa.unit(part)
            if u and u.side ~= side then fights = true end
          end
        end
      end
      if fights then return passive end
    end
  end
  return C.answer(request)
end

return M
