/*
** core/dice.h -- the game's dice.
**
** One seeded generator per game (xoshiro256**, seeded through
** SplitMix64 from (seed, stream) so that streams are independent).
** Every roll carries a purpose and is reported to an observer (the game
** log).  In forced mode the rolls come from a queue of given totals
** instead: that is how rulebook examples become tests, and how exact
** odds are computed by enumerating outcomes through the real rule code.
*/
#ifndef BITWA_DICE_H
#define BITWA_DICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct { uint64_t s[4]; } bitwa_rng;

uint64_t bitwa_splitmix64 (uint64_t *state);
void bitwa_rng_seed (bitwa_rng *r, uint64_t seed, uint64_t stream);
uint64_t bitwa_rng_next (bitwa_rng *r);
/* Uniform in [0, n), without modulo bias (n >= 1). */
uint32_t bitwa_rng_below (bitwa_rng *r, uint32_t n);

#define BITWA_DICE_MAX_N 16        /* at most 16 dice in one roll */
#define BITWA_PURPOSE_MAX 48

/* One roll as the log sees it. */
typedef struct {
  char purpose[BITWA_PURPOSE_MAX];  /* "combat", "leader death", ... */
  int n, sides;                     /* NdM */
  int faces[BITWA_DICE_MAX_N];      /* each die; all 0 when forced */
  int total;
  bool forced;
} bitwa_roll;

typedef void (*bitwa_roll_observer) (void *ctx, const bitwa_roll *r);

typedef struct {
  bitwa_rng rng;
  /* forced mode: totals consumed in order, one per roll call */
  bool forced_mode;
  int *forced;
  size_t nforced, forced_pos, forced_cap;
  uint64_t count;                   /* rolls made so far */
  bitwa_roll_observer observer;
  void *observer_ctx;
} bitwa_dice;

enum {
  BITWA_DICE_OK = 0,
  BITWA_DICE_BADARG = -1,       /* n or sides out of range */
  BITWA_DICE_EXHAUSTED = -2,    /* forced mode and the queue is empty */
  BITWA_DICE_BADFORCED = -3     /* forced total impossible for NdM */
};

void bitwa_dice_init (bitwa_dice *d, uint64_t seed, uint64_t stream);
void bitwa_dice_free (bitwa_dice *d);
/* Deep copy (the observer is copied as is).  0 or -1 on no memory. */
int bitwa_dice_copy (bitwa_dice *dst, const bitwa_dice *src);

/* Switch to forced mode and append totals to the queue. */
int bitwa_dice_force (bitwa_dice *d, const int *totals, size_t n);
/* Leave forced mode and drop what is left in the queue. */
void bitwa_dice_unforce (bitwa_dice *d);
size_t bitwa_dice_forced_left (const bitwa_dice *d);

/* Roll n dice of `sides` faces (1 <= n <= 16, 2 <= sides <= 1000) for
** `purpose`.  Fills *out and calls the observer.  On error writes a
** one-line message into err (e.g. "forced dice exhausted at roll 3
** (combat, 2d6)") and returns a BITWA_DICE_* code; no state changes. */
int bitwa_dice_roll (bitwa_dice *d, int n, int sides, const char *purpose,
                     bitwa_roll *out, char *err, size_t errlen);

#endif
