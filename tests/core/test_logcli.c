/*
** The game log as the bitwa command uses it, process against process:
**   - two writers racing on one file, and a writer whose action waits
**     for a decision racing a plain action, many times: every action a
**     command acknowledged (exit 0) is in the log, the loser is told
**     (exit 2, one line), nothing is an internal error;
**   - the -wal file deleted after every command: nothing acknowledged
**     is lost;
**   - replay --verify finds an edit of any single logged row and names
**     the row; a damaged snapshot is refused, never trusted;
**   - opening: a FIFO, a read-only file, a read-only directory, bad
**     --bots or --durability, invalid JSON metadata, an interrupted
**     creation, a format 1 file;
**   - a full disk: `run` stops at the first action the log cannot take,
**     `do` is refused, nothing acknowledged is lost, the game resumes.
** Uses the fixture ruleset tests/fixtures/rulesets/ledger.
** Environment: BITWA_BIN (required), BITWA_HOME (the source tree),
** BITWA_RACES (rounds of each race, default 25).
*/
#define _DEFAULT_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include <dirent.h>
#include <grp.h>
#include <pwd.h>

#include "check.h"

#define CHECK_HAS(text, phrase) do { \
    const char *t_ = (text), *p_ = (phrase); \
    if (t_ && strstr(t_, p_)) check_passed_++; \
    else { check_failed_++; \
      fprintf(stderr, "%s:%d: \"%s\" lacks \"%s\"\n", __FILE__, __LINE__, \
              t_ ? t_ : "(null)", p_); } \
  } while (0)

static const char *bin;
static char dir[4000];
/* When not 0, bitwa runs as this user and group (the permission checks,
** when the tests run as root: root may write any file). */
static uid_t as_uid;
static gid_t as_gid;

/* ------------------------------------------------------------ utilities */

static char *slurp (const char *path) {
  FILE *f = fopen(path, "rb");
  size_t len = 0, cap = 4096, got;
  char *buf = malloc(cap);
  if (!buf) exit(2);
  if (f) {
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
      len += got;
      if (cap - len - 1 == 0) {
        char *nb = realloc(buf, cap *= 2);
        if (!nb) exit(2);
        buf = nb;
      }
    }
    fclose(f);
  }
  buf[len] = '\0';
  return buf;
}

static const char *at (const char *name) {
  static char buf[8][4200];
  static int i;
  i = (i + 1) % 8;
  snprintf(buf[i], sizeof buf[i], "%s/%s", dir, name);
  return buf[i];
}

/* A path in dir, in a local buffer. */
#define PATH(var, name) char var[4200]; snprintf(var, sizeof var, "%s/%s", dir, name)

static int exists (const char *path) {
  struct stat sb;
  return lstat(path, &sb) == 0;
}

/* The file size limit of the commands started (0: none): a write past it
** fails with EFBIG (SIGXFSZ ignored), as a write to a full disk fails
** with ENOSPC; such a command is also stopped after 120 s (SIGALRM), so
** that one that would try again for ever fails the test. */
static long fsize_limit;

/* Start bitwa with the given arguments (NULL-terminated), output into
** files named after tag. */
static pid_t spawn_v (const char *tag, char *const argv[]) {
  char o[4300], e[4300];
  pid_t pid;
  snprintf(o, sizeof o, "%s/%s.out", dir, tag);
  snprintf(e, sizeof e, "%s/%s.err", dir, tag);
  pid = fork();
  if (pid < 0) { perror("fork"); exit(2); }
  if (pid == 0) {
    int in = open("/dev/null", O_RDONLY);
    int fo = open(o, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fe = open(e, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || fo < 0 || fe < 0) _exit(126);
    dup2(in, 0); dup2(fo, 1); dup2(fe, 2);
    close(in); close(fo); close(fe);
    /* drop root in the child, for good: no supplementary groups, then
    ** the group, then the user (after which nothing can be regained) */
    if (as_uid != 0 &&
        (setgroups(0, NULL) != 0 || setgid(as_gid) != 0 || setuid(as_uid) != 0 ||
         setuid(0) == 0))
      _exit(125);
    if (fsize_limit > 0) {
      struct rlimit rl;
      rl.rlim_cur = rl.rlim_max = (rlim_t) fsize_limit;
      signal(SIGXFSZ, SIG_IGN);
      if (setrlimit(RLIMIT_FSIZE, &rl) != 0) _exit(124);
      alarm(120);
    }
    execv(bin, argv);
    _exit(127);
  }
  return pid;
}

static int wait_pid (pid_t pid) {
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) { perror("waitpid"); exit(2); }
  if (WIFEXITED(st)) return WEXITSTATUS(st);
  return 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/* bitwa ARGS... (up to 12), output in files named after tag. */
static pid_t start (const char *tag, ...) {
  char *argv[16];
  va_list ap;
  int n = 0;
  argv[n++] = (char *) "bitwa";
  va_start(ap, tag);
  while (n < 15 && (argv[n] = va_arg(ap, char *)) != NULL)
    n++;
  va_end(ap);
  argv[n] = NULL;
  return spawn_v(tag, argv);
}

#define RUN(tag, ...) wait_pid(start(tag, __VA_ARGS__, (char *) NULL))

static char *out_of (const char *tag) {
  char p[4300];
  snprintf(p, sizeof p, "%s/%s.out", dir, tag);
  return slurp(p);
}

static char *err_of (const char *tag) {
  char p[4300];
  snprintf(p, sizeof p, "%s/%s.err", dir, tag);
  return slurp(p);
}

/* A message a user gets: one line, no traceback, no internal error. */
static void clean_message (const char *tag, const char *want) {
  char *e = err_of(tag);
  size_t len = strlen(e);
  CHECK(strstr(e, "internal error") == NULL);
  CHECK(strstr(e, "traceback") == NULL);
  CHECK(len > 0 && strchr(e, '\n') == e + len - 1);
  if (want) CHECK_HAS(e, want);
  free(e);
}

/* One value of a query on a game file (read with a plain connection). */
static long long query_int (const char *path, const char *sql) {
  sqlite3 *db = NULL;
  sqlite3_stmt *st = NULL;
  long long v = -1;
  char uri[4400];
  snprintf(uri, sizeof uri, "file:%s?mode=ro", path);
  if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) == SQLITE_OK
      && sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK
      && sqlite3_step(st) == SQLITE_ROW)
    v = sqlite3_column_int64(st, 0);
  else
    fprintf(stderr, "query %s on %s: %s\n", sql, path, sqlite3_errmsg(db));
  sqlite3_finalize(st);
  sqlite3_close(db);
  return v;
}

static int exec_sql (const char *path, const char *sql) {
  sqlite3 *db = NULL;
  char *msg = NULL;
  int rc = sqlite3_open(path, &db);
  if (rc == SQLITE_OK) rc = sqlite3_exec(db, sql, NULL, NULL, &msg);
  if (rc != SQLITE_OK) fprintf(stderr, "sql %s: %s\n", sql, msg ? msg : sqlite3_errmsg(db));
  sqlite3_free(msg);
  sqlite3_close(db);
  return rc == SQLITE_OK ? 0 : -1;
}

static int copy_file (const char *from, const char *to) {
  FILE *in = fopen(from, "rb"), *out;
  char buf[65536];
  size_t n;
  if (!in) return -1;
  if (!(out = fopen(to, "wb"))) { fclose(in); return -1; }
  while ((n = fread(buf, 1, sizeof buf, in)) > 0)
    fwrite(buf, 1, n, out);
  fclose(in);
  return fclose(out);
}

static void remove_game (const char *path) {
  static const char *const side[] = { "", "-wal", "-shm", "-journal" };
  char name[4400];
  for (size_t i = 0; i < sizeof side / sizeof side[0]; i++) {
    snprintf(name, sizeof name, "%s%s", path, side[i]);
    unlink(name);
  }
}

static int env_int (const char *name, int dflt) {
  const char *v = getenv(name);
  int n = v ? atoi(v) : 0;
  return n > 0 ? n : dflt;
}

/* Remove everything in a directory (one level below too), then it. */
static void remove_tree (const char *path) {
  DIR *d = opendir(path);
  struct dirent *e;
  if (d) {
    while ((e = readdir(d)) != NULL) {
      char p[4400];
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
      snprintf(p, sizeof p, "%s/%s", path, e->d_name);
      if (unlink(p) != 0) remove_tree(p);
    }
    closedir(d);
  }
  rmdir(path);
}

/* The temporary names creation uses (".NAME.XXXXXX") left in dir. */
static int temporaries (void) {
  DIR *d = opendir(dir);
  struct dirent *e;
  int n = 0;
  if (!d) return -1;
  while ((e = readdir(d)) != NULL)
    if (e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
      n++;
  closedir(d);
  return n;
}

/* ------------------------------------------------------------ races */

/*
** Two `do A step` at once, rounds times: both are acknowledged (the
** second waits for the first one's lock and plays after it), or the
** loser is told; every acknowledged step is in the log.
*/
static void test_two_writers (int rounds) {
  PATH(g, "race.bitwa");
  int acked = 0, refused = 0;
  remove_game(g);
  CHECK_INT(RUN("start", "start", "ledger/duel", (char *) g), 0);
  for (int i = 0; i < rounds; i++) {
    pid_t a = start("w1", "do", (char *) g, "A", "step", (char *) NULL);
    pid_t b = start("w2", "do", (char *) g, "A", "step", (char *) NULL);
    int ra = wait_pid(a), rb = wait_pid(b);
    const char *tags[] = { "w1", "w2" };
    int rcs[] = { ra, rb };
    for (int k = 0; k < 2; k++) {
      CHECK(rcs[k] == 0 || rcs[k] == 2);
      if (rcs[k] == 0) acked++;
      else { refused++; clean_message(tags[k], NULL); }
      {
        char *e = err_of(tags[k]);
        CHECK(strstr(e, "internal error") == NULL);
        free(e);
      }
    }
  }
  CHECK_INT(query_int(g, "SELECT count(*) FROM action WHERE line = 'step'"), acked);
  printf("two writers: %d rounds, %d steps acknowledged and logged, %d refused\n",
         rounds, acked, refused);
  CHECK_INT(RUN("verify", "replay", (char *) g, "--verify"), 0);
}

/*
** `do A ask` (which waits for B's answer) racing `do A step`: the one
** that comes second finds the first one's action; an acknowledged ask
** stays pending in the log until answered, an acknowledged step is in
** the log; a step after a pending ask is refused with exit 2, naming
** the pending decision.
*/
static void test_pending_race (int rounds) {
  PATH(g, "pending.bitwa");
  int asks = 0, steps = 0, lost_steps = 0, answers = 0;
  remove_game(g);
  CHECK_INT(RUN("start", "start", "ledger/duel", (char *) g), 0);
  for (int i = 0; i < rounds; i++) {
    pid_t a = start("ask", "do", (char *) g, "A", "ask", (char *) NULL);
    pid_t b = start("step", "do", (char *) g, "A", "step", (char *) NULL);
    int ra = wait_pid(a), rb = wait_pid(b);
    CHECK(ra == 0 || ra == 2);
    CHECK(rb == 0 || rb == 2);
    if (ra == 0) asks++; else clean_message("ask", NULL);
    if (rb == 0) steps++;
    else { lost_steps++; clean_message("step", "a decision is pending"); }
    if (ra == 0) {
      /* the pending ask is in the log, waiting */
      CHECK_INT(query_int(g, "SELECT count(*) FROM action WHERE status = 'pending'"
                          " AND line = 'ask'"), 1);
      CHECK_INT(RUN("answer", "answer", (char *) g, i % 2 ? "yes" : "no"), 0);
      answers++;
    }
    CHECK_INT(query_int(g, "SELECT count(*) FROM action WHERE status = 'pending'"), 0);
  }
  CHECK_INT(query_int(g, "SELECT count(*) FROM action WHERE line = 'step'"), steps);
  CHECK_INT(query_int(g, "SELECT count(*) FROM action WHERE line = 'ask'"), asks);
  CHECK_INT(query_int(g, "SELECT count(*) FROM decision"), answers);
  printf("pending race: %d rounds, %d asks and %d steps acknowledged and logged,"
         " %d steps refused (a decision was pending)\n", rounds, asks, steps, lost_steps);
  CHECK_INT(RUN("verify", "replay", (char *) g, "--verify"), 0);
}

/*
** The -wal file deleted after every command (-shm too): every action
** acknowledged is in the main file.
*/
static void test_wal_deleted (int rounds) {
  PATH(g, "wal.bitwa");
  char wal[4400], shm[4400];
  int acked = 0;
  snprintf(wal, sizeof wal, "%s-wal", g);
  snprintf(shm, sizeof shm, "%s-shm", g);
  remove_game(g);
  CHECK_INT(RUN("start", "start", "ledger/duel", (char *) g), 0);
  for (int i = 0; i < rounds; i++) {
    const char *what = i % 3 == 2 ? "ask" : "step";
    int rc = RUN("do", "do", (char *) g, "A", (char *) what);
    CHECK_INT(rc, 0);
    unlink(wal);
    unlink(shm);
    if (strcmp(what, "ask") == 0) {
      CHECK_INT(query_int(g, "SELECT count(*) FROM action WHERE status = 'pending'"), 1);
      CHECK_INT(RUN("answer", "answer", (char *) g, "no"), 0);
      unlink(wal);
      unlink(shm);
    }
    acked++;
    CHECK_INT(query_int(g, "SELECT count(*) FROM action WHERE n > 1"), acked);
  }
  CHECK_INT(RUN("verify", "replay", (char *) g, "--verify"), 0);
  printf("wal deleted: %d actions acknowledged, all in the main file\n", acked);
}

/* ------------------------------------------------------------ tampering */

/* A finished-enough game with every kind of row. */
static void play_sample (const char *g) {
  remove_game(g);
  CHECK_INT(RUN("start", "start", "ledger/duel", (char *) g, "--seed", "9"), 0);
  CHECK_INT(RUN("do", "do", (char *) g, "A", "step"), 0);
  /* two refusals after action 2, recorded in the refusal table */
  CHECK_INT(RUN("do", "do", (char *) g, "A", "hit", "a1"), 2);
  CHECK_INT(RUN("do", "do", (char *) g, "B", "step"), 2);
  CHECK_INT(RUN("do", "do", (char *) g, "A", "hit", "b1"), 0);
  CHECK_INT(RUN("do", "do", (char *) g, "A", "ask"), 0);
  CHECK_INT(RUN("answer", "answer", (char *) g, "yes"), 0);
  CHECK_INT(RUN("do", "do", (char *) g, "A", "end"), 0);
  CHECK_INT(RUN("do", "do", (char *) g, "B", "step"), 0);
  CHECK_INT(RUN("do", "do", (char *) g, "B", "hit", "a1"), 0);
}

/*
** Each edit of one row: replay --verify exits 1 and names the row.
*/
static void test_tampering (void) {
  static const struct { const char *sql, *named; } edits[] = {
    { "UPDATE roll SET total = total + 1 WHERE action = 2", "roll 1 of action 2" },
    { "UPDATE roll SET faces = '6' WHERE action = 2", "roll 1 of action 2" },
    { "UPDATE roll SET side = 'B' WHERE action = 2", "roll 1 of action 2" },
    { "UPDATE roll SET rule = '9.9' WHERE action = 3", "roll 1 of action 3" },
    { "UPDATE roll SET purpose = 'hit (1.5)' WHERE action = 3", "roll 1 of action 3" },
    { "DELETE FROM roll WHERE action = 3", "roll 1 of action 3" },
    { "INSERT INTO roll VALUES(2, 2, 'A', '1.2', 'step (1.2)', 1, 6, '3', 3, 0)",
      "roll 2 of action 2" },
    { "UPDATE decision SET request = '{}' WHERE action = 4", "decision 1 of action 4" },
    { "UPDATE decision SET side = 'A' WHERE action = 4", "decision 1 of action 4" },
    { "UPDATE event SET text = 'A steps far' WHERE action = 2 AND kind = 'note'",
      "event 2 of action 2" },
    { "UPDATE event SET value = 99 WHERE action = 2 AND k = 1", "event 1 of action 2" },
    { "UPDATE event SET was = 0 WHERE action = 2 AND k = 1", "event 1 of action 2" },
    { "UPDATE event SET kind = 'note' WHERE action = 4 AND k = 1", "event 1 of action 4" },
    { "UPDATE event SET attribute = 'mp' WHERE action = 4 AND k = 1", "event 1 of action 4" },
    { "UPDATE event SET unit = 1 WHERE action = 4 AND k = 1", "event 1 of action 4" },
    { "DELETE FROM event WHERE action = 5 AND k = 2", "event 2 of action 5" },
    { "UPDATE action SET turn = 2 WHERE n = 6", "action 6" },
    { "UPDATE action SET phase = 'A.play' WHERE n = 6", "action 6" },
    { "UPDATE action SET checksum = '0000000000000000' WHERE n = 3", "action 3" },
    { "UPDATE decision SET answer = 'no' WHERE action = 4", "action 4" },
    { "UPDATE refusal SET rule = '1.5' WHERE k = 1", "refusal 1 (A hit a1 after action 2): its rule" },
    { "UPDATE refusal SET message = 'no' WHERE k = 2", "refusal 2 (B step after action 2): its message" },
    { "UPDATE refusal SET line = 'hit b1' WHERE k = 1", "refusal 1 (A hit b1 after action 2): the replay does not refuse it" },
    { "UPDATE refusal SET side = 'A' WHERE k = 2", "refusal 2 (A step after action 2): the replay does not refuse it" },
    { "UPDATE refusal SET after = 99 WHERE k = 2", "refusal 2 is after action 99" },
  };
  PATH(g, "sample.bitwa"); PATH(t, "tampered.bitwa");
  int detected = 0;
  play_sample(g);
  CHECK_INT(RUN("verify", "replay", (char *) g, "--verify"), 0);
  for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
    char *o;
    remove_game(t);
    CHECK_INT(copy_file(g, t), 0);
    CHECK_INT(exec_sql(t, edits[i].sql), 0);
    CHECK_INT(RUN("tv", "replay", (char *) t, "--verify"), 1);
    o = out_of("tv");
    if (!strstr(o, edits[i].named))
      fprintf(stderr, "edit \"%s\": replay --verify said \"%s\", wanted \"%s\"\n",
              edits[i].sql, o, edits[i].named);
    else
      detected++;
    CHECK_HAS(o, "diverged at action");
    CHECK_HAS(o, edits[i].named);
    free(o);
  }
  printf("tampering: %d of %d single-row edits detected and named\n", detected,
         (int) (sizeof edits / sizeof edits[0]));

  /* the snapshot: damaged bytes or another checksum are refused by
     every command that starts from it; replay --verify compares it too */
  {
    static const char *const snaps[] = {
      "UPDATE snapshot SET state = CAST(replace(CAST(state AS TEXT), 'b1', 'b2') AS BLOB)",
      "UPDATE snapshot SET checksum = '0123456789abcdef'",
      "UPDATE snapshot SET action = 3",
    };
    for (size_t i = 0; i < sizeof snaps / sizeof snaps[0]; i++) {
      remove_game(t);
      CHECK_INT(copy_file(g, t), 0);
      CHECK_INT(exec_sql(t, snaps[i]), 0);
      CHECK_INT(RUN("ts", "show", (char *) t), 2);
      clean_message("ts", "snapshot");
      CHECK_INT(RUN("tv", "replay", (char *) t, "--verify"), 1);
    }
    /* a snapshot whose hash was made to match its changed bytes: the
       checksum catches it */
  }
}

/* ------------------------------------------------------------ opening */

static void test_opening (void) {
  PATH(g, "sample.bitwa");
  /* a FIFO is refused at once, not waited on */
  mkfifo(at("fifo.bitwa"), 0644);
  {
    time_t t0 = time(NULL);
    CHECK_INT(RUN("fifo", "show", (char *) at("fifo.bitwa")), 2);
    CHECK(time(NULL) - t0 < 5);
    clean_message("fifo", "not a regular file");
    CHECK_INT(RUN("fifo", "do", (char *) at("fifo.bitwa"), "A", "step"), 2);
    clean_message("fifo", "not a regular file");
  }
  /* read-only commands leave nothing beside the file */
  CHECK_INT(RUN("show", "show", (char *) g), 0);
  CHECK_INT(RUN("show", "actions", (char *) g), 0);
  CHECK_INT(RUN("show", "replay", (char *) g, "--verify"), 0);
  {
    char wal[4400], shm[4400];
    snprintf(wal, sizeof wal, "%s-wal", g);
    snprintf(shm, sizeof shm, "%s-shm", g);
    CHECK(!exists(wal));
    CHECK(!exists(shm));
  }
  /* a bad bot: exit 2, no file, no temporary file */
  CHECK_INT(RUN("bots", "run", "ledger/duel", "-o", (char *) at("bots.bitwa"),
                "--bots", "A=nosuchbot", "--quiet"), 2);
  clean_message("bots", NULL);
  CHECK(!exists(at("bots.bitwa")));
  CHECK(!exists(at("bots.bitwa-wal")));
  CHECK_INT(temporaries(), 0);
  /* a bad durability */
  CHECK_INT(RUN("dur", "run", "ledger/duel", "-o", (char *) at("dur.bitwa"),
                "--durability", "bogus"), 2);
  clean_message("dur", "--durability: full, normal or off expected");
  CHECK(!exists(at("dur.bitwa")));
  CHECK_INT(RUN("dur", "start", "ledger/duel", (char *) at("dur.bitwa"),
                "--durability", "bogus"), 2);
  clean_message("dur", "--durability");
  /* invalid JSON metadata is refused, not read as defaults */
  {
    static const char *const bad[] = {
      "UPDATE meta SET value = '[\"x\"' WHERE key = 'overlays'",
      "UPDATE meta SET value = '{nope}' WHERE key = 'options'",
      "UPDATE meta SET value = '7' WHERE key = 'overlays'",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      PATH(t, "json.bitwa");
      remove_game(t);
      CHECK_INT(copy_file(g, t), 0);
      CHECK_INT(exec_sql(t, bad[i]), 0);
      CHECK_INT(RUN("json", "show", (char *) t), 2);
      clean_message("json", "metadata");
      CHECK_INT(RUN("json", "replay", (char *) t, "--verify"), 2);
      clean_message("json", "metadata");
    }
  }
  /* a user's own views and indexes: bitwa still opens and writes it */
  {
    PATH(t, "views.bitwa");
    remove_game(t);
    CHECK_INT(copy_file(g, t), 0);
    CHECK_INT(exec_sql(t, "CREATE INDEX my_rolls ON roll(side, rule);"
                       " CREATE VIEW my_view AS SELECT * FROM roll;"
                       " CREATE TABLE my_notes(x)"), 0);
    CHECK_INT(RUN("views", "do", (char *) t, "B", "step"), 0);
    CHECK_INT(RUN("views", "replay", (char *) t, "--verify"), 0);
    CHECK_INT(query_int(t, "SELECT count(*) FROM my_view"), 5);
  }
  /* permissions: as root (root may write anything), bitwa runs as the
  ** unprivileged user nobody for these checks, the test's folder made
  ** reachable to it */
  {
    const char *rd = at("rodir");
    char f[4400];
    if (geteuid() == 0) {
      struct passwd *pw = getpwnam("nobody");
      as_uid = pw ? pw->pw_uid : 65534;
      as_gid = pw ? pw->pw_gid : 65534;
      CHECK(as_uid != 0);
      CHECK_INT(chmod(dir, 0711), 0);
      printf("opening: running as root, the permission checks run as uid %d\n", (int) as_uid);
    }
    mkdir(rd, 0755);
    snprintf(f, sizeof f, "%s/g.bitwa", rd);
    CHECK_INT(copy_file(g, f), 0);
    chmod(f, 0444);
    CHECK_INT(RUN("ro", "do", f, "B", "step"), 2);
    clean_message("ro", "cannot be written");
    chmod(rd, 0555);
    CHECK_INT(RUN("ro", "show", f), 0);
    CHECK_INT(RUN("ro", "actions", f), 0);
    CHECK_INT(RUN("ro", "replay", f, "--verify"), 0);
    /* the user bitwa ran as could indeed not write the file */
    if (as_uid != 0) {
      pid_t p = fork();
      if (p == 0) {
        int fd;
        if (setgroups(0, NULL) != 0 || setgid(as_gid) != 0 || setuid(as_uid) != 0) _exit(3);
        fd = open(f, O_WRONLY);
        _exit(fd < 0 && errno == EACCES ? 0 : 4);
      }
      CHECK_INT(wait_pid(p), 0);
    }
    chmod(rd, 0755);
    chmod(f, 0644);
    if (as_uid != 0) {
      as_uid = 0;
      as_gid = 0;
      chmod(dir, 0700);
    }
  }
  /* an interrupted creation leaves nothing that blocks a rerun */
  for (int i = 0; i < 8; i++) {
    PATH(t, "killed.bitwa");
    pid_t p;
    struct timespec ts = { 0, (long) i * 8 * 1000000L };
    remove_game(t);
    p = start("kill", "start", "ledger/duel", (char *) t, (char *) NULL);
    nanosleep(&ts, NULL);
    kill(p, SIGKILL);
    wait_pid(p);
    if (!exists(t)) {
      CHECK_INT(RUN("again", "start", "ledger/duel", (char *) t), 0);
    } else {
      CHECK_INT(RUN("again", "show", (char *) t), 0);
    }
  }
}

/* ------------------------------------------------------------ format 1 */

/*
** A format 1 file (made from a format 2 one the way bitwa 1 wrote it):
** it shows and verifies by replaying; writing to it is refused with a
** message naming its format.
*/
static void test_format1 (void) {
  PATH(g, "sample.bitwa"); PATH(t, "v1.bitwa");
  remove_game(t);
  CHECK_INT(copy_file(g, t), 0);
  CHECK_INT(exec_sql(t,
    "PRAGMA journal_mode = DELETE;"
    "DROP TABLE snapshot;"
    "CREATE TABLE r1(action INTEGER NOT NULL, k INTEGER NOT NULL,"
    " purpose TEXT NOT NULL, n INTEGER NOT NULL, sides INTEGER NOT NULL,"
    " faces TEXT NOT NULL, total INTEGER NOT NULL,"
    " forced INTEGER NOT NULL CHECK(forced IN (0, 1)),"
    " PRIMARY KEY(action, k)) STRICT, WITHOUT ROWID;"
    "INSERT INTO r1 SELECT action, k, purpose, n, sides, faces, total, forced FROM roll;"
    "DROP TABLE roll; ALTER TABLE r1 RENAME TO roll;"
    "CREATE TABLE e1(action INTEGER NOT NULL, k INTEGER NOT NULL,"
    " text TEXT NOT NULL, PRIMARY KEY(action, k)) STRICT, WITHOUT ROWID;"
    "INSERT INTO e1 SELECT action, k, text FROM event;"
    "DROP TABLE event; ALTER TABLE e1 RENAME TO event;"
    "PRAGMA user_version = 1;"), 0);
  /* ALTER TABLE RENAME rewrites the text: put bitwa 1's text back */
  CHECK_INT(exec_sql(t,
    "PRAGMA writable_schema = ON;"
    "UPDATE sqlite_schema SET sql = 'CREATE TABLE roll(action INTEGER NOT NULL, k INTEGER NOT NULL,"
    " purpose TEXT NOT NULL, n INTEGER NOT NULL, sides INTEGER NOT NULL,"
    " faces TEXT NOT NULL, total INTEGER NOT NULL,"
    " forced INTEGER NOT NULL CHECK(forced IN (0, 1)),"
    " PRIMARY KEY(action, k)) STRICT, WITHOUT ROWID' WHERE name = 'roll';"
    "UPDATE sqlite_schema SET sql = 'CREATE TABLE event(action INTEGER NOT NULL, k INTEGER NOT NULL,"
    " text TEXT NOT NULL, PRIMARY KEY(action, k)) STRICT, WITHOUT ROWID' WHERE name = 'event';"
    "PRAGMA writable_schema = OFF;"), 0);
  CHECK_INT(RUN("v1", "replay", (char *) t, "--verify"), 0);
  {
    char *o = out_of("v1");
    CHECK_HAS(o, "every checksum matches");
    free(o);
  }
  CHECK_INT(RUN("v1", "show", (char *) t), 0);
  CHECK_INT(RUN("v1", "do", (char *) t, "B", "step"), 2);
  clean_message("v1", "format 1");
  /* nothing was written */
  CHECK_INT(RUN("v1", "replay", (char *) t, "--verify"), 0);
}

/* ------------------------------------------------------------ docs */

/* Rows a query gives on a game file (-1 on an error). */
static int query_rows (const char *path, const char *sql, char *first, size_t len) {
  sqlite3 *db = NULL;
  sqlite3_stmt *st = NULL;
  int rows = -1, rc;
  char uri[4400];
  snprintf(uri, sizeof uri, "file:%s?mode=ro", path);
  if (first && len) first[0] = '\0';
  if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL) == SQLITE_OK
      && sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
    rows = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      if (rows == 0 && first) {
        size_t used = 0;
        for (int i = 0; i < sqlite3_column_count(st) && used < len; i++) {
          const unsigned char *v = sqlite3_column_text(st, i);
          used += (size_t) snprintf(first + used, len - used, "%s%s", i ? "|" : "",
                                    v ? (const char *) v : "NULL");
        }
      }
      rows++;
    }
    if (rc != SQLITE_DONE) rows = -1;
  }
  if (rows < 0) fprintf(stderr, "query %s: %s\n", sql, sqlite3_errmsg(db));
  sqlite3_finalize(st);
  sqlite3_close(db);
  return rows;
}

/*
** Every ```sql block of docs/LOG.md runs on a sample game; the losses
** per turn and the rolls give what the game did.
*/
static void test_docs_queries (void) {
  PATH(g, "docs.bitwa");
  char *doc = slurp("docs/LOG.md");
  char *p = doc, first[512];
  int blocks = 0, answered = 0;
  play_sample(g);
  while ((p = strstr(p, "```sql\n")) != NULL) {
    char *end = strstr(p + 7, "```");
    int rows;
    if (!end) break;
    *end = '\0';
    rows = query_rows(g, p + 7, first, sizeof first);
    if (rows < 0) fprintf(stderr, "docs/LOG.md query failed:\n%s\n", p + 7);
    CHECK(rows >= 0);
    if (rows > 0) answered++;
    blocks++;
    p = end + 3;
  }
  CHECK(blocks >= 5);
  /* all but "units taken off the map" (nobody leaves it in the sample) */
  CHECK_INT(answered, blocks - 1);
  /* the queries' answers on the sample: B's pawn lost a step to the
     ask and maybe to the hit; A's hit was rolled by B, rule 1.4 */
  CHECK_INT(query_rows(g, "SELECT 1 FROM roll WHERE action = 3 AND side = 'B' AND rule = '1.4'",
                       NULL, 0), 1);
  CHECK(query_rows(g, "SELECT a.turn, s.value, sum(e.was - e.value) FROM event e"
                   " JOIN action a ON a.n = e.action"
                   " JOIN event s ON s.action = 0 AND s.kind = 'set' AND s.attribute = 'side'"
                   " AND s.unit = e.unit WHERE e.kind = 'set' AND e.attribute = 'sp'"
                   " AND e.value < e.was AND s.value = 'B' GROUP BY a.turn, s.value",
                   first, sizeof first) == 1);
  CHECK(strncmp(first, "1|B|", 4) == 0);
  /* the refusals, with their rules */
  CHECK_INT(query_rows(g, "SELECT r.after, r.side, r.line, r.rule, r.message FROM refusal r"
                       " ORDER BY r.k", first, sizeof first), 2);
  CHECK_STR(first, "2|A|hit a1|1.4|a side does not hit its own unit");
  printf("docs: %d example queries of docs/LOG.md run\n", blocks);
  free(doc);
}

/* ------------------------------------------------------------ full disk */

/* The last action's checksum of a game file, in buf. */
static void last_checksum (const char *g, char *buf, size_t len) {
  CHECK_INT(query_rows(g, "SELECT checksum FROM action WHERE status = 'done' ORDER BY n DESC LIMIT 1",
                       buf, len), 1);
}

/*
** No room for the log to grow (the file size limit, as a full disk):
** `run --resume` stops with one line and exit 1 at the first action the
** log cannot take (it used to take the action as played and try the
** same one again until its action limit); `do` is refused with exit 2
** and changes nothing (another game: one line, then played with room); the file holds every acknowledged action and
** verifies; with room again `run --resume` ends the game as a run that
** never ran out of room does.
*/
static void test_disk_full (void) {
  PATH(ref, "fullref.bitwa");
  PATH(g, "full.bitwa");
  char want[128], got[128];
  struct stat sb;
  long long before;
  remove_game(ref);
  remove_game(g);
  CHECK_INT(RUN("fullref", "start", "ledger/duel", (char *) ref, "--seed", "3"), 0);
  CHECK_INT(RUN("fullref", "run", (char *) ref, "--resume", "--quiet"), 0);
  last_checksum(ref, want, sizeof want);
  CHECK_INT(RUN("full", "start", "ledger/duel", (char *) g, "--seed", "3"), 0);
  CHECK(stat(g, &sb) == 0);
  /* room for the file as it is and a few of the WAL's pages */
  fsize_limit = (long) sb.st_size + 16384;
  CHECK_INT(RUN("fullrun", "run", (char *) g, "--resume", "--quiet"), 1);
  fsize_limit = 0;
  clean_message("fullrun", "was not written to the game file");
  {
    char *e = err_of("fullrun");
    CHECK_HAS(e, "(is the disk full?)");
    free(e);
  }
  before = query_int(g, "SELECT max(n) FROM action WHERE status = 'done'");
  CHECK(before > 1);
  CHECK_INT(query_int(g, "SELECT count(*) FROM action WHERE status = 'done' AND line = 'game over'"), 0);
  CHECK_INT(RUN("fullverify", "replay", (char *) g, "--verify"), 0);
  /* `do` with no room: refused with one line, nothing changed; with
  ** room, the same action is played */
  {
    PATH(d, "fulldo.bitwa");
    int rc;
    remove_game(d);
    CHECK_INT(RUN("fulldo", "start", "ledger/duel", (char *) d), 0);
    fsize_limit = 4096;
    rc = RUN("fulldo", "do", (char *) d, "A", "step");
    fsize_limit = 0;
    CHECK_INT(rc, 2);
    clean_message("fulldo", "cannot open the game: disk I/O error (is the disk full?)");
    CHECK_INT(query_int(d, "SELECT count(*) FROM action WHERE line = 'step'"), 0);
    CHECK_INT(RUN("fulldo", "do", (char *) d, "A", "step"), 0);
    CHECK_INT(query_int(d, "SELECT count(*) FROM action WHERE line = 'step'"), 1);
  }
  /* room again: the game ends as the run that had room all along */
  CHECK_INT(RUN("fullresume", "run", (char *) g, "--resume", "--quiet"), 0);
  last_checksum(g, got, sizeof got);
  CHECK_STR(got, want);
  CHECK_INT(RUN("fullverify", "replay", (char *) g, "--verify"), 0);
  printf("full disk: run stopped after action %lld with one line, do refused, resumed to checksum %s\n",
         before, got);
}

int main (void) {
  const char *home = getenv("BITWA_HOME");
  int rounds = env_int("BITWA_RACES", 25);
  bin = getenv("BITWA_BIN");
  if (!bin || !*bin) {
    fprintf(stderr, "test_logcli: BITWA_BIN is not set\n");
    return 2;
  }
  if (home && chdir(home) != 0) {
    perror(home);
    return 2;
  }
  snprintf(dir, sizeof dir, "/tmp/bitwa_test_logcli_XXXXXX");
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 2;
  }
  test_two_writers(rounds);
  test_pending_race(rounds);
  test_wal_deleted(rounds);
  test_tampering();
  test_opening();
  test_format1();
  test_docs_queries();
  test_disk_full();
  if (check_failed_ == 0) remove_tree(dir);
  else fprintf(stderr, "kept %s\n", dir);
  return check_summary();
}
