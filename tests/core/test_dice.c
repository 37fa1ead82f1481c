/*
** tests/core/test_dice.c -- the seeded generator, forced dice, copies,
** the observer, and the distribution of d6 and 2d6.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "dice.h"

/* The first five 1d6 of seed 42, stream 0 (checked against an
** independent implementation of SplitMix64 + xoshiro256** + Lemire). */
static const int GOLDEN_D6[5] = { 1, 3, 5, 6, 6 };

/*
** Roll the golden sequence into out[5].
*/
static void golden_rolls (int out[5]) {
  bitwa_dice d;
  bitwa_roll r;
  bitwa_dice_init(&d, 42, 0);
  for (int i = 0; i < 5; i++) {
    out[i] = -1;
    if (bitwa_dice_roll(&d, 1, 6, "golden", &r, NULL, 0) == BITWA_DICE_OK)
      out[i] = r.total;
  }
  bitwa_dice_free(&d);
}

/*
** Run this program again (via /proc/self/exe, falling back to argv0)
** with "--golden" and read the five values it prints.  Returns the
** number of values read.
*/
static int golden_from_child (const char *argv0, int out[5]) {
  int fd[2];
  if (pipe(fd) != 0)
    return -1;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    close(fd[0]);
    dup2(fd[1], STDOUT_FILENO);
    close(fd[1]);
    execl("/proc/self/exe", argv0, "--golden", (char *)NULL);
    execl(argv0, argv0, "--golden", (char *)NULL);
    _exit(127);
  }
  close(fd[1]);
  char buf[256];
  size_t len = 0;
  ssize_t k;
  while (len < sizeof buf - 1 &&
         (k = read(fd[0], buf + len, sizeof buf - 1 - len)) > 0)
    len += (size_t)k;
  buf[len] = '\0';
  close(fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return -1;
  return sscanf(buf, "%d %d %d %d %d", &out[0], &out[1], &out[2], &out[3],
                &out[4]);
}

/*
** Seeding: reproducible, stream-separated, seed-separated.
*/
static void test_sequences (void) {
  bitwa_rng a, b, c, e;
  bitwa_rng_seed(&a, 12345, 0);
  bitwa_rng_seed(&b, 12345, 0);
  bitwa_rng_seed(&c, 12345, 1);
  bitwa_rng_seed(&e, 12346, 0);
  int same_ab = 1, same_ac = 0, same_ae = 0;
  for (int i = 0; i < 1000; i++) {
    uint64_t x = bitwa_rng_next(&a), y = bitwa_rng_next(&b);
    uint64_t z = bitwa_rng_next(&c), w = bitwa_rng_next(&e);
    if (x != y) same_ab = 0;
    if (x == z) same_ac++;
    if (x == w) same_ae++;
  }
  CHECK(same_ab);
  CHECK_INT(same_ac, 0);
  CHECK_INT(same_ae, 0);

  /* seed 0 stream 0 is a valid (non-zero) state */
  bitwa_rng zero;
  bitwa_rng_seed(&zero, 0, 0);
  CHECK((zero.s[0] | zero.s[1] | zero.s[2] | zero.s[3]) != 0);

  /* different streams of one seed give different d6 sequences */
  bitwa_dice d0, d1;
  bitwa_dice_init(&d0, 99, 0);
  bitwa_dice_init(&d1, 99, 1);
  int differ = 0;
  for (int i = 0; i < 50; i++) {
    bitwa_roll r0, r1;
    CHECK_INT(bitwa_dice_roll(&d0, 1, 6, "x", &r0, NULL, 0), BITWA_DICE_OK);
    CHECK_INT(bitwa_dice_roll(&d1, 1, 6, "x", &r1, NULL, 0), BITWA_DICE_OK);
    if (r0.total != r1.total) differ++;
  }
  CHECK(differ > 10);
  bitwa_dice_free(&d0);
  bitwa_dice_free(&d1);
}

/*
** The golden vector, here and in a separate process.
*/
static void test_golden (const char *argv0) {
  int here[5], there[5] = { 0, 0, 0, 0, 0 };
  golden_rolls(here);
  for (int i = 0; i < 5; i++)
    CHECK_INT(here[i], GOLDEN_D6[i]);
  CHECK_INT(golden_from_child(argv0, there), 5);
  for (int i = 0; i < 5; i++)
    CHECK_INT(there[i], GOLDEN_D6[i]);
}

/*
** bitwa_rng_below: range, n = 1, large n.
*/
static void test_below (void) {
  bitwa_rng r;
  bitwa_rng_seed(&r, 7, 7);
  int ok = 1;
  for (int i = 0; i < 10000; i++) {
    if (bitwa_rng_below(&r, 1) != 0) ok = 0;
    if (bitwa_rng_below(&r, 3) >= 3) ok = 0;
    if (bitwa_rng_below(&r, 0x80000001u) > 0x80000000u) ok = 0;
  }
  CHECK(ok);
  /* n = 3 * 2^30: a third of the draws fall below 2^30 (a plain
  ** 32-bit modulo would put half of them there) */
  int low = 0;
  for (int i = 0; i < 30000; i++)
    if (bitwa_rng_below(&r, 0xC0000000u) < 0x40000000u) low++;
  CHECK(low > 9500 && low < 10500);
}

typedef struct { int calls; int last_total; bool last_forced; char purpose[64]; } obs_log;

/*
** An observer that counts calls and keeps the last roll.
*/
static void observe (void *ctx, const bitwa_roll *r) {
  obs_log *o = ctx;
  o->calls++;
  o->last_total = r->total;
  o->last_forced = r->forced;
  snprintf(o->purpose, sizeof o->purpose, "%s", r->purpose);
}

/*
** Forced totals consumed in order, mixed NdM, exhaustion, bad totals,
** the observer, and no state change on error.
*/
static void test_forced (void) {
  bitwa_dice d;
  obs_log o = { 0, 0, false, "" };
  bitwa_roll r;
  char err[128];
  bitwa_dice_init(&d, 1, 2);
  d.observer = observe;
  d.observer_ctx = &o;

  int totals[] = { 7, 3, 12 };
  CHECK_INT(bitwa_dice_force(&d, totals, 3), 0);
  CHECK(d.forced_mode);
  CHECK_INT(bitwa_dice_forced_left(&d), 3);

  CHECK_INT(bitwa_dice_roll(&d, 2, 6, "combat", &r, err, sizeof err), BITWA_DICE_OK);
  CHECK_INT(r.total, 7);
  CHECK(r.forced);
  CHECK_INT(r.n, 2);
  CHECK_INT(r.sides, 6);
  CHECK_INT(r.faces[0], 0);
  CHECK_INT(r.faces[1], 0);
  CHECK_STR(r.purpose, "combat");
  CHECK_INT(o.calls, 1);
  CHECK_INT(o.last_total, 7);
  CHECK(o.last_forced);

  CHECK_INT(bitwa_dice_roll(&d, 1, 6, "morale", &r, err, sizeof err), BITWA_DICE_OK);
  CHECK_INT(r.total, 3);
  CHECK_STR(o.purpose, "morale");
  CHECK_INT(bitwa_dice_roll(&d, 2, 6, "combat", &r, err, sizeof err), BITWA_DICE_OK);
  CHECK_INT(r.total, 12);
  CHECK_INT(d.count, 3);
  CHECK_INT(bitwa_dice_forced_left(&d), 0);

  /* exhausted: exact message, nothing changes */
  bitwa_rng before = d.rng;
  memset(&r, 0x5A, sizeof r);
  CHECK_INT(bitwa_dice_roll(&d, 2, 6, "combat", &r, err, sizeof err),
            BITWA_DICE_EXHAUSTED);
  CHECK_STR(err, "forced dice exhausted at roll 4 (combat, 2d6)");
  CHECK_INT(d.count, 3);
  CHECK_INT(o.calls, 3);
  CHECK(memcmp(&before, &d.rng, sizeof before) == 0);
  CHECK_INT(r.n, 0x5A5A5A5A);          /* out untouched on error */

  /* bad forced totals are rejected and stay queued */
  int bad[] = { 13, 0 };
  CHECK_INT(bitwa_dice_force(&d, bad, 2), 0);
  CHECK_INT(bitwa_dice_roll(&d, 2, 6, "combat", &r, err, sizeof err),
            BITWA_DICE_BADFORCED);
  CHECK(strstr(err, "13") != NULL);
  CHECK_INT(bitwa_dice_forced_left(&d), 2);
  CHECK_INT(d.count, 3);
  CHECK_INT(o.calls, 3);
  /* 13 is fine for 3d6 */
  CHECK_INT(bitwa_dice_roll(&d, 3, 6, "leader death", &r, err, sizeof err),
            BITWA_DICE_OK);
  CHECK_INT(r.total, 13);
  CHECK_INT(bitwa_dice_roll(&d, 1, 6, "x", &r, err, sizeof err),
            BITWA_DICE_BADFORCED);
  CHECK_INT(bitwa_dice_roll(&d, 1, 6, "x", &r, err, sizeof err),
            BITWA_DICE_BADFORCED);
  CHECK_INT(bitwa_dice_forced_left(&d), 1);
  CHECK_INT(d.count, 4);
  CHECK_INT(o.calls, 4);
  CHECK(memcmp(&before, &d.rng, sizeof before) == 0);

  /* bounds: n and n*sides are possible totals */
  int edge[] = { 1 };
  bitwa_dice_unforce(&d);
  CHECK_INT(bitwa_dice_force(&d, edge, 1), 0);
  CHECK_INT(bitwa_dice_roll(&d, 1, 6, "x", &r, err, sizeof err), BITWA_DICE_OK);
  int edge2[] = { 32 };
  CHECK_INT(bitwa_dice_force(&d, edge2, 1), 0);
  CHECK_INT(bitwa_dice_roll(&d, 16, 2, "x", &r, err, sizeof err), BITWA_DICE_OK);
  CHECK_INT(r.total, 32);
  CHECK_INT(bitwa_dice_force(&d, edge2, 1), 0);
  CHECK_INT(bitwa_dice_roll(&d, 16, 2, "many", &r, err, sizeof err), BITWA_DICE_OK);
  CHECK_INT(bitwa_dice_roll(&d, 16, 2, "many", &r, err, sizeof err),
            BITWA_DICE_EXHAUSTED);
  CHECK_STR(err, "forced dice exhausted at roll 8 (many, 16d2)");

  /* force with no totals: forced mode, empty queue */
  bitwa_dice_unforce(&d);
  CHECK(!d.forced_mode);
  CHECK_INT(bitwa_dice_force(&d, NULL, 0), 0);
  CHECK(d.forced_mode);
  CHECK_INT(bitwa_dice_roll(&d, 1, 6, "x", &r, err, sizeof err),
            BITWA_DICE_EXHAUSTED);
  /* a NULL or tiny err buffer is fine */
  CHECK_INT(bitwa_dice_roll(&d, 1, 6, "x", &r, NULL, 0), BITWA_DICE_EXHAUSTED);
  CHECK_INT(bitwa_dice_roll(&d, 1, 6, "x", &r, err, 1), BITWA_DICE_EXHAUSTED);
  CHECK_STR(err, "");
  /* a NULL out and a NULL purpose are fine */
  bitwa_dice_unforce(&d);
  CHECK_INT(bitwa_dice_roll(&d, 1, 6, NULL, NULL, NULL, 0), BITWA_DICE_OK);
  CHECK_INT(o.calls, 8);
  CHECK_STR(o.purpose, "");
  bitwa_dice_free(&d);
}

/*
** Forced rolls do not advance the generator: after unforce the seeded
** sequence continues as if they had never been made.
*/
static void test_unforce_resumes (void) {
  bitwa_dice a, b;
  bitwa_roll r;
  int seq_a[20], na = 0, seq_b[20], nb = 0;
  bitwa_dice_init(&a, 2024, 5);
  bitwa_dice_init(&b, 2024, 5);

  for (int i = 0; i < 3; i++) {
    CHECK_INT(bitwa_dice_roll(&a, 2, 6, "x", &r, NULL, 0), BITWA_DICE_OK);
    seq_a[na++] = r.total;
  }
  int totals[] = { 2, 5, 18 };
  CHECK_INT(bitwa_dice_force(&a, totals, 3), 0);
  CHECK_INT(bitwa_dice_roll(&a, 2, 6, "x", &r, NULL, 0), BITWA_DICE_OK);
  CHECK_INT(r.total, 2);
  CHECK_INT(bitwa_dice_roll(&a, 1, 10, "x", &r, NULL, 0), BITWA_DICE_OK);
  CHECK_INT(r.total, 5);
  bitwa_dice_unforce(&a);
  CHECK_INT(bitwa_dice_forced_left(&a), 0);
  for (int i = 0; i < 5; i++) {
    CHECK_INT(bitwa_dice_roll(&a, 2, 6, "x", &r, NULL, 0), BITWA_DICE_OK);
    CHECK(!r.forced);
    CHECK(r.faces[0] >= 1 && r.faces[0] <= 6);
    CHECK_INT(r.faces[0] + r.faces[1], r.total);
    seq_a[na++] = r.total;
  }
  for (int i = 0; i < 8; i++) {
    CHECK_INT(bitwa_dice_roll(&b, 2, 6, "x", &r, NULL, 0), BITWA_DICE_OK);
    seq_b[nb++] = r.total;
  }
  CHECK_INT(na, nb);
  CHECK(memcmp(seq_a, seq_b, sizeof seq_a[0] * 8) == 0);
  CHECK_INT(a.count, 10);
  CHECK_INT(b.count, 8);
  bitwa_dice_free(&a);
  bitwa_dice_free(&b);
}

/*
** A copy continues exactly as the original and is independent of it.
*/
static void test_copy (void) {
  bitwa_dice a, c;
  bitwa_roll ra, rc;
  bitwa_dice_init(&a, 77, 0);
  for (int i = 0; i < 4; i++)
    CHECK_INT(bitwa_dice_roll(&a, 3, 6, "x", &ra, NULL, 0), BITWA_DICE_OK);

  CHECK_INT(bitwa_dice_copy(&c, &a), 0);
  int same = 1;
  for (int i = 0; i < 100; i++) {
    bitwa_dice_roll(&a, 2, 10, "x", &ra, NULL, 0);
    bitwa_dice_roll(&c, 2, 10, "x", &rc, NULL, 0);
    if (ra.total != rc.total || ra.faces[0] != rc.faces[0]) same = 0;
  }
  CHECK(same);
  CHECK_INT(a.count, c.count);

  /* copy of a partly consumed forced queue */
  int totals[] = { 4, 5, 6, 7 };
  CHECK_INT(bitwa_dice_force(&a, totals, 4), 0);
  CHECK_INT(bitwa_dice_roll(&a, 2, 6, "x", &ra, NULL, 0), BITWA_DICE_OK);
  bitwa_dice c2;
  CHECK_INT(bitwa_dice_copy(&c2, &a), 0);
  CHECK(c2.forced_mode);
  CHECK_INT(bitwa_dice_forced_left(&c2), 3);
  CHECK_INT(bitwa_dice_roll(&c2, 2, 6, "x", &rc, NULL, 0), BITWA_DICE_OK);
  CHECK_INT(rc.total, 5);
  int more[] = { 9 };
  CHECK_INT(bitwa_dice_force(&c2, more, 1), 0);
  CHECK_INT(bitwa_dice_forced_left(&c2), 3);
  CHECK_INT(bitwa_dice_forced_left(&a), 3);   /* original unaffected */
  CHECK_INT(bitwa_dice_roll(&a, 2, 6, "x", &ra, NULL, 0), BITWA_DICE_OK);
  CHECK_INT(ra.total, 5);
  bitwa_dice_unforce(&a);
  bitwa_dice_unforce(&c2);
  CHECK_INT(bitwa_dice_roll(&a, 2, 6, "x", &ra, NULL, 0), BITWA_DICE_OK);
  CHECK_INT(bitwa_dice_roll(&c2, 2, 6, "x", &rc, NULL, 0), BITWA_DICE_OK);
  CHECK_INT(ra.total, rc.total);
  CHECK_INT(ra.faces[0], rc.faces[0]);

  bitwa_dice_free(&a);
  bitwa_dice_free(&c);
  bitwa_dice_free(&c2);
}

/*
** Chi-square of 10^6 d6 (5 dof) and 10^6 2d6 totals (10 dof) against
** the 0.001 critical values.
*/
static void test_distribution (void) {
  bitwa_dice d;
  bitwa_roll r;
  const int N = 1000000;
  long cnt6[7] = { 0 };
  long cnt2[13] = { 0 };
  bitwa_dice_init(&d, 31337, 0);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    if (bitwa_dice_roll(&d, 1, 6, "chi", &r, NULL, 0) != BITWA_DICE_OK ||
        r.total < 1 || r.total > 6)
      bad++;
    else
      cnt6[r.total]++;
  }
  CHECK_INT(bad, 0);
  double chi = 0;
  for (int k = 1; k <= 6; k++) {
    double e = N / 6.0, dv = cnt6[k] - e;
    chi += dv * dv / e;
  }
  printf("d6 chi-square (5 dof): %.3f\n", chi);
  CHECK(chi < 20.52);

  for (int i = 0; i < N; i++) {
    if (bitwa_dice_roll(&d, 2, 6, "chi", &r, NULL, 0) != BITWA_DICE_OK ||
        r.total < 2 || r.total > 12)
      bad++;
    else
      cnt2[r.total]++;
  }
  CHECK_INT(bad, 0);
  chi = 0;
  for (int k = 2; k <= 12; k++) {
    int ways = k <= 7 ? k - 1 : 13 - k;
    double e = N * ways / 36.0, dv = cnt2[k] - e;
    chi += dv * dv / e;
  }
  printf("2d6 chi-square (10 dof): %.3f\n", chi);
  CHECK(chi < 29.59);
  CHECK(cnt2[7] > cnt2[6] && cnt2[6] > cnt2[4] && cnt2[4] > cnt2[2]);
  CHECK_INT(d.count, 2 * N);
  bitwa_dice_free(&d);
}

/*
** Out-of-range NdM is rejected without touching anything.
*/
static void test_bad_args (void) {
  bitwa_dice d, twin;
  bitwa_roll r;
  char err[128];
  obs_log o = { 0, 0, false, "" };
  bitwa_dice_init(&d, 5, 5);
  bitwa_dice_init(&twin, 5, 5);
  d.observer = observe;
  d.observer_ctx = &o;
  CHECK_INT(bitwa_dice_roll(&d, 0, 6, "x", &r, err, sizeof err), BITWA_DICE_BADARG);
  CHECK(err[0] != '\0');
  CHECK_INT(bitwa_dice_roll(&d, 17, 6, "x", &r, err, sizeof err), BITWA_DICE_BADARG);
  CHECK_INT(bitwa_dice_roll(&d, -1, 6, "x", &r, err, sizeof err), BITWA_DICE_BADARG);
  CHECK_INT(bitwa_dice_roll(&d, 2, 1, "x", &r, err, sizeof err), BITWA_DICE_BADARG);
  CHECK_INT(bitwa_dice_roll(&d, 2, 0, "x", &r, err, sizeof err), BITWA_DICE_BADARG);
  CHECK_INT(bitwa_dice_roll(&d, 2, 1001, "x", &r, err, sizeof err), BITWA_DICE_BADARG);
  /* bad arguments are checked before the forced queue */
  int t[] = { 3 };
  CHECK_INT(bitwa_dice_force(&d, t, 1), 0);
  CHECK_INT(bitwa_dice_roll(&d, 17, 6, "x", &r, err, sizeof err), BITWA_DICE_BADARG);
  CHECK_INT(bitwa_dice_forced_left(&d), 1);
  bitwa_dice_unforce(&d);
  CHECK_INT(d.count, 0);
  CHECK_INT(o.calls, 0);
  CHECK(memcmp(&d.rng, &twin.rng, sizeof d.rng) == 0);
  /* the extremes are accepted */
  CHECK_INT(bitwa_dice_roll(&d, 16, 1000, "x", &r, err, sizeof err), BITWA_DICE_OK);
  CHECK_INT(bitwa_dice_roll(&d, 1, 2, "x", &r, err, sizeof err), BITWA_DICE_OK);
  CHECK_INT(o.calls, 2);
  bitwa_dice_free(&d);
  bitwa_dice_free(&twin);
}

/*
** Long purposes are cut to fit, never inside a UTF-8 character.
*/
static void test_purpose (void) {
  bitwa_dice d;
  bitwa_roll r;
  char p[100];
  bitwa_dice_init(&d, 1, 1);
  memset(p, 'a', sizeof p);
  p[sizeof p - 1] = '\0';
  CHECK_INT(bitwa_dice_roll(&d, 1, 6, p, &r, NULL, 0), BITWA_DICE_OK);
  CHECK_INT(strlen(r.purpose), BITWA_PURPOSE_MAX - 1);
  /* 46 ASCII bytes then a two-byte letter: it must not be split */
  memset(p, 'a', 46);
  strcpy(p + 46, "\xc5\x9b" "mier\xc4\x87");
  CHECK_INT(bitwa_dice_roll(&d, 1, 6, p, &r, NULL, 0), BITWA_DICE_OK);
  CHECK_INT(strlen(r.purpose), 46);
  bitwa_dice_free(&d);
}

int main (int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--golden") == 0) {
    int v[5];
    golden_rolls(v);
    printf("%d %d %d %d %d\n", v[0], v[1], v[2], v[3], v[4]);
    return 0;
  }
  test_sequences();
  test_golden(argv[0]);
  test_below();
  test_forced();
  test_unforce_resumes();
  test_copy();
  test_distribution();
  test_bad_args();
  test_purpose();
  return check_summary();
}
