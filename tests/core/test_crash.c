/*
** Crash safety, for real: a whole bot game is started again and again
** in a child process (the bitwa command, durability full) and killed
** with SIGKILL at a random moment.  After every kill the file must be
** a sound SQLite database whose finished actions are a prefix of the
** uninterrupted game's, with at most one pending action after them;
** `bitwa run FILE --resume` must then finish the game exactly like the
** uninterrupted one (same actions, same final checksum).  A kill that
** lands before the setup is saved must leave no file, or a file that
** resume refuses with a one-line message and exit status 2.
**
** The delays come from a seeded generator, so a run is repeatable up
** to the machine's timing.  They are fractions of the uninterrupted
** game's wall time T, drawn over 0 .. 1.2 T; T is measured again every
** 20 kills (the median of the last three runs), since the machine's
** speed drifts with its other work.  When too few kills land mid-game
** (start-up, and the file's creation with one transaction per
** metadata entry and source, are a good part of a short game), the
** range closes in on the fractions that did.
**
** Environment: BITWA_BIN (the command, required), BITWA_CRASH_KILLS
** (default 200), BITWA_CRASH_SEED (the game's seed, default 7),
** BITWA_CRASH_VERBOSE (one line per kill).
*/
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "check.h"

#define DEFAULT_KILLS 200
#define DEFAULT_SEED 7
#define MID_SHARE 0.75          /* at least this share of kills mid-game */
#define MAX_KILLS_FACTOR 6      /* never more than this many times the kills (a loaded
                                   machine lands a third of them mid-game) */
#define FIRST_SHARE 4           /* 1/4 of the kills over the whole range */

static const char *bin;
static char dir[4096];
static int verbose;

/* ------------------------------------------------------------ utilities */

static char *xstrdup (const char *s) {
  size_t n = strlen(s ? s : "") + 1;
  char *p = malloc(n);
  if (!p) { perror("malloc"); exit(2); }
  memcpy(p, s ? s : "", n);
  return p;
}

static double now_s (void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* SplitMix64: the kill delays. */
static uint64_t rng_state;
static double rng_unit (void) {
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return (double) (z >> 11) / 9007199254740992.0;
}

static int env_int (const char *name, int dflt) {
  const char *v = getenv(name);
  char *end;
  long n;
  if (!v || !*v) return dflt;
  n = strtol(v, &end, 10);
  return (*end == '\0' && n > 0 && n < 1000000) ? (int) n : dflt;
}

static int exists (const char *path) {
  struct stat sb;
  return stat(path, &sb) == 0;
}

/* The whole content of a (small) file, malloc'd; "" when unreadable. */
static char *slurp (const char *path) {
  FILE *f = fopen(path, "rb");
  char *buf;
  size_t len = 0, cap = 4096, got;
  buf = malloc(cap);
  if (!buf) { perror("malloc"); exit(2); }
  if (f) {
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
      len += got;
      if (cap - len - 1 == 0) {
        char *nb = realloc(buf, cap *= 2);
        if (!nb) { perror("realloc"); exit(2); }
        buf = nb;
      }
    }
    fclose(f);
  }
  buf[len] = '\0';
  return buf;
}

static int copy_file (const char *from, const char *to) {
  FILE *in = fopen(from, "rb"), *out;
  char buf[65536];
  size_t n;
  int rc = 0;
  if (!in) return -1;
  if (!(out = fopen(to, "wb"))) { fclose(in); return -1; }
  while ((n = fread(buf, 1, sizeof buf, in)) > 0)
    if (fwrite(buf, 1, n, out) != n) rc = -1;
  if (ferror(in)) rc = -1;
  fclose(in);
  if (fclose(out) != 0) rc = -1;
  return rc;
}

/* Remove a game file and what SQLite keeps beside it. */
static void remove_game (const char *path) {
  static const char *const side[] = { "", "-wal", "-shm", "-journal" };
  char name[4200];
  for (size_t i = 0; i < sizeof side / sizeof side[0]; i++) {
    snprintf(name, sizeof name, "%s%s", path, side[i]);
    unlink(name);
  }
}

/*
** Start the command with argv (argv[0] is ignored: bin is run), stdin
** from /dev/null, stdout and stderr into the given files (/dev/null
** when NULL).  Returns the child's pid.
*/
static pid_t spawn (char *const argv[], const char *out, const char *err) {
  pid_t pid = fork();
  if (pid < 0) { perror("fork"); exit(2); }
  if (pid == 0) {
    int in = open("/dev/null", O_RDONLY);
    int o = open(out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int e = open(err ? err : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || o < 0 || e < 0) _exit(126);
    dup2(in, 0); dup2(o, 1); dup2(e, 2);
    close(in); close(o); close(e);
    execv(bin, argv);
    _exit(127);
  }
  return pid;
}

/* Exit status of a finished child: its code, or 128 + signal. */
static int status_of (int st) {
  if (WIFEXITED(st)) return WEXITSTATUS(st);
  if (WIFSIGNALED(st)) return 128 + WTERMSIG(st);
  return -1;
}

static int wait_child (pid_t pid) {
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) { perror("waitpid"); exit(2); }
  return status_of(st);
}

/* Run the command to its end; its stdout and stderr as malloc'd text. */
static int run_cmd (char *const argv[], char **out, char **err) {
  char o[4200], e[4200];
  int rc;
  snprintf(o, sizeof o, "%s/cmd.out", dir);
  snprintf(e, sizeof e, "%s/cmd.err", dir);
  rc = wait_child(spawn(argv, o, e));
  *out = slurp(o);
  *err = slurp(e);
  unlink(o);
  unlink(e);
  return rc;
}

/* ------------------------------------------------------------ the log */

typedef struct {
  long long n;
  int turn;
  char *side, *line, *phase, *status, *checksum;
} action;

typedef struct {
  long long action;
  int k;
  char *side, *kind, *answer;
} decision;

typedef struct {
  action *a;
  int na;
  decision *d;
  int nd;
  int has_tables;         /* the action table is there */
} gamelog;

static void log_free (gamelog *g) {
  for (int i = 0; i < g->na; i++) {
    free(g->a[i].side); free(g->a[i].line); free(g->a[i].phase);
    free(g->a[i].status); free(g->a[i].checksum);
  }
  for (int i = 0; i < g->nd; i++) {
    free(g->d[i].side); free(g->d[i].kind); free(g->d[i].answer);
  }
  free(g->a);
  free(g->d);
  memset(g, 0, sizeof *g);
}

static const char *ctext (sqlite3_stmt *st, int i) {
  const unsigned char *s = sqlite3_column_text(st, i);
  return s ? (const char *) s : "";
}

/*
** Open path with flags, require PRAGMA integrity_check to say exactly
** "ok", and read the actions and decisions.  0, or -1 with a message in
** msg (and *code set to SQLite's error code).
*/
static int read_log_at (const char *path, int flags, gamelog *g,
                        char *msg, size_t msglen, int *code) {
  sqlite3 *db = NULL;
  sqlite3_stmt *st = NULL;
  int rc, rows = 0;
  memset(g, 0, sizeof *g);
  *code = SQLITE_OK;
  if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK)
    goto sqlerr;
  sqlite3_busy_timeout(db, 2000);
  if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &st, NULL) != SQLITE_OK)
    goto sqlerr;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    if (rows++ == 0 && strcmp(ctext(st, 0), "ok") == 0)
      continue;
    snprintf(msg, msglen, "integrity_check: %s", ctext(st, 0));
    goto fail;
  }
  if (rc != SQLITE_DONE) goto sqlerr;
  if (rows != 1) { snprintf(msg, msglen, "integrity_check gave %d rows", rows); goto fail; }
  sqlite3_finalize(st);
  st = NULL;
  if (sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_schema"
                         " WHERE type = 'table' AND name = 'action'",
                         -1, &st, NULL) != SQLITE_OK
      || sqlite3_step(st) != SQLITE_ROW)
    goto sqlerr;
  g->has_tables = sqlite3_column_int(st, 0) == 1;
  sqlite3_finalize(st);
  st = NULL;
  if (g->has_tables) {
    if (sqlite3_prepare_v2(db, "SELECT n, side, line, turn, phase, status, checksum"
                           " FROM action ORDER BY n", -1, &st, NULL) != SQLITE_OK)
      goto sqlerr;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      action *a;
      g->a = realloc(g->a, (size_t) (g->na + 1) * sizeof *g->a);
      if (!g->a) { perror("realloc"); exit(2); }
      a = &g->a[g->na++];
      a->n = sqlite3_column_int64(st, 0);
      a->side = xstrdup(ctext(st, 1));
      a->line = xstrdup(ctext(st, 2));
      a->turn = sqlite3_column_int(st, 3);
      a->phase = xstrdup(ctext(st, 4));
      a->status = xstrdup(ctext(st, 5));
      a->checksum = xstrdup(ctext(st, 6));
    }
    if (rc != SQLITE_DONE) goto sqlerr;
    sqlite3_finalize(st);
    st = NULL;
    if (sqlite3_prepare_v2(db, "SELECT action, k, side, kind, answer FROM decision"
                           " ORDER BY action, k", -1, &st, NULL) != SQLITE_OK)
      goto sqlerr;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      decision *d;
      g->d = realloc(g->d, (size_t) (g->nd + 1) * sizeof *g->d);
      if (!g->d) { perror("realloc"); exit(2); }
      d = &g->d[g->nd++];
      d->action = sqlite3_column_int64(st, 0);
      d->k = sqlite3_column_int(st, 1);
      d->side = xstrdup(ctext(st, 2));
      d->kind = xstrdup(ctext(st, 3));
      d->answer = xstrdup(ctext(st, 4));
    }
    if (rc != SQLITE_DONE) goto sqlerr;
    sqlite3_finalize(st);
    st = NULL;
  }
  sqlite3_close(db);
  return 0;

sqlerr:
  *code = db ? sqlite3_errcode(db) : SQLITE_NOMEM;
  snprintf(msg, msglen, "%s", db ? sqlite3_errmsg(db) : "out of memory");
fail:
  sqlite3_finalize(st);
  sqlite3_close(db);
  log_free(g);
  return -1;
}

/*
** Read a game file as it was left, read-only.  A kill while the file is
** being made can leave a hot rollback journal (SQLite turns the new
** file to WAL under one), which only a writer may roll back: then the
** file and its journal are copied and the copy is read; the original
** stays as it was for bitwa to find.  *copied says so.
*/
static int read_log (const char *path, gamelog *g, char *msg, size_t msglen,
                     int *copied) {
  static const char *const side[] = { "", "-journal", "-wal" };
  char scratch[4200], from[4200], to[4200];
  int code, rc;
  *copied = 0;
  if (read_log_at(path, SQLITE_OPEN_READONLY, g, msg, msglen, &code) == 0)
    return 0;
  snprintf(from, sizeof from, "%s-journal", path);
  if ((code & 0xff) != SQLITE_READONLY && (code & 0xff) != SQLITE_CANTOPEN
      && !exists(from))
    return -1;
  snprintf(scratch, sizeof scratch, "%s/copy.bitwa", dir);
  remove_game(scratch);
  for (size_t i = 0; i < sizeof side / sizeof side[0]; i++) {
    snprintf(from, sizeof from, "%s%s", path, side[i]);
    snprintf(to, sizeof to, "%s%s", scratch, side[i]);
    if (exists(from) && copy_file(from, to) != 0) {
      snprintf(msg, msglen, "cannot copy %.400s", from);
      remove_game(scratch);
      return -1;
    }
  }
  *copied = 1;
  rc = read_log_at(scratch, SQLITE_OPEN_READWRITE, g, msg, msglen, &code);
  remove_game(scratch);
  return rc;
}

static int same_action (const action *a, const action *b) {
  return a->n == b->n && a->turn == b->turn && strcmp(a->side, b->side) == 0
      && strcmp(a->line, b->line) == 0 && strcmp(a->phase, b->phase) == 0
      && strcmp(a->checksum, b->checksum) == 0;
}

static int same_decision (const decision *a, const decision *b) {
  return a->action == b->action && a->k == b->k && strcmp(a->side, b->side) == 0
      && strcmp(a->kind, b->kind) == 0 && strcmp(a->answer, b->answer) == 0;
}

/* Decisions of action n: index of the first in g, and their count. */
static int decisions_of (const gamelog *g, long long n, int *first) {
  int c = 0;
  *first = 0;
  for (int i = 0; i < g->nd; i++) {
    if (g->d[i].action == n) {
      if (c++ == 0) *first = i;
    }
  }
  return c;
}

/* ------------------------------------------------------------ checks */

/* A JSON string field's value ("" when absent), into buf. */
static const char *json_str (const char *json, const char *key, char *buf, size_t len) {
  char pat[64];
  const char *p, *q;
  snprintf(pat, sizeof pat, "\"%s\":\"", key);
  buf[0] = '\0';
  if (!(p = strstr(json, pat))) return buf;
  p += strlen(pat);
  if (!(q = strchr(p, '"'))) return buf;
  snprintf(buf, len, "%.*s", (int) (q - p), p);
  return buf;
}

static long json_int (const char *json, const char *key) {
  char pat[64];
  const char *p;
  snprintf(pat, sizeof pat, "\"%s\":", key);
  if (!(p = strstr(json, pat))) return -1;
  return strtol(p + strlen(pat), NULL, 10);
}

/* A message from the command: one line, "bitwa: ..." naming the file. */
static int clear_error (const char *err, const char *path) {
  size_t len = strlen(err);
  return strncmp(err, "bitwa: ", 7) == 0 && strstr(err, path) != NULL
      && len > 0 && err[len - 1] == '\n' && memchr(err, '\n', len - 1) == NULL
      && strstr(err, "internal error") == NULL && strstr(err, "traceback") == NULL;
}

/* What to print after captured stderr so that a message ends well. */
static const char *nl (const char *err) {
  size_t len = strlen(err);
  if (len == 0) return "(nothing on stderr)\n";
  return err[len - 1] == '\n' ? "" : "\n";
}

/* bitwa replay FILE --verify --json: exit status, the output. */
static int replay (const char *path, char **out) {
  char *err;
  char *argv[] = { "bitwa", "replay", (char *) path, "--verify", "--json", NULL };
  int rc = run_cmd(argv, out, &err);
  if (rc != 0) fprintf(stderr, "replay %s: status %d: %s%s", path, rc, err, nl(err));
  free(err);
  return rc;
}

typedef struct {
  gamelog ref;
  char checksum[64];      /* final checksum of the uninterrupted game */
  char seed[32];
} reference;

/*
** The file after a kill, before resuming: sound, a prefix of the
** reference, at most one pending action that is the reference's next.
** Returns the number of done actions (-1 when unreadable); *pending
** says whether a pending action follows them.
*/
static int check_killed (const reference *R, const char *path, int kill,
                         int *pending, int *has_setup, int *copied) {
  gamelog g;
  char msg[512];
  int done = 0, ok = 1;
  *pending = 0;
  *has_setup = 0;
  if (read_log(path, &g, msg, sizeof msg, copied) != 0) {
    fprintf(stderr, "kill %d: %s: %s\n", kill, path, msg);
    CHECK(!"killed game file is readable and integrity_check says ok");
    return -1;
  }
  for (int i = 0; i < g.na; i++) {
    const action *a = &g.a[i];
    if (strcmp(a->status, "done") == 0) {
      if (*pending || done >= R->ref.na || !same_action(a, &R->ref.a[done])) {
        fprintf(stderr, "kill %d: done action %lld (%s %s) is not the reference's %d%s\n",
                kill, a->n, a->side, a->line, done, *pending ? " (after a pending one)" : "");
        ok = 0;
        break;
      }
      done++;
    } else if (strcmp(a->status, "pending") == 0 && !*pending) {
      int first, nd, rfirst, rnd;
      *pending = 1;
      if (done >= R->ref.na || a->n != R->ref.a[done].n
          || strcmp(a->line, R->ref.a[done].line) != 0
          || strcmp(a->side, R->ref.a[done].side) != 0) {
        fprintf(stderr, "kill %d: pending action %lld (%s) is not the reference's next\n",
                kill, a->n, a->line);
        ok = 0;
        break;
      }
      /* its decisions: the first ones of the reference's action */
      nd = decisions_of(&g, a->n, &first);
      rnd = decisions_of(&R->ref, a->n, &rfirst);
      if (nd > rnd) ok = 0;
      for (int k = 0; ok && k < nd; k++)
        if (!same_decision(&g.d[first + k], &R->ref.d[rfirst + k])) ok = 0;
      if (!ok) {
        fprintf(stderr, "kill %d: the decisions of pending action %lld are not the reference's\n",
                kill, a->n);
        break;
      }
    } else {
      fprintf(stderr, "kill %d: action %lld has status %s\n", kill, a->n,
              *pending ? "pending (a second one)" : a->status);
      ok = 0;
      break;
    }
  }
  /* the decisions of the done actions are exactly the reference's
     (both lists are in order of action, k) */
  if (ok) {
    int j = 0;
    for (int i = 0; ok && i < g.nd && g.d[i].action < done; i++, j++)
      if (j >= R->ref.nd || !same_decision(&g.d[i], &R->ref.d[j])) ok = 0;
    if (ok && j < R->ref.nd && R->ref.d[j].action < done) ok = 0;
    if (!ok)
      fprintf(stderr, "kill %d: the decisions of the done actions are not the reference's\n",
              kill);
  }
  CHECK(ok);
  *has_setup = done > 0;
  if (!*has_setup) {
    /* before the setup: nothing else may be there either */
    CHECK_INT(g.na, 0);
    CHECK_INT(g.nd, 0);
  }
  log_free(&g);
  return ok ? done : -1;
}

/*
** Resume the game and require the reference's end: exit 0, the replay
** verifies with the reference's final checksum, the actions and the
** decisions are the reference's.  1 when all of that holds.
*/
static int check_resume (const reference *R, const char *path, int kill) {
  char *out, *err, sum[64], msg[512];
  char *argv[] = { "bitwa", "run", (char *) path, "--resume", "--quiet", NULL };
  gamelog g;
  int rc, ok = 1, copied;
  rc = run_cmd(argv, &out, &err);
  if (rc != 0) fprintf(stderr, "kill %d: resume: status %d: %s%s", kill, rc, err, nl(err));
  CHECK_INT(rc, 0);
  ok = rc == 0;
  free(out);
  free(err);
  rc = replay(path, &out);
  CHECK_INT(rc, 0);
  CHECK_STR(json_str(out, "checksum", sum, sizeof sum), R->checksum);
  CHECK(strstr(out, "\"divergence\"") == NULL);
  CHECK(strstr(out, "\"changed\":[]") != NULL);
  CHECK_INT(json_int(out, "actions"), R->ref.na - 1);
  CHECK_INT(json_int(out, "total"), R->ref.na - 1);
  ok = ok && rc == 0 && strcmp(sum, R->checksum) == 0 && !strstr(out, "\"divergence\"")
       && json_int(out, "actions") == R->ref.na - 1;
  free(out);
  if (read_log(path, &g, msg, sizeof msg, &copied) != 0) {
    fprintf(stderr, "kill %d: resumed %s: %s\n", kill, path, msg);
    CHECK(!"resumed game file is readable");
    return 0;
  }
  CHECK_INT(g.na, R->ref.na);
  CHECK_INT(g.nd, R->ref.nd);
  if (g.na != R->ref.na || g.nd != R->ref.nd) ok = 0;
  for (int i = 0; ok && i < g.na; i++) {
    if (!same_action(&g.a[i], &R->ref.a[i]) || strcmp(g.a[i].status, "done") != 0) {
      fprintf(stderr, "kill %d: resumed action %lld (%s %s %s) differs from the reference's\n",
              kill, g.a[i].n, g.a[i].side, g.a[i].line, g.a[i].status);
      CHECK(!"resumed actions are the reference's");
      ok = 0;
    }
  }
  for (int i = 0; ok && i < g.nd; i++) {
    if (!same_decision(&g.d[i], &R->ref.d[i])) {
      fprintf(stderr, "kill %d: resumed decision %d of action %lld differs\n",
              kill, g.d[i].k, g.d[i].action);
      CHECK(!"resumed decisions are the reference's");
      ok = 0;
    }
  }
  log_free(&g);
  return ok;
}

/*
** A kill before the setup was saved: resume must refuse the file (or
** find none) with one clear line and exit status 2.
*/
static int check_refused (const char *path, int kill, int absent) {
  char *out, *err;
  char *argv[] = { "bitwa", "run", (char *) path, "--resume", "--quiet", NULL };
  int rc = run_cmd(argv, &out, &err), ok;
  ok = rc == 2 && clear_error(err, path);
  if (!ok)
    fprintf(stderr, "kill %d: resume of a game without setup: status %d: %s%s",
            kill, rc, err, nl(err));
  CHECK_INT(rc, 2);
  CHECK(clear_error(err, path));
  if (absent) CHECK(!exists(path));
  free(out);
  free(err);
  return ok;
}

/* ------------------------------------------------------------ main */

/* Run the whole game into path; its wall time in seconds. */
static double run_game (const reference *R, const char *path) {
  char *out, *err;
  char *argv[] = { "bitwa", "run", "skirmish/duel", "-o", (char *) path, "--seed",
                   (char *) R->seed, "--durability", "full", "--quiet", NULL };
  double t0 = now_s(), t;
  int rc = run_cmd(argv, &out, &err);
  t = now_s() - t0;
  if (rc != 0) fprintf(stderr, "uninterrupted run: status %d: %s%s", rc, err, nl(err));
  CHECK_INT(rc, 0);
  free(out);
  free(err);
  return t;
}

static int same_game (const gamelog *a, const gamelog *b) {
  int same = a->na == b->na && a->nd == b->nd;
  for (int k = 0; same && k < a->na; k++)
    same = same_action(&a->a[k], &b->a[k]) && strcmp(a->a[k].status, b->a[k].status) == 0;
  for (int k = 0; same && k < a->nd; k++)
    same = same_decision(&a->d[k], &b->d[k]);
  return same;
}

/*
** The uninterrupted game once more, into a scratch file: it must be the
** reference's game (the same seed plays the same game); its wall time.
*/
static double measure (const reference *R) {
  char path[4200], msg[512];
  gamelog g;
  int copied;
  double t;
  snprintf(path, sizeof path, "%s/again.bitwa", dir);
  remove_game(path);
  t = run_game(R, path);
  if (read_log(path, &g, msg, sizeof msg, &copied) != 0) {
    fprintf(stderr, "uninterrupted game %s: %s\n", path, msg);
    CHECK(!"uninterrupted game file is readable");
  } else {
    CHECK(same_game(&g, &R->ref));
    log_free(&g);
  }
  remove_game(path);
  return t;
}

static int cmp_double (const void *a, const void *b) {
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double median3 (const double t[3]) {
  double s[3] = { t[0], t[1], t[2] };
  qsort(s, 3, sizeof s[0], cmp_double);
  return s[1];
}

#define RECENT 20               /* kills between re-measures and range checks */

int main (void) {
  reference R;
  char path[4200], msg[512], *out;
  double times[3], T, T_min, T_max, flo = 0, fhi = 1.2, t_start;
  int kills = env_int("BITWA_CRASH_KILLS", DEFAULT_KILLS);
  int seed = env_int("BITWA_CRASH_SEED", DEFAULT_SEED);
  int mid_target = (int) (kills * MID_SHARE + 0.999);
  int n = 0, mid = 0, absent = 0, no_setup = 0, after_end = 0, exited = 0;
  int pending = 0, resumed = 0, refused = 0, copied_reads = 0, narrowed = 0;
  int copied, ntimes = 0, recent[RECENT] = { 0 };
  double *mid_f, *sorted;
  const char *tmp = getenv("TMPDIR");

  verbose = getenv("BITWA_CRASH_VERBOSE") != NULL;
  bin = getenv("BITWA_BIN");
  if (!bin || !*bin || access(bin, X_OK) != 0) {
    fprintf(stderr, "BITWA_BIN must name the bitwa command (got %s)\n", bin ? bin : "nothing");
    CHECK(!"BITWA_BIN is set");
    return check_summary();
  }
  snprintf(dir, sizeof dir, "%s/bitwa-crash-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) { perror("mkdtemp"); return 2; }
  memset(&R, 0, sizeof R);
  snprintf(R.seed, sizeof R.seed, "%d", seed);
  rng_state = 0x6b696c6c ^ (uint64_t) seed;   /* "kill" */
  t_start = now_s();

  /* 1. the uninterrupted game: the reference, and its wall time */
  snprintf(path, sizeof path, "%s/ref.bitwa", dir);
  times[ntimes++] = run_game(&R, path);
  if (read_log(path, &R.ref, msg, sizeof msg, &copied) != 0) {
    fprintf(stderr, "reference %s: %s\n", path, msg);
    CHECK(!"reference game file is readable");
    return check_summary();
  }
  CHECK(R.ref.na >= 2);
  for (int i = 0; i < R.ref.na; i++) {
    CHECK_INT(R.ref.a[i].n, i);
    CHECK_STR(R.ref.a[i].status, "done");
  }
  CHECK_INT(replay(path, &out), 0);
  json_str(out, "checksum", R.checksum, sizeof R.checksum);
  CHECK(R.checksum[0] != '\0');
  CHECK_STR(R.checksum, R.ref.a[R.ref.na - 1].checksum);
  CHECK(strstr(out, "\"divergence\"") == NULL);
  free(out);
  while (ntimes < 3)
    times[ntimes++] = measure(&R);
  if (check_failed_) return check_summary();
  T = T_min = T_max = median3(times);

  /* 2. kill, check, resume */
  mid_f = malloc(sizeof *mid_f * (size_t) kills * MAX_KILLS_FACTOR);
  sorted = malloc(sizeof *sorted * (size_t) kills * MAX_KILLS_FACTOR);
  if (!mid_f || !sorted) { perror("malloc"); return 2; }
  while ((n < kills || mid < mid_target) && n < kills * MAX_KILLS_FACTOR) {
    char *argv[] = { "bitwa", "run", "skirmish/duel", "-o", path, "--seed", R.seed,
                     "--durability", "full", "--quiet", NULL };
    double f, delay, t0;
    struct timespec at;
    int st, done = 0, is_pending = 0, has_setup, before_kill = 0, ok, is_mid = 0;
    pid_t pid;
    const char *what;

    if (n > 0 && n % RECENT == 0) {
      int recent_mid = 0;
      /* the machine's speed drifts (other jobs, the disk): the delays
         are fractions of the game's wall time, measured again */
      times[ntimes++ % 3] = measure(&R);
      T = median3(times);
      if (T < T_min) T_min = T;
      if (T > T_max) T_max = T;
      /* After the first quarter, when too few of the last kills landed
         mid-game, close in on the fractions that did (2nd to 98th
         percentile, widened a little). */
      for (int i = 0; i < RECENT; i++) recent_mid += recent[i];
      if (n >= kills / FIRST_SHARE && mid >= 10 && recent_mid < (MID_SHARE + 0.05) * RECENT) {
        double a, b, m;
        memcpy(sorted, mid_f, sizeof *sorted * (size_t) mid);
        qsort(sorted, (size_t) mid, sizeof *sorted, cmp_double);
        a = sorted[(int) (0.02 * (mid - 1))];
        b = sorted[(int) (0.98 * (mid - 1) + 0.5)];
        m = 0.05 * (b - a);
        flo = a - m > 0 ? a - m : 0;
        fhi = b + m < 1.2 ? b + m : 1.2;
        narrowed++;
      }
    }
    f = flo + (fhi - flo) * rng_unit();
    delay = f * T;

    n++;
    snprintf(path, sizeof path, "%s/kill-%d.bitwa", dir, n);
    remove_game(path);
    t0 = now_s();
    pid = spawn(argv, NULL, NULL);
    t0 += delay;
    at.tv_sec = (time_t) t0;
    at.tv_nsec = (long) ((t0 - (double) at.tv_sec) * 1e9);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL) == EINTR)
      ;
    if (waitpid(pid, &st, WNOHANG) == pid) {
      before_kill = 1;        /* the game was over already */
      exited++;
      CHECK_INT(status_of(st), 0);
    } else {
      kill(pid, SIGKILL);
      wait_child(pid);
    }

    if (!exists(path)) {
      absent++;
      what = "no file";
      ok = check_refused(path, n, 1);
      refused += ok;
    } else {
      done = check_killed(&R, path, n, &is_pending, &has_setup, &copied);
      copied_reads += copied;
      pending += is_pending;
      if (done < 0) {
        what = "bad file";
        ok = 0;
      } else if (!has_setup) {
        no_setup++;
        what = "no setup";
        ok = check_refused(path, n, 0);
        refused += ok;
      } else {
        if (done < R.ref.na) {
          mid_f[mid++] = f;
          is_mid = 1;
          what = is_pending ? "mid-game, pending" : "mid-game";
        } else {
          after_end++;
          what = "after the end";
        }
        ok = check_resume(&R, path, n);
        resumed += ok;
      }
    }
    recent[n % RECENT] = is_mid;
    if (verbose)
      fprintf(stderr, "kill %d at %.1f ms (%.2f T): %s, %d of %d actions done%s\n", n,
              delay * 1e3, f, what, done < 0 ? 0 : done, R.ref.na,
              before_kill ? " (had exited)" : "");
    if (ok) remove_game(path);
    else fprintf(stderr, "kill %d at %.1f ms: kept %s\n", n, delay * 1e3, path);
  }

  printf("crash: %d kills, delays 0-1.20 T%s%.2f-%.2f T (T = game wall time %.0f-%.0f ms, "
         "%d actions, seed %d): %d mid-game, %d before the file, %d before the setup, "
         "%d after the end (%d exited before the kill); %d pending actions found; "
         "%d resumes verified, %d refused resumes verified%s; %.1f s\n",
         n, narrowed ? ", narrowed to " : "", narrowed ? flo : 0.0, narrowed ? fhi : 1.2,
         T_min * 1e3, T_max * 1e3, R.ref.na, seed, mid, absent, no_setup, after_end, exited,
         pending, resumed, refused,
         copied_reads ? " (a hot journal: read from a copy)" : "", now_s() - t_start);
  CHECK(mid >= mid_target);
  CHECK_INT(resumed, mid + after_end);
  CHECK_INT(refused, absent + no_setup);
  free(mid_f);
  free(sorted);
  log_free(&R.ref);
  if (check_failed_ == 0) {
    snprintf(path, sizeof path, "%s/ref.bitwa", dir);
    remove_game(path);
    rmdir(dir);
  } else {
    fprintf(stderr, "files kept in %s\n", dir);
  }
  return check_summary();
}
