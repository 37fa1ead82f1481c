/*
** core/log.c -- the game log: one SQLite file per game.
**
** Every game is one SQLite database in WAL mode.  A file handed over by
** someone else is untrusted: its first bytes are checked before SQLite
** reads it, the connection runs with SQLite's defensive settings, and
** the file must carry bitwa's application id and format number, hold
** exactly bitwa's schema and pass PRAGMA integrity_check.
**
** The statements used while a game runs are prepared once, on first
** use, and kept in the log; a walk whose callback starts the same walk
** again gets a one-off statement instead.  Every message is one line,
** "<path>: <what went wrong>".
*/
#define _DEFAULT_SOURCE 1   /* flock */
#include "log.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#define LOG_ERR_MAX 1024
#define LOG_BUSY_MS 5000
#define LOG_LOCK_MS 10000
#define LOG_FACES_MAX (BITWA_DICE_MAX_N * 12 + 1)

#if defined(__GNUC__)
#define LOG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define LOG_PRINTF(f, a)
#endif

/*
** The schema, exactly as create makes it and as open requires it.
** SQLite keeps the text of each CREATE TABLE as written (without the
** final semicolon), so these strings are also what sqlite_schema holds.
** STRICT makes SQLite enforce the column types on every write, and
** PRAGMA integrity_check verify them, with the CHECK and NOT NULL
** constraints, in a file from elsewhere.
*/
typedef struct {
  const char *name;
  const char *sql;
  bool optional;        /* may be absent (made by its first write) */
  const char *sql_was;  /* an earlier text of the same table, with the same
                        ** columns and constraints, that open still accepts
                        ** (files made before it changed); NULL: none */
} schema_table;

/* The values each CHECK constraint allows, written once: in the CREATE
** TABLE texts below and in check_integrity's queries.  event.kind's is a
** chain of comparisons: SQLite evaluates an IN list of more than two
** constants by building a temporary table, for every row written (some
** 10,000 instructions a row); the list's text is still accepted in files
** made before (sql_was). */
#define STATUS_DOMAIN "status IN ('done','pending')"
#define FORCED_DOMAIN "forced IN (0, 1)"
#define KIND_DOMAIN "kind = 'spawn' OR kind = 'remove' OR kind = 'set'" \
  " OR kind = 'var' OR kind = 'note'"

/* The tables formats 1 and 2 share, word for word. */
#define SCHEMA_COMMON_TABLES \
  { "meta", \
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)" \
    " STRICT, WITHOUT ROWID", false, NULL }, \
  { "source", \
    "CREATE TABLE source(ruleset TEXT NOT NULL, name TEXT NOT NULL," \
    " kind TEXT NOT NULL, hash TEXT NOT NULL," \
    " PRIMARY KEY(ruleset, name, kind)) STRICT, WITHOUT ROWID", false, NULL }, \
  { "action", \
    "CREATE TABLE action(n INTEGER PRIMARY KEY, side TEXT NOT NULL," \
    " line TEXT NOT NULL, turn INTEGER NOT NULL, phase TEXT NOT NULL," \
    " status TEXT NOT NULL CHECK(" STATUS_DOMAIN ")," \
    " checksum TEXT NOT NULL) STRICT", false, NULL }, \
  { "decision", \
    "CREATE TABLE decision(action INTEGER NOT NULL, k INTEGER NOT NULL," \
    " side TEXT NOT NULL, kind TEXT NOT NULL, request TEXT NOT NULL," \
    " answer TEXT NOT NULL, PRIMARY KEY(action, k)) STRICT, WITHOUT ROWID", false, NULL },

/* Format 2 (this bitwa writes it). */
static const schema_table log_schema[] = {
  SCHEMA_COMMON_TABLES
  { "roll",
    "CREATE TABLE roll(action INTEGER NOT NULL, k INTEGER NOT NULL,"
    " side TEXT NOT NULL, rule TEXT NOT NULL,"
    " purpose TEXT NOT NULL, n INTEGER NOT NULL, sides INTEGER NOT NULL,"
    " faces TEXT NOT NULL, total INTEGER NOT NULL,"
    " forced INTEGER NOT NULL CHECK(" FORCED_DOMAIN "),"
    " PRIMARY KEY(action, k)) STRICT, WITHOUT ROWID", false, NULL },
  { "event",
    "CREATE TABLE event(action INTEGER NOT NULL, k INTEGER NOT NULL,"
    " kind TEXT NOT NULL CHECK(" KIND_DOMAIN "),"
    " unit INTEGER, attribute TEXT NOT NULL, value ANY, was ANY,"
    " text TEXT NOT NULL, PRIMARY KEY(action, k)) STRICT, WITHOUT ROWID", false,
    "CREATE TABLE event(action INTEGER NOT NULL, k INTEGER NOT NULL,"
    " kind TEXT NOT NULL CHECK(kind IN ('spawn','remove','set','var','note')),"
    " unit INTEGER, attribute TEXT NOT NULL, value ANY, was ANY,"
    " text TEXT NOT NULL, PRIMARY KEY(action, k)) STRICT, WITHOUT ROWID" },
  { "snapshot",
    "CREATE TABLE snapshot(action INTEGER PRIMARY KEY,"
    " checksum TEXT NOT NULL, hash TEXT NOT NULL, state BLOB NOT NULL)"
    " STRICT", false, NULL },
  /* added within format 2: a file made before it has none until a
  ** refusal is written to it (REFUSAL_TABLE) */
  { "refusal",
    "CREATE TABLE refusal(k INTEGER PRIMARY KEY, after INTEGER NOT NULL,"
    " side TEXT NOT NULL, line TEXT NOT NULL, rule TEXT NOT NULL,"
    " message TEXT NOT NULL) STRICT", true, NULL },
};
#define REFUSAL_TABLE 7     /* its index in log_schema */

/* Format 1: read (and verified by replaying), never written. */
static const schema_table log_schema_v1[] = {
  SCHEMA_COMMON_TABLES
  { "roll",
    "CREATE TABLE roll(action INTEGER NOT NULL, k INTEGER NOT NULL,"
    " purpose TEXT NOT NULL, n INTEGER NOT NULL, sides INTEGER NOT NULL,"
    " faces TEXT NOT NULL, total INTEGER NOT NULL,"
    " forced INTEGER NOT NULL CHECK(" FORCED_DOMAIN "),"
    " PRIMARY KEY(action, k)) STRICT, WITHOUT ROWID", false, NULL },
  { "event",
    "CREATE TABLE event(action INTEGER NOT NULL, k INTEGER NOT NULL,"
    " text TEXT NOT NULL, PRIMARY KEY(action, k)) STRICT, WITHOUT ROWID", false, NULL },
};

#define LOG_NSCHEMA ((int) (sizeof log_schema / sizeof log_schema[0]))
#define LOG_NSCHEMA_V1 ((int) (sizeof log_schema_v1 / sizeof log_schema_v1[0]))
#define LOG_NSCHEMA_MAX LOG_NSCHEMA

/* The cached statements. */
enum {
  ST_BEGIN,
  ST_COMMIT,
  ST_META_SET,
  ST_META_GET,
  ST_META_EACH,
  ST_SOURCE_ADD,
  ST_SOURCE_HASH,
  ST_SOURCE_EACH,
  ST_ACTION_STATUS,
  ST_ACTION_PENDING,
  ST_ACTION_DONE,
  ST_ACTION_DELETE,
  ST_ACTION_EACH,
  ST_COUNT_DONE,
  ST_DECISION_ADD,
  ST_DECISION_ADD_NEW,
  ST_DECISION_DELETE,
  ST_DECISION_EACH,
  ST_ROLL_ADD,
  ST_ROLL_EACH,
  ST_EVENT_ADD,
  ST_EVENT_EACH,
  ST_LAST_N,
  ST_SNAP_CLEAR,
  ST_SNAP_PUT,
  ST_SNAP_GET,
  ST_REFUSAL_ADD,
  ST_REFUSAL_EACH,
  ST_NSTMT
};

static const char *const log_sql[ST_NSTMT] = {
  [ST_BEGIN] = "BEGIN IMMEDIATE",
  [ST_COMMIT] = "COMMIT",
  [ST_META_SET] =
    "INSERT INTO meta(key, value) VALUES(?1, ?2)"
    " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  [ST_META_GET] = "SELECT value FROM meta WHERE key = ?1",
  [ST_META_EACH] = "SELECT key, value FROM meta ORDER BY key",
  [ST_SOURCE_ADD] =
    "INSERT INTO source(ruleset, name, kind, hash) VALUES(?1, ?2, ?3, ?4)"
    " ON CONFLICT(ruleset, name, kind) DO NOTHING",
  [ST_SOURCE_HASH] =
    "SELECT hash FROM source WHERE ruleset = ?1 AND name = ?2 AND kind = ?3",
  [ST_SOURCE_EACH] =
    "SELECT ruleset, name, kind, hash FROM source"
    " ORDER BY ruleset, name, kind",
  [ST_ACTION_STATUS] = "SELECT status, side, line FROM action WHERE n = ?1",
  [ST_ACTION_PENDING] =
    "INSERT INTO action(n, side, line, turn, phase, status, checksum)"
    " VALUES(?1, ?2, ?3, ?4, ?5, 'pending', '')",
  [ST_ACTION_DONE] =
    "INSERT INTO action(n, side, line, turn, phase, status, checksum)"
    " VALUES(?1, ?2, ?3, ?4, ?5, 'done', ?6)"
    " ON CONFLICT(n) DO UPDATE SET side = excluded.side,"
    " line = excluded.line, turn = excluded.turn, phase = excluded.phase,"
    " status = 'done', checksum = excluded.checksum"
    " WHERE status = 'pending' AND side = excluded.side"
    " AND line = excluded.line",
  [ST_ACTION_DELETE] = "DELETE FROM action WHERE n = ?1 AND status = 'pending'",
  [ST_ACTION_EACH] =
    "SELECT n, side, line, turn, phase, status, checksum FROM action"
    " ORDER BY n",
  [ST_COUNT_DONE] = "SELECT count(*) FROM action WHERE status = 'done'",
  [ST_DECISION_ADD] =
    "INSERT INTO decision(action, k, side, kind, request, answer)"
    " VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
  [ST_DECISION_ADD_NEW] =
    "INSERT INTO decision(action, k, side, kind, request, answer)"
    " VALUES(?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(action, k) DO NOTHING",
  [ST_DECISION_DELETE] = "DELETE FROM decision WHERE action = ?1",
  [ST_DECISION_EACH] =
    "SELECT k, side, kind, request, answer FROM decision WHERE action = ?1"
    " ORDER BY k",
  [ST_ROLL_ADD] =
    "INSERT INTO roll(action, k, purpose, n, sides, faces, total, forced,"
    " side, rule) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
  [ST_ROLL_EACH] =
    "SELECT k, purpose, n, sides, faces, total, forced, side, rule FROM roll"
    " WHERE action = ?1 ORDER BY k",
  [ST_EVENT_ADD] =
    "INSERT INTO event(action, k, text, kind, unit, attribute, value, was)"
    " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
  [ST_EVENT_EACH] =
    "SELECT text, kind, unit, attribute, value, was FROM event"
    " WHERE action = ?1 ORDER BY k",
  [ST_LAST_N] = "SELECT max(n) FROM action",
  [ST_SNAP_CLEAR] = "DELETE FROM snapshot",
  [ST_SNAP_PUT] =
    "INSERT INTO snapshot(action, checksum, hash, state) VALUES(?1, ?2, ?3, ?4)",
  [ST_SNAP_GET] =
    "SELECT action, checksum, hash, state FROM snapshot ORDER BY action DESC"
    " LIMIT 1",
  [ST_REFUSAL_ADD] =
    "INSERT INTO refusal(after, side, line, rule, message)"
    " VALUES(?1, ?2, ?3, ?4, ?5)",
  [ST_REFUSAL_EACH] =
    "SELECT k, after, side, line, rule, message FROM refusal ORDER BY k",
};

/* The statements that read format 1 (the others are the same). */
static const char *sql_v1 (int id) {
  switch (id) {
  case ST_ROLL_EACH:
    return "SELECT k, purpose, n, sides, faces, total, forced, '', '' FROM roll"
           " WHERE action = ?1 ORDER BY k";
  case ST_EVENT_EACH:
    return "SELECT text, 'note', NULL, '', NULL, NULL FROM event"
           " WHERE action = ?1 ORDER BY k";
  case ST_SNAP_GET:
    return "SELECT 0, '', '', x'' WHERE 0";
  default:
    return log_sql[id];
  }
}

struct bitwa_log {
  sqlite3 *db;
  char *path;                   /* as given, for messages */
  char *tmp;                    /* created, not yet published: its name */
  bool readonly;
  int format;                   /* of the open file */
  int lockfd;                   /* flock held until close, -1 none */
  bool waited;                  /* another writer held the lock */
  bool immutable;               /* read as immutable (no writer) */
  bool has_refusal;             /* the file has the refusal table */
  bitwa_durability dur;
  sqlite3_stmt *st[ST_NSTMT];   /* prepared on first use */
  bool busy[ST_NSTMT];          /* cached statement in use (during a walk) */
  char err[LOG_ERR_MAX];
};

/* What action_status finds. */
enum { STATUS_ABSENT = 0, STATUS_PENDING = 1, STATUS_DONE = 2, STATUS_OTHER = 3 };

/*
** Copy src into a caller's buffer, truncating; nothing when there is
** no buffer.
*/
static void copy_err (char *dst, size_t len, const char *src) {
  if (dst && len > 0)
    snprintf(dst, len, "%s", src);
}

/*
** Set the log's message to "<path>: <formatted text>", with every
** control character (a newline in SQLite's text, bytes from a foreign
** file) replaced by a space so that the message stays on one line.
*/
LOG_PRINTF(2, 3)
static void set_error (bitwa_log *log, const char *fmt, ...) {
  va_list ap;
  int n = snprintf(log->err, sizeof log->err, "%s: ", log->path);
  if (n < 0 || (size_t) n >= sizeof log->err)
    n = 0;
  va_start(ap, fmt);
  vsnprintf(log->err + n, sizeof log->err - (size_t) n, fmt, ap);
  va_end(ap);
  for (char *p = log->err; *p; p++)
    if ((unsigned char) *p < 0x20 || *p == 0x7f)
      *p = ' ';
}

/*
** Set the message from SQLite's last error on the connection, saying
** what was being done.  A damaged or foreign file gets its own wording
** whatever the step.
*/
/* An error of the disk (I/O, or no room): the message asks whether the
** disk is full, which SQLite's "disk I/O error" does not say. */
static bool disk_error (int code) {
  return code == SQLITE_FULL || (code & 0xff) == SQLITE_IOERR;
}

static void sql_error (bitwa_log *log, const char *what) {
  int code = log->db ? sqlite3_errcode(log->db) : SQLITE_NOMEM;
  const char *msg = log->db ? sqlite3_errmsg(log->db) : "out of memory";
  if (code == SQLITE_NOTADB)
    set_error(log, "not a bitwa game file (not an SQLite database)");
  else if (code == SQLITE_CORRUPT)
    set_error(log, "corrupt game file: %s", msg);
  else if (disk_error(code))
    set_error(log, "%s: %s (is the disk full?)", what, msg);
  else
    set_error(log, "%s: %s", what, msg);
}

/*
** Get a statement for id, prepared and reset.  The cached one unless it
** is in use by a walk further up the stack; then a one-off statement
** that stmt_put finalizes.  NULL with the message set on error.
*/
static sqlite3_stmt *stmt_get (bitwa_log *log, int id) {
  sqlite3_stmt *st = NULL;
  const char *sql = log->format == 1 ? sql_v1(id) : log_sql[id];
  if (log->busy[id]) {
    if (sqlite3_prepare_v2(log->db, sql, -1, &st, NULL) != SQLITE_OK) {
      sql_error(log, "prepare");
      sqlite3_finalize(st);
      return NULL;
    }
    return st;
  }
  if (!log->st[id]
      && sqlite3_prepare_v3(log->db, sql, -1, SQLITE_PREPARE_PERSISTENT,
                            &log->st[id], NULL) != SQLITE_OK) {
    sql_error(log, "prepare");
    sqlite3_finalize(log->st[id]);
    log->st[id] = NULL;
    return NULL;
  }
  log->busy[id] = true;
  return log->st[id];
}

/*
** Give back a statement from stmt_get: reset the cached one (dropping
** its bindings, which point into the caller's memory), finalize a
** one-off one.
*/
static void stmt_put (bitwa_log *log, int id, sqlite3_stmt *st) {
  if (!st)
    return;
  if (st == log->st[id]) {
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    log->busy[id] = false;
  } else {
    sqlite3_finalize(st);
  }
}

/*
** Bind a string (NULL binds as ""); the text must outlive the step.
*/
static int bind_text (sqlite3_stmt *st, int i, const char *s) {
  return sqlite3_bind_text(st, i, s ? s : "", -1, SQLITE_STATIC);
}

/*
** A text column, "" for NULL.
*/
static const char *col_text (sqlite3_stmt *st, int i) {
  const unsigned char *s = sqlite3_column_text(st, i);
  return s ? (const char *) s : "";
}

/*
** Step a bound statement that returns no row; 0, or -1 with the
** message set (what says what was being done).
*/
static int step_done (bitwa_log *log, sqlite3_stmt *st, const char *what) {
  if (sqlite3_step(st) != SQLITE_DONE) {
    sql_error(log, what);
    return -1;
  }
  return 0;
}

/*
** Run a cached statement that takes no parameter and returns no row.
*/
static int run_plain (bitwa_log *log, int id, const char *what) {
  sqlite3_stmt *st = stmt_get(log, id);
  int rc;
  if (!st)
    return -1;
  rc = step_done(log, st, what);
  stmt_put(log, id, st);
  return rc;
}

/*
** Undo the open transaction, if any, keeping the message of whatever
** failed.
*/
static void txn_rollback (bitwa_log *log) {
  if (log->db && !sqlite3_get_autocommit(log->db))
    sqlite3_exec(log->db, "ROLLBACK", NULL, NULL, NULL);
}

/*
** Start a write transaction (taking the write lock at once).
*/
static int txn_begin (bitwa_log *log) {
  return run_plain(log, ST_BEGIN, "begin transaction");
}

/*
** Commit; on failure roll back so that nothing is left half done.
*/
static int txn_commit (bitwa_log *log) {
  if (run_plain(log, ST_COMMIT, "commit") != 0) {
    txn_rollback(log);
    return -1;
  }
  return 0;
}

/*
** Start a public call: clear the message and check the handle.
*/
static int call_start (bitwa_log *log) {
  if (!log)
    return -1;
  log->err[0] = '\0';
  return 0;
}

/*
** Start a walk: as call_start, and require a callback.
*/
static int walk_start (bitwa_log *log, bool has_cb) {
  if (call_start(log) != 0)
    return -1;
  if (!has_cb) {
    set_error(log, "walk without a callback");
    return -1;
  }
  return 0;
}

/*
** Start a public call that writes: as call_start, and refuse a log
** opened read-only.
*/
static int write_start (bitwa_log *log) {
  if (call_start(log) != 0)
    return -1;
  if (log->readonly) {
    set_error(log, "game file is open read-only");
    return -1;
  }
  if (log->format != BITWA_LOG_FORMAT) {
    set_error(log, "game file format %d is read only by this bitwa (it writes"
              " format %d): replay or show it, start a new game to play on",
              log->format, BITWA_LOG_FORMAT);
    return -1;
  }
  return 0;
}

/*
** Run an SQL text that returns at most one row and read its first
** column as an integer (0 when there is no row).
*/
static int pragma_int (bitwa_log *log, const char *sql, int64_t *out) {
  sqlite3_stmt *st = NULL;
  int rc;
  if (sqlite3_prepare_v2(log->db, sql, -1, &st, NULL) != SQLITE_OK) {
    sql_error(log, sql);
    sqlite3_finalize(st);
    return -1;
  }
  rc = sqlite3_step(st);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
    sql_error(log, sql);
    sqlite3_finalize(st);
    return -1;
  }
  *out = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
  sqlite3_finalize(st);
  return 0;
}

/*
** Run an SQL text that returns one row and compare its first column
** with want, case-insensitively (PRAGMA journal_mode).
*/
static int pragma_expect (bitwa_log *log, const char *sql, const char *want) {
  sqlite3_stmt *st = NULL;
  int rc = -1;
  if (sqlite3_prepare_v2(log->db, sql, -1, &st, NULL) != SQLITE_OK) {
    sql_error(log, sql);
  } else if (sqlite3_step(st) != SQLITE_ROW) {
    sql_error(log, sql);
  } else if (sqlite3_stricmp(col_text(st, 0), want) != 0) {
    set_error(log, "%s: got \"%.64s\"", sql, col_text(st, 0));
  } else {
    rc = 0;
  }
  sqlite3_finalize(st);
  return rc;
}

/*
** Allocate a log for path (not yet connected).  NULL with err set on
** no memory.
*/
static bitwa_log *log_new (const char *path, bool readonly,
                           char *err, size_t errlen) {
  bitwa_log *log;
  size_t len;
  if (!path) {
    copy_err(err, errlen, "no path given");
    return NULL;
  }
  log = calloc(1, sizeof *log);
  len = strlen(path);
  if (log)
    log->path = malloc(len + 1);
  if (!log || !log->path) {
    free(log);
    copy_err(err, errlen, "out of memory");
    return NULL;
  }
  memcpy(log->path, path, len + 1);
  log->readonly = readonly;
  log->format = BITWA_LOG_FORMAT;
  log->lockfd = -1;
  return log;
}

/*
** Connect to name with the given open flags (never SQLITE_OPEN_CREATE).
** The name is always handed over as a URI ("file:" and the path with
** every byte SQLite would read specially escaped), so that any path is
** taken literally; immutable adds "?immutable=1": a file that nobody
** writes, read without locks and without -wal or -shm files.
*/
static int log_connect_name (bitwa_log *log, const char *name, int flags,
                             bool immutable) {
  static const char hex[] = "0123456789ABCDEF";
  size_t len = strlen(name);
  char *uri = malloc(len * 3 + 32);
  char *q = uri;
  int rc;
  if (!uri) {
    set_error(log, "out of memory");
    return -1;
  }
  /* "file:///abs" (an empty authority) or "file:rel" */
  q += sprintf(q, name[0] == '/' ? "file://" : "file:");
  for (const char *p = name; *p; p++) {
    unsigned char c = (unsigned char) *p;
    if (c == '?' || c == '#' || c == '%' || c <= 0x20 || c >= 0x7f) {
      *q++ = '%';
      *q++ = hex[c >> 4];
      *q++ = hex[c & 15];
    } else {
      *q++ = (char) c;
    }
  }
  *q = '\0';
  if (immutable)
    strcat(q, "?immutable=1");
  rc = sqlite3_open_v2(uri, &log->db, flags | SQLITE_OPEN_URI, NULL);
  free(uri);
  if (rc != SQLITE_OK) {
    sql_error(log, "cannot open");
    return -1;
  }
  return 0;
}

static int log_connect (bitwa_log *log, int flags) {
  return log_connect_name(log, log->tmp ? log->tmp : log->path, flags,
                          log->immutable);
}

/*
** The connection settings for a file that may come from anyone:
** defensive mode, no trusted schema, no triggers, views, extensions or
** fts3_tokenizer, no double-quoted string literals, cell size checks,
** no memory mapping, a busy timeout.
*/
static int log_configure (bitwa_log *log) {
  static const struct { int op, value; } cfg[] = {
    { SQLITE_DBCONFIG_DEFENSIVE, 1 },
    { SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0 },
    { SQLITE_DBCONFIG_ENABLE_TRIGGER, 0 },
    { SQLITE_DBCONFIG_ENABLE_VIEW, 0 },
    { SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0 },
    { SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0 },
    { SQLITE_DBCONFIG_DQS_DML, 0 },
  };
  for (size_t i = 0; i < sizeof cfg / sizeof cfg[0]; i++) {
    if (sqlite3_db_config(log->db, cfg[i].op, cfg[i].value, (int *) NULL)
        != SQLITE_OK) {
      sql_error(log, "configure connection");
      return -1;
    }
  }
  sqlite3_extended_result_codes(log->db, 0);
  if (sqlite3_busy_timeout(log->db, LOG_BUSY_MS) != SQLITE_OK
      || sqlite3_exec(log->db, "PRAGMA cell_size_check = ON", NULL, NULL, NULL)
         != SQLITE_OK
      || sqlite3_exec(log->db, "PRAGMA mmap_size = 0", NULL, NULL, NULL)
         != SQLITE_OK) {
    sql_error(log, "configure connection");
    return -1;
  }
  return 0;
}

/*
** WAL journal (unless read-only) and the synchronous level of dur.
*/
static int log_durability (bitwa_log *log, bitwa_durability dur) {
  const char *sync;
  switch (dur) {
  case BITWA_SYNC_FULL: sync = "PRAGMA synchronous = FULL"; break;
  case BITWA_SYNC_NORMAL: sync = "PRAGMA synchronous = NORMAL"; break;
  case BITWA_SYNC_OFF: sync = "PRAGMA synchronous = OFF"; break;
  default:
    set_error(log, "unknown durability %d", (int) dur);
    return -1;
  }
  log->dur = dur;
  if (!log->readonly && !log->tmp
      && pragma_expect(log, "PRAGMA journal_mode = WAL", "wal") != 0)
    return -1;
  if (sqlite3_exec(log->db, sync, NULL, NULL, NULL) != SQLITE_OK) {
    sql_error(log, sync);
    return -1;
  }
  return 0;
}

/* How long a writer waits for another writer's lock. */
static long lock_wait_ms (void) {
  const char *e = getenv("BITWA_LOCK_WAIT_MS");
  if (e && *e) {
    char *end;
    long v = strtol(e, &end, 10);
    if (*end == '\0' && v >= 0 && v <= 3600000)
      return v;
  }
  return LOG_LOCK_MS;
}

/*
** Open the file without blocking (a FIFO or a device must not hang the
** open), require a regular file, and take the lock: exclusive for a
** writer, waiting up to lock_wait_ms for another writer to finish;
** shared for a reader, without waiting: a reader that gets it knows
** that no writer is at work and reads the file as immutable (when no
** WAL is left beside it), one that does not reads it as a live
** database.  Then SQLite's magic string, read from the same descriptor,
** so that SQLite only ever sees databases.
*/
static int open_locked (bitwa_log *log) {
  static const char magic[16] = "SQLite format 3";   /* with its NUL */
  char head[16];
  struct stat sb;
  ssize_t got;
  int fd = open(log->path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    set_error(log, "%s", strerror(errno));
    return -1;
  }
  if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
    close(fd);
    set_error(log, "not a bitwa game file (not a regular file)");
    return -1;
  }
  log->lockfd = fd;
  if (!log->readonly) {
    long wait = lock_wait_ms(), waited = 0;
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
      struct timespec ts = { 0, 5 * 1000000L };
      if (errno != EWOULDBLOCK && errno != EINTR) {
        set_error(log, "cannot lock the game file: %s", strerror(errno));
        return -1;
      }
      if (waited >= wait) {
        set_error(log, "another bitwa process is writing this game"
                  " (waited %ld ms); nothing was done", waited);
        return -1;
      }
      log->waited = true;
      nanosleep(&ts, NULL);
      waited += 5;
    }
  } else if (flock(fd, LOCK_SH | LOCK_NB) == 0) {
    char wal[4096];
    struct stat ws;
    if ((size_t) snprintf(wal, sizeof wal, "%s-wal", log->path) < sizeof wal
        && (stat(wal, &ws) != 0 || ws.st_size == 0))
      log->immutable = true;
  }
  got = pread(fd, head, sizeof head, 0);
  if (got < 0) {
    set_error(log, "cannot read: %s", strerror(errno));
    return -1;
  }
  if ((size_t) got < sizeof head || memcmp(head, magic, sizeof magic) != 0) {
    set_error(log, "not a bitwa game file (not an SQLite database)");
    return -1;
  }
  return 0;
}

/*
** application_id and user_version must be bitwa's: this format, or an
** older one this bitwa still reads.
*/
static int check_ids (bitwa_log *log) {
  int64_t id, version;
  if (pragma_int(log, "PRAGMA application_id", &id) != 0) {
    /* the first statement on the file: where a full disk shows first,
    ** as the -shm and -wal files are made */
    if (disk_error(sqlite3_errcode(log->db)))
      set_error(log, "cannot open the game: %s (is the disk full?)", sqlite3_errmsg(log->db));
    return -1;
  }
  if (id != BITWA_LOG_APPLICATION_ID) {
    set_error(log, "not a bitwa game file (application id %lld)",
              (long long) id);
    return -1;
  }
  if (pragma_int(log, "PRAGMA user_version", &version) != 0)
    return -1;
  if (version < BITWA_LOG_FORMAT_OLDEST || version > BITWA_LOG_FORMAT) {
    set_error(log, "game file format %lld, this bitwa reads formats %d to %d",
              (long long) version, BITWA_LOG_FORMAT_OLDEST, BITWA_LOG_FORMAT);
    return -1;
  }
  log->format = (int) version;
  return 0;
}

/*
** bitwa's tables must be there with exactly create's text (of the
** file's format).  What a user added beside them -- indexes, views,
** tables of their own -- is allowed; a trigger is not (it would run on
** bitwa's writes).  Checked before integrity_check.
*/
static int check_schema (bitwa_log *log) {
  const schema_table *schema = log->format == 1 ? log_schema_v1 : log_schema;
  int nschema = log->format == 1 ? LOG_NSCHEMA_V1 : LOG_NSCHEMA;
  sqlite3_stmt *st = NULL;
  bool seen[LOG_NSCHEMA_MAX] = { false };
  int rc;
  if (sqlite3_prepare_v2(log->db,
                         "SELECT type, name, sql FROM sqlite_schema"
                         " ORDER BY rowid", -1, &st, NULL) != SQLITE_OK) {
    sql_error(log, "read schema");
    sqlite3_finalize(st);
    return -1;
  }
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    const char *type = col_text(st, 0), *name = col_text(st, 1);
    const char *sql = col_text(st, 2);
    int i;
    if (strcmp(type, "trigger") == 0) {
      set_error(log, "unexpected schema: a trigger (%.64s)", name);
      sqlite3_finalize(st);
      return -1;
    }
    for (i = 0; i < nschema; i++)
      if (sqlite3_stricmp(name, schema[i].name) == 0)
        break;
    if (i == nschema)
      continue;     /* the user's own index, view or table */
    if (seen[i] || strcmp(type, "table") != 0
        || (strcmp(sql, schema[i].sql) != 0
            && (schema[i].sql_was == NULL || strcmp(sql, schema[i].sql_was) != 0))) {
      set_error(log, "unexpected schema: %.16s %s differs from bitwa's"
                " (format %d)", type, schema[i].name, log->format);
      sqlite3_finalize(st);
      return -1;
    }
    seen[i] = true;
  }
  if (rc != SQLITE_DONE) {
    sql_error(log, "read schema");
    sqlite3_finalize(st);
    return -1;
  }
  sqlite3_finalize(st);
  if (log->format == BITWA_LOG_FORMAT)
    log->has_refusal = seen[REFUSAL_TABLE];
  for (int i = 0; i < nschema; i++) {
    if (!seen[i] && !schema[i].optional) {
      set_error(log, "unexpected schema: no table %s", schema[i].name);
      return -1;
    }
  }
  return 0;
}

/*
** PRAGMA integrity_check must answer exactly "ok".  Otherwise the
** message quotes the first line of the report that says something
** (SQLite heads it with "*** in database main ***").
*/
static int integrity_pragma (bitwa_log *log) {
  sqlite3_stmt *st = NULL;
  int rc;
  if (sqlite3_prepare_v2(log->db, "PRAGMA integrity_check", -1, &st, NULL)
      != SQLITE_OK) {
    sql_error(log, "integrity check");
    sqlite3_finalize(st);
    return -1;
  }
  rc = sqlite3_step(st);
  if (rc != SQLITE_ROW) {
    if (rc == SQLITE_DONE)
      set_error(log, "corrupt game file: integrity check gave no answer");
    else
      sql_error(log, "integrity check");
    sqlite3_finalize(st);
    return -1;
  }
  if (strcmp(col_text(st, 0), "ok") == 0) {
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc == SQLITE_DONE)
      return 0;
    set_error(log, "corrupt game file: integrity check said more than ok");
    return -1;
  }
  {
    const char *p = col_text(st, 0);
    size_t len;
    for (;;) {
      len = strcspn(p, "\n");
      if (len > 0 && strncmp(p, "***", 3) != 0)
        break;
      if (p[len] == '\0')
        break;
      p += len + 1;
    }
    set_error(log, "corrupt game file: %.*s", (int) (len > 200 ? 200 : len), p);
  }
  sqlite3_finalize(st);
  return -1;
}

/*
** The values the schema's CHECK constraints allow, one query per
** constraint: the name of the first table holding another value, or
** NULL.  (Format 1's event table has no kind.)
*/
static const char *const check_domains[] = {
  "action", "SELECT 1 FROM action WHERE NOT (" STATUS_DOMAIN ") LIMIT 1",
  "roll", "SELECT 1 FROM roll WHERE NOT (" FORCED_DOMAIN ") LIMIT 1",
  "event", "SELECT 1 FROM event WHERE NOT (" KIND_DOMAIN ") LIMIT 1",
};

/*
** The file's integrity.  On a read-write connection SQLite's
** integrity_check also evaluates every CHECK constraint row by row (a
** read-only connection does not), which took three times the rest of
** the check on a long game (an ephemeral table per row for an IN list):
** the writer runs the check as a reader does and then asks each
** constraint's domain with one query, the same verdict and message
** ("CHECK constraint failed in TABLE") for a small part of the work.
*/
static int check_integrity (bitwa_log *log) {
  int rc;
  if (log->readonly)
    return integrity_pragma(log);
  if (sqlite3_exec(log->db, "PRAGMA ignore_check_constraints = ON", NULL, NULL, NULL)
      != SQLITE_OK) {
    sql_error(log, "integrity check");
    return -1;
  }
  rc = integrity_pragma(log);
  if (sqlite3_exec(log->db, "PRAGMA ignore_check_constraints = OFF", NULL, NULL, NULL)
      != SQLITE_OK) {
    if (rc == 0)
      sql_error(log, "integrity check");
    return -1;
  }
  if (rc != 0)
    return rc;
  for (size_t i = 0; i < sizeof check_domains / sizeof check_domains[0]; i += 2) {
    sqlite3_stmt *st = NULL;
    int step;
    if (log->format < 2 && strcmp(check_domains[i], "event") == 0)
      continue;
    if (sqlite3_prepare_v2(log->db, check_domains[i + 1], -1, &st, NULL) != SQLITE_OK) {
      sql_error(log, "integrity check");
      sqlite3_finalize(st);
      return -1;
    }
    step = sqlite3_step(st);
    sqlite3_finalize(st);
    if (step == SQLITE_ROW) {
      set_error(log, "corrupt game file: CHECK constraint failed in %s", check_domains[i]);
      return -1;
    }
    if (step != SQLITE_DONE) {
      sql_error(log, "integrity check");
      return -1;
    }
  }
  return 0;
}

/* name + suffix into buf; -1 when too long. */
static int side_name (char *buf, size_t len, const char *path,
                      const char *suffix) {
  return (size_t) snprintf(buf, len, "%s%s", path, suffix) < len ? 0 : -1;
}

/* Sync the directory holding path (a new name in it). */
static void sync_dir (const char *path) {
  char dirbuf[4096];
  const char *slash = strrchr(path, '/');
  int fd;
  if (!slash)
    snprintf(dirbuf, sizeof dirbuf, ".");
  else if (slash == path)
    snprintf(dirbuf, sizeof dirbuf, "/");
  else
    snprintf(dirbuf, sizeof dirbuf, "%.*s", (int) (slash - path), path);
  fd = open(dirbuf, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    fsync(fd);
    close(fd);
  }
}

/*
** Create a new game file, under a temporary name beside path
** (".NAME.XXXXXX", made with mkstemp: nothing existing is touched) in
** rollback-journal mode; bitwa_log_publish gives it its name.  A
** leftover WAL or journal of path is refused (SQLite would replay it
** into the new file).  On failure what was made is removed again.
*/
bitwa_log *bitwa_log_create (const char *path, bitwa_durability dur,
                             char *err, size_t errlen) {
  static const char *const side[] = { "-wal", "-journal" };
  bitwa_log *log = log_new(path, false, err, errlen);
  const char *slash, *base;
  struct stat sb;
  size_t dirlen;
  int fd;
  if (!log)
    return NULL;
  for (int i = 0; i < 2; i++) {
    char name[4096];
    if (side_name(name, sizeof name, path, side[i]) != 0) {
      set_error(log, "path too long");
      goto fail;
    }
    if (lstat(name, &sb) == 0) {
      set_error(log, "a leftover %s exists, not creating the game file",
                name);
      goto fail;
    }
  }
  if (lstat(path, &sb) == 0) {
    set_error(log, "file exists, not overwriting it");
    goto fail;
  }
  slash = strrchr(path, '/');
  base = slash ? slash + 1 : path;
  dirlen = slash ? (size_t) (slash - path + 1) : 0;
  if (*base == '\0') {
    set_error(log, "not a file name");
    goto fail;
  }
  if (!(log->tmp = malloc(strlen(path) + 16))) {
    set_error(log, "out of memory");
    goto fail;
  }
  sprintf(log->tmp, "%.*s.%s.XXXXXX", (int) dirlen, path, base);
  if ((fd = mkstemp(log->tmp)) < 0) {
    set_error(log, "%s", strerror(errno));
    free(log->tmp);
    log->tmp = NULL;
    goto fail;
  }
  {
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
  }
  close(fd);
  if (log_connect(log, SQLITE_OPEN_READWRITE) != 0
      || log_configure(log) != 0
      || log_durability(log, dur) != 0
      || txn_begin(log) != 0)
    goto fail;
  for (int i = 0; i < LOG_NSCHEMA; i++) {
    if (sqlite3_exec(log->db, log_schema[i].sql, NULL, NULL, NULL)
        != SQLITE_OK) {
      sql_error(log, "create schema");
      goto fail;
    }
  }
  {
    char sql[80];
    snprintf(sql, sizeof sql, "PRAGMA application_id = %d; "
             "PRAGMA user_version = %d",
             BITWA_LOG_APPLICATION_ID, BITWA_LOG_FORMAT);
    if (sqlite3_exec(log->db, sql, NULL, NULL, NULL) != SQLITE_OK) {
      sql_error(log, "create schema");
      goto fail;
    }
  }
  if (txn_commit(log) != 0)
    goto fail;
  log->has_refusal = true;
  return log;

fail:
  copy_err(err, errlen, log->err);
  txn_rollback(log);
  bitwa_log_discard(log);
  return NULL;
}

/*
** Close the connection and finalize the statements, keeping the rest.
*/
static void log_disconnect (bitwa_log *log) {
  for (int i = 0; i < ST_NSTMT; i++) {
    sqlite3_finalize(log->st[i]);
    log->st[i] = NULL;
    log->busy[i] = false;
  }
  sqlite3_close_v2(log->db);
  log->db = NULL;
}

/*
** Give the created file its name: WAL mode, close, lock the temporary
** file, link it to path (which fails when path exists), remove the
** temporary name, reopen.
*/
int bitwa_log_publish (bitwa_log *log) {
  char *tmp;
  int fd;
  if (call_start(log) != 0)
    return -1;
  if (!log->tmp) {
    set_error(log, "publish: the file is not new");
    return -1;
  }
  if (pragma_expect(log, "PRAGMA journal_mode = WAL", "wal") != 0)
    goto fail;
  log_disconnect(log);
  fd = open(log->tmp, O_RDONLY | O_CLOEXEC);
  if (fd < 0 || flock(fd, LOCK_EX) != 0) {
    set_error(log, "%s", strerror(errno));
    if (fd >= 0)
      close(fd);
    goto fail;
  }
  log->lockfd = fd;
  if (link(log->tmp, log->path) != 0) {
    if (errno == EEXIST)
      set_error(log, "file exists, not overwriting it");
    else
      set_error(log, "%s", strerror(errno));
    goto fail;
  }
  tmp = log->tmp;
  log->tmp = NULL;
  unlink(tmp);
  free(tmp);
  if (log->dur != BITWA_SYNC_OFF)
    sync_dir(log->path);
  if (log_connect(log, SQLITE_OPEN_READWRITE) != 0
      || log_configure(log) != 0
      || log_durability(log, log->dur) != 0)
    return -1;
  return 0;

fail:
  {
    char keep[LOG_ERR_MAX];
    memcpy(keep, log->err, sizeof keep);
    log_disconnect(log);
    if (log->tmp) {
      unlink(log->tmp);
      for (int i = 0; i < 3; i++) {
        static const char *const sfx[] = { "-wal", "-journal", "-shm" };
        char name[4096];
        if (side_name(name, sizeof name, log->tmp, sfx[i]) == 0)
          unlink(name);
      }
    }
    memcpy(log->err, keep, sizeof keep);
  }
  return -1;
}

/*
** Close a file that was never published and remove it.
*/
void bitwa_log_discard (bitwa_log *log) {
  if (!log)
    return;
  log_disconnect(log);
  if (log->tmp) {
    static const char *const sfx[] = { "-wal", "-journal", "-shm" };
    unlink(log->tmp);
    for (int i = 0; i < 3; i++) {
      char name[4096];
      if (side_name(name, sizeof name, log->tmp, sfx[i]) == 0)
        unlink(name);
    }
  }
  bitwa_log_close(log);
}

/*
** Open an existing game file, which may come from anyone: the file
** (regular, not blocking, locked) and SQLite's magic first, then
** connect without create, the defensive settings, the ids, the schema
** and the integrity check.  A writer needs a writable file.
*/
bitwa_log *bitwa_log_open (const char *path, bool readonly,
                           bitwa_durability dur, char *err, size_t errlen) {
  bitwa_log *log = log_new(path, readonly, err, errlen);
  if (!log)
    return NULL;
  if (open_locked(log) != 0)
    goto fail;
  if (!readonly && access(path, W_OK) != 0) {
    set_error(log, "the game file cannot be written (%s); nothing was done",
              strerror(errno));
    goto fail;
  }
  if (log_connect(log, readonly ? SQLITE_OPEN_READONLY
                                : SQLITE_OPEN_READWRITE) != 0
      || log_configure(log) != 0
      || check_ids(log) != 0
      || check_schema(log) != 0
      || check_integrity(log) != 0
      || log_durability(log, dur) != 0)
    goto fail;
  return log;

fail:
  copy_err(err, errlen, log->err);
  bitwa_log_close(log);
  return NULL;
}

/*
** Copy the WAL into the file and truncate it.
*/
int bitwa_log_checkpoint (bitwa_log *log) {
  if (write_start(log) != 0)
    return -1;
  if (log->tmp)
    return 0;
  if (sqlite3_wal_checkpoint_v2(log->db, NULL, SQLITE_CHECKPOINT_TRUNCATE,
                                NULL, NULL) != SQLITE_OK) {
    sql_error(log, "checkpoint");
    return -1;
  }
  return 0;
}

/*
** Close the file: a writer checkpoints the WAL into the file first;
** finalize the cached statements, close the connection, drop the lock,
** free.
*/
void bitwa_log_close (bitwa_log *log) {
  if (!log)
    return;
  if (log->db && !log->readonly && !log->tmp
      && log->format == BITWA_LOG_FORMAT)
    sqlite3_wal_checkpoint_v2(log->db, NULL, SQLITE_CHECKPOINT_TRUNCATE,
                              NULL, NULL);
  log_disconnect(log);
  if (log->lockfd >= 0)
    close(log->lockfd);
  free(log->tmp);
  free(log->path);
  free(log);
}

int bitwa_log_format (const bitwa_log *log) {
  return log ? log->format : 0;
}

bool bitwa_log_waited (const bitwa_log *log) {
  return log && log->waited;
}

/*
** The last message, "" when the last call went well.
*/
const char *bitwa_log_error (const bitwa_log *log) {
  return log ? log->err : "no game log";
}

/*
** The connection's PRAGMA synchronous: 0 = OFF, 1 = NORMAL, 2 = FULL,
** 3 = EXTRA; -1 on error.
*/
int bitwa_log_synchronous (bitwa_log *log) {
  int64_t v;
  if (call_start(log) != 0 || pragma_int(log, "PRAGMA synchronous", &v) != 0)
    return -1;
  return (int) v;
}

/*
** Insert or replace one metadata entry (one statement: its own
** transaction).
*/
int bitwa_log_set_meta (bitwa_log *log, const char *key, const char *value) {
  sqlite3_stmt *st;
  int rc;
  if (write_start(log) != 0)
    return -1;
  if (!key) {
    set_error(log, "set meta: no key");
    return -1;
  }
  if (!(st = stmt_get(log, ST_META_SET)))
    return -1;
  bind_text(st, 1, key);
  bind_text(st, 2, value);
  rc = step_done(log, st, "set meta");
  stmt_put(log, ST_META_SET, st);
  return rc;
}

/*
** One metadata value as a malloc'd copy; NULL when absent (message "")
** or on error.
*/
char *bitwa_log_get_meta (bitwa_log *log, const char *key) {
  sqlite3_stmt *st;
  char *copy = NULL;
  int rc;
  if (call_start(log) != 0 || !key)
    return NULL;
  if (!(st = stmt_get(log, ST_META_GET)))
    return NULL;
  bind_text(st, 1, key);
  rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    const char *v = col_text(st, 0);
    size_t len = strlen(v);
    if ((copy = malloc(len + 1)) != NULL)
      memcpy(copy, v, len + 1);
    else
      set_error(log, "out of memory");
  } else if (rc != SQLITE_DONE) {
    sql_error(log, "get meta");
  }
  stmt_put(log, ST_META_GET, st);
  return copy;
}

/*
** Walk the metadata in order of key.
*/
int bitwa_log_each_meta (bitwa_log *log,
                         int (*cb) (void *ctx, const char *key, const char *value),
                         void *ctx) {
  sqlite3_stmt *st;
  int rc = SQLITE_DONE, stop = 0;
  if (walk_start(log, cb != NULL) != 0 || !(st = stmt_get(log, ST_META_EACH)))
    return -1;
  while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW)
    stop = cb(ctx, col_text(st, 0), col_text(st, 1));
  if (!stop && rc != SQLITE_DONE) {
    sql_error(log, "read meta");
    stop = -1;
  }
  stmt_put(log, ST_META_EACH, st);
  return stop;
}

/*
** Record a source's hash.  Recording the same hash again is fine; a
** different hash for the same (ruleset, name, kind) is an error.
*/
int bitwa_log_add_source (bitwa_log *log, const char *ruleset,
                          const char *name, const char *kind, const char *hash) {
  sqlite3_stmt *st;
  int rc;
  if (write_start(log) != 0)
    return -1;
  if (!(st = stmt_get(log, ST_SOURCE_ADD)))
    return -1;
  bind_text(st, 1, ruleset);
  bind_text(st, 2, name);
  bind_text(st, 3, kind);
  bind_text(st, 4, hash);
  rc = step_done(log, st, "add source");
  stmt_put(log, ST_SOURCE_ADD, st);
  if (rc != 0 || sqlite3_changes(log->db) > 0)
    return rc;
  /* already there: the same hash or an error */
  if (!(st = stmt_get(log, ST_SOURCE_HASH)))
    return -1;
  bind_text(st, 1, ruleset);
  bind_text(st, 2, name);
  bind_text(st, 3, kind);
  rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    if (strcmp(col_text(st, 0), hash ? hash : "") == 0) {
      rc = 0;
    } else {
      set_error(log, "source %s %s (%s) is already recorded with another hash",
                ruleset ? ruleset : "", name ? name : "", kind ? kind : "");
      rc = -1;
    }
  } else {
    if (rc == SQLITE_DONE)
      set_error(log, "add source: not stored");
    else
      sql_error(log, "add source");
    rc = -1;
  }
  stmt_put(log, ST_SOURCE_HASH, st);
  return rc;
}

/*
** Walk the sources in order of ruleset, name, kind.
*/
int bitwa_log_each_source (bitwa_log *log,
                           int (*cb) (void *ctx, const char *ruleset, const char *name,
                                      const char *kind, const char *hash),
                           void *ctx) {
  sqlite3_stmt *st;
  int rc = SQLITE_DONE, stop = 0;
  if (walk_start(log, cb != NULL) != 0 || !(st = stmt_get(log, ST_SOURCE_EACH)))
    return -1;
  while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW)
    stop = cb(ctx, col_text(st, 0), col_text(st, 1), col_text(st, 2),
              col_text(st, 3));
  if (!stop && rc != SQLITE_DONE) {
    sql_error(log, "read sources");
    stop = -1;
  }
  stmt_put(log, ST_SOURCE_EACH, st);
  return stop;
}

/*
** Whether action n is absent, pending or done; -1 on error.  A pending
** action of another side or line (someone else's) counts as done: it is
** not this writer's to complete.  Runs inside the caller's transaction.
*/
static int action_status (bitwa_log *log, const bitwa_log_action *a) {
  sqlite3_stmt *st = stmt_get(log, ST_ACTION_STATUS);
  int rc, status;
  if (!st)
    return -1;
  sqlite3_bind_int64(st, 1, a->n);
  rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    if (strcmp(col_text(st, 0), "done") == 0)
      status = STATUS_DONE;
    else if (a->line && (strcmp(col_text(st, 1), a->side ? a->side : "") != 0
                         || strcmp(col_text(st, 2), a->line) != 0))
      status = STATUS_OTHER;
    else
      status = STATUS_PENDING;
  } else if (rc == SQLITE_DONE) {
    status = STATUS_ABSENT;
  } else {
    sql_error(log, "read action");
    status = -1;
  }
  stmt_put(log, ST_ACTION_STATUS, st);
  return status;
}

/*
** Inside a write transaction: action a->n must come next (the last
** action in the log is a->n - 1), or be this writer's own pending
** action.  Anything else means that another process wrote the game
** since this one read it: "the game moved on".
*/
static int check_next (bitwa_log *log, const bitwa_log_action *a) {
  sqlite3_stmt *st = stmt_get(log, ST_LAST_N);
  int64_t last = -1;
  int rc, status;
  if (!st)
    return -1;
  rc = sqlite3_step(st);
  if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
    last = sqlite3_column_int64(st, 0);
  stmt_put(log, ST_LAST_N, st);
  if (rc != SQLITE_ROW) {
    sql_error(log, "read actions");
    return -1;
  }
  if (last == a->n - 1)
    return 0;
  if (last == a->n) {
    if ((status = action_status(log, a)) < 0)
      return -1;
    if (status == STATUS_PENDING)
      return 0;
  }
  set_error(log, "the game moved on: the log holds action %lld, this"
            " process was writing action %lld; nothing was written",
            (long long) last, (long long) a->n);
  return -1;
}

/*
** Bind the fields of an action shared by the pending and done inserts
** (?1 .. ?5).
*/
static void bind_action (sqlite3_stmt *st, const bitwa_log_action *a) {
  sqlite3_bind_int64(st, 1, a->n);
  bind_text(st, 2, a->side);
  bind_text(st, 3, a->line);
  sqlite3_bind_int(st, 4, a->turn);
  bind_text(st, 5, a->phase);
}

/*
** Insert one decision of action n with statement id (refusing or
** skipping one already stored).
*/
static int put_decision (bitwa_log *log, int id, int64_t n,
                         const bitwa_log_decision *d) {
  sqlite3_stmt *st;
  char what[64];
  int rc;
  if (d->k < 1) {
    set_error(log, "decision %d of action %lld: k must be 1 or more",
              d->k, (long long) n);
    return -1;
  }
  if (!(st = stmt_get(log, id)))
    return -1;
  sqlite3_bind_int64(st, 1, n);
  sqlite3_bind_int(st, 2, d->k);
  bind_text(st, 3, d->side);
  bind_text(st, 4, d->kind);
  bind_text(st, 5, d->request);
  bind_text(st, 6, d->answer);
  snprintf(what, sizeof what, "decision %d of action %lld",
           d->k, (long long) n);
  rc = step_done(log, st, what);
  stmt_put(log, id, st);
  return rc;
}

/*
** Insert roll k of action n; the faces are stored as "3 5", "" when the
** roll was forced.
*/
static int put_roll (bitwa_log *log, int64_t n, int k, const bitwa_log_roll *lr) {
  const bitwa_roll *r = &lr->roll;
  sqlite3_stmt *st;
  char faces[LOG_FACES_MAX], what[64];
  size_t used = 0;
  int rc;
  if (r->n < 1 || r->n > BITWA_DICE_MAX_N) {
    set_error(log, "roll %d of action %lld: %d dice", k, (long long) n, r->n);
    return -1;
  }
  faces[0] = '\0';
  if (!r->forced) {
    for (int i = 0; i < r->n; i++) {
      if (r->faces[i] < 0) {
        set_error(log, "roll %d of action %lld: die %d shows %d",
                  k, (long long) n, i + 1, r->faces[i]);
        return -1;
      }
      used += (size_t) snprintf(faces + used, sizeof faces - used, "%s%d",
                                i ? " " : "", r->faces[i]);
    }
  }
  if (!(st = stmt_get(log, ST_ROLL_ADD)))
    return -1;
  sqlite3_bind_int64(st, 1, n);
  sqlite3_bind_int(st, 2, k);
  sqlite3_bind_text(st, 3, r->purpose,
                    (int) (memchr(r->purpose, '\0', sizeof r->purpose)
                           ? strlen(r->purpose) : sizeof r->purpose),
                    SQLITE_STATIC);
  sqlite3_bind_int(st, 4, r->n);
  sqlite3_bind_int(st, 5, r->sides);
  sqlite3_bind_text(st, 6, faces, -1, SQLITE_STATIC);
  sqlite3_bind_int(st, 7, r->total);
  sqlite3_bind_int(st, 8, r->forced ? 1 : 0);
  bind_text(st, 9, lr->side);
  bind_text(st, 10, lr->rule);
  snprintf(what, sizeof what, "roll %d of action %lld", k, (long long) n);
  rc = step_done(log, st, what);
  stmt_put(log, ST_ROLL_ADD, st);
  return rc;
}

static void bind_value (sqlite3_stmt *st, int i, const bitwa_log_value *v) {
  if (v->type == BITWA_LOG_INT)
    sqlite3_bind_int64(st, i, v->i);
  else if (v->type == BITWA_LOG_TEXT)
    bind_text(st, i, v->s);
  else
    sqlite3_bind_null(st, i);
}

/*
** Insert event k of action n.
*/
static int put_event (bitwa_log *log, int64_t n, int k,
                      const bitwa_log_event *e) {
  sqlite3_stmt *st = stmt_get(log, ST_EVENT_ADD);
  char what[64];
  int rc;
  if (!st)
    return -1;
  sqlite3_bind_int64(st, 1, n);
  sqlite3_bind_int(st, 2, k);
  bind_text(st, 3, e->text);
  bind_text(st, 4, e->kind && *e->kind ? e->kind : "note");
  if (e->unit > 0)
    sqlite3_bind_int64(st, 5, e->unit);
  else
    sqlite3_bind_null(st, 5);
  bind_text(st, 6, e->attribute);
  bind_value(st, 7, &e->value);
  bind_value(st, 8, &e->was);
  snprintf(what, sizeof what, "event %d of action %lld", k, (long long) n);
  rc = step_done(log, st, what);
  stmt_put(log, ST_EVENT_ADD, st);
  return rc;
}

/*
** Write one answered decision of a pending action, inserting the
** pending action row first when it is not there yet; one transaction.
** With d NULL only the pending action row is written: an action that
** waits for its first decision is kept across processes.
*/
int bitwa_log_add_decision (bitwa_log *log, const bitwa_log_action *a,
                            const bitwa_log_decision *d) {
  sqlite3_stmt *st;
  int status;
  if (write_start(log) != 0)
    return -1;
  if (!a) {
    set_error(log, "add decision: no action");
    return -1;
  }
  if (a->n < 0) {
    set_error(log, "action number %lld is negative", (long long) a->n);
    return -1;
  }
  if (txn_begin(log) != 0)
    return -1;
  if ((status = action_status(log, a)) < 0)
    goto fail;
  if (status == STATUS_DONE) {
    set_error(log, "action %lld is already done", (long long) a->n);
    goto fail;
  }
  if (check_next(log, a) != 0)
    goto fail;
  if (status == STATUS_ABSENT) {
    if (!(st = stmt_get(log, ST_ACTION_PENDING)))
      goto fail;
    bind_action(st, a);
    status = step_done(log, st, "write pending action");
    stmt_put(log, ST_ACTION_PENDING, st);
    if (status != 0)
      goto fail;
  }
  if (d && put_decision(log, ST_DECISION_ADD, a->n, d) != 0)
    goto fail;
  return txn_commit(log);

fail:
  txn_rollback(log);
  return -1;
}

/*
** Write a whole action as done in one transaction: the action row
** (new, or this writer's pending one completed), the decisions not yet
** stored, the rolls and the events.  An action already done, or a log
** that another process moved on, is refused.
*/
int bitwa_log_commit_full (bitwa_log *log, const bitwa_log_action *a,
                           const bitwa_log_decision *decisions, int ndecisions,
                           const bitwa_log_roll *rolls, int nrolls,
                           const bitwa_log_event *events, int nevents) {
  sqlite3_stmt *st;
  int rc;
  if (write_start(log) != 0)
    return -1;
  if (!a || ndecisions < 0 || nrolls < 0 || nevents < 0
      || (ndecisions > 0 && !decisions) || (nrolls > 0 && !rolls)
      || (nevents > 0 && !events)) {
    set_error(log, "commit action: bad arguments");
    return -1;
  }
  if (a->n < 0) {
    set_error(log, "action number %lld is negative", (long long) a->n);
    return -1;
  }
  if (txn_begin(log) != 0)
    return -1;
  if ((rc = action_status(log, a)) < 0)
    goto fail;
  if (rc == STATUS_DONE) {
    set_error(log, "action %lld is already done", (long long) a->n);
    goto fail;
  }
  if (check_next(log, a) != 0)
    goto fail;
  if (!(st = stmt_get(log, ST_ACTION_DONE)))
    goto fail;
  bind_action(st, a);
  bind_text(st, 6, a->checksum);
  rc = step_done(log, st, "write action");
  stmt_put(log, ST_ACTION_DONE, st);
  if (rc != 0)
    goto fail;
  if (sqlite3_changes(log->db) == 0) {
    set_error(log, "action %lld is already done", (long long) a->n);
    goto fail;
  }
  for (int i = 0; i < ndecisions; i++)
    if (put_decision(log, ST_DECISION_ADD_NEW, a->n, &decisions[i]) != 0)
      goto fail;
  for (int i = 0; i < nrolls; i++)
    if (put_roll(log, a->n, i + 1, &rolls[i]) != 0)
      goto fail;
  for (int i = 0; i < nevents; i++)
    if (put_event(log, a->n, i + 1, &events[i]) != 0)
      goto fail;
  return txn_commit(log);

fail:
  txn_rollback(log);
  return -1;
}

/*
** commit_full with plain rolls (no side, no rule) and events as notes.
*/
int bitwa_log_commit_action (bitwa_log *log, const bitwa_log_action *a,
                             const bitwa_log_decision *decisions, int ndecisions,
                             const bitwa_roll *rolls, int nrolls,
                             const char *const *events, int nevents) {
  bitwa_log_roll *lr = NULL;
  bitwa_log_event *le = NULL;
  int rc;
  if (nrolls > 0 && rolls) {
    if (!(lr = calloc((size_t) nrolls, sizeof *lr)))
      return -1;
    for (int i = 0; i < nrolls; i++)
      lr[i].roll = rolls[i];
  }
  if (nevents > 0 && events) {
    if (!(le = calloc((size_t) nevents, sizeof *le))) {
      free(lr);
      return -1;
    }
    for (int i = 0; i < nevents; i++) {
      le[i].text = events[i];
      le[i].kind = "note";
    }
  }
  rc = bitwa_log_commit_full(log, a, decisions, ndecisions,
                             lr ? lr : NULL, lr ? nrolls : (rolls ? 0 : nrolls),
                             le ? le : NULL, le ? nevents : (events ? 0 : nevents));
  free(lr);
  free(le);
  return rc;
}

/*
** Remove pending action n and its decisions in one transaction.  An
** action that is not there is nothing to do; a done one is refused.
*/
int bitwa_log_abort_action (bitwa_log *log, int64_t n) {
  sqlite3_stmt *st;
  bitwa_log_action a;
  int status, rc;
  if (write_start(log) != 0)
    return -1;
  if (txn_begin(log) != 0)
    return -1;
  memset(&a, 0, sizeof a);
  a.n = n;
  if ((status = action_status(log, &a)) < 0)
    goto fail;
  if (status == STATUS_DONE) {
    set_error(log, "action %lld is done and cannot be aborted", (long long) n);
    goto fail;
  }
  if (!(st = stmt_get(log, ST_DECISION_DELETE)))
    goto fail;
  sqlite3_bind_int64(st, 1, n);
  rc = step_done(log, st, "remove decisions");
  stmt_put(log, ST_DECISION_DELETE, st);
  if (rc != 0 || !(st = stmt_get(log, ST_ACTION_DELETE)))
    goto fail;
  sqlite3_bind_int64(st, 1, n);
  rc = step_done(log, st, "remove pending action");
  stmt_put(log, ST_ACTION_DELETE, st);
  if (rc != 0)
    goto fail;
  return txn_commit(log);

fail:
  txn_rollback(log);
  return -1;
}

/*
** Keep one snapshot: the state after action n (one transaction).
*/
int bitwa_log_put_snapshot (bitwa_log *log, int64_t n, const char *checksum,
                            const char *hash, const void *state, size_t len) {
  sqlite3_stmt *st;
  int rc;
  if (write_start(log) != 0)
    return -1;
  if (!state || len > (size_t) INT_MAX) {
    set_error(log, "snapshot: bad arguments");
    return -1;
  }
  if (txn_begin(log) != 0)
    return -1;
  if (run_plain(log, ST_SNAP_CLEAR, "clear snapshot") != 0)
    goto fail;
  if (!(st = stmt_get(log, ST_SNAP_PUT)))
    goto fail;
  sqlite3_bind_int64(st, 1, n);
  bind_text(st, 2, checksum);
  bind_text(st, 3, hash);
  sqlite3_bind_blob(st, 4, state, (int) len, SQLITE_STATIC);
  rc = step_done(log, st, "write snapshot");
  stmt_put(log, ST_SNAP_PUT, st);
  if (rc != 0)
    goto fail;
  return txn_commit(log);

fail:
  txn_rollback(log);
  return -1;
}

static char *dup_text (bitwa_log *log, const char *s, size_t len) {
  char *c = malloc(len + 1);
  if (!c) {
    set_error(log, "out of memory");
    return NULL;
  }
  if (len)
    memcpy(c, s, len);
  c[len] = '\0';
  return c;
}

/*
** The snapshot kept: 1 with malloc'd copies, 0 when none, -1 on error.
*/
int bitwa_log_get_snapshot (bitwa_log *log, int64_t *n, char **checksum,
                            char **hash, void **state, size_t *len) {
  sqlite3_stmt *st;
  int rc, found = 0;
  if (call_start(log) != 0 || !n || !checksum || !hash || !state || !len)
    return -1;
  *checksum = *hash = NULL;
  *state = NULL;
  *len = 0;
  if (!(st = stmt_get(log, ST_SNAP_GET)))
    return -1;
  rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    const void *b = sqlite3_column_blob(st, 3);
    size_t blen = (size_t) sqlite3_column_bytes(st, 3);
    const char *c = col_text(st, 1), *h = col_text(st, 2);
    *n = sqlite3_column_int64(st, 0);
    *checksum = dup_text(log, c, strlen(c));
    *hash = dup_text(log, h, strlen(h));
    *state = dup_text(log, b ? b : "", b ? blen : 0);
    *len = b ? blen : 0;
    if (!*checksum || !*hash || !*state) {
      free(*checksum);
      free(*hash);
      free(*state);
      *checksum = *hash = NULL;
      *state = NULL;
      found = -1;
    } else {
      found = 1;
    }
  } else if (rc != SQLITE_DONE) {
    sql_error(log, "read snapshot");
    found = -1;
  }
  stmt_put(log, ST_SNAP_GET, st);
  return found;
}

/*
** Walk the actions in order of n.
*/
int bitwa_log_each_action (bitwa_log *log,
                           int (*cb) (void *ctx, const bitwa_log_action *a),
                           void *ctx) {
  sqlite3_stmt *st;
  int rc = SQLITE_DONE, stop = 0;
  if (walk_start(log, cb != NULL) != 0 || !(st = stmt_get(log, ST_ACTION_EACH)))
    return -1;
  while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    bitwa_log_action a;
    a.n = sqlite3_column_int64(st, 0);
    a.side = col_text(st, 1);
    a.line = col_text(st, 2);
    a.turn = sqlite3_column_int(st, 3);
    a.phase = col_text(st, 4);
    a.status = col_text(st, 5);
    a.checksum = col_text(st, 6);
    stop = cb(ctx, &a);
  }
  if (!stop && rc != SQLITE_DONE) {
    sql_error(log, "read actions");
    stop = -1;
  }
  stmt_put(log, ST_ACTION_EACH, st);
  return stop;
}

/*
** Walk the decisions of action n in order of k.
*/
int bitwa_log_each_decision (bitwa_log *log, int64_t n,
                             int (*cb) (void *ctx, const bitwa_log_decision *d),
                             void *ctx) {
  sqlite3_stmt *st;
  int rc = SQLITE_DONE, stop = 0;
  if (walk_start(log, cb != NULL) != 0 || !(st = stmt_get(log, ST_DECISION_EACH)))
    return -1;
  sqlite3_bind_int64(st, 1, n);
  while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    bitwa_log_decision d;
    d.k = sqlite3_column_int(st, 0);
    d.side = col_text(st, 1);
    d.kind = col_text(st, 2);
    d.request = col_text(st, 3);
    d.answer = col_text(st, 4);
    stop = cb(ctx, &d);
  }
  if (!stop && rc != SQLITE_DONE) {
    sql_error(log, "read decisions");
    stop = -1;
  }
  stmt_put(log, ST_DECISION_EACH, st);
  return stop;
}

/*
** Parse stored faces ("3 5") into exactly n numbers (each 0 ..
** INT_MAX); -1 when the text is anything else.
*/
static int parse_faces (const char *s, int n, int faces[BITWA_DICE_MAX_N]) {
  for (int i = 0; i < n; i++) {
    long long v = 0;
    int digits = 0;
    if (i > 0 && *s++ != ' ')
      return -1;
    while (*s >= '0' && *s <= '9' && digits < 10) {
      v = v * 10 + (*s++ - '0');
      digits++;
    }
    if (digits == 0 || v > INT_MAX)
      return -1;
    faces[i] = (int) v;
  }
  return *s == '\0' ? 0 : -1;
}

/*
** Walk the rolls of action n in order of k, with who rolled and the
** rule.  A stored roll that does not fit a bitwa_roll (a file from
** elsewhere) ends the walk with an error.
*/
int bitwa_log_each_roll_full (bitwa_log *log, int64_t n,
                              int (*cb) (void *ctx, const bitwa_log_roll *r),
                              void *ctx) {
  sqlite3_stmt *st;
  int rc = SQLITE_DONE, stop = 0;
  if (walk_start(log, cb != NULL) != 0 || !(st = stmt_get(log, ST_ROLL_EACH)))
    return -1;
  sqlite3_bind_int64(st, 1, n);
  while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    bitwa_log_roll lr;
    bitwa_roll *r = &lr.roll;
    const char *purpose = col_text(st, 1), *faces = col_text(st, 4);
    size_t plen = strlen(purpose);
    int64_t dice = sqlite3_column_int64(st, 2);
    int64_t forced = sqlite3_column_int64(st, 6);
    memset(&lr, 0, sizeof lr);
    if (plen >= sizeof r->purpose || dice < 1 || dice > BITWA_DICE_MAX_N
        || (forced != 0 && forced != 1)
        || (forced ? faces[0] != '\0'
                   : parse_faces(faces, (int) dice, r->faces) != 0)) {
      set_error(log, "roll %d of action %lld is malformed",
                sqlite3_column_int(st, 0), (long long) n);
      stop = -1;
      break;
    }
    memcpy(r->purpose, purpose, plen + 1);
    r->n = (int) dice;
    r->sides = sqlite3_column_int(st, 3);
    r->total = sqlite3_column_int(st, 5);
    r->forced = forced == 1;
    lr.side = col_text(st, 7);
    lr.rule = col_text(st, 8);
    stop = cb(ctx, &lr);
  }
  if (!stop && rc != SQLITE_DONE) {
    sql_error(log, "read rolls");
    stop = -1;
  }
  stmt_put(log, ST_ROLL_EACH, st);
  return stop;
}

typedef struct {
  int (*cb) (void *ctx, const bitwa_roll *r);
  int (*ecb) (void *ctx, const char *text);
  void *ctx;
} walk_plain;

static int roll_plain (void *ctx, const bitwa_log_roll *r) {
  walk_plain *w = ctx;
  return w->cb(w->ctx, &r->roll);
}

int bitwa_log_each_roll (bitwa_log *log, int64_t n,
                         int (*cb) (void *ctx, const bitwa_roll *r), void *ctx) {
  walk_plain w = { cb, NULL, ctx };
  if (!cb)
    return walk_start(log, false);
  return bitwa_log_each_roll_full(log, n, roll_plain, &w);
}

static bitwa_log_value col_value (sqlite3_stmt *st, int i) {
  bitwa_log_value v = { BITWA_LOG_NULL, 0, NULL };
  switch (sqlite3_column_type(st, i)) {
  case SQLITE_INTEGER:
    v.type = BITWA_LOG_INT;
    v.i = sqlite3_column_int64(st, i);
    break;
  case SQLITE_NULL:
    break;
  default:
    v.type = BITWA_LOG_TEXT;
    v.s = col_text(st, i);
    break;
  }
  return v;
}

/*
** Walk the events of action n in order of k, with every column.
*/
int bitwa_log_each_event_full (bitwa_log *log, int64_t n,
                               int (*cb) (void *ctx, const bitwa_log_event *e),
                               void *ctx) {
  sqlite3_stmt *st;
  int rc = SQLITE_DONE, stop = 0;
  if (walk_start(log, cb != NULL) != 0 || !(st = stmt_get(log, ST_EVENT_EACH)))
    return -1;
  sqlite3_bind_int64(st, 1, n);
  while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    bitwa_log_event e;
    e.text = col_text(st, 0);
    e.kind = col_text(st, 1);
    e.unit = sqlite3_column_int64(st, 2);
    e.attribute = col_text(st, 3);
    e.value = col_value(st, 4);
    e.was = col_value(st, 5);
    stop = cb(ctx, &e);
  }
  if (!stop && rc != SQLITE_DONE) {
    sql_error(log, "read events");
    stop = -1;
  }
  stmt_put(log, ST_EVENT_EACH, st);
  return stop;
}

static int event_plain (void *ctx, const bitwa_log_event *e) {
  walk_plain *w = ctx;
  return w->ecb(w->ctx, e->text);
}

int bitwa_log_each_event (bitwa_log *log, int64_t n,
                          int (*cb) (void *ctx, const char *text), void *ctx) {
  walk_plain w = { NULL, cb, ctx };
  if (!cb)
    return walk_start(log, false);
  return bitwa_log_each_event_full(log, n, event_plain, &w);
}

/*
** Number of actions with status "done"; -1 on error.
*/
int64_t bitwa_log_count_done (bitwa_log *log) {
  sqlite3_stmt *st;
  int64_t count = -1;
  if (call_start(log) != 0 || !(st = stmt_get(log, ST_COUNT_DONE)))
    return -1;
  if (sqlite3_step(st) == SQLITE_ROW)
    count = sqlite3_column_int64(st, 0);
  else
    sql_error(log, "count actions");
  stmt_put(log, ST_COUNT_DONE, st);
  return count;
}

/*
** Record a refused action in its own transaction: the refusal table is
** made by the first one in a file that has none.  after must be a done
** action.
*/
int bitwa_log_add_refusal (bitwa_log *log, const bitwa_log_refusal *r) {
  sqlite3_stmt *st;
  bitwa_log_action a;
  int status, rc;
  if (write_start(log) != 0)
    return -1;
  if (!r || !r->side || !r->line || !r->rule || !r->message) {
    set_error(log, "refusal: bad arguments");
    return -1;
  }
  if (txn_begin(log) != 0)
    return -1;
  memset(&a, 0, sizeof a);
  a.n = r->after;
  if ((status = action_status(log, &a)) < 0)
    goto fail;
  if (status != STATUS_DONE) {
    set_error(log, "refusal after action %lld, which the log does not hold"
              " as done", (long long) r->after);
    goto fail;
  }
  if (!log->has_refusal
      && sqlite3_exec(log->db, log_schema[REFUSAL_TABLE].sql, NULL, NULL, NULL)
         != SQLITE_OK) {
    sql_error(log, "create the refusal table");
    goto fail;
  }
  if (!(st = stmt_get(log, ST_REFUSAL_ADD)))
    goto fail;
  sqlite3_bind_int64(st, 1, r->after);
  bind_text(st, 2, r->side);
  bind_text(st, 3, r->line);
  bind_text(st, 4, r->rule);
  bind_text(st, 5, r->message);
  rc = step_done(log, st, "write refusal");
  stmt_put(log, ST_REFUSAL_ADD, st);
  if (rc != 0 || txn_commit(log) != 0)
    goto fail;
  log->has_refusal = true;
  return 0;

fail:
  txn_rollback(log);
  return -1;
}

/*
** Walk the refusals in order of k (none in a file without the table).
*/
int bitwa_log_each_refusal (bitwa_log *log,
                            int (*cb) (void *ctx, const bitwa_log_refusal *r),
                            void *ctx) {
  sqlite3_stmt *st;
  int rc = SQLITE_DONE, stop = 0;
  if (walk_start(log, cb != NULL) != 0)
    return -1;
  if (!log->has_refusal)
    return 0;
  if (!(st = stmt_get(log, ST_REFUSAL_EACH)))
    return -1;
  while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    bitwa_log_refusal r;
    r.k = sqlite3_column_int64(st, 0);
    r.after = sqlite3_column_int64(st, 1);
    r.side = col_text(st, 2);
    r.line = col_text(st, 3);
    r.rule = col_text(st, 4);
    r.message = col_text(st, 5);
    stop = cb(ctx, &r);
  }
  if (!stop && rc != SQLITE_DONE) {
    sql_error(log, "read refusals");
    stop = -1;
  }
  stmt_put(log, ST_REFUSAL_EACH, st);
  return stop;
}

/*
** Take back the actions after action n: their rows, decisions, rolls
** and events, the refusals after any of them, and a kept state
** snapshot of any of them, in one
** transaction (undo).  Action 0, the setup, is never removed.
*/
int bitwa_log_truncate (bitwa_log *log, int64_t n) {
  static const char *const sql[] = {
    "DELETE FROM decision WHERE action > ?1",
    "DELETE FROM roll WHERE action > ?1",
    "DELETE FROM event WHERE action > ?1",
    "DELETE FROM action WHERE n > ?1",
  };
  static const char *const snap =
    "DELETE FROM snapshot WHERE action > ?1";
  static const char *const refusal =
    "DELETE FROM refusal WHERE after > ?1";
  sqlite3_stmt *st;
  int has_snapshot = 0;
  if (n < 0) {
    set_error(log, "truncate: the setup (action 0) stays");
    return -1;
  }
  if (write_start(log) != 0)
    return -1;
  if (sqlite3_prepare_v2(log->db, "SELECT 1 FROM sqlite_schema WHERE type = 'table'"
                         " AND name = 'snapshot'", -1, &st, NULL) != SQLITE_OK) {
    sql_error(log, "truncate");
    return -1;
  }
  has_snapshot = sqlite3_step(st) == SQLITE_ROW;
  sqlite3_finalize(st);
  if (txn_begin(log) != 0)
    return -1;
  for (int i = 0; i < (int) (sizeof sql / sizeof sql[0]) + has_snapshot
                  + log->has_refusal; i++) {
    const char *q = i < (int) (sizeof sql / sizeof sql[0]) ? sql[i]
                    : i == (int) (sizeof sql / sizeof sql[0]) && has_snapshot ? snap
                    : refusal;
    int rc;
    if (sqlite3_prepare_v2(log->db, q, -1, &st, NULL) != SQLITE_OK) {
      sql_error(log, "truncate");
      goto fail;
    }
    sqlite3_bind_int64(st, 1, n);
    rc = step_done(log, st, "truncate");
    sqlite3_finalize(st);
    if (rc != 0)
      goto fail;
  }
  return txn_commit(log);

fail:
  txn_rollback(log);
  return -1;
}
