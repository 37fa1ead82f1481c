/*
** tests/core/test_phase.c -- phase lists for the four systems' shapes:
** Medieval's nine fixed phases, Husaria's repeated stages, Grognard's
** initiative-chosen movers and simultaneous steps.
*/
#include <stdio.h>

#include "check.h"
#include "phase.h"

static void test_medieval_nine (void) {
  static const char *const names[] = {
    "A.cavalry_move", "A.cavalry_attack", "A.infantry_move", "A.infantry_attack",
    "B.cavalry_move", "B.cavalry_attack", "B.infantry_move", "B.infantry_attack", "morale"
  };
  bitwa_phases *p = bitwa_phases_new();
  int i, turn = 1, idx = 0;
  bool nt;
  for (i = 0; i < 9; i++) {
    int k = bitwa_phases_add(p, names[i], i == 8 ? "" : (i < 4 ? "A" : "B"), "2.1");
    CHECK_INT(k, i);
  }
  CHECK_INT(bitwa_phases_add(p, "morale", "", "2.1"), -1);      /* names are unique */
  bitwa_phases_allow(p, 0, "move");
  bitwa_phases_allow(p, 1, "attack");
  CHECK(bitwa_phases_allows(p, 0, "move"));
  CHECK(!bitwa_phases_allows(p, 0, "attack"));
  CHECK_STR(bitwa_phases_cite(p, 0), "2.1");
  CHECK_STR(bitwa_phases_side(p, 8), "");
  for (i = 0; i < 8; i++) {
    nt = bitwa_phases_next(p, &turn, &idx);
    CHECK(!nt);
  }
  CHECK_INT(idx, 8);
  nt = bitwa_phases_next(p, &turn, &idx);
  CHECK(nt);
  CHECK_INT(turn, 2);
  CHECK_INT(idx, 0);
  bitwa_phases_free(p);
}

static void test_husaria_stages (void) {
  static const char *const steps[] = { "artillery", "movement", "rifle", "combat", "chase", "dispersal" };
  bitwa_phases *p = bitwa_phases_new();
  char name[64];
  int stage, s, turn = 1, idx = 0, n = 0;
  for (stage = 1; stage <= 2; stage++)
    for (s = 0; s < 6; s++) {
      snprintf(name, sizeof name, "stage%d.%s", stage, steps[s]);
      CHECK_INT(bitwa_phases_add(p, name, stage == 1 ? "A" : "B", "3.1"), n++);
    }
  CHECK_INT(bitwa_phases_count(p), 12);
  CHECK_INT(bitwa_phases_find(p, "stage2.movement"), 7);
  while (!bitwa_phases_next(p, &turn, &idx)) {}
  CHECK_INT(turn, 2);
  bitwa_phases_free(p);
}

static void test_grognard_initiative (void) {
  bitwa_phases *p = bitwa_phases_new();
  bitwa_phases_add(p, "initiative", "", "Initiative");
  bitwa_phases_add(p, "move.first", "@initiative.first", "Move");
  bitwa_phases_add(p, "move.second", "@initiative.second", "Counter-move");
  bitwa_phases_add(p, "missiles", "*", "Missiles");
  bitwa_phases_allow(p, 3, "*");
  CHECK_STR(bitwa_phases_side(p, 1), "@initiative.first");
  CHECK(bitwa_phases_allows(p, 3, "fire"));
  CHECK(bitwa_phases_allows(p, 3, "anything"));
  CHECK_INT(bitwa_phases_nkinds(p, 3), 1);
  CHECK_STR(bitwa_phases_kind(p, 3, 0), "*");
  CHECK(bitwa_phases_kind(p, 3, 1) == NULL);
  bitwa_phases_free(p);
}

int main (void) {
  test_medieval_nine();
  test_husaria_stages();
  test_grognard_initiative();
  return check_summary();
}
