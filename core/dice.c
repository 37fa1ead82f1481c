/*
** core/dice.c -- the game's dice: a seeded xoshiro256** generator,
** rolls with a purpose reported to an observer, and forced mode.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"

/* Multiplier that folds the stream number into the SplitMix64 state.
** Odd, so that distinct streams give distinct states for one seed. */
#define STREAM_MIX 0xD1B54A32D192ED03ULL

/*
** SplitMix64: advance *state by the golden-ratio increment and return
** the mixed value.  Used only to expand a seed into generator state.
*/
uint64_t bitwa_splitmix64 (uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/*
** Seed the generator from (seed, stream).  The stream is multiplied by
** an odd constant and xor-ed into the SplitMix64 state, then four words
** are drawn.  xoshiro must never be all zero; should SplitMix ever
** produce that, one word is set to a fixed non-zero value.
*/
void bitwa_rng_seed (bitwa_rng *r, uint64_t seed, uint64_t stream) {
  uint64_t sm = seed ^ (stream * STREAM_MIX);
  for (int i = 0; i < 4; i++)
    r->s[i] = bitwa_splitmix64(&sm);
  if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0)
    r->s[0] = 0x9E3779B97F4A7C15ULL;
}

/*
** Rotate left by k (0 < k < 64).
*/
static uint64_t rotl (uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

/*
** xoshiro256**: the next 64-bit output.
*/
uint64_t bitwa_rng_next (bitwa_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

/*
** Uniform integer in [0, n) by Lemire's multiply-shift on the upper 32
** bits of an output, rejecting the low products that would bias the
** result.  n = 0 is treated as 1 (always 0).
*/
uint32_t bitwa_rng_below (bitwa_rng *r, uint32_t n) {
  if (n <= 1)
    return 0;
  uint64_t m = (bitwa_rng_next(r) >> 32) * (uint64_t)n;
  uint32_t low = (uint32_t)m;
  if (low < n) {
    uint32_t threshold = (uint32_t)(-n) % n;   /* 2^32 mod n */
    while (low < threshold) {
      m = (bitwa_rng_next(r) >> 32) * (uint64_t)n;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

/*
** A fresh set of dice: seeded, not forced, no observer, no rolls yet.
*/
void bitwa_dice_init (bitwa_dice *d, uint64_t seed, uint64_t stream) {
  memset(d, 0, sizeof *d);
  bitwa_rng_seed(&d->rng, seed, stream);
}

/*
** Release the forced queue.  The dice may be initialised again after.
*/
void bitwa_dice_free (bitwa_dice *d) {
  free(d->forced);
  d->forced = NULL;
  d->nforced = d->forced_pos = d->forced_cap = 0;
  d->forced_mode = false;
}

/*
** Deep copy of src into dst (dst is overwritten, not freed).  Only the
** part of the queue not yet consumed is copied, so positions are
** renumbered from 0.  Returns 0, or -1 when out of memory (dst is then
** left as an empty, unforced copy that can be freed).
*/
int bitwa_dice_copy (bitwa_dice *dst, const bitwa_dice *src) {
  size_t left = src->nforced - src->forced_pos;
  *dst = *src;
  dst->forced = NULL;
  dst->nforced = dst->forced_pos = dst->forced_cap = 0;
  if (left > 0) {
    dst->forced = malloc(left * sizeof *dst->forced);
    if (dst->forced == NULL) {
      dst->forced_mode = false;
      return -1;
    }
    memcpy(dst->forced, src->forced + src->forced_pos,
           left * sizeof *dst->forced);
    dst->nforced = dst->forced_cap = left;
  }
  return 0;
}

/*
** Enter forced mode and append n totals to the queue (n may be 0: just
** enter forced mode).  Totals are checked against NdM when consumed.
** Returns 0, or -1 when out of memory (nothing changes then).
*/
int bitwa_dice_force (bitwa_dice *d, const int *totals, size_t n) {
  if (d->forced_pos == d->nforced)     /* all consumed: reuse the space */
    d->forced_pos = d->nforced = 0;
  if (n > d->forced_cap - d->nforced) {
    size_t need = d->nforced + n;
    size_t cap = d->forced_cap ? d->forced_cap : 8;
    while (cap < need)
      cap *= 2;
    int *p = realloc(d->forced, cap * sizeof *p);
    if (p == NULL)
      return -1;
    d->forced = p;
    d->forced_cap = cap;
  }
  if (n > 0)
    memcpy(d->forced + d->nforced, totals, n * sizeof *totals);
  d->nforced += n;
  d->forced_mode = true;
  return 0;
}

/*
** Leave forced mode; totals not consumed are dropped.  The generator
** was not touched by forced rolls, so the seeded sequence continues
** where it stood.
*/
void bitwa_dice_unforce (bitwa_dice *d) {
  d->forced_mode = false;
  d->nforced = d->forced_pos = 0;
}

/*
** Number of forced totals still queued.
*/
size_t bitwa_dice_forced_left (const bitwa_dice *d) {
  return d->nforced - d->forced_pos;
}

/*
** Copy a purpose into the fixed-size field, cutting at a UTF-8
** character boundary when it is too long.
*/
static void copy_purpose (char dst[BITWA_PURPOSE_MAX], const char *src) {
  size_t len = strlen(src);
  if (len >= BITWA_PURPOSE_MAX) {
    len = BITWA_PURPOSE_MAX - 1;
    while (len > 0 && ((unsigned char)src[len] & 0xC0) == 0x80)
      len--;                        /* src[len] continues a character */
  }
  memcpy(dst, src, len);
  dst[len] = '\0';
}

/*
** Roll n dice of `sides` faces.  Everything is checked before anything
** changes, so on error the dice are as before the call.
*/
int bitwa_dice_roll (bitwa_dice *d, int n, int sides, const char *purpose,
                     bitwa_roll *out, char *err, size_t errlen) {
  bitwa_roll local;
  bitwa_roll *r = out ? out : &local;
  unsigned long long rollno = (unsigned long long)d->count + 1;
  if (purpose == NULL)
    purpose = "";
  if (n < 1 || n > BITWA_DICE_MAX_N || sides < 2 || sides > 1000) {
    if (err != NULL && errlen > 0)
      snprintf(err, errlen, "bad dice %dd%d at roll %llu (%s)",
               n, sides, rollno, purpose);
    return BITWA_DICE_BADARG;
  }
  if (d->forced_mode) {
    if (d->forced_pos >= d->nforced) {
      if (err != NULL && errlen > 0)
        snprintf(err, errlen, "forced dice exhausted at roll %llu (%s, %dd%d)",
                 rollno, purpose, n, sides);
      return BITWA_DICE_EXHAUSTED;
    }
    int total = d->forced[d->forced_pos];
    if (total < n || total > n * sides) {
      if (err != NULL && errlen > 0)
        snprintf(err, errlen,
                 "forced total %d impossible for %dd%d at roll %llu (%s)",
                 total, n, sides, rollno, purpose);
      return BITWA_DICE_BADFORCED;
    }
    d->forced_pos++;
    memset(r, 0, sizeof *r);
    r->total = total;
    r->forced = true;
  }
  else {
    memset(r, 0, sizeof *r);
    for (int i = 0; i < n; i++) {
      r->faces[i] = 1 + (int)bitwa_rng_below(&d->rng, (uint32_t)sides);
      r->total += r->faces[i];
    }
    r->forced = false;
  }
  copy_purpose(r->purpose, purpose);
  r->n = n;
  r->sides = sides;
  d->count++;
  if (d->observer != NULL)
    d->observer(d->observer_ctx, r);
  return BITWA_DICE_OK;
}
