/*
** tests/cli/pty_drive.c -- runs a command on a pseudo-terminal and types
** into it as a player would, for the tests of the `bitwa play` prompt
** (line editing, history, completion need a terminal).
**
** usage: pty_drive TIMEOUT TRANSCRIPT SCRIPT -- COMMAND [ARGS...]
**
** SCRIPT is read line by line:
**   expect TEXT   wait until the output (since the last match) holds TEXT;
**                 the output is compared with its escape sequences and
**                 carriage returns taken out
**   send TEXT     type TEXT: \r (Enter), \t (Tab), \e (Escape), \\ and
**                 \xHH (a byte: \x10 is Ctrl-P) are decoded
**   sleep MS      wait MS milliseconds (reading the output)
** Lines starting with # and empty lines are skipped.  The terminal is
** 120 columns by 40 rows, TERM=xterm.  When the script ends, the input
** is closed (Ctrl-D) and the command must end.  The whole output, raw,
** is written to TRANSCRIPT.  Exit 0 when every expect was met within
** TIMEOUT seconds from its start, 1 otherwise (naming the expect and
** showing the end of the output), 2 on bad usage.
*/
#define _XOPEN_SOURCE 600
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static char *raw = NULL, *clean = NULL;
static size_t nraw = 0, nclean = 0, capraw = 0, capclean = 0, mark = 0;
static int esc_state = 0;   /* 0 text, 1 after ESC, 2 in CSI, 3 in OSC */

static void push (char **buf, size_t *n, size_t *cap, char c) {
  if (*n + 2 > *cap) {
    *cap = *cap ? *cap * 2 : 4096;
    *buf = realloc(*buf, *cap);
    if (*buf == NULL) { perror("pty_drive"); exit(2); }
  }
  (*buf)[(*n)++] = c;
  (*buf)[*n] = '\0';
}

static void take (const char *s, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    push(&raw, &nraw, &capraw, (char)c);
    switch (esc_state) {
    case 0:
      if (c == 0x1b) esc_state = 1;
      else if (c != '\r' && c != 0x07) push(&clean, &nclean, &capclean, (char)c);
      break;
    case 1:
      esc_state = c == '[' ? 2 : c == ']' ? 3 : 0;
      break;
    case 2:
      if (c >= 0x40 && c <= 0x7e) esc_state = 0;
      break;
    default:
      if (c == 0x07) esc_state = 0;
      else if (c == 0x1b) esc_state = 1;
      break;
    }
  }
}

static double now (void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Read what the command wrote for up to ms milliseconds; -1 at its end. */
static int pump (int fd, int ms) {
  struct pollfd p;
  char buf[4096];
  ssize_t n;
  p.fd = fd;
  p.events = POLLIN;
  if (poll(&p, 1, ms) <= 0) return 0;
  n = read(fd, buf, sizeof buf);
  if (n <= 0) return -1;
  take(buf, (size_t)n);
  return 1;
}

static void decode (const char *s, char *out, size_t *n) {
  size_t k = 0;
  while (*s) {
    if (*s == '\\' && s[1]) {
      s++;
      switch (*s) {
      case 'r': out[k++] = '\r'; break;
      case 'n': out[k++] = '\n'; break;
      case 't': out[k++] = '\t'; break;
      case 'e': out[k++] = 0x1b; break;
      case 'x': {
        char hex[3] = { 0, 0, 0 };
        if (s[1] && s[2]) { hex[0] = s[1]; hex[1] = s[2]; s += 2; }
        out[k++] = (char)strtol(hex, NULL, 16);
        break;
      }
      default: out[k++] = *s;
      }
      s++;
    } else out[k++] = *s++;
  }
  *n = k;
}

static void tail (void) {
  size_t from = nclean > 3000 ? nclean - 3000 : 0;
  fprintf(stderr, "---- the end of the output (escapes taken out):\n%s\n----\n", clean ? clean + from : "");
}

int main (int argc, char **argv) {
  double timeout;
  FILE *script, *tr;
  char line[8192];
  int master, status = 0, failed = 0;
  pid_t pid;
  struct winsize ws;
  if (argc < 6 || strcmp(argv[4], "--") != 0) {
    fprintf(stderr, "usage: pty_drive TIMEOUT TRANSCRIPT SCRIPT -- COMMAND [ARGS...]\n");
    return 2;
  }
  timeout = atof(argv[1]);
  script = fopen(argv[3], "r");
  if (script == NULL) { perror(argv[3]); return 2; }
  master = posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) { perror("pty"); return 2; }
  memset(&ws, 0, sizeof ws);
  ws.ws_col = 120;
  ws.ws_row = 40;
  pid = fork();
  if (pid < 0) { perror("fork"); return 2; }
  if (pid == 0) {
    const char *name = ptsname(master);
    int slave;
    setsid();
    slave = open(name, O_RDWR);
    if (slave < 0) _exit(127);
    ioctl(slave, TIOCSCTTY, 0);
    ioctl(slave, TIOCSWINSZ, &ws);
    dup2(slave, 0);
    dup2(slave, 1);
    dup2(slave, 2);
    if (slave > 2) close(slave);
    close(master);
    setenv("TERM", "xterm", 1);
    execvp(argv[5], argv + 5);
    _exit(127);
  }
  while (!failed && fgets(line, sizeof line, script)) {
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
    if (len == 0 || line[0] == '#') continue;
    if (strncmp(line, "expect ", 7) == 0) {
      const char *want = line + 7;
      double start = now();
      for (;;) {
        char *hit = clean ? strstr(clean + mark, want) : NULL;
        if (hit) { mark = (size_t)(hit - clean) + strlen(want); break; }
        if (now() - start > timeout) {
          fprintf(stderr, "pty_drive: not seen within %.0f s: %s\n", timeout, want);
          tail();
          failed = 1;
          break;
        }
        if (pump(master, 100) < 0) {
          fprintf(stderr, "pty_drive: the command ended before printing: %s\n", want);
          tail();
          failed = 1;
          break;
        }
      }
    } else if (strncmp(line, "send ", 5) == 0) {
      char out[8192];
      size_t n;
      decode(line + 5, out, &n);
      if (write(master, out, n) != (ssize_t)n) { perror("write"); failed = 1; }
    } else if (strncmp(line, "sleep ", 6) == 0) {
      double start = now(), ms = atof(line + 6);
      while ((now() - start) * 1000 < ms) if (pump(master, 20) < 0) break;
    } else {
      fprintf(stderr, "pty_drive: bad script line: %s\n", line);
      failed = 2;
    }
  }
  fclose(script);
  /* the end of input, then the command's end */
  if (!failed) {
    double start = now();
    char eot = 0x04;
    if (write(master, &eot, 1) != 1) failed = 1;
    while (waitpid(pid, &status, WNOHANG) == 0) {
      if (now() - start > timeout) {
        fprintf(stderr, "pty_drive: the command did not end within %.0f s after the input ended\n", timeout);
        tail();
        failed = 1;
        break;
      }
      pump(master, 50);
    }
    while (pump(master, 10) > 0) {}
  }
  if (failed) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
  }
  tr = fopen(argv[2], "wb");
  if (tr) {
    if (nraw) fwrite(raw, 1, nraw, tr);
    fclose(tr);
  }
  free(raw);
  free(clean);
  close(master);
  if (failed) return failed;
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
    fprintf(stderr, "pty_drive: the command exited with status %d\n", WEXITSTATUS(status));
    return 1;
  }
  return 0;
}
