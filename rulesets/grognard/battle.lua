-- A battle's scenario rules: arrivals and victory.  The book has no
-- scenario: "Victory conditions" (L52-57) are examples to be agreed before
-- play, so a scenario states its own with `victory { ... }`:
--   below = { 1, 2 }   a side whose figures fall below this share of its
--                      starting figures loses at once (the book's first
--                      example), judged at each turn's end;
--   hold = { side = S, hexes = { ... }, need = N, other = WINNER }: at the
--                      last turn's end S wins when its units stand on N of
--                      the hexes (the book's third example, "terrain"),
--                      else WINNER (default: the other side) wins.
-- Arrivals: a unit declared `starts_off_map` with `arrives` (a turn) and
-- `enter_at` (a hex) is placed there at the start of that turn, or of the
-- first turn the hex is free.
local M = {}

local function figures(side)
  local n = 0
  for _, u in ipairs(bitwa.units { side = side }) do n = n + u.figures end
  return n
end

-- setup: every side's starting figures (those still to arrive included)
function M.setup()
  for _, s in ipairs(bitwa.sides()) do bitwa.set_var("battle.start." .. s, figures(s)) end
end

function M.turn_start()
  local turn = bitwa.turn()
  for _, u in ipairs(bitwa.units {}) do
    if u.hex == nil and u.arrives > 0 and u.arrives <= turn and u.enter_at ~= "" then
      local h = bitwa.hex.parse(u.enter_at)
      if h and bitwa.hex.on_map(h) and #bitwa.units_at(h) == 0 then
        u.hex = h
        bitwa.note("Arrivals: " .. u.name .. " enters at " .. h.label)
      end
    end
  end
end

-- Victory conditions, example 1: below the share of the starting figures
function M.turn_end()
  local v = bitwa.scenario().victory
  if not v or not v.below then return end
  local num, den = v.below[1], v.below[2]
  for _, s in ipairs(bitwa.sides()) do
    local start = bitwa.var("battle.start." .. s) or 0
    local now = figures(s)
    if start > 0 and now * den < start * num then
      local w = bitwa.enemy(s)
      bitwa.game_over { winner = w, level = "victory",
        reason = "Victory Conditions: " .. s .. " has " .. now .. " of its " .. start .. " figures, below " ..
          (100 * num // den) .. "%" }
      return
    end
  end
end

-- Victory conditions, example 3: the ground held at the end
function M.game_end()
  if bitwa.is_over and bitwa.is_over() then return end
  local v = bitwa.scenario().victory or {}
  local h = v.hold
  if not h then return end
  local held = 0
  for _, label in ipairs(h.hexes) do
    for _, u in ipairs(bitwa.units_at(bitwa.hex.parse(label))) do
      if u.side == h.side then held = held + 1 end
    end
  end
  if held >= (h.need or #h.hexes) then
    bitwa.game_over { winner = h.side, level = "victory",
      reason = "Victory Conditions: " .. h.side .. " holds " .. held .. " of the objectives" }
  else
    local w = h.other or bitwa.enemy(h.side)
    bitwa.game_over { winner = w, level = "victory",
      reason = "Victory Conditions: " .. h.side .. " holds " .. held .. " of the objectives, not " .. (h.need or #h.hexes) }
  end
end

return M
