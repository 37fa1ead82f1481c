/*
** core/phase.h -- the turn sequence a ruleset declares.
**
** A turn is an ordered list of phases.  Each phase names who acts in it
** (a side, "*" for any side, "" for nobody: the phase runs by itself,
** or "@var" for the side held in a state variable, which is how a
** per-turn initiative roll chooses who moves first), the action kinds
** it allows and the rule to cite when an action is refused there.  The
** position in the sequence (turn, phase index) lives in the game state,
** so that it is checksummed and rolled back with everything else.
*/
#ifndef BITWA_PHASE_H
#define BITWA_PHASE_H

#include <stdbool.h>

typedef struct bitwa_phases bitwa_phases;

bitwa_phases *bitwa_phases_new (void);
void bitwa_phases_free (bitwa_phases *p);

/* Append a phase; returns its index or -1 when the name is taken. */
int bitwa_phases_add (bitwa_phases *p, const char *name, const char *side,
                      const char *cite);
/* Allow an action kind in phase i ("*" allows every kind). */
int bitwa_phases_allow (bitwa_phases *p, int i, const char *kind);

int bitwa_phases_count (const bitwa_phases *p);
int bitwa_phases_find (const bitwa_phases *p, const char *name);
const char *bitwa_phases_name (const bitwa_phases *p, int i);
const char *bitwa_phases_side (const bitwa_phases *p, int i);
const char *bitwa_phases_cite (const bitwa_phases *p, int i);
bool bitwa_phases_allows (const bitwa_phases *p, int i, const char *kind);
/* The kinds allowed in phase i, in the order they were allowed. */
int bitwa_phases_nkinds (const bitwa_phases *p, int i);
const char *bitwa_phases_kind (const bitwa_phases *p, int i, int k);

/* The position after (turn, index): the next phase, or phase 0 of the
** next turn.  Returns true when a new turn begins. */
bool bitwa_phases_next (const bitwa_phases *p, int *turn, int *index);

#endif
