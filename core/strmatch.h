/*
** core/strmatch.h -- Lua 5.4 patterns with a bounded amount of work.
**
** Rule code is untrusted, and Lua's own matcher can run for an
** exponential time on some patterns without any chance for a hook to
** stop it.  This matcher follows Lua 5.4's pattern semantics exactly
** (same results, same errors, same points at which errors are found)
** but charges every step to a budget: each attempt at a pattern item
** at a subject position, each subject byte scanned by a '*', '+', '-'
** expansion or by '%b', and long back-reference comparisons.  When
** the budget runs out the match stops with BITWA_SM_EBUDGET.
** Nesting is bounded as in Lua (BITWA_SM_MAXDEPTH), and greedy
** expansions loop instead of recursing per character, so long subjects
** cannot exhaust the C stack.
**
** Character classes are those of the C locale (ASCII), whatever the
** process locale; the deprecated %z (the zero byte) that Lua 5.4 still
** accepts is accepted too.  No Lua headers here; see lua_strmatch.h for the
** string library functions built on this.
*/
#ifndef BITWA_STRMATCH_H
#define BITWA_STRMATCH_H

#include <stdbool.h>
#include <stddef.h>

#define BITWA_SM_DEFAULT_BUDGET 1000000L  /* steps per library call */
#define BITWA_SM_MAXCAPTURES 32           /* as LUA_MAXCAPTURES */
#define BITWA_SM_MAXDEPTH 200             /* nested matches, as MAXCCALLS */
#define BITWA_SM_MSGMAX 64

/* Special capture lengths. */
#define BITWA_SM_CAP_UNFINISHED (-1)
#define BITWA_SM_CAP_POSITION (-2)

/* Results: 1 = match, 0 = no match, < 0 = error (message in msg). */
enum {
  BITWA_SM_MATCH = 1,
  BITWA_SM_NOMATCH = 0,
  BITWA_SM_EPATTERN = -1,   /* malformed pattern, bad capture use */
  BITWA_SM_EDEPTH = -2,     /* "pattern too complex" (nesting) */
  BITWA_SM_EBUDGET = -3     /* "pattern too complex (step budget exceeded)" */
};

typedef struct {
  size_t init;              /* offset of the capture in the subject */
  ptrdiff_t len;            /* length, or BITWA_SM_CAP_* */
} bitwa_sm_capture;

typedef struct {
  const char *src;          /* subject */
  size_t srclen;
  const char *pat;          /* pattern, as given (no anchor handling) */
  size_t patlen;
  long steps;               /* budget left; shared by all calls on m */
  int depth;                /* nesting left in the current match */
  int level;                /* captures in use */
  bitwa_sm_capture cap[BITWA_SM_MAXCAPTURES];
  int err;                  /* 0 or a BITWA_SM_E* code */
  char msg[BITWA_SM_MSGMAX];
} bitwa_sm;

/* Prepare a match state.  budget <= 0 means BITWA_SM_DEFAULT_BUDGET.
** The subject and pattern are not copied and need no terminator. */
void bitwa_sm_init (bitwa_sm *m, const char *src, size_t srclen,
                    const char *pat, size_t patlen, long budget);

/* Match the pattern, from pattern offset p (0, or 1 to skip a '^'
** anchor), against the subject at offset s (<= srclen) only.  On a
** match sets *end to the offset just past it; the captures are in
** m->cap[0 .. m->level-1].  Captures and nesting are reset first; the
** budget is not.  After an error every later call fails the same way. */
int bitwa_sm_match (bitwa_sm *m, size_t s, size_t p, size_t *end);

/* string.find-like search from subject offset init: a leading '^' in
** the pattern anchors at init; otherwise init, init+1, ..., srclen are
** tried.  Sets *start and *end on a match. */
int bitwa_sm_find (bitwa_sm *m, size_t init, size_t *start, size_t *end);

/* The message of the last error ("" when none). */
const char *bitwa_sm_error (const bitwa_sm *m);

/* Whether a pattern uses any of the magic characters ^$*+?.([%- (a
** pattern without them can be searched for as plain text). */
bool bitwa_sm_has_specials (const char *pat, size_t patlen);

#endif
