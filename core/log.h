/*
** core/log.h -- the game log: one SQLite file per game.
**
** A game is a seed plus a sequence of decisions; this file keeps them
** (and, for people and for verification, the rolls, the events and a
** state checksum after every action).  One action = one transaction.
** A file from someone else is untrusted: it is opened with SQLite's
** defensive settings and is integrity- and schema-checked before use.
**
** Tables (docs/LOG.md describes every column): meta(key, value);
** source(ruleset, name, kind, hash);
** action(n, side, line, turn, phase, status, checksum);
** decision(action, k, side, kind, request, answer);
** roll(action, k, side, rule, purpose, n, sides, faces, total, forced);
** event(action, k, kind, unit, attribute, value, was, text);
** snapshot(action, checksum, hash, state): the state after the last
** action a command finished, so that opening a game does not replay it;
** refusal(k, after, side, line, rule, message): the players' refused
** actions (a format 2 file made before it has none until the first).
**
** Writers are serialised: a writer holds an exclusive lock on the file
** (flock) from its open, before anything is read, to its close; a reader
** that finds no writer reads the file as immutable (no -wal or -shm is
** made beside it) under a shared lock.  A writer's close checkpoints the
** WAL into the file, so that the file alone holds every action.
*/
#ifndef BITWA_LOG_H
#define BITWA_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dice.h"

typedef struct bitwa_log bitwa_log;

typedef enum {
  BITWA_SYNC_FULL = 0,     /* WAL + synchronous=FULL: no acknowledged action lost */
  BITWA_SYNC_NORMAL = 1,   /* WAL + synchronous=NORMAL: batch runs */
  BITWA_SYNC_OFF = 2       /* WAL + synchronous=OFF: throw-away batch runs */
} bitwa_durability;

#define BITWA_LOG_APPLICATION_ID 0x42495457   /* "BITW" */
#define BITWA_LOG_FORMAT 2                    /* PRAGMA user_version */
#define BITWA_LOG_FORMAT_OLDEST 1             /* still read (not written) */

/* Create a new game file.  It is written under a temporary name beside
** path (".NAME.XXXXXX") until bitwa_log_publish gives it its name, so
** that an interrupted creation leaves nothing at path; fails when path
** exists.  NULL on error with a one-line message in err. */
bitwa_log *bitwa_log_create (const char *path, bitwa_durability dur,
                             char *err, size_t errlen);
/* Give a created file its name (refused when path exists by then) and
** go on writing it there, locked, in WAL mode.  -1 on error; the
** temporary file is removed. */
int bitwa_log_publish (bitwa_log *log);
/* Close a created file that was never published and remove it. */
void bitwa_log_discard (bitwa_log *log);
/* The format of the open file (BITWA_LOG_FORMAT, or an older one that
** is read only). */
int bitwa_log_format (const bitwa_log *log);
/* Whether opening had to wait for another writer's lock. */
bool bitwa_log_waited (const bitwa_log *log);
/* Copy the WAL into the file and empty it (a writer; 0 or -1). */
int bitwa_log_checkpoint (bitwa_log *log);
/* Open an existing game file, untrusted: checks that it is an SQLite
** file, that application_id and user_version are bitwa's, runs
** PRAGMA integrity_check, compares the schema with the expected one.
** readonly opens with SQLITE_OPEN_READONLY.  A writer waits up to
** BITWA_LOCK_WAIT_MS (default 10000) for another writer to finish.
** NULL on error, e.g.
** "game.bitwa: not a bitwa game file (application id 0)". */
bitwa_log *bitwa_log_open (const char *path, bool readonly,
                           bitwa_durability dur, char *err, size_t errlen);
void bitwa_log_close (bitwa_log *log);
/* Last error message of the log ("" when none). */
const char *bitwa_log_error (const bitwa_log *log);
/* The connection's PRAGMA synchronous (0 = OFF, 1 = NORMAL, 2 = FULL),
** -1 on error. */
int bitwa_log_synchronous (bitwa_log *log);

/* Metadata: ruleset chain, overlays, scenario, seed, engine version...
** set_meta inserts or replaces, in its own transaction.  get_meta
** returns a malloc'd copy, or NULL when absent. */
int bitwa_log_set_meta (bitwa_log *log, const char *key, const char *value);
char *bitwa_log_get_meta (bitwa_log *log, const char *key);
int bitwa_log_each_meta (bitwa_log *log,
                         int (*cb) (void *ctx, const char *key, const char *value),
                         void *ctx);

/* Content hashes of what the game was built from (kind: "module",
** "table", "overlay", "scenario", "map", ...). */
int bitwa_log_add_source (bitwa_log *log, const char *ruleset,
                          const char *name, const char *kind, const char *hash);
int bitwa_log_each_source (bitwa_log *log,
                           int (*cb) (void *ctx, const char *ruleset, const char *name,
                                      const char *kind, const char *hash),
                           void *ctx);

typedef struct {
  int64_t n;              /* action number, 0 = scenario setup, then 1, 2, ... */
  const char *side;       /* who acted ("" for the engine) */
  const char *line;       /* the action as typed: "move 1/H 2301 N" */
  int turn;
  const char *phase;
  const char *status;     /* "done" or "pending" (waiting for decisions) */
  const char *checksum;   /* state checksum after the action (hex); "" when pending */
} bitwa_log_action;

typedef struct {
  int k;                  /* 1, 2, ... within the action */
  const char *side, *kind;
  const char *request;    /* JSON of the request, for people and bots */
  const char *answer;
} bitwa_log_decision;

/* A roll with who rolled and the rule it applies ("" when unknown). */
typedef struct {
  bitwa_roll roll;
  const char *side;
  const char *rule;
} bitwa_log_roll;

/* A value of an event: NULL (nil, no hex), an integer or a text. */
typedef struct {
  enum { BITWA_LOG_NULL = 0, BITWA_LOG_INT, BITWA_LOG_TEXT } type;
  int64_t i;
  const char *s;
} bitwa_log_value;

/* An event: a change of the state or a note of the rules. */
typedef struct {
  const char *text;
  const char *kind;        /* "spawn", "remove", "set" (a unit's attribute),
                              "var" (a variable) or "note" */
  int64_t unit;            /* the unit's id, 0 when none */
  const char *attribute;   /* slot name or variable key, "" for the rest */
  bitwa_log_value value, was;
} bitwa_log_event;

/*
** Writing.  An action that needs no decision is written whole by
** commit_action in one transaction.  An action that stops for a
** decision is kept as "pending": each answered decision is written at
** once by add_decision (inserting the pending action row first if
** needed, one transaction), so that a killed process loses nothing it
** acknowledged (with d NULL, add_decision writes only the pending
** action row, for an action waiting for its first answer); commit_action then completes it (rolls, events, the
** remaining decisions, status "done", checksum) in one transaction, and
** abort_action removes a pending action that the rules refused.
*/
int bitwa_log_add_decision (bitwa_log *log, const bitwa_log_action *a,
                            const bitwa_log_decision *d);
int bitwa_log_commit_action (bitwa_log *log, const bitwa_log_action *a,
                             const bitwa_log_decision *decisions, int ndecisions,
                             const bitwa_roll *rolls, int nrolls,
                             const char *const *events, int nevents);
/* The same with rolls that say who rolled and events with their kind;
** ?info arrays may be NULL (then side, rule = "" and kind = "note"). */
int bitwa_log_commit_full (bitwa_log *log, const bitwa_log_action *a,
                           const bitwa_log_decision *decisions, int ndecisions,
                           const bitwa_log_roll *rolls, int nrolls,
                           const bitwa_log_event *events, int nevents);
int bitwa_log_abort_action (bitwa_log *log, int64_t n);

/* The snapshot: the state after action n, with the game's checksum
** there and a hash of the bytes.  put replaces the one kept (one row).
** get returns 1 and a malloc'd copy of the bytes (*state, *len), 0 when
** the file keeps none, -1 on error. */
int bitwa_log_put_snapshot (bitwa_log *log, int64_t n, const char *checksum,
                            const char *hash, const void *state, size_t len);
int bitwa_log_get_snapshot (bitwa_log *log, int64_t *n, char **checksum,
                            char **hash, void **state, size_t *len);

/* A refused action: line, tried by side at the position after action
** after (a done action), refused citing rule with message.  add writes
** it in its own transaction (making the table in a file without it);
** each walks them in order of k (none in a file without the table or of
** format 1). */
typedef struct {
  int64_t k;              /* 1, 2, ... in the file */
  int64_t after;
  const char *side, *line, *rule, *message;
} bitwa_log_refusal;
int bitwa_log_add_refusal (bitwa_log *log, const bitwa_log_refusal *r);
int bitwa_log_each_refusal (bitwa_log *log,
                            int (*cb) (void *ctx, const bitwa_log_refusal *r),
                            void *ctx);

/* Reading, in order of n then k.  A callback returning non-zero stops
** the walk and that value is returned. */
int bitwa_log_each_action (bitwa_log *log,
                           int (*cb) (void *ctx, const bitwa_log_action *a),
                           void *ctx);
int bitwa_log_each_decision (bitwa_log *log, int64_t n,
                             int (*cb) (void *ctx, const bitwa_log_decision *d),
                             void *ctx);
int bitwa_log_each_roll (bitwa_log *log, int64_t n,
                         int (*cb) (void *ctx, const bitwa_roll *r), void *ctx);
int bitwa_log_each_event (bitwa_log *log, int64_t n,
                          int (*cb) (void *ctx, const char *text), void *ctx);
/* The same with every column (an older format gives "" and "note"). */
int bitwa_log_each_roll_full (bitwa_log *log, int64_t n,
                              int (*cb) (void *ctx, const bitwa_log_roll *r),
                              void *ctx);
int bitwa_log_each_event_full (bitwa_log *log, int64_t n,
                               int (*cb) (void *ctx, const bitwa_log_event *e),
                               void *ctx);
/* Number of actions with status "done". */
int64_t bitwa_log_count_done (bitwa_log *log);

/* Remove every action after n (n >= 0) with its decisions, rolls,
** events, the refusals after it and a snapshot of it, in one
** transaction (undo). */
int bitwa_log_truncate (bitwa_log *log, int64_t n);

#endif
