-- [14.0] Fatigue (complementary rules): a leader's fatigue rises by 1 in
-- a turn in which he moved, fought or influenced a fight [14.1.3] and
-- falls by 1 otherwise, never below 0 [14.1.4]; one level a turn at most
-- [14.1.6]; evaluated in phase 9 (A-073).  Above 12 the units assigned to
-- him [13.1.5] fight as disorganized units [14.2.1]; Tatars never do
-- [14.1.5].
--
-- The leader's `active` flag says he moved, fought or influenced a fight
-- this turn: the modules that make him do so call mark_active (movement
-- when he moves, combat when he gives a CM or stands with a combatant);
-- phases.turn_start clears it.
local M = {}

function M.mark_active(leader)
  if leader and rules.units.is_leader(leader) then leader.active = true end
end

-- The change of a leader's fatigue this turn: +1 or -1 [14.1.3] [14.1.4].
function M.change(leader)
  local F = rules.tables.fatigue
  if leader.active then return F.step end
  return -F.step
end

-- Phase 9, when the complementary rules are in use (phases.morale_phase).
function M.end_of_turn()
  local F = rules.tables.fatigue
  for _, l in ipairs(bitwa.units { kind = "leader" }) do
    local before = l.fatigue
    local after = math.max(F.min, before + rules.fatigue.change(l))
    if after ~= before then
      l.fatigue = after
      bitwa.note(string.format("%s: fatigue %d -> %d (14.1.%d)", l.name, before, after, after > before and 3 or 4))
    end
  end
end

-- [14.2.1] whether u fights as a disorganized unit because of its
-- leader's fatigue (only in combat: u stays organized otherwise, and
-- must still be disorganized twice to panic).
local const = cache()     -- the complementary option, a game's constant

function M.fights_disorganized(u)
  local comp = const.complementary
  if comp == nil then comp = bitwa.option("complementary") and true or false; const.complementary = comp end
  if not comp then return false end
  if not rules.units.is_field(u) then return false end
  if rules.organization.is_tatar(u) then return false end          -- [14.1.5]
  local l = rules.organization.leader_of(u)
  return l ~= nil and l.fatigue > rules.tables.fatigue.disorganized_above
end

return M
