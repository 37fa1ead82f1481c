/*
** tests/core/test_log.c -- the game log: writing and reading back,
** pending actions, failures that must leave nothing half written, and
** files from elsewhere (not SQLite, another application, a changed
** schema, damaged or truncated pages).
*/
#include "log.h"
#include "state.h"
#include "check.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <sqlite3.h>

static char tmpdir[] = "/tmp/bitwa_test_log_XXXXXX";

/*
** The error text contains the phrase (printing both when not).
*/
#define CHECK_HAS(text, phrase) do { \
    const char *t_ = (text), *p_ = (phrase); \
    bool has_ = t_ && strstr(t_, p_) != NULL; \
    if (!has_) fprintf(stderr, "%s:%d: \"%s\" lacks \"%s\"\n", \
                       __FILE__, __LINE__, t_ ? t_ : "(null)", p_); \
    CHECK(has_); \
  } while (0)

/*
** A path in the temporary directory (four rotating buffers).
*/
static const char *at (const char *name) {
  static char bufs[4][512];
  static int next;
  char *b = bufs[next++ % 4];
  snprintf(b, sizeof bufs[0], "%s/%s", tmpdir, name);
  return b;
}

/*
** Remove everything in the temporary directory, then the directory.
*/
static void cleanup (void) {
  DIR *d = opendir(tmpdir);
  struct dirent *e;
  if (d) {
    while ((e = readdir(d)) != NULL) {
      if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
        unlink(at(e->d_name));
    }
    closedir(d);
  }
  rmdir(tmpdir);
}

/* A growing string, for dumps of a whole log. */
typedef struct { char *s; size_t len, cap; } text;

/*
** Append formatted text.
*/
static void text_add (text *t, const char *fmt, ...) {
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if (t->len + (size_t) n + 1 > t->cap) {
    size_t cap = (t->cap ? t->cap * 2 : 256) + (size_t) n;
    char *s = realloc(t->s, cap);
    if (!s)
      abort();
    t->s = s;
    t->cap = cap;
  }
  va_start(ap, fmt);
  vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
  va_end(ap);
  t->len += (size_t) n;
}

/* What the dump callbacks need. */
typedef struct { bitwa_log *log; text *out; } dump_ctx;

/*
** Dump callback for a metadata entry: one line.
*/
static int dump_meta (void *ctx, const char *key, const char *value) {
  text_add(((dump_ctx *) ctx)->out, "meta %s=%s\n", key, value);
  return 0;
}

/*
** Dump callback for a source: one line.
*/
static int dump_source (void *ctx, const char *ruleset, const char *name,
                        const char *kind, const char *hash) {
  text_add(((dump_ctx *) ctx)->out, "source %s %s %s %s\n",
           ruleset, name, kind, hash);
  return 0;
}

/*
** Dump callback for a decision: one indented line.
*/
static int dump_decision (void *ctx, const bitwa_log_decision *d) {
  text_add(((dump_ctx *) ctx)->out, "  decision %d %s %s %s -> %s\n",
           d->k, d->side, d->kind, d->request, d->answer);
  return 0;
}

/*
** Dump callback for a roll: one indented line with the faces.
*/
static int dump_roll (void *ctx, const bitwa_roll *r) {
  text *out = ((dump_ctx *) ctx)->out;
  text_add(out, "  roll %s %dd%d =%d%s [", r->purpose, r->n, r->sides,
           r->total, r->forced ? " forced" : "");
  for (int i = 0; i < r->n; i++)
    text_add(out, "%s%d", i ? " " : "", r->faces[i]);
  text_add(out, "]\n");
  return 0;
}

/*
** Dump callback for an event: one indented line.
*/
static int dump_event (void *ctx, const char *t) {
  text_add(((dump_ctx *) ctx)->out, "  event %s\n", t);
  return 0;
}

/*
** An action and, walked from inside this callback, its decisions,
** rolls and events.
*/
static int dump_action (void *ctx, const bitwa_log_action *a) {
  dump_ctx *c = ctx;
  text_add(c->out, "action %lld %s \"%s\" turn %d %s %s %s\n",
           (long long) a->n, a->side, a->line, a->turn, a->phase, a->status,
           a->checksum);
  if (bitwa_log_each_decision(c->log, a->n, dump_decision, ctx) != 0
      || bitwa_log_each_roll(c->log, a->n, dump_roll, ctx) != 0
      || bitwa_log_each_event(c->log, a->n, dump_event, ctx) != 0)
    return -1;
  return 0;
}

/*
** The whole log as text (malloc'd); NULL when a walk fails.
*/
static char *dump (bitwa_log *log) {
  text out = { NULL, 0, 0 };
  dump_ctx c = { log, &out };
  text_add(&out, "%s", "");
  if (bitwa_log_each_meta(log, dump_meta, &c) != 0
      || bitwa_log_each_source(log, dump_source, &c) != 0
      || bitwa_log_each_action(log, dump_action, &c) != 0) {
    free(out.s);
    return NULL;
  }
  return out.s;
}

/*
** Counting callback for decisions.
*/
static int count_decision (void *ctx, const bitwa_log_decision *d) {
  (void) d;
  ++*(int *) ctx;
  return 0;
}

/*
** Counting callback for rolls.
*/
static int count_roll (void *ctx, const bitwa_roll *r) {
  (void) r;
  ++*(int *) ctx;
  return 0;
}

/*
** Counting callback for events.
*/
static int count_event (void *ctx, const char *t) {
  (void) t;
  ++*(int *) ctx;
  return 0;
}

/*
** Counting callback for actions.
*/
static int count_action (void *ctx, const bitwa_log_action *a) {
  (void) a;
  ++*(int *) ctx;
  return 0;
}

/*
** Number of decisions of action n (-1 on error).
*/
static int ndecisions (bitwa_log *log, int64_t n) {
  int c = 0;
  return bitwa_log_each_decision(log, n, count_decision, &c) == 0 ? c : -1;
}

/*
** Number of rolls of action n (-1 on error).
*/
static int nrolls (bitwa_log *log, int64_t n) {
  int c = 0;
  return bitwa_log_each_roll(log, n, count_roll, &c) == 0 ? c : -1;
}

/*
** Number of events of action n (-1 on error).
*/
static int nevents (bitwa_log *log, int64_t n) {
  int c = 0;
  return bitwa_log_each_event(log, n, count_event, &c) == 0 ? c : -1;
}

/*
** Number of actions, done or pending (-1 on error).
*/
static int nactions (bitwa_log *log) {
  int c = 0;
  return bitwa_log_each_action(log, count_action, &c) == 0 ? c : -1;
}

/* What find_status looks for and finds. */
typedef struct { int64_t n; char status[16]; } status_ctx;

/*
** Walk callback noting the status of action s->n.
*/
static int find_status (void *ctx, const bitwa_log_action *a) {
  status_ctx *s = ctx;
  if (a->n == s->n)
    snprintf(s->status, sizeof s->status, "%s", a->status);
  return 0;
}

/*
** The status of action n as a static string ("absent" when missing).
*/
static const char *status_of (bitwa_log *log, int64_t n) {
  static status_ctx s;
  s.n = n;
  strcpy(s.status, "absent");
  if (bitwa_log_each_action(log, find_status, &s) != 0)
    return "error";
  return s.status;
}

/*
** A roll as the dice would report it.
*/
static bitwa_roll roll_of (const char *purpose, int n, int sides,
                           const int *faces, int total, bool forced) {
  bitwa_roll r;
  memset(&r, 0, sizeof r);
  snprintf(r.purpose, sizeof r.purpose, "%s", purpose);
  r.n = n;
  r.sides = sides;
  for (int i = 0; faces && i < n; i++)
    r.faces[i] = faces[i];
  r.total = total;
  r.forced = forced;
  return r;
}

/* The actions of the round-trip game. */
static const bitwa_log_action A0 = { 0, "", "setup", 0, "setup", "done", "c0ffee00" };
static const bitwa_log_action A1 = { 1, "German", "fire 1/H 2301 2405", 1,
                                     "fire", "pending", "" };
static const bitwa_log_action A1_DONE = { 1, "German", "fire 1/H 2301 2405", 1,
                                          "fire", "done", "0123abcd" };
static const bitwa_log_action A2 = { 2, "Soviet", "move 3/C 0614 N", 1,
                                     "movement", "done", "deadbeef" };
static const bitwa_log_decision D1 = { 1, "Soviet", "retreat",
                                       "{\"unit\":\"3/C\",\"hexes\":[\"0615\",\"0715\"]}",
                                       "0615" };
static const bitwa_log_decision D2 = { 2, "German", "advance",
                                       "{\"unit\":\"1/H\"}", "yes" };
static const bitwa_log_decision D3 = { 3, "", "morale", "{}", "pass" };
static const bitwa_log_decision D4 = { 1, "German", "opportunity fire",
                                       "{\"hex\":\"0614\"}", "no" };

static const char *const EXPECTED =
  "meta engine=0.1.0\n"
  "meta ruleset=ww2-tactical\n"
  "meta scenario=Kursk, day 1\n"
  "meta seed=4321\n"
  "source core combat module deadbeef01\n"
  "source core crt table cafe02\n"
  "source ww2 kursk scenario f00d03\n"
  "action 0  \"setup\" turn 0 setup done c0ffee00\n"
  "  event scenario Kursk, day 1 set up\n"
  "  event 12 units placed\n"
  "action 1 German \"fire 1/H 2301 2405\" turn 1 fire done 0123abcd\n"
  "  decision 1 Soviet retreat {\"unit\":\"3/C\",\"hexes\":[\"0615\",\"0715\"]} -> 0615\n"
  "  decision 2 German advance {\"unit\":\"1/H\"} -> yes\n"
  "  decision 3  morale {} -> pass\n"
  "  roll combat 2d6 =8 [3 5]\n"
  "  roll leader death 1d10 =7 forced [0]\n"
  "  event 1/H fires at 2405\n"
  "  event 3/C retreats to 0615\n"
  "  event 1/H advances\n"
  "action 2 Soviet \"move 3/C 0614 N\" turn 1 movement done deadbeef\n"
  "  decision 1 German opportunity fire {\"hex\":\"0614\"} -> no\n"
  "  roll morale 2d6 =12 [6 6]\n"
  "  event 3/C moves N\n";

/*
** Callback that stops the walk at once with 7.
*/
static int stop_at_first (void *ctx, const bitwa_log_action *a) {
  ++*(int *) ctx;
  (void) a;
  return 7;
}

/*
** From inside a walk of the actions, walk them all again (a nested walk
** of the same kind) and read a metadata value.
*/
static int nested_walk (void *ctx, const bitwa_log_action *a) {
  dump_ctx *c = ctx;
  int inner = 0;
  char *seed;
  (void) a;
  if (bitwa_log_each_action(c->log, count_action, &inner) != 0)
    return -1;
  seed = bitwa_log_get_meta(c->log, "seed");
  text_add(c->out, "%d:%s ", inner, seed ? seed : "?");
  free(seed);
  return 0;
}

/*
** Write the game of EXPECTED into a new file at path; leaves it open.
*/
/* Create a game file and give it its name at once. */
static bitwa_log *create_pub (const char *path, bitwa_durability dur,
                              char *err, size_t errlen) {
  bitwa_log *log = bitwa_log_create(path, dur, err, errlen);
  if (log && bitwa_log_publish(log) != 0) {
    snprintf(err, errlen, "%s", bitwa_log_error(log));
    bitwa_log_close(log);
    return NULL;
  }
  return log;
}

static bitwa_log *write_game (const char *path) {
  char err[512] = "";
  int faces1[] = { 3, 5 }, faces2[] = { 6, 6 };
  bitwa_log_decision ds[] = { D1, D2, D3 };
  bitwa_roll rolls1[2], rolls2[1];
  const char *ev0[] = { "scenario Kursk, day 1 set up", "12 units placed" };
  const char *ev1[] = { "1/H fires at 2405", "3/C retreats to 0615",
                        "1/H advances" };
  const char *ev2[] = { "3/C moves N" };
  bitwa_log *log = create_pub(path, BITWA_SYNC_FULL, err, sizeof err);
  CHECK(log != NULL);
  if (!log) {
    fprintf(stderr, "create: %s\n", err);
    return NULL;
  }
  rolls1[0] = roll_of("combat", 2, 6, faces1, 8, false);
  rolls1[1] = roll_of("leader death", 1, 10, NULL, 7, true);
  rolls2[0] = roll_of("morale", 2, 6, faces2, 12, false);

  CHECK_STR(bitwa_log_error(log), "");
  CHECK_INT(bitwa_log_set_meta(log, "ruleset", "ww2-tactical"), 0);
  CHECK_INT(bitwa_log_set_meta(log, "seed", "1234"), 0);
  CHECK_INT(bitwa_log_set_meta(log, "seed", "4321"), 0);
  CHECK_INT(bitwa_log_set_meta(log, "scenario", "Kursk, day 1"), 0);
  CHECK_INT(bitwa_log_set_meta(log, "engine", "0.1.0"), 0);
  CHECK_INT(bitwa_log_add_source(log, "ww2", "kursk", "scenario", "f00d03"), 0);
  CHECK_INT(bitwa_log_add_source(log, "core", "combat", "module", "deadbeef01"), 0);
  CHECK_INT(bitwa_log_add_source(log, "core", "crt", "table", "cafe02"), 0);
  CHECK_INT(bitwa_log_add_source(log, "core", "crt", "table", "cafe02"), 0);

  CHECK_INT(bitwa_log_commit_action(log, &A0, NULL, 0, NULL, 0, ev0, 2), 0);
  CHECK_INT(bitwa_log_add_decision(log, &A1, &D1), 0);
  CHECK_STR(status_of(log, 1), "pending");
  CHECK_INT(bitwa_log_add_decision(log, &A1, &D2), 0);
  CHECK_INT(ndecisions(log, 1), 2);
  CHECK_INT(bitwa_log_count_done(log), 1);
  /* decisions 1 and 2 are stored already: only 3 is added */
  CHECK_INT(bitwa_log_commit_action(log, &A1_DONE, ds, 3, rolls1, 2, ev1, 3), 0);
  CHECK_STR(bitwa_log_error(log), "");
  CHECK_INT(bitwa_log_commit_action(log, &A2, &D4, 1, rolls2, 1, ev2, 1), 0);
  CHECK_INT(bitwa_log_count_done(log), 3);
  return log;
}

/*
** Create, write, close, open: everything reads back the same and in
** order.  Also walks stopped early and walks nested in walks.
*/
static void test_round_trip (void) {
  char err[512] = "";
  char *before, *after, *got;
  text out = { NULL, 0, 0 };
  dump_ctx c;
  int visited = 0;
  bitwa_log *log = write_game(at("game.bitwa"));
  if (!log)
    return;
  CHECK_INT(bitwa_log_add_source(log, "core", "crt", "table", "beef"), -1);
  CHECK_HAS(bitwa_log_error(log), "already recorded with another hash");
  got = bitwa_log_get_meta(log, "seed");
  CHECK_STR(got, "4321");
  free(got);
  CHECK(bitwa_log_get_meta(log, "no such key") == NULL);
  CHECK_STR(bitwa_log_error(log), "");
  before = dump(log);
  CHECK_STR(before, EXPECTED);
  bitwa_log_close(log);

  log = bitwa_log_open(at("game.bitwa"), false, BITWA_SYNC_FULL, err, sizeof err);
  CHECK(log != NULL);
  if (!log) {
    fprintf(stderr, "open: %s\n", err);
    free(before);
    return;
  }
  after = dump(log);
  CHECK_STR(after, EXPECTED);
  CHECK_STR(after, before);
  CHECK_INT(bitwa_log_count_done(log), 3);
  CHECK_INT(nactions(log), 3);

  CHECK_INT(bitwa_log_each_action(log, stop_at_first, &visited), 7);
  CHECK_INT(visited, 1);
  c.log = log;
  c.out = &out;
  text_add(&out, "%s", "");
  CHECK_INT(bitwa_log_each_action(log, nested_walk, &c), 0);
  CHECK_STR(out.s, "3:4321 3:4321 3:4321 ");
  /* the cached statements are usable again after all that */
  CHECK_INT(nactions(log), 3);
  free(out.s);
  free(before);
  free(after);
  bitwa_log_close(log);
}

/*
** The file header as create leaves it: WAL, bitwa's application id and
** format number.
*/
static void test_file_header (void) {
  unsigned char h[100];
  FILE *f = fopen(at("game.bitwa"), "rb");
  CHECK(f != NULL);
  if (!f)
    return;
  CHECK_INT(fread(h, 1, sizeof h, f), 100);
  fclose(f);
  CHECK(memcmp(h, "SQLite format 3", 16) == 0);
  CHECK_INT(h[18], 2);   /* WAL write version */
  CHECK_INT(h[19], 2);   /* WAL read version */
  CHECK_INT(((uint32_t) h[60] << 24) | ((uint32_t) h[61] << 16)
            | ((uint32_t) h[62] << 8) | h[63], BITWA_LOG_FORMAT);
  CHECK_INT(((uint32_t) h[68] << 24) | ((uint32_t) h[69] << 16)
            | ((uint32_t) h[70] << 8) | h[71], BITWA_LOG_APPLICATION_ID);
}

/*
** Write a file with the given bytes.
*/
static void write_file (const char *path, const void *data, size_t len) {
  FILE *f = fopen(path, "wb");
  if (!f) {
    perror(path);
    return;
  }
  if (len)
    fwrite(data, 1, len, f);
  fclose(f);
}

/*
** Read a whole file (malloc'd); *len gets its size.
*/
static unsigned char *read_file (const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  unsigned char *data;
  long size;
  *len = 0;
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  size = ftell(f);
  fseek(f, 0, SEEK_SET);
  data = malloc(size > 0 ? (size_t) size : 1);
  if (data && size > 0)
    *len = fread(data, 1, (size_t) size, f);
  fclose(f);
  return data;
}

/*
** create never overwrites: neither a game file nor any other file.
*/
static void test_create_refuses_existing (void) {
  char err[512] = "";
  size_t len;
  unsigned char *data;
  bitwa_log *log = create_pub(at("game.bitwa"), BITWA_SYNC_FULL,
                                    err, sizeof err);
  CHECK(log == NULL);
  bitwa_log_close(log);
  CHECK_HAS(err, "file exists");
  CHECK(strncmp(err, at("game.bitwa"), strlen(at("game.bitwa"))) == 0);
  log = bitwa_log_open(at("game.bitwa"), true, BITWA_SYNC_FULL, err, sizeof err);
  CHECK(log != NULL);
  CHECK_INT(bitwa_log_count_done(log), 3);
  bitwa_log_close(log);

  write_file(at("notes.txt"), "my notes\n", 9);
  log = create_pub(at("notes.txt"), BITWA_SYNC_FULL, err, sizeof err);
  CHECK(log == NULL);
  CHECK_HAS(err, "file exists");
  data = read_file(at("notes.txt"), &len);
  CHECK(data && len == 9 && memcmp(data, "my notes\n", 9) == 0);
  free(data);

  /* a leftover WAL would be replayed into the new file */
  write_file(at("fresh.bitwa-wal"), "junk", 4);
  log = create_pub(at("fresh.bitwa"), BITWA_SYNC_FULL, err, sizeof err);
  CHECK(log == NULL);
  CHECK_HAS(err, "leftover");
  CHECK(access(at("fresh.bitwa"), F_OK) != 0);
  unlink(at("fresh.bitwa-wal"));

  /* a directory that does not exist */
  log = create_pub(at("no/such/dir.bitwa"), BITWA_SYNC_FULL, err, sizeof err);
  CHECK(log == NULL);
  CHECK_HAS(err, "No such file or directory");
}

/*
** Pending actions: abort removes the action and its decisions; a done
** action cannot be aborted, nor given decisions.
*/
static void test_abort (void) {
  char err[512] = "";
  bitwa_log *log = create_pub(at("abort.bitwa"), BITWA_SYNC_NORMAL,
                                    err, sizeof err);
  CHECK(log != NULL);
  if (!log)
    return;
  CHECK_INT(bitwa_log_commit_action(log, &A0, NULL, 0, NULL, 0, NULL, 0), 0);
  CHECK_INT(bitwa_log_add_decision(log, &A1, &D1), 0);
  CHECK_INT(bitwa_log_add_decision(log, &A1, &D2), 0);
  CHECK_INT(nactions(log), 2);
  CHECK_INT(ndecisions(log, 1), 2);

  /* the same k twice is refused and changes nothing */
  CHECK_INT(bitwa_log_add_decision(log, &A1, &D1), -1);
  CHECK_HAS(bitwa_log_error(log), "decision 1 of action 1");
  CHECK_HAS(bitwa_log_error(log), "UNIQUE");
  CHECK_INT(ndecisions(log, 1), 2);

  CHECK_INT(bitwa_log_abort_action(log, 1), 0);
  CHECK_STR(bitwa_log_error(log), "");
  CHECK_STR(status_of(log, 1), "absent");
  CHECK_INT(ndecisions(log, 1), 0);
  CHECK_INT(nactions(log), 1);
  CHECK_INT(bitwa_log_count_done(log), 1);

  /* nothing there: nothing to do */
  CHECK_INT(bitwa_log_abort_action(log, 5), 0);

  CHECK_INT(bitwa_log_abort_action(log, 0), -1);
  CHECK_HAS(bitwa_log_error(log), "action 0 is done and cannot be aborted");
  CHECK_STR(status_of(log, 0), "done");
  CHECK_INT(nevents(log, 0), 0);

  CHECK_INT(bitwa_log_add_decision(log, &A0, &D1), -1);
  CHECK_HAS(bitwa_log_error(log), "action 0 is already done");
  CHECK_INT(ndecisions(log, 0), 0);

  /* the number can be used again after an abort */
  CHECK_INT(bitwa_log_add_decision(log, &A1, &D3), 0);
  CHECK_INT(bitwa_log_commit_action(log, &A1_DONE, NULL, 0, NULL, 0, NULL, 0), 0);
  CHECK_INT(ndecisions(log, 1), 1);
  CHECK_INT(bitwa_log_count_done(log), 2);
  bitwa_log_close(log);
}

/*
** A second commit of the same n fails and writes nothing; a commit that
** fails half way (a bad roll after the action row and the decisions)
** leaves the pending action as it was.
*/
static void test_failed_commits (void) {
  char err[512] = "";
  int faces[] = { 2, 4 };
  bitwa_roll rolls[3];
  bitwa_log_decision ds[] = { D1, D3 };
  const char *ev[] = { "one", "two" };
  bitwa_log *log = create_pub(at("dup.bitwa"), BITWA_SYNC_OFF,
                                    err, sizeof err);
  CHECK(log != NULL);
  if (!log)
    return;
  rolls[0] = roll_of("combat", 2, 6, faces, 6, false);
  rolls[1] = roll_of("morale", 2, 6, faces, 6, false);
  rolls[2] = roll_of("broken", 99, 6, NULL, 6, false);

  CHECK_INT(bitwa_log_commit_action(log, &A0, NULL, 0, rolls, 1, ev, 1), 0);
  CHECK_INT(bitwa_log_commit_action(log, &A0, ds, 2, rolls, 2, ev, 2), -1);
  CHECK_HAS(bitwa_log_error(log), "action 0 is already done");
  CHECK_INT(bitwa_log_count_done(log), 1);
  CHECK_INT(nactions(log), 1);
  CHECK_INT(nrolls(log, 0), 1);
  CHECK_INT(nevents(log, 0), 1);

  /* an action that does not come next: the game moved on (or this
     writer is behind), nothing is written */
  CHECK_INT(bitwa_log_commit_action(log, &A2, &D4, 1, rolls, 1, ev, 1), -1);
  CHECK_HAS(bitwa_log_error(log), "the game moved on");
  CHECK_STR(status_of(log, 2), "absent");
  CHECK_INT(bitwa_log_add_decision(log, &A2, &D4), -1);
  CHECK_HAS(bitwa_log_error(log), "the game moved on");
  CHECK_STR(status_of(log, 2), "absent");

  /* a new action whose third roll is bad: nothing of it is written */
  CHECK_INT(bitwa_log_commit_action(log, &A1_DONE, ds, 2, rolls, 3, ev, 2), -1);
  CHECK_HAS(bitwa_log_error(log), "roll 3 of action 1");
  CHECK_STR(status_of(log, 1), "absent");
  CHECK_INT(ndecisions(log, 1), 0);
  CHECK_INT(nrolls(log, 1), 0);
  CHECK_INT(nevents(log, 1), 0);

  /* a pending action stays pending with its decisions */
  CHECK_INT(bitwa_log_add_decision(log, &A1, &D1), 0);
  CHECK_INT(bitwa_log_commit_action(log, &A1_DONE, ds, 2, rolls, 3, ev, 2), -1);
  CHECK_STR(status_of(log, 1), "pending");
  CHECK_INT(ndecisions(log, 1), 1);
  CHECK_INT(nrolls(log, 1), 0);
  CHECK_INT(nevents(log, 1), 0);
  CHECK_INT(bitwa_log_count_done(log), 1);

  /* bad arguments */
  CHECK_INT(bitwa_log_commit_action(log, &A1_DONE, NULL, 2, NULL, 0, NULL, 0), -1);
  CHECK_HAS(bitwa_log_error(log), "bad arguments");
  CHECK_INT(bitwa_log_commit_action(log, NULL, NULL, 0, NULL, 0, NULL, 0), -1);
  CHECK_INT(bitwa_log_add_decision(log, NULL, NULL), -1);
  /* no decision: only the pending action row, which is there already */
  CHECK_INT(bitwa_log_add_decision(log, &A1, NULL), 0);
  CHECK_INT(ndecisions(log, 1), 1);
  CHECK_STR(status_of(log, 1), "pending");

  /* another action 1 (someone else's line) never completes nor extends
     the pending one: it is not this writer's */
  {
    bitwa_log_action other = A1_DONE;
    other.line = "fire 2/H 2301 2405";
    CHECK_INT(bitwa_log_commit_action(log, &other, NULL, 0, NULL, 0, NULL, 0), -1);
    CHECK_HAS(bitwa_log_error(log), "the game moved on");
    other.status = "pending";
    CHECK_INT(bitwa_log_add_decision(log, &other, &D2), -1);
    CHECK_HAS(bitwa_log_error(log), "the game moved on");
    CHECK_INT(ndecisions(log, 1), 1);
  }

  /* and it can still be completed */
  CHECK_INT(bitwa_log_commit_action(log, &A1_DONE, ds, 2, rolls, 2, ev, 2), 0);
  CHECK_INT(ndecisions(log, 1), 2);
  CHECK_INT(nrolls(log, 1), 2);
  CHECK_INT(bitwa_log_count_done(log), 2);

  /* an action waiting for its first answer is kept, then aborted */
  {
    bitwa_log_action a2 = A2;
    a2.status = "pending";
    CHECK_INT(bitwa_log_add_decision(log, &a2, NULL), 0);
    CHECK_STR(status_of(log, 2), "pending");
    CHECK_INT(ndecisions(log, 2), 0);
    CHECK_INT(bitwa_log_abort_action(log, 2), 0);
    CHECK_STR(status_of(log, 2), "absent");
  }
  bitwa_log_close(log);
}

/*
** open must fail, with the path first, the phrase in the message and
** the message on one line.
*/
static void expect_refused (const char *path, const char *phrase, int line) {
  char err[512] = "";
  bitwa_log *log = bitwa_log_open(path, false, BITWA_SYNC_FULL, err, sizeof err);
  if (log || !strstr(err, phrase))
    fprintf(stderr, "test_log.c:%d: opening %s gave \"%s\", wanted \"%s\"\n",
            line, path, err, phrase);
  CHECK(log == NULL);
  CHECK_HAS(err, phrase);
  CHECK(strncmp(err, path, strlen(path)) == 0);
  CHECK(strchr(err, '\n') == NULL);
  bitwa_log_close(log);
}

/*
** open must succeed, for reading and for writing.
*/
static void expect_opens (const char *path, int line) {
  char err[512] = "";
  for (int ro = 0; ro < 2; ro++) {
    bitwa_log *log = bitwa_log_open(path, ro, BITWA_SYNC_FULL, err, sizeof err);
    if (!log)
      fprintf(stderr, "test_log.c:%d: opening %s gave \"%s\"\n", line, path, err);
    CHECK(log != NULL);
    if (log)
      CHECK_INT(bitwa_log_count_done(log), 3);
    bitwa_log_close(log);
  }
}

/*
** Run SQL on a file with a plain SQLite connection.
*/
static void plain_sql (const char *path, const char *sql) {
  sqlite3 *db = NULL;
  char *msg = NULL;
  if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                      NULL) != SQLITE_OK
      || sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
    fprintf(stderr, "%s: %s: %s\n", path, sql, msg ? msg : sqlite3_errmsg(db));
  sqlite3_free(msg);
  sqlite3_close(db);
}

/*
** Copy a file, keeping at most limit bytes.
*/
static void copy_file (const char *from, const char *to, size_t limit) {
  size_t len;
  unsigned char *data = read_file(from, &len);
  write_file(to, data, len < limit ? len : limit);
  free(data);
}

/*
** A game file with the given SQL run on it by a plain connection.
*/
static const char *tampered (const char *name, const char *sql) {
  const char *path = at(name);
  copy_file(at("game.bitwa"), path, SIZE_MAX);
  plain_sql(path, sql);
  return path;
}

static uint32_t lcg_state = 12345;

/*
** Deterministic garbage: the next byte of a fixed pseudo-random sequence.
*/
static unsigned char garbage (void) {
  lcg_state = lcg_state * 1103515245u + 12345u;
  return (unsigned char) (lcg_state >> 16);
}

/*
** Files that are not bitwa games, or are bitwa games changed by hand.
*/
static void test_untrusted (void) {
  unsigned char junk[8192];
  char err[512] = "";
  size_t len, page;
  unsigned char *data;
  bitwa_log *log;

  write_file(at("text.bitwa"), "this is a letter, not a game\n", 29);
  expect_refused(at("text.bitwa"), "not a bitwa game file (not an SQLite database)",
                 __LINE__);
  write_file(at("empty.bitwa"), "", 0);
  expect_refused(at("empty.bitwa"), "not a bitwa game file (not an SQLite database)",
                 __LINE__);
  for (size_t i = 0; i < sizeof junk; i++)
    junk[i] = garbage();
  write_file(at("random.bitwa"), junk, sizeof junk);
  expect_refused(at("random.bitwa"), "not a bitwa game file (not an SQLite database)",
                 __LINE__);
  /* the magic string followed by garbage */
  memcpy(junk, "SQLite format 3", 16);
  write_file(at("magic.bitwa"), junk, sizeof junk);
  expect_refused(at("magic.bitwa"), "not a bitwa game file", __LINE__);

  expect_refused(at("missing.bitwa"), "No such file or directory", __LINE__);
  expect_refused(tmpdir, "not a bitwa game file (not a regular file)", __LINE__);

  plain_sql(at("other.db"), "CREATE TABLE t(x); INSERT INTO t VALUES(1)");
  expect_refused(at("other.db"), "not a bitwa game file (application id 0)",
                 __LINE__);

  expect_refused(tampered("appid.bitwa", "PRAGMA application_id = 7"),
                 "not a bitwa game file (application id 7)", __LINE__);
  expect_refused(tampered("v99.bitwa", "PRAGMA user_version = 99"),
                 "game file format 99, this bitwa reads formats 1 to 2", __LINE__);
  expect_refused(tampered("trigger.bitwa",
                          "CREATE TRIGGER tr AFTER INSERT ON action"
                          " BEGIN DELETE FROM decision; END"),
                 "unexpected schema: a trigger (tr)", __LINE__);
  /* what a user adds beside bitwa's tables is allowed */
  expect_opens(tampered("extra.bitwa", "CREATE TABLE extra(x)"), __LINE__);
  expect_opens(tampered("view.bitwa", "CREATE VIEW v AS SELECT * FROM meta"), __LINE__);
  expect_opens(tampered("index.bitwa", "CREATE INDEX ix ON action(side)"), __LINE__);
  expect_refused(tampered("table.bitwa", "DROP TABLE snapshot;"
                          " CREATE TABLE snapshot(x)"),
                 "unexpected schema: table snapshot differs", __LINE__);
  expect_refused(tampered("column.bitwa", "ALTER TABLE event ADD COLUMN x TEXT"),
                 "unexpected schema: table event differs", __LINE__);
  expect_refused(tampered("dropped.bitwa", "DROP TABLE event"),
                 "unexpected schema: no table event", __LINE__);
  /* the event table as files made before its CHECK became a chain of
     comparisons have it (an IN list): still a game, read and written,
     and its CHECK still holds */
  {
#define EVENT_BEFORE \
    "CREATE TABLE event(action INTEGER NOT NULL, k INTEGER NOT NULL," \
    " kind TEXT NOT NULL CHECK(kind IN ('spawn','remove','set','var','note'))," \
    " unit INTEGER, attribute TEXT NOT NULL, value ANY, was ANY," \
    " text TEXT NOT NULL, PRIMARY KEY(action, k)) STRICT, WITHOUT ROWID"
    static const char rebuild[] =
      "CREATE TEMP TABLE ev AS SELECT * FROM event; DROP TABLE event; "
      EVENT_BEFORE "; INSERT INTO event SELECT * FROM ev; DROP TABLE ev";
    const char *path = tampered("event-in.bitwa", rebuild);
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    CHECK(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK);
    CHECK(sqlite3_prepare_v2(db, "SELECT sql FROM sqlite_schema WHERE name = 'event'",
                             -1, &st, NULL) == SQLITE_OK);
    CHECK(sqlite3_step(st) == SQLITE_ROW);
    CHECK_STR((const char *) sqlite3_column_text(st, 0), EVENT_BEFORE);
    sqlite3_finalize(st);
    sqlite3_close(db);
    expect_opens(path, __LINE__);
    expect_refused(tampered("event-in-kind.bitwa",
                            "PRAGMA ignore_check_constraints = ON; " "CREATE TEMP TABLE ev AS SELECT * FROM event; DROP TABLE event; "
                            EVENT_BEFORE "; INSERT INTO event SELECT * FROM ev; DROP TABLE ev; "
                            "UPDATE event SET kind = 'bogus' WHERE action = 2"),
                   "corrupt game file: CHECK constraint failed in event", __LINE__);
    /* a new file has the chain */
    CHECK(sqlite3_open_v2(at("game.bitwa"), &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK);
    CHECK(sqlite3_prepare_v2(db, "SELECT sql FROM sqlite_schema WHERE name = 'event'",
                             -1, &st, NULL) == SQLITE_OK);
    CHECK(sqlite3_step(st) == SQLITE_ROW);
    CHECK(strstr((const char *) sqlite3_column_text(st, 0),
                 "CHECK(kind = 'spawn' OR kind = 'remove' OR kind = 'set' OR kind = 'var'"
                 " OR kind = 'note')") != NULL);
    sqlite3_finalize(st);
    sqlite3_close(db);
  }
  /* a value outside a CHECK constraint's domain (only a file edited by
     hand has one): a writer refuses it, naming the table; a reader, as
     SQLite's integrity_check on a read-only connection, does not look */
  {
    static const struct { const char *name, *sql, *table; } bad[] = {
      { "status.bitwa", "UPDATE action SET status = 'gone' WHERE n = 1", "action" },
      { "forced.bitwa", "UPDATE roll SET forced = 2 WHERE action = 1", "roll" },
      { "kind.bitwa", "UPDATE event SET kind = 'bogus' WHERE action = 2", "event" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      char sql[256], want[128];
      const char *path;
      snprintf(sql, sizeof sql, "PRAGMA ignore_check_constraints = ON; %s", bad[i].sql);
      snprintf(want, sizeof want, "corrupt game file: CHECK constraint failed in %s", bad[i].table);
      path = tampered(bad[i].name, sql);
      expect_refused(path, want, __LINE__);
      log = bitwa_log_open(path, true, BITWA_SYNC_FULL, err, sizeof err);
      CHECK(log != NULL);
      bitwa_log_close(log);
    }
  }

  /* damaged pages: the file is closed, so everything is in it */
  data = read_file(at("game.bitwa"), &len);
  CHECK(data != NULL && len >= 4096);
  if (!data)
    return;
  page = (size_t) data[16] << 8 | data[17];
  CHECK_INT(page, 4096);
  CHECK(len / page >= 7);
  {
    unsigned char *copy = malloc(len);
    memcpy(copy, data, len);
    for (size_t i = page; i < 2 * page; i++)
      copy[i] = garbage();
    write_file(at("page2.bitwa"), copy, len);
    expect_refused(at("page2.bitwa"), "corrupt game file", __LINE__);

    /* the header of page 4 only */
    memcpy(copy, data, len);
    for (size_t i = 3 * page; i < 3 * page + 12; i++)
      copy[i] = garbage();
    write_file(at("page4.bitwa"), copy, len);
    expect_refused(at("page4.bitwa"), "corrupt game file", __LINE__);

    /* page 1, where the schema lives, from the middle on */
    memcpy(copy, data, len);
    for (size_t i = page / 2; i < page; i++)
      copy[i] = garbage();
    write_file(at("page1.bitwa"), copy, len);
    expect_refused(at("page1.bitwa"), "corrupt game file", __LINE__);
    free(copy);
  }

  /* truncated: pages missing, and a file cut inside its header */
  copy_file(at("game.bitwa"), at("half.bitwa"), len / 2);
  expect_refused(at("half.bitwa"), "corrupt game file", __LINE__);
  copy_file(at("game.bitwa"), at("onepage.bitwa"), page);
  expect_refused(at("onepage.bitwa"), "corrupt game file", __LINE__);
  copy_file(at("game.bitwa"), at("header.bitwa"), 60);
  expect_refused(at("header.bitwa"), "bitwa game file", __LINE__);
  copy_file(at("game.bitwa"), at("magic-only.bitwa"), 15);
  expect_refused(at("magic-only.bitwa"), "not an SQLite database", __LINE__);

  /* the unchanged file still opens */
  log = bitwa_log_open(at("game.bitwa"), false, BITWA_SYNC_FULL, err, sizeof err);
  CHECK(log != NULL);
  bitwa_log_close(log);
  free(data);
}

/*
** Damage the file a few hundred ways (8 bytes garbled at a time, all
** through it).  Each open either fails with a one-line message or
** succeeds, and then every walk runs without crashing.
*/
static void test_garbled (void) {
  size_t len;
  unsigned char *data = read_file(at("game.bitwa"), &len);
  unsigned char *copy = data ? malloc(len) : NULL;
  int refused = 0, opened = 0, lines_ok = 0;
  if (!copy) {
    CHECK(0);
    free(data);
    return;
  }
  for (size_t off = 0; off + 8 <= len; off += 61) {
    char err[512] = "";
    bitwa_log *log;
    memcpy(copy, data, len);
    for (size_t i = off; i < off + 8; i++)
      copy[i] ^= garbage() | 1;
    unlink(at("garbled.bitwa"));
    write_file(at("garbled.bitwa"), copy, len);
    log = bitwa_log_open(at("garbled.bitwa"), false, BITWA_SYNC_OFF,
                         err, sizeof err);
    if (log) {
      char *d = dump(log);
      free(d);
      bitwa_log_count_done(log);
      bitwa_log_close(log);
      opened++;
    } else {
      refused++;
      if (err[0] && !strchr(err, '\n')
          && strncmp(err, at("garbled.bitwa"), strlen(at("garbled.bitwa"))) == 0)
        lines_ok++;
      else
        fprintf(stderr, "garbled at %zu: \"%s\"\n", off, err);
    }
  }
  CHECK(refused > 0);
  CHECK(opened > 0);   /* garbage in unused space goes unnoticed */
  CHECK_INT(lines_ok, refused);
  free(copy);
  free(data);
}

/*
** A read-only open reads everything and writes nothing.
*/
static void test_readonly (void) {
  char err[512] = "";
  char *d;
  bitwa_log *log = bitwa_log_open(at("game.bitwa"), true, BITWA_SYNC_FULL,
                                  err, sizeof err);
  CHECK(log != NULL);
  if (!log) {
    fprintf(stderr, "open read-only: %s\n", err);
    return;
  }
  d = dump(log);
  CHECK_STR(d, EXPECTED);
  free(d);
  CHECK_INT(bitwa_log_count_done(log), 3);
  CHECK_INT(bitwa_log_add_decision(log, &A1, &D1), -1);
  CHECK_HAS(bitwa_log_error(log), "read-only");
  CHECK_INT(bitwa_log_commit_action(log, &A1_DONE, NULL, 0, NULL, 0, NULL, 0), -1);
  CHECK_HAS(bitwa_log_error(log), "read-only");
  CHECK_INT(bitwa_log_set_meta(log, "seed", "1"), -1);
  CHECK_INT(bitwa_log_add_source(log, "a", "b", "c", "d"), -1);
  CHECK_INT(bitwa_log_abort_action(log, 1), -1);
  CHECK_INT(bitwa_log_count_done(log), 3);
  bitwa_log_close(log);
}

/*
** Durability modes set PRAGMA synchronous.  Writers are serialised: a
** second writer waits for the first one's lock and gives up with a
** message saying so; a reader still reads, and sees the writer's
** commits.
*/
static void test_durability (void) {
  char err[512] = "";
  bitwa_log *a, *b;
  a = create_pub(at("sync.bitwa"), BITWA_SYNC_NORMAL, err, sizeof err);
  CHECK(a != NULL);
  CHECK_INT(bitwa_log_synchronous(a), 1);
  bitwa_log_close(a);
  a = bitwa_log_open(at("sync.bitwa"), false, BITWA_SYNC_OFF, err, sizeof err);
  CHECK(a != NULL);
  CHECK_INT(bitwa_log_synchronous(a), 0);
  CHECK(!bitwa_log_waited(a));
  setenv("BITWA_LOCK_WAIT_MS", "50", 1);
  b = bitwa_log_open(at("sync.bitwa"), false, BITWA_SYNC_FULL, err, sizeof err);
  unsetenv("BITWA_LOCK_WAIT_MS");
  CHECK(b == NULL);
  CHECK_HAS(err, "another bitwa process is writing this game");
  CHECK_HAS(err, "nothing was done");
  b = bitwa_log_open(at("sync.bitwa"), true, BITWA_SYNC_FULL, err, sizeof err);
  CHECK(b != NULL);
  if (a && b) {
    CHECK_INT(bitwa_log_commit_action(a, &A0, NULL, 0, NULL, 0, NULL, 0), 0);
    CHECK_INT(bitwa_log_count_done(b), 1);
    CHECK_INT(bitwa_log_commit_action(b, &A0, NULL, 0, NULL, 0, NULL, 0), -1);
    CHECK_HAS(bitwa_log_error(b), "read-only");
  }
  bitwa_log_close(a);
  bitwa_log_close(b);
  a = bitwa_log_open(at("sync.bitwa"), false, BITWA_SYNC_NORMAL, err, sizeof err);
  CHECK(a != NULL);
  CHECK_INT(bitwa_log_synchronous(a), 1);
  CHECK_INT(bitwa_log_count_done(a), 1);
  bitwa_log_close(a);
  a = bitwa_log_open(at("sync.bitwa"), false, (bitwa_durability) 9, err, sizeof err);
  CHECK(a == NULL);
  CHECK_HAS(err, "unknown durability 9");
  bitwa_log_close(a);
}

/*
** A process that dies without closing the log loses nothing it wrote:
** the next open finds the pending decision and the committed action
** (still in the WAL file) and the file passes every check.
*/
static void test_killed_writer (void) {
  char err[512] = "";
  bitwa_log *log;
  int status = -1;
  pid_t pid;
  fflush(NULL);
  pid = fork();
  if (pid < 0) {
    CHECK(0);
    return;
  }
  if (pid == 0) {
    log = create_pub(at("killed.bitwa"), BITWA_SYNC_FULL, err, sizeof err);
    if (!log
        || bitwa_log_commit_action(log, &A0, NULL, 0, NULL, 0, NULL, 0) != 0
        || bitwa_log_add_decision(log, &A1, &D1) != 0)
      _exit(1);
    _exit(0);
  }
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK(access(at("killed.bitwa-wal"), F_OK) == 0);
  log = bitwa_log_open(at("killed.bitwa"), false, BITWA_SYNC_FULL, err, sizeof err);
  CHECK(log != NULL);
  if (!log) {
    fprintf(stderr, "open after kill: %s\n", err);
    return;
  }
  CHECK_INT(bitwa_log_count_done(log), 1);
  CHECK_STR(status_of(log, 1), "pending");
  CHECK_INT(ndecisions(log, 1), 1);
  CHECK_INT(bitwa_log_commit_action(log, &A1_DONE, &D1, 1, NULL, 0, NULL, 0), 0);
  CHECK_INT(bitwa_log_count_done(log), 2);
  CHECK_INT(bitwa_log_each_action(log, NULL, NULL), -1);
  CHECK_HAS(bitwa_log_error(log), "walk without a callback");
  bitwa_log_close(log);
}

/*
** A relative name that starts with "file:" is a file name, not a URI.
*/
static void test_uri_like_name (void) {
  char err[512] = "";
  char cwd[512];
  bitwa_log *log;
  if (!getcwd(cwd, sizeof cwd) || chdir(tmpdir) != 0) {
    CHECK(0);
    return;
  }
  log = create_pub("file:odd.bitwa?mode=memory", BITWA_SYNC_FULL,
                         err, sizeof err);
  CHECK(log != NULL);
  CHECK_INT(bitwa_log_commit_action(log, &A0, NULL, 0, NULL, 0, NULL, 0), 0);
  bitwa_log_close(log);
  CHECK(access("file:odd.bitwa?mode=memory", F_OK) == 0);
  log = bitwa_log_open("file:odd.bitwa?mode=memory", true, BITWA_SYNC_FULL,
                       err, sizeof err);
  CHECK(log != NULL);
  CHECK_INT(bitwa_log_count_done(log), 1);
  bitwa_log_close(log);
  CHECK(chdir(cwd) == 0);
}

/*
** Run every test in a fresh temporary directory, then remove it.
*/
/* A state with every slot type, removed and live units, variables. */
static bitwa_state *sample_state (bool fill) {
  bitwa_state *s = bitwa_state_new();
  int name = bitwa_state_declare(s, "name", BITWA_T_STR, bitwa_state_intern(s, ""));
  int sp = bitwa_state_declare(s, "sp", BITWA_T_INT, 3);
  int hex = bitwa_state_declare(s, "hex", BITWA_T_HEX, BITWA_HEX_NONE);
  int dis = bitwa_state_declare(s, "disorganized", BITWA_T_BOOL, 0);
  bitwa_hex h = { 4, 5 };
  if (!fill) return s;
  for (int i = 0; i < 4; i++) {
    char nm[16];
    int id = bitwa_state_spawn(s);
    snprintf(nm, sizeof nm, "u%d", i);
    bitwa_state_set(s, id, name, bitwa_state_intern(s, nm));
    bitwa_state_set(s, id, sp, 5 - i);
    bitwa_state_set(s, id, hex, bitwa_hex_pack(h));
    bitwa_state_set(s, id, dis, i % 2);
  }
  bitwa_state_remove(s, 2);
  bitwa_state_set_var(s, "turn", BITWA_T_INT, 7);
  bitwa_state_set_var(s, "winner", BITWA_T_STR, bitwa_state_intern(s, "A"));
  bitwa_state_set_var(s, "game.over", BITWA_T_BOOL, 1);
  return s;
}

/*
** A state's bytes read back give the same state (its checksum, hash and
** bytes); damaged bytes, or bytes of other attributes, are refused and
** leave the state empty.
*/
static void test_state_bytes (void) {
  bitwa_state *a = sample_state(true), *b = sample_state(false);
  size_t len, len2;
  unsigned char *bytes = bitwa_state_serialize(a, &len), *again;
  char err[200];
  CHECK_INT(bitwa_state_deserialize(b, bytes, len, err, sizeof err), 0);
  CHECK_INT(bitwa_state_checksum(b) == bitwa_state_checksum(a), 1);
  CHECK_INT(bitwa_state_hash(b) == bitwa_state_hash(a), 1);
  CHECK_INT(bitwa_state_hash(b) == bitwa_state_hash_full(b), 1);
  CHECK_INT(bitwa_state_nevents(b), 0);
  again = bitwa_state_serialize(b, &len2);
  CHECK_INT(len2, len);
  CHECK(memcmp(again, bytes, len) == 0);
  CHECK(!bitwa_state_alive(b, 2));
  CHECK(bitwa_state_alive(b, 4));
  free(again);
  bitwa_state_free(b);
  /* every truncation and every single-byte change is refused or gives
     another state, never a crash; a refusal leaves the state empty */
  for (size_t cut = 0; cut < len; cut += 7) {
    b = sample_state(false);
    CHECK_INT(bitwa_state_deserialize(b, bytes, cut, err, sizeof err), -1);
    CHECK_HAS(err, "malformed state snapshot");
    CHECK_INT(bitwa_state_max_id(b), 0);
    CHECK_INT(bitwa_state_nvars(b), 0);
    bitwa_state_free(b);
  }
  for (size_t i = 0; i < len; i += 3) {
    unsigned char *c = malloc(len);
    memcpy(c, bytes, len);
    c[i] ^= 0x5a;
    b = sample_state(false);
    if (bitwa_state_deserialize(b, c, len, err, sizeof err) == 0)
      CHECK_INT(bitwa_state_hash(b) == bitwa_state_hash_full(b), 1);
    else
      CHECK_INT(bitwa_state_max_id(b), 0);
    bitwa_state_free(b);
    free(c);
  }
  /* other attributes */
  b = bitwa_state_new();
  bitwa_state_declare(b, "name", BITWA_T_STR, 0);
  CHECK_INT(bitwa_state_deserialize(b, bytes, len, err, sizeof err), -1);
  CHECK_HAS(err, "other attributes");
  bitwa_state_free(b);
  free(bytes);
  bitwa_state_free(a);
}

/*
** The snapshot kept in the log: one row, replaced; read back whole.
*/
static void test_snapshot_row (void) {
  char err[512] = "", *chk, *hash;
  void *state;
  size_t len;
  int64_t n;
  bitwa_log *log = bitwa_log_create(at("snap.bitwa"), BITWA_SYNC_OFF, err, sizeof err);
  CHECK(log != NULL);
  if (!log) return;
  /* not visible under its name before it is published */
  CHECK(access(at("snap.bitwa"), F_OK) != 0);
  CHECK_INT(bitwa_log_publish(log), 0);
  CHECK(access(at("snap.bitwa"), F_OK) == 0);
  CHECK_INT(bitwa_log_format(log), BITWA_LOG_FORMAT);
  CHECK_INT(bitwa_log_get_snapshot(log, &n, &chk, &hash, &state, &len), 0);
  CHECK_INT(bitwa_log_put_snapshot(log, 3, "c3", "h3", "abc\0def", 7), 0);
  CHECK_INT(bitwa_log_put_snapshot(log, 5, "c5", "h5", "xyz\0", 4), 0);
  CHECK_INT(bitwa_log_get_snapshot(log, &n, &chk, &hash, &state, &len), 1);
  CHECK_INT(n, 5);
  CHECK_STR(chk, "c5");
  CHECK_STR(hash, "h5");
  CHECK_INT(len, 4);
  CHECK(memcmp(state, "xyz\0", 4) == 0);
  free(chk); free(hash); free(state);
  bitwa_log_close(log);
  /* a discarded creation leaves nothing */
  log = bitwa_log_create(at("gone.bitwa"), BITWA_SYNC_OFF, err, sizeof err);
  CHECK(log != NULL);
  bitwa_log_discard(log);
  CHECK(access(at("gone.bitwa"), F_OK) != 0);
}

static int collect_refusal (void *ctx, const bitwa_log_refusal *r) {
  text_add(ctx, "%lld after %lld %s [%s] %s: %s\n", (long long) r->k,
           (long long) r->after, r->side, r->line, r->rule, r->message);
  return 0;
}

static char *refusals_of (bitwa_log *log) {
  text t = { NULL, 0, 0 };
  text_add(&t, "%s", "");
  CHECK_INT(bitwa_log_each_refusal(log, collect_refusal, &t), 0);
  return t.s;
}

/*
** The refusal table: written in its own transaction, made by the first
** refusal in a format 2 file made before it, taken back by truncate, and
** held to bitwa's schema like the other tables.
*/
static void test_refusals (void) {
  char err[512] = "";
  char *s;
  const char *old = tampered("norefusal.bitwa", "DROP TABLE refusal");
  bitwa_log_refusal r1 = { 0, 1, "German", "move 1/H 0101", "3.1", "not adjacent" };
  bitwa_log_refusal r2 = { 0, 2, "Soviet", "fire x", "", "no unit 'x'" };
  bitwa_log_refusal bad = { 0, 9, "Soviet", "end", "", "later" };
  bitwa_log *log;

  expect_opens(old, __LINE__);
  log = bitwa_log_open(old, false, BITWA_SYNC_FULL, err, sizeof err);
  CHECK(log != NULL);
  if (!log) return;
  s = refusals_of(log);
  CHECK_STR(s, "");
  free(s);
  CHECK_INT(bitwa_log_add_refusal(log, &r1), 0);
  CHECK_INT(bitwa_log_add_refusal(log, &bad), -1);
  CHECK_HAS(bitwa_log_error(log), "refusal after action 9, which the log does not hold as done");
  CHECK_INT(bitwa_log_add_refusal(log, &r2), 0);
  bitwa_log_close(log);
  expect_opens(old, __LINE__);
  log = bitwa_log_open(old, true, BITWA_SYNC_FULL, err, sizeof err);
  CHECK(log != NULL);
  if (!log) return;
  s = refusals_of(log);
  CHECK_STR(s, "1 after 1 German [move 1/H 0101] 3.1: not adjacent\n"
               "2 after 2 Soviet [fire x] : no unit 'x'\n");
  free(s);
  CHECK_INT(bitwa_log_add_refusal(log, &r1), -1);
  CHECK_HAS(bitwa_log_error(log), "read-only");
  /* nothing else changed */
  CHECK_INT(bitwa_log_count_done(log), 3);
  bitwa_log_close(log);
  /* undo takes back the refusals after the actions it removes */
  log = bitwa_log_open(old, false, BITWA_SYNC_FULL, err, sizeof err);
  CHECK(log != NULL);
  if (!log) return;
  CHECK_INT(bitwa_log_truncate(log, 1), 0);
  s = refusals_of(log);
  CHECK_STR(s, "1 after 1 German [move 1/H 0101] 3.1: not adjacent\n");
  free(s);
  bitwa_log_close(log);

  /* a table or view of that name that is not bitwa's is refused */
  expect_refused(tampered("refusal2.bitwa", "DROP TABLE refusal;"
                          " CREATE TABLE refusal(k INTEGER PRIMARY KEY, x)"),
                 "unexpected schema: table refusal differs", __LINE__);
  expect_refused(tampered("refusal3.bitwa", "DROP TABLE refusal;"
                          " CREATE VIEW refusal AS SELECT * FROM action"),
                 "unexpected schema: view refusal differs", __LINE__);
  expect_refused(tampered("refusal4.bitwa", "ALTER TABLE refusal ADD COLUMN x TEXT"),
                 "unexpected schema: table refusal differs", __LINE__);
}

int main (void) {
  if (!mkdtemp(tmpdir)) {
    perror("mkdtemp");
    return 1;
  }
  test_round_trip();
  test_file_header();
  test_create_refuses_existing();
  test_abort();
  test_failed_commits();
  test_untrusted();
  test_garbled();
  test_readonly();
  test_durability();
  test_killed_writer();
  test_uri_like_name();
  test_state_bytes();
  test_snapshot_row();
  test_refusals();
  cleanup();
  return check_summary();
}
