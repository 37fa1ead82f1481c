-- A ruleset whose overlays attack the sandbox: each overlay wraps the
-- move of Skirmish at Wola and does one hostile thing when a unit moves
-- (tests/hostile/run.sh plays them).
return {
  name = "hostile",
  extends = "skirmish",
  title = "Hostile content (sandbox test fixture)",
}
