/*
** core/strmatch.c -- a step-bounded matcher for Lua 5.4 patterns.
**
** Positions are offsets.  A read of the pattern or subject at its end
** yields '\0', which is what Lua sees there (its strings always carry a
** terminating zero); the semantics below depend on that in a few spots
** (a '%f' frontier at the end of the subject, a '[' or '(' at the end
** of the pattern).
**
** The matcher is recursive only where a later part of the pattern must
** be tried while an earlier choice is kept open (captures, '?', and each
** candidate length of '*', '+', '-'), exactly where Lua's is, so the
** nesting limit trips on the same patterns.  Everything else loops.
*/
#include <stdio.h>
#include <string.h>

#include "strmatch.h"

#define NOPOS ((size_t)-1)     /* "no match" as an offset */
#define ESC '%'

/*
** Pattern byte at offset i, '\0' at or past the end.
*/
static unsigned char pat_at (const bitwa_sm *m, size_t i) {
  return i < m->patlen ? (unsigned char)m->pat[i] : 0;
}

/*
** Subject byte at offset i, '\0' at or past the end.
*/
static unsigned char src_at (const bitwa_sm *m, size_t i) {
  return i < m->srclen ? (unsigned char)m->src[i] : 0;
}

/*
** Record an error (the first one wins) and return NOPOS.
*/
static size_t fail (bitwa_sm *m, int code, const char *msg) {
  if (m->err == 0) {
    m->err = code;
    snprintf(m->msg, sizeof m->msg, "%s", msg);
  }
  return NOPOS;
}

/*
** Charge n steps.  Returns 0 (with the budget error recorded) when the
** budget cannot cover them.
*/
static int charge (bitwa_sm *m, long n) {
  if (m->steps < n) {
    m->steps = 0;
    fail(m, BITWA_SM_EBUDGET, "pattern too complex (step budget exceeded)");
    return 0;
  }
  m->steps -= n;
  return 1;
}

/*
** Upper-case ASCII letter?
*/
static int is_upper (int c) {
  return c >= 'A' && c <= 'Z';
}

/*
** Does byte c belong to the class named by the byte after a '%'?  A
** letter that names no class, or any other byte, stands for itself;
** an upper-case class letter is the complement of the lower-case one.
** Classes are those of the C locale, whatever the process locale.
*/
static int class_has (int c, int cl) {
  int in;
  int lower = c >= 'a' && c <= 'z', upper = is_upper(c);
  int digit = c >= '0' && c <= '9';
  int graph = c > 32 && c < 127;
  switch (is_upper(cl) ? cl + ('a' - 'A') : cl) {
    case 'a': in = lower || upper; break;
    case 'c': in = c < 32 || c == 127; break;
    case 'd': in = digit; break;
    case 'g': in = graph; break;
    case 'l': in = lower; break;
    case 'p': in = graph && !(lower || upper || digit); break;
    case 's': in = c == ' ' || (c >= '\t' && c <= '\r'); break;
    case 'u': in = upper; break;
    case 'w': in = lower || upper || digit; break;
    case 'x': in = digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); break;
    case 'z': in = c == 0; break;   /* still accepted by Lua 5.4 */
    default: return cl == c;
  }
  return is_upper(cl) ? !in : in;
}

/*
** Does byte c belong to the set whose '[' is at offset open and whose
** closing ']' is at offset close?  Inside, "%x" is a class or an
** escaped byte, "a-z" a range (a '-' first or last is itself), a '^'
** right after '[' complements.
*/
static int set_has (const bitwa_sm *m, int c, size_t open, size_t close) {
  int want = 1;
  size_t i = open + 1;
  if (pat_at(m, i) == '^') {
    want = 0;
    i++;
  }
  for (; i < close; i++) {
    int pc = pat_at(m, i);
    if (pc == ESC) {
      i++;
      if (class_has(c, pat_at(m, i)))
        return want;
    }
    else if (pat_at(m, i + 1) == '-' && i + 2 < close) {
      if (pc <= c && c <= pat_at(m, i + 2))
        return want;
      i += 2;
    }
    else if (pc == c)
      return want;
  }
  return !want;
}

/*
** Offset just past the single-character item starting at p ('.', a
** byte, "%x" or a set).  Errors for a '%' at the end or a set without
** its ']'.  The first byte of a set (after an optional '^') is always
** a member, so "[]]" is the set of ']'.
*/
static size_t item_end (bitwa_sm *m, size_t p) {
  int c = pat_at(m, p++);
  if (c == ESC) {
    if (p >= m->patlen)
      return fail(m, BITWA_SM_EPATTERN, "malformed pattern (ends with '%')");
    return p + 1;
  }
  if (c == '[') {
    if (pat_at(m, p) == '^')
      p++;
    do {
      if (p >= m->patlen)
        return fail(m, BITWA_SM_EPATTERN, "malformed pattern (missing ']')");
      c = pat_at(m, p++);
      if (c == ESC && p < m->patlen)
        p++;                      /* an escaped byte, maybe ']' */
    } while (pat_at(m, p) != ']');
    return p + 1;
  }
  return p;
}

/*
** Does the item at p .. ep-1 match the subject byte at s?  Never at the
** end of the subject.
*/
static int item_matches (const bitwa_sm *m, size_t s, size_t p, size_t ep) {
  if (s >= m->srclen)
    return 0;
  int c = (unsigned char)m->src[s];
  int pc = pat_at(m, p);
  switch (pc) {
    case '.': return 1;
    case ESC: return class_has(c, pat_at(m, p + 1));
    case '[': return set_has(m, c, p, ep - 1);
    default: return pc == c;
  }
}

static size_t match_here (bitwa_sm *m, size_t s, size_t p);

/*
** Match the pattern from p at s one level deeper, or fail with "pattern
** too complex" when the nesting limit is reached.
*/
static size_t nested (bitwa_sm *m, size_t s, size_t p) {
  if (m->depth <= 0)
    return fail(m, BITWA_SM_EDEPTH, "pattern too complex");
  m->depth--;
  size_t r = match_here(m, s, p);
  m->depth++;
  return r;
}

/*
** Greedy repetition of the item p .. ep-1 from s (for '*', and for
** '+' after its first byte): count how far it reaches, then try the
** rest of the pattern from the longest candidate back to the shortest.
*/
static size_t repeat_longest (bitwa_sm *m, size_t s, size_t p, size_t ep) {
  size_t n = 0;
  for (;;) {
    if (!charge(m, 1))
      return NOPOS;
    if (!item_matches(m, s + n, p, ep))
      break;
    n++;
  }
  for (;;) {
    size_t r = nested(m, s + n, ep + 1);
    if (r != NOPOS || m->err)
      return r;
    if (n == 0)
      return NOPOS;
    n--;
  }
}

/*
** Lazy repetition ('-'): try the rest of the pattern first, and consume
** one more byte with the item only when that fails.
*/
static size_t repeat_shortest (bitwa_sm *m, size_t s, size_t p, size_t ep) {
  for (;;) {
    size_t r = nested(m, s, ep + 1);
    if (r != NOPOS || m->err)
      return r;
    if (!charge(m, 1))
      return NOPOS;
    if (!item_matches(m, s, p, ep))
      return NOPOS;
    s++;
  }
}

/*
** '(' or '()': open capture number m->level at s, then match the rest.
** The capture is dropped again when the rest fails.
*/
static size_t open_capture (bitwa_sm *m, size_t s, size_t p, ptrdiff_t kind) {
  if (m->level >= BITWA_SM_MAXCAPTURES)
    return fail(m, BITWA_SM_EPATTERN, "too many captures");
  m->cap[m->level].init = s;
  m->cap[m->level].len = kind;
  m->level++;
  size_t r = nested(m, s, p);
  if (r == NOPOS)
    m->level--;
  return r;
}

/*
** ')': close the innermost open capture at s, then match the rest.
*/
static size_t close_capture (bitwa_sm *m, size_t s, size_t p) {
  int l = m->level - 1;
  while (l >= 0 && m->cap[l].len != BITWA_SM_CAP_UNFINISHED)
    l--;
  if (l < 0)
    return fail(m, BITWA_SM_EPATTERN, "invalid pattern capture");
  m->cap[l].len = (ptrdiff_t)(s - m->cap[l].init);
  size_t r = nested(m, s, p);
  if (r == NOPOS)
    m->cap[l].len = BITWA_SM_CAP_UNFINISHED;
  return r;
}

/*
** "%bxy" with x at p: a balanced run from s, or NOPOS.
*/
static size_t balanced (bitwa_sm *m, size_t s, size_t p) {
  if (p + 1 >= m->patlen)
    return fail(m, BITWA_SM_EPATTERN,
                "malformed pattern (missing arguments to '%b')");
  if (s >= m->srclen || (unsigned char)m->src[s] != pat_at(m, p))
    return NOPOS;
  int open = pat_at(m, p), close = pat_at(m, p + 1);
  long depth = 1;
  while (++s < m->srclen) {
    if (!charge(m, 1))
      return NOPOS;
    int c = (unsigned char)m->src[s];
    if (c == close) {
      if (--depth == 0)
        return s + 1;
    }
    else if (c == open)
      depth++;
  }
  return NOPOS;
}

/*
** "%1" .. "%9" (digit d): the text of an earlier, closed capture again
** at s.  A position capture never matches.
*/
static size_t back_reference (bitwa_sm *m, size_t s, int d) {
  int l = d - '1';
  if (l < 0 || l >= m->level || m->cap[l].len == BITWA_SM_CAP_UNFINISHED) {
    char msg[BITWA_SM_MSGMAX];
    snprintf(msg, sizeof msg, "invalid capture index %%%d", l + 1);
    return fail(m, BITWA_SM_EPATTERN, msg);
  }
  ptrdiff_t len = m->cap[l].len;
  if (len < 0 || (size_t)len > m->srclen - s)
    return NOPOS;
  if (!charge(m, (long)(len / 32)))
    return NOPOS;
  if (memcmp(m->src + m->cap[l].init, m->src + s, (size_t)len) != 0)
    return NOPOS;
  return s + (size_t)len;
}

/*
** Match the pattern from offset p against the subject from offset s.
** Returns the end of the match or NOPOS (with m->err set on errors).
** Items that need no choice point are handled in the loop.
*/
static size_t match_here (bitwa_sm *m, size_t s, size_t p) {
  for (;;) {
    if (p >= m->patlen)
      return s;
    if (!charge(m, 1))
      return NOPOS;
    int pc = pat_at(m, p);
    if (pc == '(') {
      if (pat_at(m, p + 1) == ')')
        return open_capture(m, s, p + 2, BITWA_SM_CAP_POSITION);
      return open_capture(m, s, p + 1, BITWA_SM_CAP_UNFINISHED);
    }
    if (pc == ')')
      return close_capture(m, s, p + 1);
    if (pc == '$' && p + 1 == m->patlen)
      return s == m->srclen ? s : NOPOS;
    if (pc == ESC) {
      int next = pat_at(m, p + 1);
      if (next == 'b') {
        s = balanced(m, s, p + 2);
        if (s == NOPOS)
          return NOPOS;
        p += 4;
        continue;
      }
      if (next == 'f') {
        p += 2;
        if (pat_at(m, p) != '[')
          return fail(m, BITWA_SM_EPATTERN,
                      "missing '[' after '%f' in pattern");
        size_t ep = item_end(m, p);
        if (ep == NOPOS)
          return NOPOS;
        int before = s == 0 ? 0 : (unsigned char)m->src[s - 1];
        if (!set_has(m, before, p, ep - 1) && set_has(m, src_at(m, s), p, ep - 1)) {
          p = ep;
          continue;
        }
        return NOPOS;
      }
      if (next >= '0' && next <= '9') {
        s = back_reference(m, s, next);
        if (s == NOPOS)
          return NOPOS;
        p += 2;
        continue;
      }
    }
    /* a single-character item, maybe with a quantifier */
    size_t ep = item_end(m, p);
    if (ep == NOPOS)
      return NOPOS;
    int q = pat_at(m, ep);
    if (!item_matches(m, s, p, ep)) {
      if (q == '*' || q == '?' || q == '-') {
        p = ep + 1;               /* zero repetitions are fine */
        continue;
      }
      return NOPOS;
    }
    switch (q) {
      case '?': {
        size_t r = nested(m, s + 1, ep + 1);
        if (r != NOPOS || m->err)
          return r;
        p = ep + 1;
        continue;
      }
      case '+': return repeat_longest(m, s + 1, p, ep);
      case '*': return repeat_longest(m, s, p, ep);
      case '-': return repeat_shortest(m, s, p, ep);
      default:
        s++;
        p = ep;
        continue;
    }
  }
}

/*
** Set up a state; see strmatch.h.
*/
void bitwa_sm_init (bitwa_sm *m, const char *src, size_t srclen,
                    const char *pat, size_t patlen, long budget) {
  m->src = src;
  m->srclen = srclen;
  m->pat = pat;
  m->patlen = patlen;
  m->steps = budget > 0 ? budget : BITWA_SM_DEFAULT_BUDGET;
  m->depth = BITWA_SM_MAXDEPTH;
  m->level = 0;
  m->err = 0;
  m->msg[0] = '\0';
}

/*
** One anchored attempt at subject offset s; see strmatch.h.
*/
int bitwa_sm_match (bitwa_sm *m, size_t s, size_t p, size_t *end) {
  if (m->err)
    return m->err;
  if (s > m->srclen)
    return BITWA_SM_NOMATCH;
  m->level = 0;
  m->depth = BITWA_SM_MAXDEPTH;
  size_t e = nested(m, s, p);
  if (m->err)
    return m->err;
  if (e == NOPOS)
    return BITWA_SM_NOMATCH;
  if (end)
    *end = e;
  return BITWA_SM_MATCH;
}

/*
** Search from init; see strmatch.h.
*/
int bitwa_sm_find (bitwa_sm *m, size_t init, size_t *start, size_t *end) {
  int anchor = m->patlen > 0 && m->pat[0] == '^';
  for (size_t s = init; s <= m->srclen; s++) {
    int r = bitwa_sm_match(m, s, anchor ? 1 : 0, end);
    if (r != BITWA_SM_NOMATCH) {
      if (r == BITWA_SM_MATCH && start)
        *start = s;
      return r;
    }
    if (anchor)
      break;
  }
  return BITWA_SM_NOMATCH;
}

/*
** Last error message.
*/
const char *bitwa_sm_error (const bitwa_sm *m) {
  return m->msg;
}

/*
** Any magic character in the pattern?
*/
bool bitwa_sm_has_specials (const char *pat, size_t patlen) {
  for (size_t i = 0; i < patlen; i++)
    if (pat[i] != '\0' && strchr("^$*+?.([%-", pat[i]) != NULL)
      return true;
  return false;
}
