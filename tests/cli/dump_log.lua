-- bitwa script tests/cli/dump_log.lua FILE: every row of a game log as
-- text (actions, decisions, rolls, events, snapshot, metadata, sources), to
-- compare two logs row for row.
local path = arg[1]
local log = assert(bitwa.log.open(path, true))
for _, a in ipairs(log:actions()) do
  print(table.concat({ "action", a.n, a.side, a.line, a.turn, a.phase, a.status, a.checksum }, "|"))
  for _, d in ipairs(log:decisions(a.n)) do print("  decision|" .. d.k .. "|" .. d.side .. "|" .. d.answer .. "|" .. d.request) end
  for _, r in ipairs(log:rolls(a.n)) do print("  roll|" .. r.side .. "|" .. r.rule .. "|" .. r.purpose .. "|" .. r.n .. "d" .. r.sides .. "|" .. r.total .. "|" .. table.concat(r.faces, " ")) end
  for _, e in ipairs(log:event_rows(a.n)) do
    print("  event|" .. e.kind .. "|" .. tostring(e.unit) .. "|" .. e.attribute .. "|" .. tostring(e.value) .. "|" .. tostring(e.was) .. "|" .. e.text)
  end
end
-- the snapshot, by its action, checksum and the hash of its bytes
local sn, schk, shash = log:snapshot()
if sn then print("snapshot|" .. sn .. "|" .. schk .. "|" .. shash) end
local meta = log:metas()
local keys = {}
for k in pairs(meta) do keys[#keys + 1] = k end
table.sort(keys)
for _, k in ipairs(keys) do print("meta|" .. k .. "|" .. meta[k]) end
for _, s in ipairs(log:sources()) do print("source|" .. s.kind .. "|" .. s.ruleset .. "|" .. s.name .. "|" .. s.hash) end
log:close()
return 0
